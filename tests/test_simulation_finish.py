"""The chances an answer prints get the nodes to finish their deals (issue 26, QA s36 Q5):
after the decision, :meth:`Simulation.finish` asks the deals the decision's searches left open
at the printed contracts' numbers again. What it proves is exact play's, it asks nothing else,
it stays within its nodes, and it answers the same with any number of workers."""
import pytest

from tutor.judgement import simulation as simulate
from tutor.play.deal import Deal
from tutor.play.rules import parse_strain
from tutor.play.solver import solve
from tutor.rules import load

exact = pytest.mark.needs_core

# QA s33 Q1: B with a single Eichel after A's 60 Eichel; the answer prints B's 70 Eichel and A's
# standing 60 Eichel ("Our 60 Eichel is made in ..."), and the decision's 100,000 nodes a deal
# leave most of these deals open at those numbers
Q1 = ("Eichel:8 Schellen:9O8 Rosen:AK7 Schilten:A6", "60 Eichel")
TARGETS = [("Eichel", "B", 70), ("Eichel", "A", 60)]
NODES = 6_000_000


def _evaluated(workers: int = 1):
    sim = simulate.Simulation(samples=20, seed=1, workers=workers, early_stop=False, every_zehner=True,
                              rest_games=False, nodes=2_000_000)
    return sim, simulate.evaluate(*Q1, load("verband"), simulation=sim)


@exact
def test_what_the_finishing_proves_is_exact_play_s_and_it_asks_nothing_else():
    sim, ev = _evaluated()
    done = sim.finish(ev, TARGETS, NODES)
    assert done.finish_asked > 0 and done.finished > 0
    # within its nodes
    assert 0 < done.nodes - ev.nodes <= NODES
    asked = {ev.games.index((strain, declarer)): t for strain, declarer, t in TARGETS}
    moved = 0
    for d, hands in enumerate(ev.deals):
        for i, (before, after) in enumerate(zip(ev.judged[d], done.judged[d])):
            if i not in asked:
                assert after == before      # no other game asked
                continue
            if (before.lo, before.hi) == (after.lo, after.hi):
                continue
            moved += 1
            assert before.lo <= after.lo and after.hi <= before.hi
            strain, declarer = ev.games[i]
            trump, misere = parse_strain(strain)
            deal = Deal(tuple(hands[x] for x in "ABCD"), trump, declarer, declarer, misere)
            # the solver alone: does the declaring team reach the printed number on this deal?
            t = asked[i]
            reached = solve(deal, target=t, best=False, max_nodes=50_000_000).reached
            if after.lo >= t:
                assert reached, (d, strain, declarer, after)
            if after.hi < t:
                assert not reached, (d, strain, declarer, after)
            # and the numbers the answer prints follow the proof
            made = done.points[d][i] >= t
            if after.lo >= t or after.hi < t:
                assert made == reached
    assert moved > 0


@exact
def test_the_finishing_answers_the_same_with_one_worker_or_two():
    sim1, ev1 = _evaluated(1)
    sim2, ev2 = _evaluated(2)
    a, b = sim1.finish(ev1, TARGETS, NODES), sim2.finish(ev2, TARGETS, NODES)
    assert a.points == b.points and a.contracts == b.contracts and a.nodes == b.nodes


@exact
def test_without_nodes_or_open_deals_the_finishing_changes_nothing():
    sim, ev = _evaluated()
    assert sim.finish(ev, TARGETS, 0) is ev
    # a game the position does not play: nothing to ask (which games it plays depends on the auctions
    # after the calls: since session 45 B's fort is bid out here and C may end in Rosen)
    game = next((strain, seat) for strain in ("Eichel", "Schellen", "Rosen", "Schilten") for seat in "ABCD"
                if (strain, seat) not in ev.games)
    assert sim.finish(ev, [(*game, 100)], NODES) is ev


def _kept(key_hands, strain: str, declarer: str):
    """Exact play's bounds on the declaring team's card points for one deal, kept by
    benchmarks/bench_exact_sim.py (solver.bracket alone): (lo, hi), None where not kept."""
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "exact_sim_answers.json"
    answers = _kept.cache = getattr(_kept, "cache", None) or json.loads(path.read_text())["answers"]
    e = answers.get("|".join(str(key_hands[x]) for x in "ABCD") + f"|{strain}|{declarer}")
    return None if e is None else (e[0], e[1])


