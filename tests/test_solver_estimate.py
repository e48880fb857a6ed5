"""The estimate of a deal's exact value from a forward-pruned search (issue 26):
solver.estimate. Without pruning it is the exact value (plain minimax written in
tests/test_solver.py, the reference, the core's exact solve); with pruning it is one game
whatever was solved before (the same value and nodes every time, in any process), and its
table never mixes with the exact searches' (an exact solve after it is the solve alone)."""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

from test_solver import perfect
from tutor.errors import TutorError
from tutor.play import solver
from tutor.play.deal import Deal, dumps, loads
from tutor.play.rules import TRUMPS

needs_core = pytest.mark.skipif(solver._core is None, reason="the compiled core is not built here")
SHARED = solver.SHARED_TABLE
ALL = 9     # no player has more legal cards than this: nothing pruned


def _deals(seed: str, n: int, size: int) -> list[Deal]:
    rng = random.Random(seed)
    return [Deal.random(rng, size, trump=TRUMPS[i % 6], misere=i % 5 == 4) for i in range(n)]


@needs_core
@pytest.mark.parametrize("size, n", [(2, 30), (3, 24), (4, 6)])
def test_without_pruning_the_estimate_is_plain_minimax(size, n):
    for d in _deals(f"estimate minimax {size}", n, size):
        want = perfect(d)[d.declaring_team]
        assert solver.estimate(d, ALL, exact_last=0) == want, dumps(d)
        # the last tricks exact: nothing left to prune, whatever k
        assert solver.estimate(d, 1, exact_last=size) == want, dumps(d)


@needs_core
def test_without_pruning_the_estimate_is_the_reference_s_exact_value():
    for d in _deals("estimate reference", 12, 5):
        want = solver.solve(d, engine="python", best=False).points[d.declaring_team]
        assert solver.estimate(d, ALL, exact_last=0) == want, dumps(d)
        assert solver.estimate(d, 2, follow_k=1, exact_last=5) == want, dumps(d)


@needs_core
def test_without_pruning_the_estimate_of_larger_deals_is_the_core_s_exact_value():
    for d in _deals("estimate exact 7", 12, 7):
        want = solver.solve(d, best=False).points[d.declaring_team]
        assert solver.estimate(d, ALL, exact_last=0) == want, dumps(d)


@needs_core
def test_pruning_searches_less_than_the_exact_value_on_full_deals():
    deals = _deals("estimate cost", 4, 8)
    exact = sum(solver.solve(d, best=False).nodes for d in deals)
    pruned = [solver.estimate_nodes(d, 2) for d in deals]
    assert all(v is not None for v, _ in pruned)
    assert all(0 <= v <= 157 for v, _ in pruned)
    assert sum(n for _, n in pruned) < exact / 5


@needs_core
def test_k_prunes_the_leads_and_follow_k_the_followers_cards():
    deals = _deals("estimate prunes", 8, 7)
    full = sum(solver.estimate_nodes(d, ALL, exact_last=0)[1] for d in deals)
    leads = sum(solver.estimate_nodes(d, 1, follow_k=ALL, exact_last=0)[1] for d in deals)
    follows = sum(solver.estimate_nodes(d, ALL, follow_k=1, exact_last=0)[1] for d in deals)
    assert leads < full / 3 and follows < full / 3
    # exact_last: the last tricks searched whole, so more nodes than pruning them too
    assert sum(solver.estimate_nodes(d, 1, exact_last=5)[1] for d in deals) > \
        sum(solver.estimate_nodes(d, 1, exact_last=4)[1] for d in deals)


def _other_work() -> None:
    """Solves of other deals, exact and estimated, with and without a shared table."""
    for d in _deals("estimate other work", 4, 8):
        solver.solve(d, best=False, options=SHARED)
        solver.solve(d, target=60, best=False, options=SHARED)
        solver.estimate(d, 3, follow_k=2, exact_last=3)
    solver.bracket(_deals("estimate other bracket", 1, 9)[0], [60, 80, 100], max_nodes=2_000_000)


@needs_core
def test_the_same_deal_gives_the_same_estimate_every_time_and_after_other_solves():
    deals = _deals("estimate same", 6, 9)
    first = [solver.estimate_nodes(d, 2, exact_last=4) for d in deals]
    _other_work()
    again = [solver.estimate_nodes(d, 2, exact_last=4) for d in deals]
    assert again == first
    # the exact solve of the deal itself before the estimate (its table the core's) changes nothing
    for d, want in zip(deals, first):
        try:
            solver.solve(d, target=80, best=False, max_nodes=300_000, options=SHARED)
        except solver.SearchStopped:
            pass
        assert solver.estimate_nodes(d, 2, exact_last=4) == want, dumps(d)


_FRESH = """
import sys
from tutor.play import solver
from tutor.play.deal import loads
d = loads(sys.stdin.read())
print(*solver.estimate_nodes(d, 2, exact_last=4), *solver.estimate_nodes(d, 3, exact_last=3))
"""


