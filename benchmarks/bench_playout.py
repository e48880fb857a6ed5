#!/usr/bin/env python3
"""Benchmark: the simulation's estimate (tutor.play.playout) against the exact solver.

Run: .venv/bin/python benchmarks/bench_playout.py [--deals 60] [--seed 11] [--max-seconds 12]
     [--cache FILE]

Random full deals (nine cards a hand, A leads and declares), the trump kinds in turn
(Eichel, Schellen, Rosen, Schilten, Obenabe, Undenufe). Each is solved exactly with the
compiled core (deals it cannot solve within --max-seconds are left out and counted);
then played out by the policy alone and by the policy with the last five tricks solved
exactly (what the simulation uses where the core is built). Prints the mean error in the
declaring team's card points (signed: the estimate minus the exact value), the mean
absolute error, and how often make/fail agrees with the exact answer at 60, 80, 100 and
120. ``--cache`` keeps the exact values in a JSON file (they take minutes).
"""
from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from tutor.cards import Hand
from tutor.play.deal import Deal
from tutor.play.playout import play_out
from tutor.play.rules import TRUMPS, Trump
from tutor.play.solver import SearchStopped, solve

THRESHOLDS = (60, 80, 100, 120)


def exact_set(n: int, seed: int, max_seconds: float, cache: Path | None) -> list[dict]:
    if cache is not None and cache.exists():
        return json.loads(cache.read_text())
    rng = random.Random(seed)
    out = []
    for i in range(n):
        d = Deal.random(rng, trump=TRUMPS[i % 6], leader="A")
        t = time.perf_counter()
        try:
            value = solve(d, best=False, max_seconds=max_seconds).points["AC"]
        except SearchStopped:
            value = None
        out.append({"trump": str(d.trump), "hands": [str(h) for h in d.hands], "AC": value,
                    "seconds": round(time.perf_counter() - t, 2)})
    if cache is not None:
        cache.write_text(json.dumps(out))
    return out


def report(name: str, pairs: list[tuple[int, int]]) -> None:
    n = len(pairs)
    signed = sum(e - x for e, x in pairs) / n
    absolute = sum(abs(e - x) for e, x in pairs) / n
    agree = {t: sum((e >= t) == (x >= t) for e, x in pairs) / n for t in THRESHOLDS}
    cells = "  ".join(f"{t}: {100 * a:.0f} %" for t, a in agree.items())
    print(f"{name:<34} mean error {signed:+6.1f}  mean |error| {absolute:5.1f}  make/fail agrees at {cells}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--max-seconds", type=float, default=12)
    ap.add_argument("--cache", type=Path, default=None)
    args = ap.parse_args()
    rows = exact_set(args.deals, args.seed, args.max_seconds, args.cache)
    solved = [r for r in rows if r["AC"] is not None]
    print(f"{len(rows)} deals, {len(solved)} solved exactly within {args.max_seconds:g} s "
          f"(the others left out)")
    policy, hybrid = [], []
    t_policy = t_hybrid = 0.0
    for r in solved:
        hands = [list(Hand.parse(h)) for h in r["hands"]]
        trump = Trump.parse(r["trump"])
        t = time.perf_counter()
        policy.append((play_out(hands, trump, "A")["AC"], r["AC"]))
        t_policy += time.perf_counter() - t
        t = time.perf_counter()
        hybrid.append((play_out(hands, trump, "A", exact_from=5)["AC"], r["AC"]))
        t_hybrid += time.perf_counter() - t
    report("policy alone", policy)
    report("policy, last five tricks exact", hybrid)
    n = max(1, len(solved))
    print(f"time per deal: policy {1000 * t_policy / n:.1f} ms, with the exact endgame "
          f"{1000 * t_hybrid / n:.1f} ms")


if __name__ == "__main__":
    main()
