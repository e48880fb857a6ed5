"""The estimate of the deals the simulation leaves open, against exact play (issue 26, the
eighth session: benchmarks/README.md). The default judgement estimates most deals of a
contested position; where its estimate leans one way, its chances do too. The expected
values here are exact play's on deals that fit the auction (the dealer's own, a seed of
their own), never the estimate's."""
import random

import pytest

from tutor import conventions
from tutor.judgement import simulation as simulate
from tutor.play.deal import Deal
from tutor.play.dealer import Dealer
from tutor.play.rules import parse_strain
from tutor.play.solver import solve
from tutor.rules import load

exact = pytest.mark.needs_core

# QA of issue 26, Q47: the voice recommended 80 Obenabe Misère ("made in 41 of 50", all 50
# estimated), where exact play makes it on 16 of 40 deals that fit and values it at -17; the
# Puur-third opening 60 Schilten is worth +108 there
Q47 = "Eichel:9B Schellen:8U Rosen:9B Schilten:8UO"


def _deals(hand: str, auction: str, rules, seat: str, n: int, seed: int):
    hand, reader, seat, _readings, _truthful = conventions.position(hand, auction, rules, seat)
    dealer = Dealer({seat: hand}, reader.situation(seat).promised)
    rng = random.Random(seed)
    return [dealer.deal(rng) for _ in range(n)]


def _voice_estimate(d, strain: str, declarer: str) -> int:
    """The card points the default judgement's estimate gives the declaring team."""
    saved = simulate._ESTIMATE_NOW
    simulate._ESTIMATE_NOW = simulate.ESTIMATE      # the voice's (not eval's)
    try:
        return simulate._estimate([list(d[s]) for s in "ABCD"], simulate.Play(strain, declarer, (80,)))
    finally:
        simulate._ESTIMATE_NOW = saved


@exact
def test_the_voice_s_misere_estimate_makes_80_as_often_as_exact_play():
    """80 Obenabe Misère by A is made when A's team takes 77 card points or fewer. On 12 deals
    that fit Q47's hand, exact play makes it on 5 (each deal one yes/no probe of the solver).
    The voice's estimate (two leads and one card a follower) said made on 8 of them: the
    pruned Misère lets the declaring team duck where exact play does not; it leans to the
    declarer by some 15 card points on this hand's deals (benchmarks/README, eighth
    session). Its estimate now puts at most one deal more on the made side than exact play,
    and agrees with exact play on ten of the twelve."""
    rules = load("erweitert")
    trump, misere = parse_strain("Obenabe Misère")
    agree = said = made = 0
    for d in _deals(Q47, "", rules, "A", 12, 47):
        deal = Deal(tuple(d[s] for s in "ABCD"), trump, "A", "A", misere)
        exact_made = solve(deal, target=77, best=False, max_nodes=50_000_000).reached
        says = _voice_estimate(d, "Obenabe Misère", "A") <= 77
        made += exact_made
        said += says
        agree += says == exact_made
    assert made == 5
    assert said <= made + 1 and agree >= 10, (said, agree)


@exact
def test_the_voice_opens_q47_s_hand_with_60_schilten_not_the_misere():
    """Q47's hand at a table that plays the Misère. Exact play on 20 deals that fit (the
    benchmark's, benchmarks/README.md "Eighth session"; every game to within a Zehner):
    60 Schilten +106 board points on average, 60 Obenabe Misère +73, 80 Obenabe Misère +43
    (made on 13 of the 20); the QA's 40 deals: 80 Obenabe Misère made on 16, -17 against
    60 Schilten's +108. The voice, its Misère deals estimated, recommended 80 Obenabe
    Misère; now it opens 60 Schilten."""
    from tutor.judgement import default_judge, voice

    voice.forget()
    advice = conventions.advise(Q47, "", "erweitert", judge=default_judge(workers=1))
    assert advice.call is not None and str(advice.call) == "60 Schilten", advice.call


# Positions of benchmarks/bench_exact_sim.py where a strong declaring team's open deals are
# estimated (a partner with the Nell behind an opening, an opener, the Hilfe's raiser), their
# hand, seat and kind; benchmarks/exact_sim_answers.json keeps exact play's card points on each
# of its 20 deals (solver.bracket alone, to within the Zehner of every contract eval lists)
STRONG = [
    ("hilfe-01", "Eichel:96 Schellen:KO8 Rosen:B87 Schilten:O", "C", "Eichel"),
    ("eroeffnung-gen-01", "Eichel:UB9 Schellen:B Rosen:U Schilten:AO96", "B", "Eichel"),
    ("hilfe-07", "Eichel:97 Schellen:KO Rosen:B86 Schilten:O7", "C", "Eichel"),
    ("hilfe-gen-06", "Eichel:K96 Schellen:76 Rosen:AO Schilten:B7", "D", "Eichel"),
]