@needs_core
def test_a_fresh_process_gives_the_same_estimate():
    # a process that searched much before uses more of the core's table from the start; the
    # estimate (one of millions of nodes too, whose entries meet in the table's buckets) not
    d = _deals("estimate process", 4, 9)[3]
    _other_work()
    solver.solve(d, target=80, best=False)
    here = (*solver.estimate_nodes(d, 2, exact_last=4), *solver.estimate_nodes(d, 3, exact_last=3))
    assert here[3] > 1_000_000
    out = subprocess.run([sys.executable, "-c", _FRESH], input=dumps(d), capture_output=True, text=True, check=True)
    assert tuple(int(x) for x in out.stdout.split()) == here


@needs_core
def test_an_exact_solve_after_an_estimate_is_the_solve_alone():
    # six cards a hand: the part of the table a solve uses does not depend on the solves before
    for d in _deals("estimate then exact", 18, 6):
        alone = solver.solve(d)
        alone_t = solver.solve(d, target=40, best=False)
        solver.estimate(d, 1, exact_last=0)
        # SHARED_TABLE: the core would go on from the table of its last solve of this deal
        after = solver.solve(d, options=SHARED)
        assert (after.points, after.best, after.nodes) == (alone.points, alone.best, alone.nodes), dumps(d)
        solver.estimate(d, 2, exact_last=3)
        after_t = solver.solve(d, target=40, best=False, options=SHARED)
        assert (after_t.reached, after_t.nodes) == (alone_t.reached, alone_t.nodes), dumps(d)


@needs_core
def test_the_core_refuses_a_pruned_table_for_an_exact_solve():
    # the core itself (not only solver.estimate) keeps a pruned search's table from an exact
    # solve that asks for the last solve's table (SHARED_TABLE)
    for d in _deals("estimate core table", 10, 6):
        alone = solver.solve(d, best=False)
        args = solver._core_args(d)
        solver._core.solve(*args, -1, False, 0, 0.0, SHARED, 1, 1, 0)
        value, _best, nodes, _stop = solver._core.solve(*args, -1, False, 0, 0.0, SHARED)
        assert (value, nodes) == (alone.points[d.declaring_team], alone.nodes), dumps(d)
        # nor an estimate with other pruning the table of this one
        once = solver._core.solve(*args, -1, False, 0, 0.0, 0, 2, 2, 0)
        solver._core.solve(*args, -1, False, 0, 0.0, SHARED, 1, 1, 0)
        assert solver._core.solve(*args, -1, False, 0, 0.0, SHARED, 2, 2, 0) == once, dumps(d)


@needs_core
def test_the_budget_gives_none():
    d = _deals("estimate budget", 1, 9)[0]
    assert solver.estimate(d, ALL, exact_last=0, max_nodes=5_000) is None
    value, nodes = solver.estimate_nodes(d, ALL, exact_last=0, max_nodes=5_000)
    assert value is None and nodes >= 5_000
    # within its budget it answers
    v, n = solver.estimate_nodes(d, 2)
    assert solver.estimate(d, 2, max_nodes=n + 1) == v


@needs_core
def test_a_kept_table_survives_an_estimate(monkeypatch):
    monkeypatch.setattr(solver, "KEEP_FROM_NODES", 0)
    solver.keep_tables(64 << 20)
    try:
        # a deal whose probe is worth stopping
        d, fresh = next((d, f) for d in _deals("estimate kept", 20, 9)
                        if (f := solver.solve(d, target=60, best=False)).nodes > 200_000)
        solver.solve(_deals("estimate kept between", 1, 6)[0], best=False)    # the core's table another deal's
        with pytest.raises(solver.SearchStopped):
            solver.solve(d, target=60, best=False, max_nodes=fresh.nodes // 2, options=SHARED)
        solver.estimate(_deals("estimate kept other", 1, 9)[0], 2)
        assert solver.kept_tables()["deals"] == 1      # the stopped probe's table kept
        resumed = solver.solve(d, target=60, best=False, options=SHARED)
        assert resumed.reached == fresh.reached
        assert resumed.nodes < fresh.nodes
    finally:
        solver.keep_tables(0)


def test_bad_arguments_and_no_core(monkeypatch):
    d = loads("trump: Eichel\nleader: A\nhands: {A: 'Eichel:U Rosen:6', B: 'Eichel:9 Rosen:A', "
              "C: 'Rosen:K Schilten:6', D: 'Rosen:B Schilten:A'}")
    if solver._core is not None:
        for kw in ({"k": 0}, {"follow_k": 0}, {"exact_last": -1}):
            with pytest.raises(ValueError):
                solver.estimate(d, **{"k": 2, **kw})
        # the two-card deal of tests/test_solver.py (48 for AC, derived by hand): the last
        # three tricks are always searched exactly
        assert solver.estimate(d, 1, exact_last=0) == 48
    monkeypatch.setattr(solver, "_core", None)
    with pytest.raises(TutorError):
        solver.estimate(d)