@exact
@pytest.mark.parametrize("confidence, target", [(False, 130), (True, 130)])
def test_a_printed_chance_moves_to_exact_play_s_when_its_deals_are_finished(monkeypatch, confidence, target):
    """fuenfer-10 (D after «60 Rosen, 70 Schellen, 90 Rosen»): the answer names D's 130 Schellen
    beside its 95 Eichel. On the bench's 20 deals (the voice asked with seed 1 as bid asks it:
    100 deals, its nodes; the first 20 are the bench's) exact play makes 130 Schellen on none
    (kept answers, the solver's alone); the decision's numbers made it on 6 of them (0.30), the
    numbers after the finishing on 2 (benchmarks/README.md, "Twelfth session").

    That is the count's continuation as the bench measured it (count.CONFIDENCE_CONTROL off: A and
    C double D's 130 Schellen on their side Aces). With the rule on (session 41) they bid on in
    Rosen instead; until session 48 the deals valued D's Schellen bid by that bid over it, and exact
    play made 140 Schellen D's best bid (seed 1: -169.3 +- 29.5 a deal, 130 Schellen -205.5 +- 21.8).
    Since simulation.DOUBLE_OVER (session 48) the opponent who bids over D's bid where he could double
    it doubles it instead where that pays them more, and exact play, redone under that model (24
    fitting deals, the count bidding on after each call, every deal solved, 0 estimated), makes 130
    Schellen D's best Schellen bid again: seed 1 -205.9, 140 Schellen 8.2 +- 10.9 behind, 120
    Schellen 7.3 +- 12.0; seed 2 -200.2, 140 Schellen 16.0 +- 10.2 behind, 120 Schellen 5.9 +- 10.5
    (A bids 140 Rosen over the 130 on 14 and 12 of the 24 deals; doubling pays them more). So the
    answer names 130 Schellen with the rule on too."""
    from tutor import conventions
    from tutor.judgement import count, voice

    monkeypatch.setattr(count, "CONFIDENCE_CONTROL", confidence)

    hand, reader, seat, _r, truthful = conventions.position("Eichel:AK7 Schellen:O8 Rosen:B6 Schilten:O7",
                                                            "60 Rosen, 70 Schellen, 90 Rosen", load("verband"), None)
    s = reader.situation(seat)
    shown = {}
    saved = voice.FINISH_SHARE
    try:
        for share in (0, saved):
            voice.FINISH_SHARE = share
            voice.forget()
            ev = voice.evaluated(hand, s, truthful, None, voice.SAMPLES, 1, None, 1)
            j = voice.judge_by(ev, hand, s, truthful, None)
            assert ("Schellen", "D", target) in voice.printed_targets(ev, j, s)
            i = ev.games.index(("Schellen", "D"))
            exact_made, made = [], []
            for d, row in zip(ev.deals[:20], ev.points):
                lo, hi = _kept(d, "Schellen", "D")
                assert lo >= target or hi < target    # exact play decides each of them
                exact_made.append(lo >= target)
                made.append(row[i] >= target)
            shown[share] = sum(made) / 20
            assert sum(exact_made) == 0
    finally:
        voice.FINISH_SHARE = saved
        voice.forget()
    # within issue 26's 0.10 of exact play, and never further from it than before
    assert shown[saved] <= 0.10 and shown[saved] <= shown[0], shown
    if not confidence:
        assert shown[0] > 0.10, shown        # the finishing is what brought it there


def test_a_chance_resting_mostly_on_the_estimate_reads_about():
    # where more than half of a printed contract's deals are still open at its number the
    # chance is the estimate's (QA s36 Q5, P110: bid's 60 Eichel made on 0.85 of the bench's 20
    # deals where exact play makes 0.65, none of its deals finished): the words say "about";
    # where most were played out, the figure alone
    from types import SimpleNamespace

    from tutor.conventions import position
    from tutor.judgement import voice

    _h, reader, seat, _r, _t = position("Eichel:9K7 Rosen:K86 Schellen:A7 Schilten:O", "50 Eichel, 55 Rosen, fort, fort",
                                        load("verband"), None)
    s = reader.situation(seat)
    contracts = [{"contract": "60 Eichel", "p_make": 0.81, "made": 61}, {"contract": "70 Eichel", "p_make": 0.71,
                                                                          "made": 53}]

    def contract(text):
        return next((c for c in contracts if c["contract"] == text), None)

    def line(**more) -> str:
        ev = SimpleNamespace(samples=75, contracts=contracts, calls=[], estimated=0, contract=contract, **more)
        return voice.evidence_lines(ev, "60 Eichel", s, {})[0].text("en")

    about = "60 Eichel is made in about 61 of 75 deals that fit the auction; 70 in about 53."
    assert line(open_at={"60 Eichel": 75, "70 Eichel": 75}) == about
    assert line(open_at={"60 Eichel": 10, "70 Eichel": 40}) == about
    plain = "60 Eichel is made in 61 of 75 deals that fit the auction; 70 in 53."
    assert line(open_at={"60 Eichel": 37, "70 Eichel": 30}) == plain
    assert line() == plain        # an Evaluation that does not say (stored evidence): the figure
