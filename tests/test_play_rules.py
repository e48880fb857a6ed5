"""The rules of play (tutor.play.rules), with expected values from the issue's "Rules of
play" and sidi-barrani.txt (Schieber rules: Farbzwang, values, order)."""
import pytest
from hypothesis import given, settings, strategies as st

from tutor.cards import DECK, Card, Hand, Suit
from tutor.errors import ParseError
from tutor.play import rules
from tutor.play.rules import (LAST_TRICK, RULES, TRUMPS, Trump, illegal_reason, legal,
                              parse_strain, points, seats_from, strength, team_of, trick_points,
                              winner)

EICHEL = Trump(Suit.EICHEL)
OBENABE = Trump(trumpless="obenabe")
UNDENUFE = Trump(trumpless="undenufe")


def cards(text):
    return [Card.parse(x) for x in text.split(",")]


def hand(text):
    return Hand.parse(text, size=None)


def names(cs):
    return sorted(str(c) for c in cs)


# -- the trump kinds -------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Eichel", Trump(Suit.EICHEL)), ("eichel", Trump(Suit.EICHEL)), ("Ei", Trump(Suit.EICHEL)),
    ("♣", Trump(Suit.EICHEL)), ("Kreuz", Trump(Suit.EICHEL)), ("Rosen", Trump(Suit.ROSEN)),
    ("schellen", Trump(Suit.SCHELLEN)), ("SCHILTEN", Trump(Suit.SCHILTEN)),
    ("Obenabe", OBENABE), ("OBENABE", OBENABE), ("undenufe", UNDENUFE), ("Undenufe", UNDENUFE),
])
def test_trump_parse(text, expected):
    assert Trump.parse(text) == expected


@pytest.mark.parametrize("trump", TRUMPS)
def test_trump_str_and_repr_round_trip(trump):
    assert Trump.parse(str(trump)) == trump
    assert eval(repr(trump), {"Trump": Trump}) == trump


def test_the_six_trump_kinds():
    assert [str(t) for t in TRUMPS] == ["Eichel", "Schellen", "Rosen", "Schilten", "Obenabe", "Undenufe"]


@pytest.mark.parametrize("text", ["Herz Ass", "", "Trumpf", "Obenabe Misère"])
def test_trump_parse_rejects(text):
    with pytest.raises(ParseError):
        Trump.parse(text)


def test_a_trump_is_a_suit_or_a_trumpless_kind():
    with pytest.raises(ValueError):
        Trump()
    with pytest.raises(ValueError):
        Trump(Suit.EICHEL, "obenabe")
    with pytest.raises(ValueError):
        Trump(trumpless="misere")


@pytest.mark.parametrize("text, expected", [
    ("Eichel", (EICHEL, False)), ("Obenabe", (OBENABE, False)),
    ("Undenufe Misère", (UNDENUFE, True)), ("obenabe misere", (OBENABE, True)),
])
def test_parse_strain_reads_misere_as_the_goal(text, expected):
    assert parse_strain(text) == expected


def test_kind():
    assert EICHEL.kind(Card.parse("Eichel 6")) == "trump"
    assert EICHEL.kind(Card.parse("Rosen 6")) == "plain"
    assert OBENABE.kind(Card.parse("Eichel U")) == "obenabe"
    assert UNDENUFE.kind(Card.parse("Eichel U")) == "undenufe"


# -- card points -----------------------------------------------------------------------

TRUMP_VALUES = {"U": 20, "9": 14, "A": 11, "B": 10, "K": 4, "O": 3, "8": 0, "7": 0, "6": 0}
PLAIN_VALUES = {"A": 11, "B": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0, "6": 0}
OBENABE_VALUES = {**PLAIN_VALUES, "8": 8}
UNDENUFE_VALUES = {"6": 11, "B": 10, "8": 8, "K": 4, "O": 3, "U": 2, "A": 0, "9": 0, "7": 0}


