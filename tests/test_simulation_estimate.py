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
    return simulate._estimate([list(d[s]) for s in "ABCD"], simulate.Play(strain, declarer, (80,)),
                              simulate.VOICE_GUESSING)      # the voice's (not eval's)


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
# hilfe-07's deals honour B's Ass-Ansage since the Fünfer denies what a fort denies (QA s35
# Q5: B holds no opening above 50 outside Rosen): on those 20 deals the voice's estimate says
# failed where exact play makes the Zehner 12 times, made where it fails twice (mean 2.8 card
# points below exact play): the lean against a strong declarer is back on this position (on
# the deals before Q5: 13 and 11). Open (issue 26); strict, so a fix of the estimate shows.
# hilfe-gen-06 (D with Eichel K 9 6 after «55 Schellen, 60 Eichel, fort»: partner B's opening):
# since the forts' denials and the reads moved its deals (benchmarks/exact_sim_answers.json holds
# today's deals' answers since session 37), the voice's estimate says failed where exact play
# makes a Zehner 5 times and never made where it fails (1.3 card points below exact play on
# average, within the 4 the test allows; on the older deals it passed): 5 wrong answers of 180,
# all on one side. Open (issue 26); strict.
LEANS_AGAIN = {"hilfe-07": "the voice's estimate leans 12:2 against the declarer on the deals that honour the Fünfer",
               "hilfe-gen-06": "the voice's estimate leans 5:0 against the declarer on today's deals (mean -1.3)"}


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
@pytest.mark.parametrize("name, hand, seat, strain", [
    pytest.param(*s, marks=[pytest.mark.xfail(strict=True, reason=LEANS_AGAIN[s[0]])] if s[0] in LEANS_AGAIN else [])
    for s in STRONG], ids=[s[0] for s in STRONG])
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


# QA s33 Q1: B with a single Eichel (the 8) and Rosen A K 7, Schilten A 6 after A's 60 Eichel
Q1 = ("Eichel:8 Schellen:9O8 Rosen:AK7 Schilten:A6", "60 Eichel")


@exact
def test_q1_s_singleton_70_eichel_is_not_recommended_over_fort():
    """QA s33 Q1: the voice recommended B's "we want your suit" 70 Eichel alone ("made in 35 of
    100", -96 against fort's -120). Exact play does not prefer it: on the QA's 20 deals that
    fit (seed 1) 70 Eichel is made on 3, fort -142 and 70 Eichel doubled -177 board points
    (the opponents double a contract that fails on most deals); on the voice's own 100 deals,
    as far as the solver finished (up to 40M nodes a deal), it is made on 24 of the 90 decided
    and fails on 66, and with each deal's card points inside exact play's bounds fort is -120
    and 70 Eichel doubled -108 to -114, a difference of 6-12 where chance alone allows 25
    (benchmarks/README.md, "Ninth session"). So 70 Eichel may be as good as fort, never better
    beyond chance. The open deals near 70 now get the finer estimate (simulation._fine_wanted):
    over 8 seeds the voice makes 70 Eichel on 21 of 100 on average (25 before) and puts it 20
    board points behind fort (4 before). The voice recommends fort, 70 Eichel at most as an
    equally good call."""
    from tutor.judgement import default_judge, voice

    voice.forget()
    advice = conventions.advise(*Q1, "verband", judge=default_judge(workers=1))
    assert advice.call is not None and str(advice.call) == "fort", advice.call


@exact
def test_the_finer_estimate_goes_to_the_open_deals_near_a_competing_call_s_mark():
    """The finer estimate (simulation.FINE_KIND) is asked only where it can decide the answer:
    on deals the solver left open, in the games of the calls that compete (Q1: B's 70 Eichel,
    A's standing 60 Eichel behind fort and the double); never in a game no competitive call
    rests on (B's Schellen, Rosen and Schilten: a bid there is far behind), never on a deal the
    solver answered."""
    sim = simulate.Simulation(samples=50, seed=3, workers=1, early_stop=False, every_zehner=True, rest_games=False)
    ev = simulate.evaluate(*Q1, load("verband"), simulation=sim)
    fine = {(strain, declarer) for d, row in enumerate(ev.judged) for (strain, declarer), j in zip(ev.games, row)
            if j.fine}
    assert fine and fine <= {("Eichel", "B"), ("Eichel", "A")}, fine
    for row in ev.judged:
        for j in row:
            assert not j.fine or j.estimated
    assert ev.fine == sum(j.fine for row in ev.judged for j in row)


