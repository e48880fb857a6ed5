"""The game table: every Jass bidding game's auction from bietspiele.txt, on the one
shared Auction (no copies), and the general mechanism added to it (closing bids)."""
from __future__ import annotations

import pytest

from tutor import games
from tutor.auction import Auction, AuctionSpec, sidi_barrani_spec
from tutor.errors import IllegalCallError, ParseError, TutorError


def ref(game_id: str, text: str):
    return games.referee(game_id, text)


# -- the table of bietspiele.txt -------------------------------------------------------
@pytest.mark.parametrize("game_id, lowest, step", [
    ("bieter-3", 600, 10), ("bieter-3-innerschweiz", 500, 5), ("bieter-4", 350, 10),
    ("bieter-5", 600, 10), ("bolschewik", 90, 5), ("palette", 110, 1), ("pandur", 100, 10),
    ("sidi-barrani", 50, 5),
])
def test_lowest_bid_and_smallest_step_follow_the_table(game_id, lowest, step):
    spec = games.get(game_id).spec()
    first = f"{lowest} Eichel" if games.get(game_id).names_suit else str(lowest)
    below = f"{lowest - step} Eichel" if games.get(game_id).names_suit else str(lowest - step)
    assert Auction.parse(first, spec=spec).high_bid.level == lowest
    with pytest.raises(IllegalCallError):
        Auction.parse(below, spec=spec)
    second = f"{lowest + step} Eichel" if games.get(game_id).names_suit else str(lowest + step)
    assert Auction.parse(f"{first}, {second}", spec=spec).high_bid.level == lowest + step
    if step > 1:
        between = f"{lowest + 1} Eichel" if games.get(game_id).names_suit else str(lowest + 1)
        with pytest.raises(IllegalCallError):
            Auction.parse(f"{first}, {between}", spec=spec)


def test_every_contract_game_id_is_in_the_table():
    assert set(games.GAME_IDS) == {"sidi-barrani", "bolschewik", "bieter-3", "bieter-3-innerschweiz",
                                   "bieter-4", "bieter-5", "palette", "pandur", "tarneeb"}


@pytest.mark.parametrize("game_id, seats", [
    ("bieter-3", "ABC"), ("bieter-3-innerschweiz", "ABC"), ("bieter-4", "ABCD"),
    ("bieter-5", "ABCDE"), ("pandur", "ABC"), ("sidi-barrani", "ABCD"), ("tarneeb", "ABCD"),
])
def test_seats_in_bidding_order(game_id, seats):
    assert "".join(games.get(game_id).spec().seat_names) == seats


def test_sidi_barrani_uses_the_engines_own_spec_not_a_copy():
    assert games.get("sidi-barrani").spec() is sidi_barrani_spec(None)
    assert games.get("sidi-barrani").spec("erweitert") is sidi_barrani_spec("erweitert")


@pytest.mark.parametrize("game_id, text", [
    ("sidi-barrani", "60 Eichel, fort"), ("bolschewik", "90 Eichel, fort"),
])
def test_a_bid_names_points_and_suit_in_sidi_barrani_and_bolschewik(game_id, text):
    assert Auction.parse(text, spec=games.get(game_id).spec()).high_bid.strain == "Eichel"
    with pytest.raises(ParseError):
        Auction.parse(text.split()[0], spec=games.get(game_id).spec())


@pytest.mark.parametrize("game_id, bid", [("bieter-3", "600 Eichel"), ("palette", "110 Rosen"),
                                          ("pandur", "100 Schilten")])
def test_a_bid_names_only_points_in_bieter_palette_pandur(game_id, bid):
    with pytest.raises(ParseError, match="names no suit"):
        ref(game_id, bid)


# -- when a fort is final ----------------------------------------------------------------
def test_bieter_fort_before_any_bid_is_not_final():
    r = ref("bieter-3", "fort, 600, fort")
    assert not r.auction.over and r.auction.next_seat == "A"     # A may come back
    r = ref("bieter-3", "fort, 600, fort, 610")
    assert r.auction.high.seat == "A"


def test_bieter_fort_after_a_bid_is_final():
    r = ref("bieter-3", "600, fort, 610")
    assert r.auction.next_seat == "A"              # B is out, skipped
    with pytest.raises(IllegalCallError):
        ref("bieter-3", "600, fort, 610, 620, B: 630")


def test_bieter_everybody_fort_is_a_new_deal():
    r = ref("bieter-4", "fort, fort, fort, fort")
    assert r.auction.annulled and r.auction.declarer is None


def test_elsewhere_a_fort_before_any_bid_is_final_at_once():
    r = ref("pandur", "fort, 100, 110")
    assert r.auction.next_seat == "B"                  # A said fort first and stays out
    with pytest.raises(IllegalCallError, match="turn"):
        ref("pandur", "fort, 100, 110, A: 120")
    r = ref("palette", "fort, 110, fort, fort")
    assert r.auction.over and r.auction.declarer == "B"
    r = ref("bolschewik", "fort, 90 Eichel, fort, fort")
    assert r.auction.over and r.auction.declarer == "B"


# -- what ends the auction ---------------------------------------------------------------
def test_three_forts_after_a_bid_end_it_in_a_four_player_game():
    r = ref("bieter-4", "350, fort, fort, fort")
    assert r.auction.over and r.auction.declarer == "A"
    assert r.sides == [["A"], ["B", "C", "D"]]


def test_bieter_3_issue_example_koenig_and_sides():
    r = ref("bieter-3", "600, 610, fort, 620, fort")
    assert (r.auction.over, r.auction.declarer, str(r.auction.high_bid)) == (True, "A", "620")
    assert r.sides == [["A"], ["B", "C"]]


