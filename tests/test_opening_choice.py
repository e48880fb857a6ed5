"""Which of two openings a hand makes (count.opening_preference, one rule for the count's
opening and for Situation.opening_of, what the count bids at the last word). The rules text
does not say; docs/interpretations.md, "Two possible openings", gives the tutor's reading:
the longer suit, at equal length the Puur before the Nell. The numbers are the rows of the
Ansageregeln: the Puur row 60/80/100/120, the Nell row 50/70/90/110, three cards first."""
from __future__ import annotations

import pytest

from tutor import conventions as cv
from tutor.cards import Hand

# Eichel: the Nell with four cards (70 Eichel); Rosen: the Puur with three (60 Rosen)
LONGER_NELL = "Eichel:9AK7 Rosen:UK8 Schellen:A Schilten:K"
# Eichel: the Nell with three (50 Eichel); Rosen: the Puur with three (60 Rosen). Eichel comes
# first in the suits' order, so only the Puur's preference opens Rosen
EQUAL_LENGTH = "Eichel:9K7 Rosen:UK8 Schellen:AK Schilten:K"


@pytest.mark.parametrize("hand,opening,other", [(LONGER_NELL, "70 Eichel", "60 Rosen"),
                                                (EQUAL_LENGTH, "60 Rosen", "50 Eichel")])
def test_the_count_opens_the_longer_suit_and_at_equal_length_the_puur(hand, opening, other):
    advice = cv.advise(hand)
    assert {opening, other} <= {str(o.call) for o in advice.options}   # both openings offered
    assert advice.call == opening


@pytest.mark.parametrize("hand,opening", [(LONGER_NELL, "70 Eichel"), (EQUAL_LENGTH, "60 Rosen")])
def test_the_last_words_opening_is_the_same_choice(hand, opening):
    # D after "fort, fort, fort": the three others are out, the last word
    _hand, reader, seat, _readings, _truthful = cv.position(hand, "fort, fort, fort")
    s = reader.situation(seat)
    assert seat == "D" and s.last_word
    assert str(s.opening_of(Hand.parse(hand))) == opening
