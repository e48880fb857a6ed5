"""The count's hands of tests/test_judgement.py played out: whole deals around each hand,
solved exactly (double dummy) by tutor.play.solver. The deals are of our own making: the
hand of the test, the other cards placed as the auction allows (and, for a lay-down,
as badly for the hand as we could think of)."""
import pytest

from tutor.cards import Hand
from tutor.play import solver
from tutor.play.deal import Deal
from tutor.play.rules import Trump

pytestmark = pytest.mark.skipif(solver.ENGINE != "c", reason="full deals need the compiled solver core")


def deal(a, b, c, d, trump, leader="A"):
    return Deal(tuple(Hand.parse(h) for h in (a, b, c, d)), Trump.parse(trump), leader)


def reached(dl, target):
    return solver.solve(dl, target=target, best=False, max_seconds=60).reached


def test_the_five_trump_lay_down_takes_all_157():
    # the four trumps out (B 8 7 6) all with B, who also holds the Rosen and Schilten length
    dl = deal("Eichel:U9AKO Rosen:AK Schilten:AK", "Eichel:B876 Rosen:OUB Schilten:OU",
              "Schellen:AKOUB9 Rosen:98 Schilten:B", "Schellen:876 Rosen:76 Schilten:9876", "Eichel")
    assert reached(dl, 157)


def test_the_puur_alone_with_eight_trumps_takes_all_157():
    dl = deal("Eichel:UAKOB876 Schilten:A", "Eichel:9 Schellen:AKOUB Rosen:AK Schilten:K",
              "Schellen:9876 Rosen:OUB Schilten:OU", "Rosen:9876 Schilten:B9876", "Eichel")
    assert reached(dl, 157)
    # with the Schilten King instead of the Ace the Matsch fails: the Ace takes it
    dl = deal("Eichel:UAKOB876 Schilten:K", "Eichel:9 Schellen:AKOUB Rosen:AK Schilten:A",
              "Schellen:9876 Rosen:OUB Schilten:OU", "Rosen:9876 Schilten:B9876", "Eichel")
    assert not reached(dl, 157)


def test_the_partners_konter_is_made():
    # A: Puur zu dritt (60 Eichel); C: the Nell with four trumps, Aces and Kings
    dl = deal("Eichel:UB8 Schellen:KO Rosen:OU Schilten:OU", "Eichel:7 Schellen:UB9 Rosen:B98 Schilten:B9",
              "Eichel:9AKO Rosen:AK Schilten:AK Schellen:A", "Eichel:6 Schellen:876 Rosen:76 Schilten:876",
              "Eichel")
    assert reached(dl, 60)


def test_the_defender_with_the_puur_beats_the_nell_opening():
    # A: 70 Eichel (Nell zu viert, no Puur); B holds Puur, Ace, King, Banner of Eichel,
    # Schellen Ace and King, the Rosen Ace: A and C stay below 70
    dl = deal("Eichel:9O87 Schellen:OU Rosen:KO Schilten:A", "Eichel:UAKB Schellen:AK Rosen:A Schilten:76",
              "Eichel:6 Schellen:B98 Rosen:UB9 Schilten:KO", "Schellen:76 Rosen:876 Schilten:UB98",
              "Eichel")
    assert not reached(dl, 70)


def test_the_obenabe_lay_down_takes_all_157():
    dl = deal("Eichel:AKO Rosen:AKO Schellen:AK Schilten:A", "Eichel:UB9876 Schilten:KOU",
              "Rosen:UB9876 Schellen:OUB", "Schellen:9876 Schilten:B9876", "Obenabe")
    assert reached(dl, 157)
