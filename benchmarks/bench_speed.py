#!/usr/bin/env python3
"""Benchmark: the engine's slow paths of issue 12, in CPU time, in one process.

Run: .venv/bin/python benchmarks/bench_speed.py [--runs N] [--only NAME ...]

- ``advise``: calls of :func:`tutor.conventions.advise` per second over 150 positions of
  random legal auctions (seeded, the same every run), each with a random hand.
- ``sheet-1000``: ``tutor sheet`` of a drill file with 1,000 different drills (100
  generated for each of ten topics, seeded) to an HTML file.
- ``new-beispiel`` / ``new-hilfe``: ``tutor drills new`` per drill (10 drills).
- ``quiz-start``: the course quiz (``tutor quiz`` without files, no answers on stdin) up
  to its first question.

Each figure is the best of N runs of CPU time (user + system of this process), so other
work on the machine disturbs it less than wall time. Every run starts with the engine's
caches empty (:func:`clear_caches`), as a fresh process would. Not a test: timings vary
by machine.
"""
from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def clear_caches() -> None:
    """Empty every cache the tutor keeps in the process, so each run starts cold."""
    for name, module in list(sys.modules.items()):
        if name.startswith("tutor") and module is not None:
            for attr in ("clear_caches",):
                f = getattr(module, attr, None)
                if callable(f):
                    f()


def cpu(f, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        clear_caches()
        t = time.process_time()
        f()
        best = min(best, time.process_time() - t)
    return best


def positions(n: int = 150):
    from tutor.auction import Auction
    from tutor.cards import deal

    rng = random.Random(12)
    out = []
    while len(out) < n:
        a = Auction.parse("")
        for _ in range(rng.randrange(0, 10)):
            calls = [(s, c) for s, c in a.legal_calls() if c.kind in ("bid", "fort")]
            if not calls:
                break
            bids = [x for x in calls if x[1].is_bid][:10]
            s, c = rng.choice(bids if bids and rng.random() < 0.6 else calls[-1:])
            a = a.play(c, s)
        if a.next_seat is not None:
            out.append((deal(rng)[0], a))
    return out


def bench_advise(runs: int) -> str:
    from tutor import conventions

    cases = positions()
    t = cpu(lambda: [conventions.advise(h, a) for h, a in cases], runs)
    return f"{len(cases) / t:8.0f} advise/s ({t * 1000 / len(cases):.2f} ms each)"


def cli(*args: str) -> None:
    from click.testing import CliRunner

    from tutor.cli import main

    r = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert r.exit_code == 0, r.output


TOPICS = ("kartenwerte", "bieten", "eroeffnung", "verpasst", "fuenfer", "hilfe", "gegnerfarbe",
          "matsch", "doppeln", "tafel")


def thousand_drills(path: Path) -> None:
    """1,000 different drills: 100 generated for each of ten topics (seeded)."""
    import yaml

    from tutor.course import generator

    out = []
    for topic in TOPICS:
        for d in generator.generate(topic, 100, seed=1).drills:
            data = d.to_dict()
            data["id"] = f"{topic}-{len(out):04d}"
            out.append(data)
    path.write_text(yaml.safe_dump({"title": "1000", "rules": "verband", "drills": out},
                                   allow_unicode=True, sort_keys=False), encoding="utf-8")


def bench_sheet(runs: int, tmp: Path) -> str:
    src = tmp / "tausend.yaml"
    thousand_drills(src)
    out = tmp / "blatt.html"
    t = cpu(lambda: cli("sheet", str(src), "-o", str(out)), runs)
    return f"{t * 1000:8.0f} ms for 1,000 drills"


def bench_new(topic: str, runs: int, tmp: Path) -> str:
    n = 10
    t = cpu(lambda: cli("drills", "new", "--topic", topic, "--count", str(n), "--seed", "3",
                        "-o", str(tmp / f"{topic}.yaml"), "--force"), runs)
    return f"{t * 1000 / n:8.1f} ms per drill"


def bench_quiz(runs: int, tmp: Path) -> str:
    from click.testing import CliRunner

    from tutor.cli import main

    os.environ["TUTOR_DB"] = str(tmp / "quiz.sqlite3")

    def start():
        r = CliRunner().invoke(main, ["quiz"], input="", catch_exceptions=False)
        assert "Aufgabe" in r.output or "1/" in r.output, r.output[:300]

    os.chdir(ROOT)
    t = cpu(start, runs)
    return f"{t * 1000:8.0f} ms to the first question"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", nargs="*", default=None)
    args = ap.parse_args()
    importlib.import_module("tutor.cli")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        benches = {
            "advise": lambda: bench_advise(args.runs),
            "sheet-1000": lambda: bench_sheet(args.runs, tmp),
            "new-beispiel": lambda: bench_new("beispiel", args.runs, tmp),
            "new-hilfe": lambda: bench_new("hilfe", args.runs, tmp),
            "quiz-start": lambda: bench_quiz(args.runs, tmp),
        }
        for name, f in benches.items():
            if args.only and name not in args.only:
                continue
            print(f"{name:<14} {f()}", flush=True)


if __name__ == "__main__":
    main()
