"""Weis and Stöck detection on hands, and which team writes its Weis (Schieber rules)."""
from pathlib import Path

import pytest
import yaml

from tutor.cards import Hand, Suit
from tutor.errors import TutorError
from tutor.weis import Weis, find, settle, stoeck

EXAMPLE = Path(__file__).resolve().parent.parent / "tutor" / "data" / "worked-example.yaml"


def kinds(hand_text, long_weis="graded"):
    return [(w.kind, w.points) for w in find(Hand.parse(hand_text, size=None), long_weis)]


@pytest.mark.parametrize("ranks, kind, points", [
    ("678", "Dreiblatt", 20),
    ("6789", "Vierblatt", 50),
    ("6789B", "Fünfblatt", 100),
    ("6789BU", "Sechsblatt", 150),
    ("6789BUO", "Siebenblatt", 200),
    ("6789BUOK", "Achtblatt", 250),
    ("6789BUOKA", "Neunblatt", 300),
])
def test_every_sequence_length_has_its_points(ranks, kind, points):
    assert kinds(f"Rosen:{ranks}") == [(kind, points)]


def test_a_sequence_runs_in_the_natural_order_banner_under_ober():
    # 9 Banner Under is a sequence (Banner is the ten, below the Under); 9 Under is not
    assert kinds("Schellen:9BU") == [("Dreiblatt", 20)]
    assert kinds("Schellen:9UO") == []
    assert kinds("Schellen:OKA") == [("Dreiblatt", 20)]


def test_two_cards_in_a_row_and_gaps_are_no_weis():
    assert kinds("Eichel:67 Rosen:9U Schellen:AK Schilten:68") == []


def test_two_sequences_in_one_suit_are_two_weis():
    assert kinds("Eichel:678UOK") == [("Dreiblatt", 20), ("Dreiblatt", 20)]


@pytest.mark.parametrize("rank, kind, points", [
    ("U", "Vier Under", 200), ("9", "Vier Neuner", 150), ("A", "Vier Ass", 100),
    ("K", "Vier König", 100), ("O", "Vier Ober", 100), ("B", "Vier Banner", 100),
])
def test_four_of_a_kind(rank, kind, points):
    assert kinds(f"Eichel:{rank} Schellen:{rank} Rosen:{rank} Schilten:{rank}") == [(kind, points)]


@pytest.mark.parametrize("rank", ["8", "7", "6"])
def test_four_small_cards_are_no_weis(rank):
    assert kinds(f"Eichel:{rank} Schellen:{rank} Rosen:{rank} Schilten:{rank}") == []


def test_three_of_a_kind_is_no_weis():
    assert kinds("Eichel:U Schellen:U Rosen:U") == []


def test_a_card_serves_in_a_sequence_and_a_four_of_a_kind():
    # the Rosen Under is in the Dreiblatt and in the four Unders (Kreuzweis)
    found = kinds("Eichel:U Schellen:U Rosen:UOK Schilten:U")
    assert found == [("Vier Under", 200), ("Dreiblatt", 20)]


def test_a_hand_declares_all_its_weis_best_first():
    assert kinds("Eichel:678 Schellen:9BUO Rosen:A Schilten:A") == [("Vierblatt", 50), ("Dreiblatt", 20)]


def test_graded_long_weis_is_never_split():
    assert kinds("Eichel:6789BUOKA") == [("Neunblatt", 300)]


def test_flat100_counts_every_long_sequence_100():
    assert kinds("Eichel:6789BU", "flat100") == [("Sechsblatt", 100)]
    assert kinds("Eichel:6789BUO", "flat100") == [("Siebenblatt", 100)]


def test_flat100_splits_a_neunblatt_into_hundert_from_the_ace_and_fifty_from_the_nine():
    found = find(Hand.parse("Eichel:6789BUOKA"), "flat100")
    assert [(w.kind, w.points) for w in found] == [("Fünfblatt", 100), ("Vierblatt", 50)]
    assert [str(c) for c in found[0].cards] == ["Eichel B", "Eichel U", "Eichel O", "Eichel K", "Eichel A"]
    assert sum(w.points for w in found) == 150


def test_stoeck_is_trump_koenig_and_ober_in_one_hand():
    hand = Hand.parse("Eichel:KO6 Rosen:A98 Schellen:76 Schilten:A")
    assert stoeck(hand, Suit.EICHEL)
    assert stoeck(hand, "Eichel")
    assert not stoeck(hand, Suit.ROSEN)
    assert not stoeck(Hand.parse("Eichel:K86 Rosen:AO8 Schellen:76 Schilten:A"), Suit.EICHEL)


def test_no_stoeck_without_a_trump_suit():
    hand = Hand.parse("Eichel:KO6 Rosen:A98 Schellen:76 Schilten:A")
    assert not stoeck(hand, "obenabe")
    assert not stoeck(hand, "undenufe")
    assert not stoeck(hand, None)


