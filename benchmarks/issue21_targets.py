"""Issue 21's targets, per deal: the bench's full trump deals (seed "2026 <kind>", nine cards a
hand, as `bench_solver.py`), and for each "reaches 79?", the Zehner bracket from the estimate
(`solver.bracket`'s default: the simulation's question) and the exact value (`solve()`, no best
cards), one JSON line a question and deal (nodes, CPU seconds of this process, the answer, the
load), so a long run can stop and go on (lines already written are skipped) and the tail (p99,
max) comes out of the lines, not of a summary.

    nice -n 10 .venv/bin/python benchmarks/issue21_targets.py run /tmp/t.jsonl --deals 100 --limit 20
    .venv/bin/python benchmarks/issue21_targets.py summary /tmp/t.jsonl

The run asks "reaches 79?" of every deal first, then the bracket and the exact value of deals 0-19
of every kind, then of deals 20-39, then the rest (a run stopped early is still even across the
kinds and questions). A question
over --limit CPU seconds counts as over (its time as the limit: the percentiles are then lower
bounds). CPU seconds depend on the load (a loaded machine slows the memory); nodes do not.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tutor.play import solver  # noqa: E402
from tutor.play.deal import Deal  # noqa: E402
from tutor.play.rules import TRUMPS  # noqa: E402
from bench_solver import ZEHNER, pct  # noqa: E402

TRUMP_SUITS = [t for t in TRUMPS if str(t) in ("Eichel", "Rosen", "Schellen", "Schilten")]
TARGETS = {"79": "median <= 0.005 s, p90 <= 0.05 s", "bracket": "median <= 0.02 s",
           "exact": "median <= 0.1 s, p99 <= 2 s, max <= 10 s"}


def run(path: Path, deals: int, limit: float, kinds: list[str], seed: int) -> None:
    done = set()
    if path.exists():
        for line in path.read_text().splitlines():
            r = json.loads(line)
            done.add((r["q"], r["kind"], r["i"]))
    solver.solve(Deal.random(random.Random(0), 9, trump=TRUMPS[0]), target=79)   # the table allocated
    sets = {}
    for trump in TRUMP_SUITS:
        if str(trump) in kinds:
            rng = random.Random(f"{seed} {trump}")
            sets[trump] = [Deal.random(rng, 9, trump=trump) for _ in range(deals)]
    order = [("79", t, i) for t in sets for i in range(deals)]
    order += [(q, t, i) for lo, hi in ((0, 20), (20, 40), (40, deals)) for q in ("bracket", "exact")
              for t in sets for i in range(lo, min(hi, deals))]
    with path.open("a") as f:
        for q, trump, i in order:
            if (q, str(trump), i) in done:
                continue
            d = sets[trump][i]
            solver.forget_answers()
            c0 = time.process_time()
            if q == "bracket":
                b = solver.bracket(d, ZEHNER, max_seconds=limit, options=solver.CPU_TIME)
                r = dict(nodes=b.nodes, over=b.stopped, lo=b.lo, hi=b.hi, probes=b.probes)
            else:
                try:
                    s = solver.solve(d, target=79 if q == "79" else None, max_seconds=limit, best=False,
                                     options=solver.CPU_TIME)
                    r = dict(nodes=s.nodes, over=False, value=s.points[d.declaring_team], reached=s.reached)
                except solver.SearchStopped:
                    r = dict(nodes=None, over=True, value=None)
            cpu = time.process_time() - c0
            r.update(q=q, kind=str(trump), i=i, cpu=round(limit if r["over"] else cpu, 4),
                     load=round(os.getloadavg()[0], 1))
            f.write(json.dumps(r) + "\n")
            f.flush()


def summary(path: Path) -> None:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    by = defaultdict(list)
    for r in rows:
        by[(r["q"], r["kind"])].append(r)
        by[(r["q"], "all four")].append(r)
    print("| question | kind | deals | CPU s median / p90 / p99 / max | over | nodes median / p90 / max | "
          "nodes per CPU s | load | target |\n|---|---|---|---|---|---|---|---|---|")
    for q in ("79", "bracket", "exact"):
        for kind in [str(t) for t in TRUMP_SUITS] + ["all four"]:
            v = by.get((q, kind))
            if not v:
                continue
            cpu = [r["cpu"] for r in v]
            nodes = [r["nodes"] for r in v if r["nodes"] is not None]
            fin = [r for r in v if not r["over"] and r["cpu"] > 0]
            rate = sum(r["nodes"] for r in fin) / sum(r["cpu"] for r in fin) if fin else 0
            loads = [r["load"] for r in v]
            print(f"| {q} | {kind} | {len(v)} | {statistics.median(cpu):.4f} / {pct(cpu, .9):.3f} / "
                  f"{pct(cpu, .99):.2f} / {max(cpu):.2f} | {sum(r['over'] for r in v)} | "
                  f"{int(statistics.median(nodes)):,} / {int(pct(nodes, .9)):,} / {max(nodes):,} | "
                  f"{rate / 1e6:.1f} M | {min(loads):.0f}-{max(loads):.0f} | {TARGETS[q]} |")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("run", "summary"))
    ap.add_argument("path", type=Path, help="the JSON lines file")
    ap.add_argument("--deals", type=int, default=100, help="deals a trump suit")
    ap.add_argument("--limit", type=float, default=20.0, help="CPU seconds a question")
    ap.add_argument("--kinds", default="Eichel,Rosen,Schellen,Schilten")
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    if a.what == "run":
        run(a.path, a.deals, a.limit, a.kinds.split(","), a.seed)
    else:
        summary(a.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
