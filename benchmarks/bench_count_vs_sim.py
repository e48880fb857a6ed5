#!/usr/bin/env python3
"""Benchmark: the count against the simulation on random positions (issue 9).

Run: .venv/bin/python benchmarks/bench_count_vs_sim.py [--positions 300] [--samples 60] [--seed 1]

Each position is a random deal bid out by the count (the drill generator's walk, now and
then another offered call), stopped at a random call: the hand in turn is judged by the
count (``conventions.advise``) and by the simulation (``bid --simulate``'s judge). Prints
how often they agree, the disagreements by the kind of call each recommends, and a few
examples. Not a test: the simulation is an estimate and the positions are random.
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from tutor import conventions
from tutor.course.generator import Deal
from tutor.judgement.simulation import Simulation
from tutor.rules import load


def positions(n: int, seed: int, rules):
    rng = random.Random(seed)
    while n > 0:
        d = Deal(rng, rules)
        steps = list(d.steps())
        if not steps:
            continue
        reader, seat, hand, advice = rng.choice(steps)
        yield reader.auction, seat, hand, advice
        n -= 1


def kind_of(advice) -> str:
    return advice.recommended.kind if advice.recommended is not None else "nothing"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="verband")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    rules = load(args.rules)
    sim = Simulation(samples=args.samples, seed=args.seed, workers=args.workers)
    agree, total = 0, 0
    by_count: Counter = Counter()
    by_count_total: Counter = Counter()
    pairs: Counter = Counter()
    examples = []
    t0 = time.perf_counter()
    for auction, seat, hand, count in positions(args.positions, args.seed, rules):
        simulated = conventions.advise(hand, auction, rules, seat, judge=sim)
        total += 1
        k = kind_of(count)
        by_count_total[k] += 1
        if simulated.call == count.call:
            agree += 1
            continue
        by_count[k] += 1
        pairs[(k, kind_of(simulated))] += 1
        if len(examples) < 8:
            examples.append(f"  {seat} {hand} after '{auction}': count {count.call}, simulation {simulated.call}")
    secs = time.perf_counter() - t0
    print(f"{total} positions ({args.rules}), {args.samples} deals at most each, {secs:.0f} s")
    print(f"same call: {agree} ({100 * agree / total:.0f} %)")
    print("disagreements by the count's kind of call (disagree / positions):")
    for k, n in sorted(by_count_total.items(), key=lambda x: -x[1]):
        print(f"  {k:<14} {by_count[k]:>4} / {n:<4} ({100 * by_count[k] / n:.0f} %)")
    print("most frequent (count -> simulation):")
    for (a, b), n in pairs.most_common(8):
        print(f"  {a} -> {b}: {n}")
    print("examples:")
    print("\n".join(examples))


if __name__ == "__main__":
    main()
