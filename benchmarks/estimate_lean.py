#!/usr/bin/env python3
"""The forward-pruned estimates' lean against exact play, by kind (issue 26, session 41).

Run: .venv/bin/python benchmarks/estimate_lean.py [--answers benchmarks/exact_sim_answers.json]
     [--estimates "3,1,3 3,2,3 4,2,3 2,1,3"] [--limit N]

Every deal-game of the kept exact answers (bench_exact_sim.py's: per deal, kind and declaring
seat the declaring team's card points as exact play proved them) known to within a Zehner is
estimated with each ``k,follow_k,exact_last`` of solver.estimate (at most 2M nodes each); the
estimate minus the middle of the proved Zehner is averaged per kind (trump, Obenabe, Undenufe,
Misère): the mean (the lean; negative: against the declaring team) and the mean of its size.
The answers come from the solver alone, so this measures the estimate, not the simulation.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.cards import Hand  # noqa: E402
from tutor.judgement.simulation import estimate_kind  # noqa: E402
from tutor.play import solver  # noqa: E402
from tutor.play.deal import Deal  # noqa: E402
from tutor.play.rules import parse_strain  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--answers", default=str(ROOT / "benchmarks" / "exact_sim_answers.json"))
    ap.add_argument("--estimates", default="3,1,3 3,2,3 4,2,3 2,1,3")
    ap.add_argument("--limit", type=int, default=0, help="at most this many deal-games (0: all)")
    args = ap.parse_args()
    specs = [tuple(map(int, e.split(","))) for e in args.estimates.split()]
    answers = json.loads(Path(args.answers).read_text())["answers"]
    known = sorted((k, v) for k, v in answers.items() if v[1] - v[0] < 10)
    if args.limit:
        known = known[:args.limit]
    errors: dict[str, dict[tuple, list[float]]] = {}
    t0 = time.process_time()
    for key, (lo, hi, *_rest) in known:
        *hands, strain, seat = key.split("|")
        trump, misere = parse_strain(strain)
        deal = Deal(tuple(Hand.parse(h) for h in hands), trump, seat, seat, misere)
        by_spec = errors.setdefault(estimate_kind(strain), {s: [] for s in specs})
        for k, follow_k, exact_last in specs:
            guess = solver.estimate(deal, k=k, follow_k=follow_k, exact_last=exact_last, max_nodes=2_000_000)
            if guess is not None:
                by_spec[(k, follow_k, exact_last)].append(guess - (lo + hi) / 2)
    print(f"{len(known)} deal-games known to within a Zehner, {time.process_time() - t0:.1f} s CPU")
    for kind, by_spec in errors.items():
        n = max(len(e) for e in by_spec.values())
        cells = "  ".join(f"{s[0]},{s[1]},{s[2]}: {statistics.mean(e):+.1f} ({statistics.mean(map(abs, e)):.1f})"
                          for s, e in by_spec.items() if e)
        print(f"{kind:<9} {n:>4}  {cells}")


if __name__ == "__main__":
    main()