@pytest.mark.parametrize("trump, suit, table", [
    (EICHEL, "Eichel", TRUMP_VALUES), (EICHEL, "Rosen", PLAIN_VALUES),
    (Trump(Suit.ROSEN), "Rosen", TRUMP_VALUES), (Trump(Suit.ROSEN), "Eichel", PLAIN_VALUES),
    (OBENABE, "Schellen", OBENABE_VALUES), (UNDENUFE, "Schilten", UNDENUFE_VALUES),
])
def test_card_points(trump, suit, table):
    assert {r: points(Card.parse(f"{suit} {r}"), trump) for r in table} == table


@pytest.mark.parametrize("trump", TRUMPS)
def test_157_in_every_kind(trump):
    assert trick_points(DECK, trump) == 152
    assert trick_points(DECK, trump, last=True) == 157 == 152 + LAST_TRICK


# -- who takes the trick ---------------------------------------------------------------

@pytest.mark.parametrize("trick, trump, expected", [
    ("Rosen 9, Rosen A, Schellen A, Rosen K", EICHEL, 1),       # highest of the suit led
    ("Rosen 6, Schellen A, Schilten A, Rosen 7", EICHEL, 3),    # other suits never take
    ("Rosen A, Eichel 6, Rosen K, Schellen A", EICHEL, 1),      # the smallest trump takes
    ("Rosen A, Eichel A, Eichel 9, Eichel K", EICHEL, 2),       # Nell over Ass
    ("Eichel 9, Eichel 6, Eichel U, Eichel A", EICHEL, 2),      # Puur over Nell
    ("Eichel B, Eichel O, Eichel 8, Eichel 7", EICHEL, 1),      # in trump Ober over Banner
    ("Rosen B, Rosen U, Rosen 9, Rosen 8", EICHEL, 1),          # in the suit Under over Banner
    ("Rosen 9, Rosen B, Rosen 8, Rosen 7", EICHEL, 1),          # Banner over Nine off trump
    ("Rosen 8, Rosen A, Eichel U, Rosen K", OBENABE, 1),        # Obenabe: no trump, Ace high
    ("Rosen 8, Rosen 9, Eichel A, Rosen 7", OBENABE, 1),
    ("Rosen A, Rosen 6, Rosen 7, Eichel 6", UNDENUFE, 1),       # Undenufe: the Six high
    ("Rosen K, Rosen A, Rosen O, Schellen 6", UNDENUFE, 2),     # ... and the Ace lowest
])
def test_winner(trick, trump, expected):
    assert winner(cards(trick), trump) == expected


def test_strength_zero_for_a_card_that_cannot_take():
    assert strength(Card.parse("Schellen A"), EICHEL, Suit.ROSEN) == 0
    assert strength(Card.parse("Schellen A"), OBENABE, Suit.ROSEN) == 0
    assert strength(Card.parse("Rosen 6"), EICHEL, Suit.ROSEN) > 0
    assert strength(Card.parse("Eichel 6"), EICHEL, Suit.ROSEN) > strength(Card.parse("Rosen A"), EICHEL, Suit.ROSEN)


@pytest.mark.parametrize("trick, trump, expected", [
    ("Eichel U, Eichel 9, Eichel A, Eichel B", EICHEL, 55),
    ("Rosen U, Rosen 9, Rosen A, Rosen B", EICHEL, 23),
    ("Rosen 8, Rosen A, Rosen 6, Rosen 9", OBENABE, 19),
    ("Rosen 8, Rosen A, Rosen 6, Rosen K", UNDENUFE, 23),
])
def test_trick_points(trick, trump, expected):
    assert trick_points(cards(trick), trump) == expected
    assert trick_points(cards(trick), trump, last=True) == expected + 5


# -- legal cards -----------------------------------------------------------------------

def check(hand_text, trick, trump, allowed, broken):
    """``allowed``: the legal cards; ``broken``: {card: rule key} for the others."""
    h = hand(hand_text)
    t = cards(trick) if trick else []
    assert names(legal(h, t, trump)) == sorted(allowed)
    for card in h:
        reason = illegal_reason(card, h, t, trump)
        assert (reason.key if reason else None) == broken.get(str(card)), card


