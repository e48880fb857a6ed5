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
    # a game the position does not play: nothing to ask
    assert sim.finish(ev, [("Rosen", "C", 100)], NODES) is ev
