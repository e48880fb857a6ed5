"""A deal's transposition table kept aside while other deals are solved (issue 21, round
five): solver.keep_tables, save_table, load_table. The simulation asks a deal, goes on to
the other deals, and comes back to it with a larger budget; the core keeps only the table
of the deal it solved last, so the probe its budget stopped was searched again from
nothing. The expected answers are the exact solver's on a fresh table; the savings are
counted in nodes, never in time."""
from __future__ import annotations

import os
import random

import pytest

from tutor.errors import TutorError
from tutor.play import solver
from tutor.play.deal import Deal, dumps
from tutor.play.rules import TRUMPS

needs_core = pytest.mark.skipif(solver._core is None, reason="the compiled core is not built here")
SHARED = solver.SHARED_TABLE


@pytest.fixture(autouse=True)
def _no_tables_kept_after(monkeypatch):
    # every table kept, also those of small searches (the default keeps a deal's table only
    # where its searches took KEEP_FROM_NODES: the small deals here would not be)
    monkeypatch.setattr(solver, "KEEP_FROM_NODES", 0)
    yield
    solver.keep_tables(0)


def _deals(seed: str, n: int, size: int = 8) -> list[Deal]:
    rng = random.Random(seed)
    return [Deal.random(rng, size, trump=TRUMPS[i % 6], misere=i % 5 == 4) for i in range(n)]


def _stopped(deal: Deal, target: int | None, budget: int) -> None:
    """A probe of ``deal`` that its node budget stops (the simulation's first pass)."""
    with pytest.raises(solver.SearchStopped):
        solver.solve(deal, target=target, best=False, max_nodes=budget, options=SHARED)