def test_the_leader_plays_any_card():
    check("Eichel:U6 Rosen:A Schellen:7", "", EICHEL,
          ["Eichel U", "Eichel 6", "Rosen A", "Schellen 7"], {})


def test_on_a_trump_lead_a_player_must_play_trump():
    check("Eichel:K6 Rosen:A", "Eichel A", EICHEL, ["Eichel K", "Eichel 6"],
          {"Rosen A": "follow_trump"})


def test_on_a_trump_lead_any_trump_may_be_played_even_a_lower_one():
    check("Eichel:96", "Eichel U, Eichel A", EICHEL, ["Eichel 9", "Eichel 6"], {})


def test_the_puur_as_the_only_trump_need_not_be_played():
    check("Eichel:U Rosen:A7", "Eichel A", EICHEL, ["Eichel U", "Rosen A", "Rosen 7"], {})


def test_the_puur_with_another_trump_must_follow_trump():
    check("Eichel:U6 Rosen:A", "Eichel A", EICHEL, ["Eichel U", "Eichel 6"],
          {"Rosen A": "follow_trump"})


def test_the_puur_exception_is_for_the_puur_only():
    check("Eichel:9 Rosen:A", "Eichel A", EICHEL, ["Eichel 9"], {"Rosen A": "follow_trump"})


def test_without_trump_on_a_trump_lead_any_card():
    check("Rosen:A7 Schellen:6", "Eichel A", EICHEL, ["Rosen A", "Rosen 7", "Schellen 6"], {})


def test_on_another_lead_follow_suit_or_trump_while_able_to_follow():
    check("Rosen:K Eichel:6 Schellen:A", "Rosen A", EICHEL, ["Rosen K", "Eichel 6"],
          {"Schellen A": "follow_suit"})


def test_without_the_suit_any_card():
    check("Eichel:6 Schellen:A Schilten:7", "Rosen A", EICHEL,
          ["Eichel 6", "Schellen A", "Schilten 7"], {})


def test_no_undertrumping():
    check("Rosen:K Eichel:U6 Schellen:A", "Rosen A, Eichel 9", EICHEL, ["Rosen K", "Eichel U"],
          {"Eichel 6": "undertrump", "Schellen A": "follow_suit"})


def test_no_undertrumping_without_the_suit_either():
    check("Eichel:6 Schellen:A", "Rosen A, Eichel 9", EICHEL, ["Schellen A"],
          {"Eichel 6": "undertrump"})


def test_undertrumping_with_nothing_but_trumps():
    check("Eichel:76", "Rosen A, Eichel 9", EICHEL, ["Eichel 7", "Eichel 6"], {})
    check("Eichel:U76", "Rosen A, Eichel 9", EICHEL, ["Eichel U", "Eichel 7", "Eichel 6"], {})


def test_lower_goes_by_the_trump_order():
    # the Nell is above the Ass in trump, the König below it
    check("Eichel:9K Schellen:6", "Rosen A, Eichel A", EICHEL, ["Eichel 9", "Schellen 6"],
          {"Eichel K": "undertrump"})


def test_lower_than_the_highest_trump_in_the_trick():
    check("Eichel:9 Schellen:6", "Rosen A, Eichel 6, Eichel U", EICHEL, ["Schellen 6"],
          {"Eichel 9": "undertrump"})


def test_overtrumping_is_allowed():
    check("Eichel:U Rosen:7", "Rosen A, Eichel 9", EICHEL, ["Eichel U", "Rosen 7"], {})


@pytest.mark.parametrize("trump", [OBENABE, UNDENUFE])
def test_trumpless_kinds_follow_suit(trump):
    check("Rosen:A Eichel:U6", "Rosen 6", trump, ["Rosen A"],
          {"Eichel U": "follow_suit", "Eichel 6": "follow_suit"})
    check("Eichel:U6 Schellen:A", "Rosen 6", trump, ["Eichel U", "Eichel 6", "Schellen A"], {})


