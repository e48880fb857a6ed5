"""A hand that breaks what its own seat's earlier calls promised is most likely a typo in
the hand or the seat: bid and check say so in one line, and still answer (QA of issue 26:
C's 80 Eichel promised the Nell with three Eichel or more, the hand holds Eichel K 7, and
bid answered "fort ... deals that fit the auction" without a word)."""
from __future__ import annotations

from tutor import conventions

AUCTION = "60 Eichel, fort, 80 Eichel, fort, 100 Eichel"   # C's 80 Eichel: the Hilfe, the Nell and 3+ Eichel


def _lines(hand, auction=AUCTION):
    return [x for x in conventions.advise(hand, auction).reasons("en") if "does not fit" in x]


def test_a_hand_without_what_its_own_call_promised_is_told_once():
    lines = _lines("Eichel:K7 Rosen:AK7 Schilten:AO6 Schellen:8")
    assert lines == ["This hand does not fit C's own earlier 80 Eichel: in Eichel you hold K 7: without the Nell, "
                     "2 cards, not 3 or more. Is the hand or the seat wrong?"]


def test_a_hand_that_holds_what_it_promised_hears_nothing_of_it():
    assert _lines("Eichel:9K7 Rosen:AK7 Schilten:AO Schellen:8") == []
    assert _lines("Eichel:9K7 Rosen:AK7 Schilten:AO Schellen:8", "60 Eichel") == []   # no own call yet