def _kept_answers(hand: str, seat: str, strain: str) -> list[tuple[list, int, int]]:
    """The deals of benchmarks/exact_sim_answers.json where ``hand`` sits at ``seat`` and
    declares ``strain``: (the four hands, exact play's lower and upper bound on the declaring
    team's card points)."""
    import json
    from pathlib import Path

    from tutor.cards import Hand

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "exact_sim_answers.json"
    answers = json.loads(path.read_text())["answers"]
    mine = str(Hand.parse(hand))
    out = []
    for key, (lo, hi, _stopped, _nodes) in answers.items():
        *hands, kind, declarer = key.split("|")
        if kind == strain and declarer == seat and hands["ABCD".index(seat)] == mine:
            out.append(([Hand.parse(h) for h in hands], lo, hi))
    return out


@exact
@pytest.mark.parametrize("name, hand, seat, strain", STRONG, ids=[s[0] for s in STRONG])
def test_the_voice_s_trump_estimate_does_not_lean_against_the_declarer(name, hand, seat, strain):
    """QA of issue 26 (Q29, Q27): the partner with the Nell behind an opening was told fort
    was as good as 130 Eichel, which exact play makes on every deal: the voice's estimate of
    the open deals (two leads, one card a follower) leans against a strong declarer. On these
    positions' deals (exact play's bounds kept by the benchmark, the solver's alone) it called
    the contracts eval lists failed where exact play makes them 17-31 times, made where it
    fails them 2-6 times, and lay 8-13 card points below exact play on average. Now its wrong
    answers fall on both sides alike (neither more than three times the other), and it lies
    within 4 card points of exact play on average (outside the bounds: the distance to them)."""
    kept = _kept_answers(hand, seat, strain)
    assert len(kept) == 20
    says_failed = says_made = 0
    off = []
    for hands, lo, hi in kept:
        e = _voice_estimate({s: h for s, h in zip("ABCD", hands)}, strain, seat)
        off.append(e - hi if e > hi else e - lo if e < lo else 0)
        for t in range(70, 160, 10):      # the Zehner above the openings' 60
            if lo >= t and e < t:
                says_failed += 1
            elif hi < t and e >= t:
                says_made += 1
    assert abs(says_failed - says_made) <= (says_failed + says_made) / 2, (says_failed, says_made)
    assert abs(sum(off) / len(off)) <= 4, sum(off) / len(off)


def test_the_simulation_deals_what_the_fort_denies_too():
    """QA Q40 (Q3, Q10, Q14-Q18; Q46: the fort's silence moves a contract's chance by 0.11):
    the evidence behind a position with a fort honours what the fort denied. B's fort after A's
    60 Eichel denies an opening in the other suits (the conventions: a fort holds no Puur or
    Nell with three cards that could open), so no deal gives B a hand that would open there,
    and none had to fall back to the promises alone (``unheld``)."""
    from test_inference import OTHERS, QA_HAND, would_open

    ev = simulate.evaluate(QA_HAND, "60 Eichel, fort",
                           simulation=simulate.Simulation(samples=30, seed=1, exact=False, workers=1))
    assert len(ev.deals) >= 30 and ev.unheld == []
    assert not [d["B"] for d in ev.deals if would_open(d["B"], OTHERS, 60)]


@exact
@pytest.mark.parametrize("judge", ["default", "table"])
def test_on_deals_that_honour_the_forts_the_voice_does_not_double_a_made_contract(judge):
    """QA_DOUBLE of tests/test_simulation_exact.py (D after «60 Eichel, fort, 80 Eichel, fort,
    120 Eichel») on deals that honour B's and D's forts: exact play makes 120 Eichel on 20 of
    20 such deals (benchmarks/README.md, "Eighth session"), so a double loses. With the
    estimate of two leads and one card a follower the voice read them as made on 35 of 50 and
    doubled; now it says nothing, with its own budget and the table's."""
    from tutor.judgement import default_judge, table_judge, voice

    assert simulate.DEAL_DENIALS
    voice.forget()
    judged_by = default_judge(workers=1) if judge == "default" else table_judge(workers=1)
    advice = conventions.advise("Schellen:AKB Rosen:AK Schilten:AK Eichel:76",
                                "60 Eichel, fort, 80 Eichel, fort, 120 Eichel", "verband", seat="D", judge=judged_by)
    assert advice.call is None, advice.call
