#!/usr/bin/env python3
"""Benchmark: what dealing the calls' reads costs (issue 26, session 34).

The simulation deals every other seat's call that shows no cards, or more than its cards,
as a hand the count makes it with (``simulation._count_reads``), drawn by rejection from the
dealer's fitting deals (with the forts' denials, as ``evaluate`` deals them). This prints,
per position: what is read and what is left out (``_honoured``: fewer than 5 of 2,000
tries pass), the CPU of that check, the tries a deal takes (the read's test counted) and
the CPU of dealing the deals (the raise's pre-filter on where it applies), the same deals
with the pre-filter off (the script checks it).

Run: .venv/bin/python benchmarks/bench_reads.py [--deals 100]
Not a test: timings vary by machine and load.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tutor.conventions import position  # noqa: E402
from tutor.judgement import simulation as S  # noqa: E402
from tutor.play.dealer import honouring  # noqa: E402
from tutor.rules import load  # noqa: E402

POSITIONS = [
    ("raise to 110 (QA s33), C", "verband", "Eichel:9A7 Schellen:K6 Rosen:A86 Schilten:O",
     "60 Eichel, fort, 80 Eichel, fort, 110 Eichel", "C"),
    ("opponent's raise (bieten-11), B", "verband", "Eichel:A8 Schellen:K7 Rosen:UB96 Schilten:O",
     "60 Eichel, 70 Schellen, fort, fort, 80 Eichel", "B"),
    ("130 over 120 (doppeln-07), D", "verband", "Eichel:K7 Schellen:AK8 Rosen:AK6 Schilten:O",
     "120 Eichel, fort, 130 Eichel", "D"),
    ("90 Obenabe, C small", "erweitert", "Eichel:K7 Schellen:O76 Rosen:K8 Schilten:97", "90 Obenabe, fort", "C"),
    ("90 Obenabe (QA s33 Q29), C three Aces", "erweitert", "Eichel:AK Schellen:A76 Rosen:AO Schilten:K8",
     "90 Obenabe, fort", "C"),
    ("common Hilfe 80, A", {"hilfe": "common"}, "Eichel:U86 Schellen:A7 Rosen:K76 Schilten:A",
     "60 Eichel, fort, 80 Eichel, fort", "A"),
    ("Matsch (matsch-09), A", "verband", "Eichel:87 Schellen:AK7 Rosen:AK6 Schilten:O",
     "120 Eichel, fort, fort, 157 Rosen", "A"),
    ("nothing to read (hilfe-01), C", "verband", "Eichel:96 Schellen:KO8 Rosen:B87 Schilten:O", "60 Eichel, fort", "C"),
]


def run(case, n: int) -> None:
    name, rules, hand, auction, seat = case
    h, reader, seat, _r, _t = position(hand, auction, load(rules), seat)
    s = reader.situation(seat)
    dealer, _ok = honouring({seat: h}, s.promised, s.denied)
    reads = S._count_reads(s)
    t = time.process_time()
    fits, read, unheld = S._honoured(dealer, reads, 1)
    check = time.process_time() - t
    tries = [0]
    cpu = {}
    deals = {}
    for prefilter in (True, False):
        S.PREFILTER = prefilter
        counted = fits
        if fits is not None and not prefilter:
            def counted(deal, fits=fits):
                tries[0] += 1
                return fits(deal)
            for a in ("seat", "holds", "first"):
                if hasattr(fits, a):
                    setattr(counted, a, getattr(fits, a))
        rng = random.Random(1)
        t = time.process_time()
        deals[prefilter] = [S._deal(dealer, rng, counted) for _ in range(n)]
        cpu[prefilter] = time.process_time() - t
        if fits is not None and hasattr(fits, "staged"):
            del fits.staged
    S.PREFILTER = True
    assert deals[True] == deals[False], "the pre-filter changed the deals"
    pre = "on" if getattr(fits, "holds", None) is not None else "none"
    print(f"| {name} | {', '.join(w for w, _ in reads) or '-'} | {', '.join(read) or '-'} | "
          f"{', '.join(unheld) or '-'} | {check * 1000:.0f} ms | {tries[0] / n if fits else 1:.1f} | "
          f"{cpu[True]:.2f} s ({pre}) | {cpu[False]:.2f} s |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    args = ap.parse_args()
    print(f"{args.deals} deals a position, seed 1, CPU of this process (load: {os.getloadavg()[0]:.1f})")
    print("| position | reads | kept | left out | check | tries a deal | dealing (pre-filter) | without it |")
    print("|---|---|---|---|---|---|---|---|")
    for case in POSITIONS:
        run(case, args.deals)


if __name__ == "__main__":
    main()
