"""The five-trump row's ceiling where no lower Zehner is open (count.raise_target; QA of issue
26, D6; polish's mutation testing of session 35 left six mutants of this branch alive: no test
had a ceiling that was not open). The rule, docs/interpretations.md ("Puur and Nell with five
trumps"): the team bids no higher Zehner than 110 (``CEILING_FIVE``) where a lower one is open,
whatever its count; where none is open, the lowest Zehner that is, and never a Zehner its count
does not reach ("Darum nimmt A die höchste Zahl, der er traut"). The counts below are counted by
hand from the trump row (Puur and Nell with five trumps: 62 + 5 - 10 = 57) and the side cards
(an Ace 11 and 10 for what falls in, Ace and King 15 and 20)."""
from __future__ import annotations

from tutor.cards import Suit
from tutor.conventions import position
from tutor.judgement import count

EICHEL = Suit("Eichel")


def _target(hand: str, auction: str):
    h, reader, seat, readings, _truthful = position(hand, auction)
    s = reader.situation(seat)
    return count.raise_target(h, s, readings, EICHEL), count.raise_call(h, s, readings, EICHEL)


def test_above_the_ceiling_the_lowest_open_zehner_where_110_is_not_open():
    # A opened 60 Eichel (the Puur zu dritt), C's 80 is the Hilfe (the Nell zu zweit): five
    # trumps. D's 110 Schellen stands. A counts 57 + 21 (Schellen Ace) + 35 + 35 (Rosen and
    # Schilten Ace and King) = 148: above the ceiling, and 110 is not open: the lowest open
    # Zehner, 120, not 140 (nor the 130 of a number above 120 in another suit)
    (c, reach, target), found = _target("Eichel:U86 Schellen:A Rosen:AK7 Schilten:AK",
                                        "60 Eichel, 70 Schellen, 80 Eichel, 110 Schellen")
    assert c.expected == 148 and c.ceiling == 110
    assert target == 120
    assert found is not None and str(found[0].call) == "120 Eichel"


def test_a_count_at_the_ceiling_that_is_not_open_bids_nothing_above_its_count():
    # the same auction, A with 57 + 35 + 21 = 113 (Rosen Ace and King, Schilten Ace): the
    # highest Zehner the count trusts is 110, which D's 110 Schellen has taken; 120 is above
    # the count, so the count raises nothing (it decides between fort and the double)
    (c, reach, target), found = _target("Eichel:U86 Schellen:7 Rosen:AK7 Schilten:A8",
                                        "60 Eichel, 70 Schellen, 80 Eichel, 110 Schellen")
    assert c.expected == 113 and c.ceiling == 110
    assert target == 110
    assert found is None


def test_above_120_the_lowest_open_number_is_one_above_120():
    # D's 120 Schellen stands: the lowest open Zehner in Eichel is 130, a number above 120
    # ("Über 120 sagen die Zahlen bis 150 nur, was das Team sich zutraut"), which the count
    # reaches with its 148: 130, not 140
    (c, reach, target), found = _target("Eichel:U86 Schellen:A Rosen:AK7 Schilten:AK",
                                        "60 Eichel, 70 Schellen, 80 Eichel, 120 Schellen")
    assert c.expected == 148 and target == 130
    assert found is not None and str(found[0].call) == "130 Eichel"
