#!/usr/bin/env python3
"""Benchmark: the double's dealing with and without its pre-filter (issue 26, QA Q12).

Where an opponent doubled the hand's team, the simulation deals the doubler only hands the
count doubles with (``simulation._double_fit``), by rejection; ``simulation._Prefilter``
cuts a try short after the first suit whose cards already leave him no doubling hand.

Run: .venv/bin/python benchmarks/bench_double_fit.py [--deals N] [--bid]
Prints, for QA Q12's position and one whose trump is the last suit dealt, the tries a
deal takes, the CPU a try and a deal with the pre-filter off and on (the same deals: the
script checks it), and with --bid the wall time of `tutor bid` on Q12's position (the
whole command, interpreter start included), off and on. Not a test: timings vary by
machine and load.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tutor.conventions import position  # noqa: E402
from tutor.judgement import simulation as S  # noqa: E402
from tutor.play.dealer import Dealer  # noqa: E402
from tutor.rules import load  # noqa: E402

POSITIONS = {
    "Q12 (trump dealt first)": ("Eichel:UKO76 Schellen:A8 Rosen:7 Schilten:6", "100 Eichel, B: dopple", "A"),
    "Schilten (trump dealt last)": ("Schilten:UKO76 Eichel:A8 Schellen:7 Rosen:6", "100 Schilten, D: dopple", "A"),
}


def measure(case, n: int, prefilter: bool):
    hand, reader, seat, _r, _t = position(case[0], case[1], load("verband"), case[2])
    s = reader.situation(seat)
    dealer, fits = Dealer({seat: hand}, s.promised, denied=s.denied), S._double_fit(s)
    S.PREFILTER = prefilter
    rng = random.Random(1)
    t = time.process_time()
    deals = [S._deal(dealer, rng, fits) for _ in range(n)]
    cpu = time.process_time() - t
    # the tries: the same deals again without the pre-filter, each try's test counted
    tries = [0]

    def counting(deal):
        tries[0] += 1
        return fits(deal)

    counting.seat, counting.holds, counting.first = fits.seat, fits.holds, fits.first
    S.PREFILTER = False
    rng = random.Random(1)
    again = [S._deal(dealer, rng, counting) for _ in range(n)]
    assert again == deals, "the pre-filter changed the deals"
    return deals, cpu, tries[0]


def bid_wall(prefilter: bool, runs: int) -> float:
    case = POSITIONS["Q12 (trump dealt first)"]
    code = ("import sys; from tutor.judgement import simulation as S; S.PREFILTER = %r; "
            "from tutor.cli import main; sys.argv = ['tutor', 'bid', '--seat', 'A', '--hand', %r, '--auction', %r]; main()"
            % (prefilter, case[0], case[1]))
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=False, stdout=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONPATH": os.path.dirname(os.path.dirname(os.path.abspath(__file__)))})
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--bid", action="store_true")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(f"load {os.getloadavg()[0]:.1f}")
    print("| position | pre-filter | deals | tries a deal | CPU a try | CPU a deal |")
    print("|---|---|---|---|---|---|")
    for name, case in POSITIONS.items():
        for prefilter in (False, True):
            _deals, cpu, tries = measure(case, args.deals, prefilter)
            print(f"| {name} | {'on' if prefilter else 'off'} | {args.deals} | {tries / args.deals:.0f} | "
                  f"{cpu / tries * 1e6:.0f} µs | {cpu / args.deals * 1e3:.1f} ms |")
    if args.bid:
        for prefilter in (False, True):
            print(f"tutor bid on Q12, pre-filter {'on' if prefilter else 'off'}: "
                  f"{bid_wall(prefilter, args.runs):.2f} s median wall of {args.runs}")


if __name__ == "__main__":
    main()