def test_the_worked_example_has_no_weis_and_split_stoeck():
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    for seat, cards in data["hands"].items():
        hand = Hand.from_dict(cards)
        assert find(hand) == (), seat
        assert not stoeck(hand, Suit.EICHEL), seat


def test_weis_parse_rejects_cards_that_are_no_weis():
    with pytest.raises(TutorError, match="no Weis"):
        Weis.parse("Eichel:68")
    with pytest.raises(TutorError, match="no Weis"):
        Weis.parse("Eichel:8 Schellen:8 Rosen:8 Schilten:8")


def test_weis_repr_rebuilds_it():
    w = Weis.parse("Rosen:9BU")
    assert eval(repr(w), {"Weis": Weis}) == w
    flat = find(Hand.parse("Rosen:6789BU", size=None), "flat100")[0]
    assert eval(repr(flat), {"Weis": Weis}) == flat


# -- who writes ---------------------------------------------------------------------

def w(text, long_weis="graded"):
    return Weis.parse(text, long_weis)


def test_only_the_team_with_the_best_weis_writes_and_all_of_its_weis():
    s = settle({"A": [w("Eichel:678")], "B": [w("Rosen:6789")], "D": [w("Schellen:678")]},
               Suit.SCHILTEN)
    assert s.team == "BD"
    assert s.points == {"AC": 0, "BD": 70}  # B's Vierblatt and D's Dreiblatt, A nothing


def test_points_come_first_four_unders_beat_a_sechsblatt():
    s = settle({"A": [w("Eichel:U Schellen:U Rosen:U Schilten:U")], "B": [w("Rosen:6789BU")]})
    assert s.team == "AC"
    assert s.points == {"AC": 200, "BD": 0}


def test_equal_points_more_cards_a_fuenfblatt_beats_four_kings():
    s = settle({"A": [w("Eichel:K Schellen:K Rosen:K Schilten:K")], "B": [w("Rosen:6789B")]})
    assert s.team == "BD"


def test_equal_points_and_cards_the_higher_top_card():
    s = settle({"A": [w("Eichel:678")], "B": [w("Rosen:OKA")]}, Suit.EICHEL)
    assert s.team == "BD"  # the Ace-high Dreiblatt beats the trump Dreiblatt to the 8


def test_four_aces_beat_four_kings():
    s = settle({"A": [w("Eichel:K Schellen:K Rosen:K Schilten:K")],
                "B": [w("Eichel:A Schellen:A Rosen:A Schilten:A")]})
    assert s.team == "BD"


def test_same_height_the_trump_weis_wins():
    s = settle({"A": [w("Eichel:678")], "B": [w("Rosen:678")]}, Suit.ROSEN)
    assert s.team == "BD"
    s = settle({"A": [w("Eichel:678")], "B": [w("Rosen:678")]}, Suit.EICHEL)
    assert s.team == "AC"


def test_all_equal_the_player_nearer_the_first_seat():
    declared = {"B": [w("Eichel:678")], "C": [w("Rosen:678")]}
    assert settle(declared, Suit.SCHELLEN, first="A").team == "BD"   # A, B, C, D: B first
    assert settle(declared, Suit.SCHELLEN, first="C").team == "AC"   # C, D, A, B: C first
    assert settle(declared, Suit.SCHELLEN, first="D").team == "BD"   # D, A, B, C: B before C


def test_in_undenufe_the_lower_sequence_is_the_higher():
    s = settle({"A": [w("Eichel:678")], "B": [w("Rosen:OKA")]}, "undenufe")
    assert s.team == "AC"


def test_flat100_equal_points_the_longer_sequence_wins():
    s = settle({"A": [w("Eichel:BUOKA", "flat100")], "B": [w("Rosen:6789BU", "flat100")]})
    assert s.team == "BD"


def test_nobody_shows_a_weis():
    s = settle({})
    assert s.team is None and s.points == {"AC": 0, "BD": 0}


def test_weis_names_in_french(run):
    """The Romand tables name a Weis by its cards: « trois cartes » for a Dreiblatt, « quatre
    valets » for four Unders (docs/french.md); English keeps the Swiss German names."""
    r = run("weis", "--hand", "Eichel:678 Rosen:9 Schellen:9 Schilten:9AK", "--trump", "Eichel", "--lang", "fr")
    assert "trois cartes 20 : Eichel 6 7 8" in r.stdout
    assert "Dreiblatt" not in r.stdout
    r = run("weis", "--hand", "Eichel:U9 Schellen:U Rosen:UOKA Schilten:U", "--lang", "fr")
    assert "quatre valets 200" in r.stdout and "quatre cartes 50" in r.stdout