@needs_core
def test_a_probe_resumed_after_other_deals_gives_the_fresh_answer_in_fewer_nodes():
    solver.keep_tables(64 << 20)
    deals = _deals("resume", 6)
    others = _deals("in between", 1, size=6)
    fresh_nodes = resumed_nodes = restarted_nodes = 0
    for d in deals:
        fresh = solver.solve(d, target=50, best=False)
        if fresh.nodes < 20_000:
            continue          # nothing to stop
        for o in others:      # the core's table is another deal's now
            solver.solve(o, target=50, best=False, options=SHARED)
        _stopped(d, 50, fresh.nodes // 2)
        for o in others:
            solver.solve(o, target=50, best=False, options=SHARED)
        resumed = solver.solve(d, target=50, best=False, options=SHARED)
        assert resumed.reached == fresh.reached, dumps(d)
        fresh_nodes += fresh.nodes
        resumed_nodes += resumed.nodes
        # without the kept tables the same probe starts from nothing
        solver.keep_tables(0)
        for o in others:
            solver.solve(o, target=50, best=False, options=SHARED)
        _stopped(d, 50, fresh.nodes // 2)
        for o in others:
            solver.solve(o, target=50, best=False, options=SHARED)
        restarted_nodes += solver.solve(d, target=50, best=False, options=SHARED).nodes
        solver.keep_tables(64 << 20)
    assert fresh_nodes > 1_000_000          # the deals were worth stopping
    # the stopped half is not searched again (the two-trick and three-card tables are)
    assert resumed_nodes < 0.75 * restarted_nodes
    assert restarted_nodes > 0.9 * fresh_nodes


@needs_core
def test_the_exact_value_and_best_cards_from_a_kept_table_are_the_fresh_ones():
    solver.keep_tables(64 << 20)
    deals = _deals("exact from kept", 12, size=7)
    want = {d: solver.solve(d) for d in deals}
    value_nodes = {d: solver.solve(d, best=False).nodes for d in deals}
    solver.solve(_deals("in between", 1)[0])    # the core's table another deal's
    for d in deals:
        if value_nodes[d] > 2000:
            _stopped(d, None, value_nodes[d] // 3)
    for d in deals:     # each comes back after all the others
        s = solver.solve(d, options=SHARED)
        assert (s.points, s.best) == (want[d].points, want[d].best), dumps(d)
        for t in (40, 60):
            assert solver.solve(d, target=t, options=SHARED).reached == \
                solver.solve(d, target=t, options=solver.NO_TABLE).reached, (dumps(d), t)


@needs_core
def test_the_kept_tables_stay_within_their_bytes():
    limit = 120_000
    solver.keep_tables(limit)
    sizes = []
    for d in _deals("bounded", 16):
        try:
            solver.solve(d, target=50, best=False, max_nodes=200_000, options=SHARED)
        except solver.SearchStopped:
            pass
        kept = solver.kept_tables()
        assert kept["bytes"] <= limit and kept["limit"] == limit
        sizes.append(kept["bytes"])
    assert max(sizes) > limit // 2          # it did keep tables, the oldest given up
    # one table takes at most a quarter of the bytes: the entries of the costliest searches
    d = _deals("bounded", 1)[0]
    saved = solver.save_table(d, max_bytes=limit // 4)
    assert saved is None or len(saved) <= limit // 4
    solver.keep_tables(0)
    assert solver.kept_tables() == {"deals": 0, "bytes": 0, "limit": 0, "shared": False}


@needs_core
def test_a_part_of_a_table_still_gives_the_fresh_answers():
    # save_table with max_bytes keeps the entries of the costliest searches only: fewer
    # bounds, the same answers
    d = _deals("part", 1, size=7)[0]
    want = solver.solve(d)
    solver.solve(d, target=want.points[d.declaring_team] + 1, best=False)
    part = solver.save_table(d, max_bytes=2000)
    assert part is not None and len(part) <= 2000
    for o in _deals("other", 2, size=7):
        solver.solve(o)
    assert 0 < solver.load_table(d, part) <= 2000 // 32      # an entry: 32 bytes
    s = solver.solve(d, options=SHARED)
    assert (s.points, s.best) == (want.points, want.best)


@needs_core
def test_a_saved_table_carried_to_another_process_resumes_there():
    # what a pool's worker would do: the table saved after the stopped probe, carried as
    # bytes, loaded where the deal is asked again (here the same process, keeping off)
    d = next(x for x in _deals("carry", 10) if solver.solve(x, target=50, best=False).nodes > 200_000)
    fresh = solver.solve(d, target=50, best=False)
    for o in _deals("in between", 2, size=6):
        solver.solve(o, target=50, best=False, options=SHARED)
    _stopped(d, 50, fresh.nodes // 2)
    saved = solver.save_table(d)
    assert saved is not None
    for o in _deals("in between", 2, size=6):
        solver.solve(o, target=50, best=False, options=SHARED)
    assert solver.save_table(d) is None         # the core holds another deal's table now
    assert solver.load_table(d, saved) > 0
    resumed = solver.solve(d, target=50, best=False, options=SHARED)
    assert resumed.reached == fresh.reached
    assert resumed.nodes < 0.8 * fresh.nodes


@needs_core
def test_a_table_is_refused_for_another_deal_or_options():
    a, b = _deals("refuse", 2, size=6)
    solver.solve(a, options=SHARED)
    saved = solver.save_table(a)
    assert saved is not None
    with pytest.raises(ValueError):
        solver.load_table(b, saved)
    with pytest.raises(ValueError):
        solver.load_table(a, saved, options=solver.NO_EQUIVALENCE)
    with pytest.raises(ValueError):
        solver.load_table(a, saved[:-1])
    with pytest.raises(ValueError):
        solver.load_table(a, b"not a table")
    assert solver.save_table(a, options=solver.NO_EQUIVALENCE) is None   # solved with other options
    # a bracket with the tables kept: the same answers as each target asked alone
    solver.keep_tables(1 << 20)
    for d in _deals("bracket kept", 6, size=7):
        solver.forget_answers()
        try:
            solver.bracket(d, range(0, 130, 10), max_nodes=3000)
        except solver.SearchStopped:
            pytest.fail("bracket returns when its budget runs out")
    for d in _deals("bracket kept", 6, size=7):
        solver.forget_answers()
        b = solver.bracket(d, range(0, 130, 10))
        for t in range(0, 130, 10):
            assert b.reached[t] == solver.solve(d, target=t, best=False, options=solver.NO_TABLE).reached


def test_without_the_core_nothing_is_kept(monkeypatch):
    monkeypatch.setattr(solver, "_core", None)
    solver.keep_tables(1 << 20)
    assert solver.kept_tables()["limit"] == 0
    d = _deals("no core", 1, size=4)[0]
    assert solver.save_table(d) is None
    with pytest.raises(TutorError):
        solver.load_table(d, b"")
    assert solver.solve(d).engine == "python"


def _stop_in_child(deal: Deal, budget: int) -> None:
    """In a forked process: the probe its budget stops, then another deal (the worker goes on)."""
    try:
        solver.solve(deal, target=50, best=False, max_nodes=budget, options=SHARED)
    except solver.SearchStopped:
        pass
    solver.solve(_deals("in between", 1, size=6)[0], target=50, best=False, options=SHARED)


@needs_core
def test_shared_tables_let_a_forked_worker_resume_what_another_stopped():
    # a fork pool's two workers: a deal's next pass may run in the other one
    import multiprocessing

    solver.keep_tables(8 << 20, shared=True)
    assert solver.kept_tables()["shared"]
    d = next(x for x in _deals("carry", 10) if solver.solve(x, target=50, best=False).nodes > 200_000)
    fresh = solver.solve(d, target=50, best=False)
    solver.solve(_deals("in between", 1, size=6)[0], target=50, best=False, options=SHARED)
    child = multiprocessing.get_context("fork").Process(target=_stop_in_child, args=(d, fresh.nodes // 2))
    child.start()
    child.join()
    assert child.exitcode == 0
    assert solver.kept_tables()["deals"] >= 1         # the child's table, as a file
    resumed = solver.solve(d, target=50, best=False, options=SHARED)
    assert resumed.reached == fresh.reached
    assert resumed.nodes < 0.8 * fresh.nodes
    # within the bytes, across processes; the folder goes with the keeping
    solver.keep_tables(60_000, shared=True)
    for x in _deals("bounded", 8):
        try:
            solver.solve(x, target=50, best=False, max_nodes=100_000, options=SHARED)
        except solver.SearchStopped:
            pass
        assert solver.kept_tables()["bytes"] <= 60_000
    folder = solver._kept.folder
    solver.keep_tables(0)
    assert not os.path.exists(folder)


@needs_core
def test_the_tables_of_small_searches_are_not_kept(monkeypatch):
    # saving and loading a table costs more than searching a few thousand nodes again
    monkeypatch.setattr(solver, "KEEP_FROM_NODES", 50_000)
    solver.keep_tables(1 << 20)
    small = [d for d in _deals("small", 12, size=5)]
    for d in small:
        assert solver.solve(d, target=40, best=False, options=SHARED).nodes < 50_000
    assert solver.kept_tables()["deals"] == 0
    big = next(x for x in _deals("carry", 10) if solver.solve(x, target=50, best=False).nodes > 200_000)
    solver.solve(small[0], options=SHARED)     # the core's table another deal's
    _stopped(big, 50, 100_000)
    solver.solve(small[1], options=SHARED)
    assert solver.kept_tables()["deals"] == 1


# A fresh process: the core's table grows with the search (tt_grow) only where the process
# has not used a larger part before, so the solve that grows it runs there.
_GROWN = """
import random, sys
from tutor.play import solver
from tutor.play.deal import Deal
from tutor.play.rules import TRUMPS
i, options = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random("resume")
d = [Deal.random(rng, 8, trump=TRUMPS[j % 6], misere=j % 5 == 4) for j in range(i + 1)][i]
s = solver.solve(d, target=50, best=False, options=options)
print(s.nodes, len(solver.save_table(d, options=options)))
"""


@needs_core
def test_a_table_grown_during_its_search_is_saved_whole():
    # the table moves its entries to a larger part as the search fills it: the saved table
    # holds them all, as many as where the whole part was there from the start (WHOLE_TABLE)
    import subprocess
    import sys

    i = next(j for j, d in enumerate(_deals("resume", 8)) if solver.solve(d, target=50, best=False).nodes > 1_500_000)
    run = [subprocess.run([sys.executable, "-c", _GROWN, str(i), str(opt)], capture_output=True, text=True,
                          check=True).stdout.split() for opt in (0, solver.WHOLE_TABLE)]
    (grown_nodes, grown), (whole_nodes, whole) = [(int(a), int(b)) for a, b in run]
    assert whole > 16_384 * 32            # more entries than the first part's quarter: it grew
    assert grown >= 0.95 * whole and abs(grown_nodes - whole_nodes) < 0.02 * whole_nodes


_KEEPER = """
import sys
from tutor.play import solver
solver.keep_tables(1 << 20, shared=True)
print(solver._kept.folder, flush=True)
sys.stdin.read()          # until the test ends it
"""


@needs_core
def test_the_folder_of_a_killed_process_goes_with_the_next_keep_tables():
    # a process killed by SIGKILL cannot remove its shared folder (in memory under /dev/shm
    # until the next reboot): the next keep_tables of any process does, while the folder of a
    # live process stays
    import signal
    import subprocess
    import sys

    killed = subprocess.Popen([sys.executable, "-c", _KEEPER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    live = subprocess.Popen([sys.executable, "-c", _KEEPER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        dead_folder, live_folder = killed.stdout.readline().strip(), live.stdout.readline().strip()
        assert os.path.isdir(dead_folder) and os.path.isdir(live_folder)
        assert str(killed.pid) in os.path.basename(dead_folder)
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        assert os.path.isdir(dead_folder)          # left behind
        solver.keep_tables(1 << 20, shared=True)
        mine = solver._kept.folder
        assert not os.path.exists(dead_folder)
        assert os.path.isdir(live_folder) and os.path.isdir(mine)
        solver.keep_tables(0)                      # its own folder goes with the keeping
        assert not os.path.exists(mine) and os.path.isdir(live_folder)
    finally:
        for p in (killed, live):
            if p.poll() is None:
                p.stdin.close()
                p.wait()
    assert not os.path.exists(live_folder)        # a process that ends removes its own


_SAME_NODES = """
import sys
from tutor.play import solver
from tutor.play.deal import loads
d = loads(open(sys.argv[1]).read())
own = solver.OWN_TABLE_PART
print(solver.solve(d, target=80, best=False, options=own).nodes)
solver.load_table(d, open(sys.argv[2], "rb").read(), options=own)
print(solver.solve(d, target=80, best=False, options=own | solver.SHARED_TABLE).nodes)
"""


@needs_core
def test_own_table_part_searches_the_same_nodes_in_every_process(tmp_path):
    # the part of the core's table a solve starts with depends on what the process solved
    # before (a pool's worker and the order of its deals), and where its entries fall on that:
    # OWN_TABLE_PART starts a solve, and a loaded table, at a part that depends on the deal
    # alone, so a fresh process and one that searched the whole table count the same nodes
    own = solver.OWN_TABLE_PART
    rng = random.Random("own part")
    d = [Deal.random(rng, 9, trump=TRUMPS[i % 4]) for i in range(8)][7]     # a probe of 5.5 M nodes
    with pytest.raises(solver.SearchStopped):
        solver.solve(d, target=80, best=False, max_nodes=2_000_000, options=own)
    saved = solver.save_table(d, options=own)
    assert saved
    (tmp_path / "deal").write_text(dumps(d), encoding="utf-8")
    (tmp_path / "table").write_bytes(saved)
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _SAME_NODES, str(tmp_path / "deal"), str(tmp_path / "table")],
                         capture_output=True, text=True, check=True).stdout.split()
    # this process: its table's part the whole of it (a search of another deal over all of it)
    solver.solve(_deals("whole", 1, size=9)[0], target=79, best=False, options=solver.WHOLE_TABLE)
    fresh = solver.solve(d, target=80, best=False, options=own)
    assert fresh.nodes > 3_000_000          # enough entries that some meet in a bucket
    solver.load_table(d, saved, options=own)
    resumed = solver.solve(d, target=80, best=False, options=own | SHARED)
    assert [str(fresh.nodes), str(resumed.nodes)] == out
    assert resumed.reached == fresh.reached and resumed.nodes < fresh.nodes


_PAGES = """
import random, sys
from tutor.play import solver
from tutor.play.deal import Deal
from tutor.play.rules import TRUMPS
opt = int(sys.argv[1])
rng = random.Random("small pages")
for i, size in enumerate((4, 7, 8, 5, 7)):
    d = Deal.random(rng, size, trump=TRUMPS[i % 6], misere=i == 3)
    s = solver.solve(d, options=opt)
    b = solver.bracket(d, [40, 60, 80, 100], options=opt)
    print(s.points, sorted(map(str, s.best)), s.nodes, b.lo, b.hi, b.nodes)
"""


@needs_core
def test_the_small_tables_in_huge_pages_give_the_same_answers_and_nodes():
    # from its first solve of seven cards a hand or more a process keeps the core's small tables
    # (the three-card table, the inner table, the two-trick cache) in huge pages (issue 21,
    # round sixteen): a memory layout only, so every answer and node count is the one of a
    # process that keeps them in 4 kB pages (SMALL_PAGES), before the move and after it
    import subprocess
    import sys

    out = [subprocess.run([sys.executable, "-c", _PAGES, str(opt)], capture_output=True, text=True,
                          check=True).stdout for opt in (0, solver.SMALL_PAGES)]
    assert out[0] == out[1] and len(out[0].splitlines()) == 5
