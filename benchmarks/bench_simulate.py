#!/usr/bin/env python3
"""Benchmark: how long the simulation takes (issue 9: `eval` with 100 samples judging
every candidate contract within 5 s on the project's 2 cores, `bid --simulate` likewise).

Run: .venv/bin/python benchmarks/bench_simulate.py [--runs N] [--samples N]
Prints the median wall time of `tutor eval` and `tutor bid --simulate` (whole commands,
interpreter start included) with early stopping off (every one of --samples deals is
played), for a suit table (four kinds) and the extended variant (eight kinds), with one
and with two worker processes. Not a test: timings vary by machine and load.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

A_HAND = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"
AUCTION = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen"
CODE = """
import sys
from tutor.judgement.simulation import Simulation, evaluate
samples, workers, rules = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
evaluate({hand!r}, {auction!r}, rules, None, Simulation(samples=samples, workers=workers, early_stop=False))
"""


def median_time(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--samples", type=int, default=100)
    args = ap.parse_args()
    n = str(args.samples)
    code = CODE.format(hand=A_HAND, auction=AUCTION)
    rows = {
        "tutor eval (early stop)": [sys.executable, "-m", "tutor", "eval", "--hand", A_HAND,
                                    "--auction", AUCTION, "--samples", n, "--json"],
        "tutor bid --simulate (early stop)": [sys.executable, "-m", "tutor", "bid", "--hand", A_HAND,
                                              "--auction", AUCTION, "--simulate", "--samples", n, "--json"],
    }
    for rules in ("verband", "erweitert"):
        for workers in (1, 2):
            rows[f"evaluate, {n} deals, all played, {rules}, {workers} worker(s)"] = \
                [sys.executable, "-c", code, n, str(workers), rules]
    for name, cmd in rows.items():
        print(f"{name:<58} {median_time(cmd, args.runs):6.2f} s")


if __name__ == "__main__":
    main()
