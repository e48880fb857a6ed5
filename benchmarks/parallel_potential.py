"""What two cores could buy the exact value and the Zehner bracket of one deal (issue 21,
round six), measured before building: every zero-window probe's nodes from an empty
table (memoised per deal and threshold), then the drivers replayed on those costs, one
worker (as the core's driver: down from the top in steps of 4, 8, 16, 16, ..., then
bisection; the bracket from the top one Zehner at a time) and two workers (two probes at
once; a probe whose answer the other's bound makes moot is dropped at once). Time is in
nodes: the wall clock of two workers is the longer of the two, the CPU the sum.

    nice .venv/bin/python benchmarks/parallel_potential.py --kinds Eichel,Rosen --deals 10
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.cards import LAST_TRICK  # noqa: E402
from tutor.play import solver  # noqa: E402
from tutor.play.deal import Deal  # noqa: E402
from tutor.play.rules import TRUMPS, points  # noqa: E402

ZEHNER = (60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 157)


class Probes:
    """probe(x) -> (g, nodes): "at least x?" from an empty table, its fail-soft bound g."""

    def __init__(self, deal: Deal, cap: int) -> None:
        self.deal, self.cap, self.memo = deal, cap, {}
        self.args = solver._core_args(deal)
        self.spent = 0

    def __call__(self, x: int) -> tuple[int, int]:
        if x not in self.memo:
            g, _b, n, stop = solver._core.solve(*self.args, x, False, self.cap, 0.0, solver.OWN_TABLE_PART)
            self.spent += n
            if stop:
                raise OverflowError(x)
            self.memo[x] = (g, n)
        return self.memo[x]


def serial_exact(probe, R: int) -> tuple[int, int, int]:
    lo, hi, step, cost, k = 0, R, 4, 0, 0
    while lo < hi:
        x = hi - step
        if x <= lo:
            break
        g, n = probe(x)
        cost += n; k += 1
        if g >= x:
            lo = g
            break
        hi = g
        if step < 16:
            step *= 2
    while lo < hi:
        x = (lo + hi + 1) // 2
        g, n = probe(x)
        cost += n; k += 1
        if g >= x:
            lo = g
        else:
            hi = g
    return lo, cost, k


def simulate(probe, lo: int, hi: int, choose, workers: int = 2) -> tuple[int, int, int, int]:
    """An event-driven replay: each free worker takes choose(lo, hi, in_flight, state); a
    probe that ends narrows [lo, hi]; a probe in flight whose x the bound decides is dropped
    (its nodes so far counted as CPU). Returns (lo, wall nodes, CPU nodes, probes)."""
    now = cpu = started = 0
    flight: dict[int, tuple[int, int]] = {}      # x -> (start time, its nodes)
    state: dict = {"descent": True, "step": 4, "top": hi}
    while lo < hi or flight:
        while len(flight) < workers and lo < hi:
            x = choose(lo, hi, set(flight), state)
            if x is None:
                break
            flight[x] = (now, probe(x)[1])
            started += 1
        if not flight:
            break
        x, (t0, n) = min(flight.items(), key=lambda kv: kv[1][0] + kv[1][1])
        now = t0 + n
        cpu += n
        del flight[x]
        g = probe(x)[0]
        if g >= x:
            lo = max(lo, g)
            state["descent"] = False
        else:
            hi = min(hi, g)
        for y in list(flight):
            if y <= lo or y > hi:       # decided: dropped
                cpu += now - flight[y][0]
                del flight[y]
    return lo, now, cpu, started


def choose_exact(lo, hi, flight, state):
    if state["descent"]:
        # down from the top in steps of 4, 8, 16, 16, ...: the next one not yet asked
        # the probes of the descent in order: top-4, top-12, top-28, top-44, ...
        seq, s, y = [], 4, state["top"]
        while y - s > lo:
            y -= s
            seq.append(y)
            s = min(16, 2 * s)
        for y in seq:
            if y <= hi and y not in flight and y > lo:
                if not any(f < y for f in flight) or y < min(flight):
                    return y
        return None
    # bisection of the largest part of [lo, hi] that the probes in flight leave open
    cuts = sorted(f for f in flight if lo < f <= hi)
    parts, a = [], lo
    for f in cuts:
        parts.append((a, f - 1))
        a = f
    parts.append((a, hi))
    a, b = max(parts, key=lambda p: p[1] - p[0])
    if b <= a:
        return None
    x = (a + b + 1) // 2
    return x if x not in flight else None


def choose_bracket(targets):
    def choose(lo, hi, flight, state):
        open_ = [t for t in targets if lo < t <= hi and t not in flight]
        if not open_:
            return None
        below = [t for t in open_ if not flight or t < min(flight)]
        return (below or open_)[-1]
    return choose


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kinds", default="Eichel,Rosen")
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--cap", type=int, default=120_000_000, help="nodes a probe may take")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--bracket-only", action="store_true")
    a = ap.parse_args()
    rows = []
    for trump in TRUMPS:
        if str(trump) not in a.kinds.split(","):
            continue
        rng = random.Random(f"2026 {trump}")
        deals = [Deal.random(rng, 9, trump=trump) for _ in range(a.first + a.deals)][a.first:]
        for i, d in enumerate(deals, a.first):
            R = sum(points(c, d.trump) for h in d.hands for c in h) + LAST_TRICK
            probe = Probes(d, a.cap)
            c0 = time.process_time()
            try:
                if a.bracket_only:
                    core = solver.bracket(d, ZEHNER, options=solver.OWN_TABLE_PART)
                    v = (core.lo, core.hi)
                    cost = k = wall2 = cpu2 = k2 = 0
                else:
                    core = solver.solve(d, best=False, options=solver.OWN_TABLE_PART)
                    v, cost, k = serial_exact(probe, R)
                    assert v == core.points[d.declaring_team], (v, core.points)
                    v2, wall2, cpu2, k2 = simulate(probe, 0, R, choose_exact)
                    assert v2 == v
                targets = [t for t in ZEHNER]
                _, bw1, bc1, bk1 = simulate(probe, 0, R, choose_bracket(targets), workers=1)
                _, bw2, bc2, bk2 = simulate(probe, 0, R, choose_bracket(targets), workers=2)
            except OverflowError as e:
                print(f"{trump} {i}: a probe over the cap at {e}", flush=True)
                continue
            row = dict(kind=str(trump), deal=i, value=v, core=core.nodes, serial=cost, probes=k,
                       wall2=wall2, cpu2=cpu2, probes2=k2, bracket1=bw1, bracket2_wall=bw2, bracket2_cpu=bc2,
                       spent=probe.spent, cpu=round(time.process_time() - c0, 2))
            rows.append(row)
            print(json.dumps(row), flush=True)
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1))
    for key in ("core", "serial", "wall2", "cpu2", "bracket1", "bracket2_wall", "bracket2_cpu"):
        print(key, sum(r[key] for r in rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
