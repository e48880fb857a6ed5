#!/usr/bin/env python3
"""Benchmark: how long `tutor check --count`, `bid` (with and without --count) and `explain`
take, against bare Python start.

Run: python3 benchmarks/bench_cli.py [--runs N] [--instructions]
Prints the median wall time of each command over N runs and the modules it imports that
the fast paths must not (jinja2, yaml, markdown). Not a test: timings vary by machine.
With --instructions, each command once under valgrind's callgrind: the instructions it
runs and their ratio to `python -c pass`, a figure that does not move with the machine's
load (bytecode cached: each command runs once before it is counted).
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "tutor --help": [sys.executable, "-m", "tutor", "--help"],
    # the fast paths: the count alone (the default recommendation simulates, see "tutor bid")
    "tutor check --count": [sys.executable, "-m", "tutor", "check", "--count", "--hand", HAND,
                            "--auction", "60 Eichel, 70 Schellen", "--call", "90 Eichel"],
    "tutor bid --count": [sys.executable, "-m", "tutor", "bid", "--count", "--hand", HAND,
                          "--auction", "60 Eichel, 70 Schellen"],
    "tutor bid": [sys.executable, "-m", "tutor", "bid", "--hand", HAND,
                  "--auction", "60 Eichel, 70 Schellen"],
    "tutor explain --next": [sys.executable, "-m", "tutor", "explain",
                             "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen", "--next"],
    "tutor play (9 tricks)": [sys.executable, "-m", "tutor", "play", "examples/worked-example.yaml"],
}
HEAVY = ("jinja2", "yaml", "markdown_it", "rich", "sqlite3")


def median_time(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def heavy_imports(cmd: list[str]) -> list[str]:
    if cmd[1:3] != ["-m", "tutor"]:
        return []
    probe = ("import runpy, sys; sys.argv = ['tutor'] + sys.argv[1:]\n"
             "try:\n    runpy.run_module('tutor', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             f"print(sorted(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", probe, *cmd[3:]], capture_output=True, text=True)
    return out.stderr.strip().splitlines()[-1:] if out.stderr else []


def instructions(cmd: list[str]) -> int:
    """The instructions (callgrind's Ir) ``cmd`` runs, its bytecode cached."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions under callgrind instead of timing")
    args = ap.parse_args()
    if args.instructions:
        base = instructions(COMMANDS["python -c pass"])
        for name, cmd in COMMANDS.items():
            if name == "tutor bid":
                continue   # the simulation: minutes under callgrind, and no fast path
            n = instructions(cmd)
            print(f"{name:<24} {n / 1e6:8.1f} M instructions   {n / base:5.2f} x python -c pass")
        return
    for name, cmd in COMMANDS.items():
        print(f"{name:<24} {median_time(cmd, args.runs) * 1000:7.1f} ms   heavy imports: "
              f"{' '.join(heavy_imports(cmd)) or '-'}")


if __name__ == "__main__":
    main()
