"""A Zehner in the opponents' suit ("we want your suit") is dealt as a hand the count makes
it with (QA s33 Q1, Q7, Q13; issue 26).

The rules give this call no card meaning: "ein Zehner in der Farbe der Gegner heisst «Wir
wollen eure Farbe selbst», ohne weitere Auskunft" (the special cases). The tutor reads it
as it reads a double (docs/interpretations.md, "What the count reads from a call"): its
bidder holds a hand with which the count, in his place at his call, makes it; the count's
own rule for it is the missing top trump of a Nell opening with four cards or more
(count.WANT_LENGTH, "Zehner in the opponents' suit: recommended when they opened with the
Nell and the hand holds their missing Puur with four cards or more"). Against a Puur
opening the count never makes it, so no hand keeps to that reading: there the deals keep to
the rules' own ("ohne weitere Auskunft": the promise alone), and no line hands the call to
the count (simulation.READ_POSSIBLE, QA s42 F4). The expected values below are counted by hand from the openings' promises (50: the
Nell with exactly three, without the Puur) and that rule."""
from collections import Counter
from math import comb

import pytest

from tutor.cards import Suit
from tutor.conventions import position
from tutor.judgement import count
from tutor.judgement import simulation as S
from tutor.judgement.base import UNHELD
from tutor.play.dealer import Dealer
from tutor.rules import load
from given_deals import simulated_deals

VERBAND = load("verband")
C_HAND = "Eichel:8 Schellen:AK7 Rosen:A7 Schilten:AKO"
ROSEN, EICHEL = Suit("Rosen"), Suit("Eichel")


def dealt(auction: str, n: int, seed: int = 5, hand: str = C_HAND, seat: str = "C"):
    return simulated_deals(hand, auction, VERBAND, seat, n, seed)


def test_the_want_zehner_holds_the_missing_puur_with_four():
    # A opened 50 Rosen: the Nell with exactly three Rosen, not the Puur. C holds the Rosen
    # Ace and 7, so 7 Rosen are unseen: A holds the Nell and two of the five below it, and
    # the Puur and the other three are left for B and D. B's 60 Rosen wants the Puur with
    # four or more: on every deal B holds exactly those four, D no Rosen at all
    deals, read, unheld = dealt("50 Rosen, 60 Rosen", 60)
    assert read == ["want"] and unheld == []
    assert count.WANT_LENGTH == 4
    for d in deals:
        assert d["B"].has(ROSEN, count.PUUR) and d["B"].length(ROSEN) == 4, d["B"]
        assert d["D"].length(ROSEN) == 0 and d["A"].length(ROSEN) == 3


def test_the_rest_is_dealt_as_rejection_deals_it():
    # the reading touches the Rosen alone: the 20 other unseen cards (8 Eichel) are split
    # 6 / 5 / 9 among A, B and D, each split equally likely, so D's Eichel length is
    # hypergeometric, C(8, k) C(12, 9 - k) / C(20, 9) (chi-square, p = 0.001)
    deals, _r, _u = dealt("50 Rosen, 60 Rosen", 800, seed=9)
    seen = Counter(min(max(d["D"].length(EICHEL), 2), 6) for d in deals)
    p = {k: comb(8, k) * comb(12, 9 - k) / comb(20, 9) for k in range(9)}
    cells = {2: sum(p[k] for k in range(3)), **{k: p[k] for k in range(3, 6)}, 6: sum(p[k] for k in range(6, 9))}
    stat = sum((seen[c] - 800 * q) ** 2 / (800 * q) for c, q in cells.items())
    assert abs(sum(cells.values()) - 1) < 1e-9
    assert stat < 18.47, (seen, cells)     # chi-square with 4 degrees of freedom at p = 0.001


def test_without_the_reading_b_is_any_hand_the_auction_allows():
    # the same auction dealt by the promises alone (the dealer): B often lacks the Puur
    h, reader, seat, _r, _t = position(C_HAND, "50 Rosen, 60 Rosen", VERBAND, "C")
    plain = Dealer({seat: h}, reader.situation(seat).promised).deals(60, seed=5)
    assert sum(d["B"].has(ROSEN, count.PUUR) for d in plain) < 45


