#!/usr/bin/env python3
"""Benchmark: the auction's cost per call must not grow with the auction's length.

Run: python3 benchmarks/bench_auction.py [--repeat N]
A table with step 1 and re-entry after fort (the longest auctions the rules allow: 50,
51, 52, ... each followed by two forts) reads auctions of 50 and 800 calls, with
``Auction.parse`` and with the convention decoder (``conventions.explain``), and prints
the time per call of each and the ratio 800 : 50 of the totals; then the whole ``tutor
explain`` command (in this process, its text and its ``--json``) on the same auctions.
Linear: the ratio is about 16 (16 times the calls); quadratic: far more. Every run starts
with the engine's caches empty (the decoder keeps the auctions it has read). Not a test:
timings vary by machine.
"""
from __future__ import annotations

import argparse
import time

from tutor import conventions
from tutor.auction import Auction
from tutor.rules import load

RULES = load({"step": 1, "fort_final": False, "highest_bid": 1000, "matsch_bid": 1001})


def auction_text(calls: int) -> str:
    """``calls`` calls: a bid one above the last, then two forts, again and again."""
    out, bid = [], 50
    while len(out) < calls:
        out.append(f"{bid} Eichel" if len(out) % 3 == 0 else "fort")
        bid += len(out) % 3 == 1
    return ", ".join(out)


def best(f, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        conventions.clear_caches()
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"{'calls':>6} {'parse':>12} {'per call':>10} {'explain':>12} {'per call':>10}")
    totals = {}
    for n in (50, 800):
        text = auction_text(n)
        assert len(Auction.parse(text, RULES).entries) == n
        p = best(lambda: Auction.parse(text, RULES), args.repeat)
        e = best(lambda: conventions.explain(text, RULES), args.repeat)
        totals[n] = (p, e)
        print(f"{n:>6} {p * 1e3:>10.2f}ms {p / n * 1e6:>8.1f}us {e * 1e3:>10.1f}ms {e / n * 1e6:>8.1f}us")
    print(f"800 : 50  parse {totals[800][0] / totals[50][0]:.0f}x   "
          f"explain {totals[800][1] / totals[50][1]:.0f}x   (linear: 16x)")
    cli_explain(args.repeat)


def cli_explain(repeat: int) -> None:
    """``tutor explain AUCTION --rules FILE`` (and ``--json``): reading, texts, output."""
    import tempfile
    from pathlib import Path

    from click.testing import CliRunner

    from tutor.cli import main

    with tempfile.TemporaryDirectory() as d:
        rules = Path(d) / "lang.yaml"
        rules.write_text("step: 1\nfort_final: false\nhighest_bid: 1000\nmatsch_bid: 1001\n")
        for extra in ((), ("--json",)):
            took = {}
            for n in (50, 800):
                argv = ["explain", auction_text(n), "--rules", str(rules), *extra]

                def run() -> None:
                    r = CliRunner().invoke(main, argv)
                    assert r.exit_code == 0, r.output[-300:]
                took[n] = best(run, repeat)
            name = " ".join(("tutor explain", *extra))
            print(f"{name:<22} 50: {took[50] * 1e3:.1f}ms  800: {took[800] * 1e3:.1f}ms  "
                  f"({took[800] / 800 * 1e6:.0f}us per call)  800 : 50 {took[800] / took[50]:.0f}x")


if __name__ == "__main__":
    main()
