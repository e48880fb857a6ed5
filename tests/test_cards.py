import pytest

from tutor.cards import Card, Hand, Rank, Suit
from tutor.errors import ParseError


@pytest.mark.parametrize("text,suit", [
    ("Eichel", Suit.EICHEL), ("eichel", Suit.EICHEL), ("Ei", Suit.EICHEL), ("♣", Suit.EICHEL),
    ("Kreuz", Suit.EICHEL), ("Karo", Suit.SCHELLEN), ("Ecken", Suit.SCHELLEN), ("♦", Suit.SCHELLEN),
    ("Herz", Suit.ROSEN), ("♥", Suit.ROSEN), ("ro", Suit.ROSEN), ("Schaufel", Suit.SCHILTEN),
    ("♠", Suit.SCHILTEN), ("Schi", Suit.SCHILTEN), ("Sche", Suit.SCHELLEN),
])
def test_suit_names_short_forms_and_french_suits(text, suit):
    assert Suit.parse(text) is suit


def test_an_ambiguous_prefix_is_an_error_naming_both():
    with pytest.raises(ParseError, match="Schellen or Schilten"):
        Suit.parse("Sch")


@pytest.mark.parametrize("text", ["sch o", "scho", "Sch:O", "sch 10", "sc o", "o sch"])
def test_a_card_in_a_suit_written_too_short_names_both_suits(text):
    # QA s40 F7.2: "sch o" (the rank after the suit) was refused as "cannot read card", without
    # saying that "sch" is Schellen or Schilten, where "o sch" (the rank first) said so
    with pytest.raises(ParseError, match="ambiguous: Schellen or Schilten"):
        Card.parse(text)


@pytest.mark.parametrize("text", ["xx o", "hello", "Sc", "ro q"])
def test_a_card_that_is_no_card_still_says_how_to_write_one(text):
    with pytest.raises(ParseError, match="cannot read card"):
        Card.parse(text)


def test_ranks_and_the_banner_as_ten():
    assert Rank.parse("10") is Rank.BANNER and Rank.parse("b") is Rank.BANNER
    with pytest.raises(ParseError, match="unknown rank"):
        Rank.parse("X")


def test_hand_round_trip_writes_ranks_high_to_low_in_suit_order():
    h = Hand.parse("schilten:7ka rosen:9o Eichel:68U Schellen:8")
    assert str(h) == "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"
    assert Hand.parse(str(h)) == h
    assert eval(repr(h), {"Hand": Hand}) == h


def test_hand_with_ten_spelled_10():
    assert Hand.parse("Eichel:A10K Rosen:AKOUB9").has(Suit.EICHEL, Rank.BANNER)


@pytest.mark.parametrize("text,message", [
    ("Eichel:AO9", "exactly 9 cards"),
    ("Eichel:AA Rosen:AKOUB98", "Eichel A appears twice"),
    ("Eichel:AO9 Eichel:K Rosen:AKOUB", "suit Eichel appears twice"),
    ("Eichel:AX9 Rosen:AKOUB9", "Eichel: unknown rank 'X'"),
    ("Blau:AKO Rosen:AKOUB9", "unknown suit 'Blau'"),
    ("hello", "cannot read hand"),
    ("", "empty hand"),
])
def test_bad_hands_name_what_is_wrong(text, message):
    with pytest.raises(ParseError, match=message):
        Hand.parse(text)


def test_card_parse_forms():
    assert Card.parse("Eichel U") == Card.parse("Ei:U") == Card.parse("♣U") == Card(Suit.EICHEL, Rank.UNDER)
    assert str(Card.parse("rosen 10")) == "Rosen B"


def test_card_values_trump_and_plain():
    puur = Card(Suit.EICHEL, Rank.UNDER)
    assert puur.value("trump") == 20 and puur.value("plain") == 2
    assert Card(Suit.ROSEN, Rank.NINE).value("trump") == 14
    from tutor.cards import DECK
    assert sum(c.value("plain") for c in DECK if c.suit is not Suit.EICHEL) + \
        sum(c.value("trump") for c in DECK if c.suit is Suit.EICHEL) == 152
