"""The raise above a Hilfe the hand cannot give (count.raise_call's ``blocked``). After the
partner's "60 Eichel" (the Puur zu dritt) and a fort, the two smallest Zehner above the bid,
70 and 80, are the Hilfe ("Für die Hilfe zählen immer die beiden kleinsten Zehner über dem
laufenden Gebot"; after a Puur opening it shows the Nell). A hand without the Nell cannot
bid them; where its count's Zehner is one of them, the count bids the next Zehner and says
why. Where its Zehner is no Hilfe number, there is nothing of the kind to say."""
from __future__ import annotations

import pytest

from tutor import conventions as cv

AUCTION = "60 Eichel, fort"
BLOCKED = "is the Hilfe that promises the other top trump"


def test_a_count_on_the_upper_hilfe_bids_the_next_zehner_and_says_so():
    # C: no Nell; the Puur's 20 beside three side Aces (33) and 10 a sure side trick: 83,
    # whose Zehner, 80, is the upper Hilfe number
    advice = cv.advise("Eichel:K7 Schellen:A8 Rosen:A86 Schilten:A7", AUCTION)
    text = advice.text("en")
    assert advice.call == "90 Eichel"
    assert "The count's Zehner, 80, " + BLOCKED in text and "the next Zehner, 90" in text


@pytest.mark.parametrize("hand,call", [
    ("Eichel:K7 Schellen:AK Rosen:AK6 Schilten:87", "90 Eichel"),    # its count's Zehner is 90 itself
    ("Eichel:K7 Schellen:AK8 Rosen:AK6 Schilten:A", "110 Eichel"),
])
def test_a_raise_above_the_hilfe_numbers_says_nothing_of_a_hilfe_it_cannot_give(hand, call):
    advice = cv.advise(hand, AUCTION)
    assert advice.call == call
    assert BLOCKED not in advice.text("en")


def test_a_count_at_the_standing_bid_is_no_hilfe_it_cannot_give():
    # A opened 60 Eichel, C gave the Hilfe 80 (the Nell zu dritt or more): Eichel is A's own
    # suit, where A gives no Hilfe ("Ein Zehner in der Farbe des Partners"), and A's count, 88,
    # reaches the standing 80: no Zehner of A's is a Hilfe he cannot give
    text = cv.advise("Eichel:UK7 Schellen:A8 Rosen:96 Schilten:K7", "60 Eichel, fort, 80 Eichel, fort").text("en")
    assert BLOCKED not in text
