#!/usr/bin/env python3
"""Benchmark: true bounds from searches pruned on one side only (solver.one_sided, issue 26)
on the deals where eval's chances are wrong.

Run: .venv/bin/python benchmarks/bench_one_sided.py --dump FOLDER [--nodes 1000000]
     [--configs "1:1:8,2:2:7,2:2:3,3:2:3"] [--over 0.10]
     .venv/bin/python benchmarks/bench_one_sided.py --gaps 40 [--nodes 3000000] [--configs ...]

FOLDER: a ``bench_exact_sim.py --dump`` folder (its pickles hold each position's deals, what
eval proved of them, the chances it showed and exact play's answers). For every contract eval
shows more than --over off exact play, every deal it places on the wrong side (made where
exact play fails it, or failed where exact play makes it) is one question: "does the declaring
team reach x?" (x the contract's number as the team's own card points). Each question is asked
(a) of the exact solver from an empty table within 2 x --nodes nodes, and within --nodes, and
(b) of a one-sided search of each configuration (k leads : follow_k cards : exact_last) within
--nodes, on the side exact play answers (a lower bound where the team reaches x, an upper bound
where it does not: the search that could prove the true answer). Printed: how many each
proves, their mean nodes, and how many the exact search of --nodes and a one-sided search of
--nodes prove together (against the exact search of twice the nodes). Every bound proved is
checked against exact play's answer (a bound on the wrong side would be a defect of the core).

--gaps N: how far the pruned games' values lie from exact play, on N full deals of
benchmarks/exact_sim_answers.json whose exact value is known to within a Zehner (lo..hi, the
deals shuffled with seed 7): per configuration the value of the game where only the declaring
side's moves are pruned (a lower bound) and where only the other side's are (an upper bound),
within --nodes each: how many finished, the median width of the two, the median distance of
the lower bound under lo and of the upper bound over hi, and the median nodes of each.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import pickle
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.cards import Hand  # noqa: E402
from tutor.play import solver  # noqa: E402
from tutor.play.deal import Deal  # noqa: E402
from tutor.play.rules import parse_strain  # noqa: E402


def questions(folder: str, over: float):
    """(position id, contract, deal, x, exact play reaches x) for every wrong deal of every
    contract shown more than ``over`` off exact play."""
    for f in sorted(glob.glob(str(Path(folder) / "*.pickle"))):
        d = pickle.load(open(f, "rb"))
        if "deals" not in d:
            raise SystemExit(f"{f}: no deals in the dump (dumped before bench_exact_sim stored them)")
        for (strain, seat, need), exact in zip(d["asked"], d["exact"]):
            if None in exact:
                continue
            gi = d["games"].index((strain, seat))
            trump, misere = parse_strain(strain)
            sim = [(157 - row[gi] if misere else row[gi]) >= need for row in d["points"]]
            if abs(sum(sim) - sum(exact)) / len(sim) <= over + 1e-9:
                continue
            x = 158 - need if misere else need      # the team's own points: at least x?
            for w, (shown, made) in enumerate(zip(sim, exact)):
                if shown == made:
                    continue
                hands = d["deals"][w]
                deal = Deal(tuple(hands[s] for s in "ABCD"), trump, seat, seat, misere)
                yield d["id"], f"{need} {strain} by {seat}", deal, x, (not made) if misere else made


def gaps(count: int, configs, n: int) -> None:
    """--gaps: the pruned games' values against exact play's bounds (see the module)."""
    answers = json.loads((ROOT / "benchmarks" / "exact_sim_answers.json").read_text())["answers"]
    items = [(key, v) for key, v in answers.items() if not v[2] and v[1] - v[0] < 10]
    random.Random(7).shuffle(items)
    for k, kf, m in configs:
        rows = []
        for key, (lo, hi, _stopped, _cap) in items[:count]:
            parts = key.split("|")
            trump, misere = parse_strain(parts[4])
            deal = Deal(tuple(Hand.parse(p) for p in parts[:4]), trump, parts[5], parts[5], misere)
            low, n1 = solver.one_sided(deal, None, lower=True, k=k, follow_k=kf, exact_last=m, max_nodes=n)
            high, n2 = solver.one_sided(deal, None, lower=False, k=k, follow_k=kf, exact_last=m, max_nodes=n)
            if (low is not None and low > hi) or (high is not None and high < lo):
                raise SystemExit(f"{key}: a bound crosses exact play's ({low}, {high} against {lo}..{hi})")
            rows.append((low, high, lo, hi, n1, n2))
        both = [r for r in rows if r[0] is not None and r[1] is not None]
        med = lambda xs: statistics.median(xs) if xs else float("nan")   # noqa: E731
        print(f"{k}:{kf}:{m}: finished lower {sum(r[0] is not None for r in rows)}, upper "
              f"{sum(r[1] is not None for r in rows)} of {len(rows)}; median width {med([r[1] - r[0] for r in both])}, "
              f"lower bound under lo {med([r[2] - r[0] for r in rows if r[0] is not None])}, upper bound over hi "
              f"{med([r[1] - r[3] for r in rows if r[1] is not None])}; median nodes {med([r[4] for r in rows]):,.0f} / "
              f"{med([r[5] for r in rows]):,.0f}", flush=True)
    print("load:", os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dump", default=None)
    ap.add_argument("--gaps", type=int, default=0)
    ap.add_argument("--nodes", type=int, default=1_000_000)
    ap.add_argument("--configs", default="1:1:8,2:2:7,2:2:3,3:2:3")
    ap.add_argument("--over", type=float, default=0.10)
    args = ap.parse_args()
    configs = [tuple(int(v) for v in c.split(":")) for c in args.configs.split(",")]
    n = args.nodes
    if args.gaps:
        return gaps(args.gaps, configs, n)
    if not args.dump:
        ap.error("--dump FOLDER or --gaps N")
    rows = []
    for pid, contract, deal, x, yes in questions(args.dump, args.over):
        r = solver._core.solve(*solver._core_args(deal), x, False, 2 * n, 0.0, solver.OWN_TABLE_PART)
        exact_nodes = None if r[3] else r[2]
        sided = []
        for k, kf, m in configs:
            bound, nodes = solver.one_sided(deal, x, lower=yes, k=k, follow_k=kf, exact_last=m, max_nodes=n)
            if bound is not None and (bound < x) == yes:
                raise SystemExit(f"{pid} {contract}: a one-sided bound on the wrong side ({bound}, x {x})")
            sided.append((bound is not None, nodes))
        rows.append((exact_nodes, sided))
        print(f"{pid:<22} {contract:<28} x {x:>3} {'made' if yes else 'failed':<6} exact "
              f"{'-' if exact_nodes is None else f'{exact_nodes:,}':>11}  "
              + "  ".join(f"{c[0]}:{c[1]}:{c[2]} {'Y' if p else '-'} {nn:>9,}" for c, (p, nn) in zip(configs, sided)),
              flush=True)
    total = len(rows)
    if not total:
        print("no contract over", args.over)
        return
    e2 = sum(e is not None for e, _ in rows)
    e1 = sum(e is not None and e <= n for e, _ in rows)
    mean_e = sum(min(e if e is not None else 2 * n, n) for e, _ in rows) / total
    print(f"\n{total} wrong deals of the contracts over {args.over}: the exact probe proves {e1} within "
          f"{n:,} nodes (mean {mean_e:,.0f} a question), {e2} within {2 * n:,}")
    for i, c in enumerate(configs):
        p = sum(s[i][0] for _, s in rows)
        mean = sum(s[i][1] for _, s in rows) / total
        both = sum((e is not None and e <= n) or s[i][0] for e, s in rows)
        print(f"one-sided {c[0]}:{c[1]}:{c[2]}: proves {p} within {n:,} nodes (mean {mean:,.0f}); "
              f"exact {n:,} or one-sided {n:,}: {both} (exact {2 * n:,}: {e2})")
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