def test_a_double_ends_the_bidding_in_bolschewik():
    r = ref("bolschewik", "90 Eichel, 95 Rosen, C: dopple")
    assert r.auction.over and r.auction.declarer == "B" and r.auction.multiplier == 2
    assert r.sides == [["B", "D"], ["A", "C"]]


def test_the_partner_cannot_double_in_bolschewik():
    with pytest.raises(IllegalCallError, match="own side"):
        ref("bolschewik", "90 Eichel, 95 Rosen, D: dopple")


@pytest.mark.parametrize("game_id", ["bieter-3", "palette", "pandur"])
def test_no_double_where_the_text_names_none(game_id):
    with pytest.raises(TutorError):
        ref(game_id, f"{games.get(game_id).lowest}, C: dopple")


def test_pandur_mit_ends_the_bidding_and_its_caller_plays_alone():
    r = ref("pandur", "100, 110, Pandur mit")
    assert r.auction.over and r.auction.ended_by == "closing"
    assert r.auction.declarer == "C"
    assert r.sides == [["C"], ["A", "B"]]
    with pytest.raises(IllegalCallError, match="over"):
        ref("pandur", "100, Pandur mit, fort")


def test_pandur_plain_end_and_dealer_sitting_out():
    r = ref("pandur", "100, fort, fort")
    assert r.auction.declarer == "A" and r.sides == [["A"], ["B", "C"]]
    assert "aussetzenden Kartengeber" in r.text("de")
    assert "dealer" in r.text("en")


# -- Matsch --------------------------------------------------------------------------------
def test_palette_matsch_mit_partner_only_overbid_by_matsch_alleine():
    r = ref("palette", "110, Matsch")
    assert str(r.auction.high_bid) == "Matsch mit Partner"
    with pytest.raises(IllegalCallError, match="does not overbid"):
        ref("palette", "110, Matsch mit Partner, 999")
    r = ref("palette", "110, Matsch mit Partner, Matsch alleine, fort, fort, fort")
    assert r.auction.declarer == "C" and str(r.auction.high_bid) == "Matsch alleine"
    assert r.sides == [["C"], ["A", "B", "D"]]
    with pytest.raises(IllegalCallError):
        ref("palette", "Matsch alleine, Matsch mit Partner")


def test_palette_partner_by_card_is_not_known_from_the_auction():
    r = ref("palette", "110, fort, fort, fort")
    assert r.auction.declarer == "A" and r.sides is None
    assert r.partner == {"by": "card", "known": False, "alone": False}


def test_bieter_5_partner_named_by_a_card():
    r = ref("bieter-5", "600, fort, fort, fort, fort")
    assert r.auction.declarer == "A" and r.sides is None and r.partner["by"] == "card"


def test_sidi_barrani_matsch_is_157_and_the_highest():
    r = ref("sidi-barrani", "150 Eichel, Matsch Rosen")
    assert r.auction.high_bid.level == 157
    assert all(c.level == 157 for s, c in r.auction.legal_calls() if c.is_bid)


# -- the table's texts -------------------------------------------------------------------
def test_rules_the_text_names_without_detail_are_flagged():
    notes = " ".join(t.text("en") for t in games.get("palette").all_notes())
    assert "does not say" in notes and "number of players" in notes
    assert "not the text's" in " ".join(t.text("en") for t in games.get("bieter-3").all_notes())
    assert "Pandur mit" in " ".join(t.text("de") for t in games.get("pandur").all_notes())


def test_what_the_bid_binds():
    assert "1000" in games.get("bieter-3").binds.text("de") and "Partie" in games.get("bieter-3").binds.text("de")
    assert "Weis" in games.get("pandur").binds.text("de")
    assert "Kartengeber" in games.get("pandur").failure.text("de")


def test_who_leads():
    assert ref("pandur", "100, fort, fort").leads == "A"
    assert ref("palette", "110, fort, fort, fort").leads is None     # the text does not say
    assert "ersten Spiel" in games.get("bieter-4").leads.text("de")


def test_unknown_game_is_a_clear_error():
    with pytest.raises(TutorError, match="unknown game"):
        games.get("jass")


def test_drill_engine_for_tarneeb_and_none_for_the_jass_games():
    assert games.drill_engine("tarneeb").game == "tarneeb"
    with pytest.raises(TutorError):
        games.drill_engine("pandur")


# -- the general mechanism added to auction.py -----------------------------------------------
def test_closing_bids_end_the_auction_at_once_and_the_caller_declares():
    spec = AuctionSpec(name="t", ladder=(1, 2, 3, "Top"), seats=3, teams=None, closing_bids=("Top",))
    a = Auction(spec).play("1").play("Top")
    assert a.over and a.declarer == "B" and a.ended_by == "closing" and a.next_seat is None
    assert a.legal_calls() == []


def test_without_closing_bids_the_top_bid_does_not_end_the_auction():
    spec = AuctionSpec(name="t", ladder=(1, 2, 3, "Top"), seats=3, teams=None)
    a = Auction(spec).play("Top")
    assert not a.over and a.next_seat == "B"


def test_sidi_barrani_behaviour_unchanged_by_the_new_field():
    a = Auction.parse("60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple")
    assert (a.over, a.declarer, a.contract, a.multiplier) == (True, "A", "100 Eichel", 2)
    a = Auction.parse("157 Eichel")
    assert not a.over and a.next_seat == "B"
    assert sidi_barrani_spec().closing_bids == ()


def test_import_is_light():
    import subprocess
    import sys

    code = ("import sys, tutor.games, tutor.tarneeb; "
            "print(sorted(m for m in ('yaml', 'jinja2', 'sqlite3', 'click') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