@exact
@pytest.mark.xfail(strict=True, reason=(
    "issue 26's largest-error target (0.10), open: eval's estimate of the deals it leaves open "
    "makes C's 100 and 110 Eichel too often here. On the test's 20 deals (the same with "
    "count.COMPETE_WIDE at 0 and at 40) eval was +0.10 at 100 and 110 with 0 (on the limit) and "
    "+0.15 at 100 with 40 (19 deals open instead of 18); on 100 deals (seed 1, 6M nodes a deal, "
    "exact play deciding 99) it is +0.14 at 100 and +0.16 at 110 Eichel at 0 and at 40 alike "
    "(eval 0.89/0.69, exact 0.75/0.54; mean 0.05): a true error of the estimate, which the 20 "
    "deals at 0 hid by chance (session 43). This test measures eval at 6M nodes a deal, ten times "
    "`tutor eval --samples 100`'s 0.6M (where eval estimates its open deals with ESTIMATE_EVAL); at "
    "eval's own 100 deals and nodes (seed 1, exact play deciding 99 of them) hilfe-07 meets the "
    "target: C's 70-140 Eichel 0.031 off on average, 0.05 at most, net 0.00 (session 44; the same "
    "after session 45's change of eval's bias; benchmarks/README.md, 'Session 44 (solv)'). Remove "
    "this mark when eval at 6M a deal meets the target here."))
def test_eval_s_chances_take_the_estimate_s_lean_from_every_deal_s_bounds():
    """hilfe-07 (C after «60 Eichel, 65 Rosen» with the Eichel 9 7 behind A's opening): eval's
    chances of C's Eichel contracts on the 20 deals of benchmarks/bench_exact_sim.py (seed 1, 6M
    nodes a deal: eval's 600M for 100 deals until the tenth session), against exact play's on the
    same deals (their card points kept in benchmarks/exact_sim_answers.json, the solver's alone).
    On the deals before QA s35 Q5, 19 of the 20 stayed open, too few were known to within a Zehner
    to measure the estimate's lean the old way, and it leaned against the declarer: 0.039 off
    exact play's chances on average, every wrong one too low (net -0.35); the lean from every
    deal's proved bounds (simulation._bounds_bias) brought that to 0.011, none more than 0.05
    off (benchmarks/README.md, "Tenth session").
    Since the Ass-Ansage denies what a fort denies (Q5), the deals honour B's Fünfer (no opening
    above 50 outside Rosen) and are others: there 18 of 20 stay open and eval is 0.033 off on
    average, 0.10 at most (110 Eichel made in eval on four deals exact play fails, 100 Eichel on
    two; 130 Eichel failed in eval on two exact play makes: net +0.10); the median rule would be
    0.028 and 0.10 on them, so the bounds' gain on the old deals does not show on these. The test
    holds eval to issue 26's targets on this position: within 0.05 on average, none more than
    0.10 off (benchmarks/README.md, "Eleventh session")."""
    hand, seat, strain = STRONG[2][1:]
    assert STRONG[2][0] == "hilfe-07"
    kept = {tuple(str(h) for h in hands): (lo, hi) for hands, lo, hi in _kept_answers(hand, seat, strain)}
    sim = simulate.Simulation(samples=20, seed=1, workers=2, early_stop=False, nodes=120_000_000)
    ev = simulate.evaluate(hand, "60 Eichel, 65 Rosen", load("verband"), None, sim)
    diffs = []
    for c in ev.contracts:
        need, kind = c["contract"].split(" ", 1)
        assert kind == strain
        bounds = [kept[tuple(str(d[x]) for x in "ABCD")] for d in ev.deals]
        assert all(lo >= int(need) or hi < int(need) for lo, hi in bounds)    # exact play decides each
        diffs.append(c["p_make"] - sum(lo >= int(need) for lo, _hi in bounds) / len(bounds))
    assert len(diffs) >= 8
    assert sum(map(abs, diffs)) / len(diffs) <= 0.05 and max(map(abs, diffs)) <= 0.10 + 1e-9, diffs