def test_against_a_puur_opening_the_count_never_wants_the_suit_and_the_rules_reading_stands():
    # A opened 60 Eichel: the Puur with three. The count's rule wants the missing Puur of a
    # Nell opening, so no hand of B's makes his 70 Eichel by it: the deals keep to the
    # promises alone, as the rules read the call ("ohne weitere Auskunft"), and no line says
    # the deals cannot read it
    deals, read, unheld = dealt("60 Eichel, 70 Eichel", 5)
    assert read == [] and unheld == []
    # where a rule the count could make is too rare for the deals (the line kept for that case)
    assert "Zehner in the opponents' suit" in UNHELD["want"].text("en")
    for lang in ("de", "fr"):
        assert UNHELD["want"].text(lang) != UNHELD["want"].text("en")


def test_our_own_want_zehner_is_not_read():
    # the hand's own calls are its cards, never a test
    h, reader, seat, _r, _t = position("Rosen:UK876 Schellen:A Eichel:A7 Schilten:K", "50 Rosen, 60 Rosen, fort",
                                       VERBAND, "D")
    assert S._count_reads(reader.situation("B")) == []


@pytest.mark.needs_core
def test_the_reading_is_information_by_exact_play():
    # exact play (the solver, tests/exact_play.py) makes B's 60 Rosen far more often on the
    # deals that keep to the reading (B with the Puur and four Rosen over A's Nell third) than
    # on deals that keep to the promises alone (seed 3: 10 of 12 against 2 of 12)
    from exact_play import made

    read, _r, _u = dealt("50 Rosen, 60 Rosen", 12, seed=3)
    h, reader, seat, _r, _t = position(C_HAND, "50 Rosen, 60 Rosen", VERBAND, "C")
    plain = Dealer({seat: h}, reader.situation(seat).promised).deals(12, seed=3)

    def made_in(deals):
        return sum(made(d, "Rosen", 60, "B") for d in deals)

    assert made_in(read) > made_in(plain) + 4


def test_tutor_deal_reads_the_zehner_as_the_simulation_does():
    # the Zehner over a Puur opening: no line (the rules' reading, as the simulation's evidence);
    # a number the deals leave out (A's 90 Undenufe, B holding the Eichel, Schellen and Rosen
    # Sixes and the Schilten A K O: A's only Undenufe run is Schilten 6 7 8 9 Banner Under,
    # 11 + 8 + 10 + 2 and 10 a trick = 91, and with the Schilten Under and Nell six long the
    # count bids Schilten (the Puur six long: 120 or more), so no hand the count bids 90
    # Undenufe with is dealt): the
    # simulation's line, on stderr; the deals themselves on stdout
    from click.testing import CliRunner

    from tutor.cli import main

    out = CliRunner().invoke(main, ["deal", "--hand", C_HAND, "--auction", "60 Eichel, 70 Eichel", "--count", "2",
                                    "--seed", "1", "--lang", "en"])
    assert out.exit_code == 0, out.output
    assert UNHELD["want"].text("en") not in out.stderr
    assert len(out.stdout.splitlines()) == 2
    out = CliRunner().invoke(main, ["deal", "--hand", "Eichel:67 Schellen:6 Rosen:678 Schilten:AKO", "--auction",
                                    "90 Undenufe", "--rules", "erweitert", "--count", "2", "--seed", "1",
                                    "--lang", "en"])
    assert out.exit_code == 0, out.output
    assert UNHELD["raise"].text("en") in out.stderr and UNHELD["raise"].text("en") not in out.stdout
    assert len(out.stdout.splitlines()) == 2


def test_the_same_seed_deals_the_same():
    first, _r, _u = dealt("50 Rosen, 60 Rosen", 10, seed=4)
    again, _r, _u = dealt("50 Rosen, 60 Rosen", 10, seed=4)
    other, _r, _u = dealt("50 Rosen, 60 Rosen", 10, seed=5)
    assert first == again and first != other