def test_a_card_not_in_the_hand():
    h = hand("Rosen:A")
    assert illegal_reason(Card.parse("Rosen K"), h, [], EICHEL).key == "not_in_hand"
    assert illegal_reason(Card.parse("Rosen K"), list(h), cards("Rosen 6"), EICHEL).key == "not_in_hand"


def test_every_rule_speaks_both_languages():
    assert set(RULES) == {"not_in_hand", "follow_trump", "undertrump", "follow_suit"}
    for rule in RULES.values():
        assert rule.text("de") and rule.text("en") and rule.text("de") != rule.text("en")
    assert "Untertrumpfen" in RULES["undertrump"].text("de")


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.integers(0, 3), st.sampled_from(TRUMPS), st.integers(1, 9))
def test_there_is_always_a_legal_card_and_following_suit_is_legal(deck, on_table, trump, size):
    trick = list(deck[:on_table])
    h = deck[on_table:on_table + size]
    allowed = legal(h, trick, trump)
    assert allowed and set(allowed) <= set(h)
    if trick:
        assert all(c in allowed for c in h if c.suit == trick[0].suit)


# -- seats -----------------------------------------------------------------------------

def test_seats_and_teams():
    assert rules.SEATS == ("A", "B", "C", "D")
    assert [team_of(s) for s in "ABCD"] == ["AC", "BD", "AC", "BD"]
    assert seats_from("C") == ("C", "D", "A", "B")
    assert rules.next_seat("D") == "A"


def test_the_module_examples():
    import doctest

    assert doctest.testmod(rules).failed == 0


def test_beats():
    lead = Suit.ROSEN
    assert rules.beats(Card.parse("Eichel 6"), Card.parse("Rosen A"), EICHEL, lead)
    assert not rules.beats(Card.parse("Rosen A"), Card.parse("Eichel 6"), EICHEL, lead)
    assert rules.beats(Card.parse("Rosen K"), Card.parse("Rosen O"), EICHEL, lead)
    assert not rules.beats(Card.parse("Schellen A"), Card.parse("Rosen 6"), EICHEL, lead)
    assert rules.beats(Card.parse("Rosen 6"), Card.parse("Rosen A"), UNDENUFE, lead)


def test_errors_name_the_trump_kinds_in_both_languages():
    with pytest.raises(ParseError) as e:
        Trump.parse("Herz Ass")
    assert "Obenabe" in str(e.value) and "Undenufe" in e.value.text("de") and "unbekannter" in e.value.text("de")
    with pytest.raises(ParseError) as e:
        Trump.parse("Obenabe Misère")
    assert "Misère" in str(e.value) and "Ziel" in e.value.text("de")
    rule = RULES["follow_suit"]
    assert rule.text() == rule.text("en") == str(rule)   # the library speaks English
    assert rule.text("de").startswith("Farbe angeben") and rule.text("fr").startswith("fournir")


@pytest.mark.parametrize("leader, trick, trump, seat", [
    # C leads the Rosen Ace, D trumps with the Six, A follows, B over-trumps with the Puur (the highest trump)
    ("C", "Rosen A, Eichel 6, Rosen K, Eichel U", "Eichel", "B"),
    # no trump played: the highest card of the suit led; the Banner (10) ranks over the Nine off trump
    ("D", "Schellen 9, Schellen B, Rosen A, Schellen 6", "Eichel", "A"),
    # Undenufe: the lowest card of the suit led takes it (the Six is the highest)
    ("A", "Rosen 9, Rosen 6, Eichel 6, Rosen 7", "Undenufe", "B"),
])
def test_the_seat_that_takes_a_trick_counts_from_its_leader(leader, trick, trump, seat):
    from tutor.cards import Card
    from tutor.play.rules import Trump, taker

    assert taker(leader, [Card.parse(c) for c in trick.split(", ")], Trump.parse(trump)) == seat