@exact
@pytest.mark.parametrize("hand, auction, seat", [
    ("Eichel:7 Schellen:B976 Rosen:B8 Schilten:B6", "60 Eichel", None),
    ("Eichel:A87 Schellen:OB Rosen:AB Schilten:O7", "fort, fort, 50 Schellen", "D"),
], ids=["beispiel-02", "doppeln-gen-02"])
def test_eval_s_long_open_deals_are_made_no_more_often_than_exact_play_makes_them(hand, auction, seat):
    """eval's chances at its own nodes (60M for 100 deals: 12M for these 20, the deals of
    benchmarks/bench_exact_sim.py, seed 1) against exact play's on the same deals (the card points
    kept in benchmarks/exact_sim_answers.json, the solver's alone): within issue 26's 0.10 on every
    contract, 0.05 on average. A deal whose probe ran long and still stopped is placed on either
    side of its number as often as the long deals the solver answered there were made; but a long
    probe that finishes has mostly proved "made", and the deals left open fail more often (on the
    bench's 43 positions 203 of 447 made, where the answered ones' share said 268): eval now makes
    them SPLIT_MADE_EVAL as often. Before, beispiel-02's 70 Schellen showed 0.95 where exact play
    makes 0.80 (three long open deals placed at 70, all failing) and doppeln-gen-02's 60 Schellen
    0.70 against 0.50 (benchmarks/README.md, "Session 40")."""
    sim = simulate.Simulation(samples=20, seed=1, workers=2, early_stop=False,
                              nodes=simulate.EVAL_NODES * 20 // 100)
    ev = simulate.evaluate(hand, auction, load("verband"), seat, sim)
    assert ev.split_made == simulate.SPLIT_MADE_EVAL
    kinds = {c["contract"].split(" ", 1)[1] for c in ev.contracts}
    kept = {(tuple(str(h) for h in hands), strain): (lo, hi)
            for strain in kinds for hands, lo, hi in _kept_answers(hand, ev.seat, strain)}
    diffs = []
    for c in ev.contracts:
        need, kind = c["contract"].split(" ", 1)
        bounds = [kept[(tuple(str(d[x]) for x in "ABCD"), kind)] for d in ev.deals]
        assert all(lo >= int(need) or hi < int(need) for lo, hi in bounds)    # exact play decides each
        diffs.append(c["p_make"] - sum(lo >= int(need) for lo, _hi in bounds) / len(bounds))
    assert len(diffs) >= 10
    assert sum(map(abs, diffs)) / len(diffs) <= 0.05 and max(map(abs, diffs)) <= 0.10 + 1e-9, diffs


# The bench's erweitert positions (benchmarks/bench_exact_sim.py EXTRA) whose Misère games exact play has
# answered on their 20 deals (benchmarks/exact_sim_answers.json): the hand, its seat (the declarer)
MISERE_TABLES = [
    ("tischregeln-06", "Eichel:O7 Schellen:8 Rosen:K6 Schilten:AUB7", "A"),
    ("misere-opening", "Eichel:76 Schellen:986 Rosen:976 Schilten:8", "A"),
    ("undenufe-opening", "Eichel:67 Schellen:678 Rosen:679 Schilten:6", "A"),
    ("obenabe-opening", "Eichel:AK Schellen:AK9 Rosen:A8 Schilten:K7", "A"),
    ("obenabe-over", "Eichel:A Schellen:AKO Rosen:AK Schilten:A97", "B"),
]


@exact
def test_eval_s_misere_estimate_lies_nearer_exact_play_than_the_voice_s(monkeypatch):
    """Issue 26's largest error at eval's own 100 deals: at eval's nodes a Misère's probes decide
    almost none of its deals, so its chances are its estimate's. Within the voice's KIND_NODES
    (150,000) a third of a Misère's deals fall back from three leads and two cards a follower to two
    leads; eval lets the first search on (simulation.KIND_NODES_EVAL). On each of the ten Misère games
    of these positions (20 deals each, exact play's bounds kept by the benchmark, the solver's alone;
    the distance of the estimate to the bounds, 0 inside them) eval's estimate lies no farther from
    exact play than the voice's, nearer on the whole, and calls the Misère's Zehner (made at 50-150:
    the team's points 107 or fewer ... 7 or fewer) wrong less often (session 46: 4.29 against 5.15
    card points, 121 against 140 calls wrong; benchmarks/README.md, "Session 46 (solv)")."""
    off = {False: [], True: []}
    wrong = {False: 0, True: 0}
    for name, hand, seat in MISERE_TABLES:
        for strain in ("Undenufe Misère", "Obenabe Misère"):
            kept = _kept_answers(hand, seat, strain)
            assert len(kept) == 20, (name, strain)
            game = {False: [], True: []}
            for hands, lo, hi in kept:
                for evals in (False, True):
                    guessing = simulate.Guessing(simulate.ESTIMATE, evals)      # eval's, or the voice's
                    e = simulate._estimate([list(h) for h in hands], simulate.Play(strain, seat, (50,)), guessing)
                    game[evals].append(e - hi if e > hi else lo - e if e < lo else 0)
                    wrong[evals] += sum(1 for t in range(50, 160, 10)
                                        if (hi <= 157 - t) != (e <= 157 - t) and (lo > 157 - t or hi <= 157 - t))
            assert sum(game[True]) <= sum(game[False]), (name, strain, game)
            for evals in off:
                off[evals] += game[evals]
    assert sum(off[True]) < sum(off[False]) and wrong[True] < wrong[False], (sum(off[True]), sum(off[False]), wrong)


def test_eval_alone_lets_a_misere_s_estimate_search_on():
    # `tutor eval --samples 100` (its nodes below EVAL_FROM a deal: the estimate by kind) takes KIND_NODES_EVAL;
    # the voice's simulation (tutor bid: its CPU is the user's wait at every call) and eval --thorough do not
    from tutor.judgement import voice

    assert simulate.KIND_NODES_EVAL.get("Misère", 0) > simulate.KIND_NODES
    assert simulate.Simulation(samples=100, nodes=simulate.EVAL_NODES).eval_kinds
    assert not voice.simulation(samples=100).eval_kinds
    assert not simulate.Simulation(samples=100, nodes=simulate.EVAL_NODES * simulate.THOROUGH).eval_kinds
