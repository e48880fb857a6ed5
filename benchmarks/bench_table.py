#!/usr/bin/env python3
"""Benchmark: the table session's answer per call, with the engine already loaded.

Run: .venv/bin/python benchmarks/bench_table.py [--repeat N]

For each call of the worked example's auction (60 Eichel ... D: dopple, the player at C)
it times what `tutor table` does after a line is typed: play the call, its short line and
warnings, and the advice at the player's turn (``Session.play`` + ``line`` +
``advice_line``); then ``?`` (``why``) and ``next`` (``open_calls``) at C's turn; and one
whole ``GET /api/table`` of the web page (the session rebuilt from the calls, as the page
asks after each tap) through Starlette's test client. Prints the median and the worst of
N repetitions in milliseconds. Not a test: timings vary by machine.
"""
from __future__ import annotations

import argparse
import statistics
import time

HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
CALLS = ["60ei", "70 sche", "90 ei", "95 ro", "100 ei", "D: dopple"]


def timed(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()

    from tutor.companion.session import Session

    Session(HAND, "C").advice()   # load the engine once, as a running session has

    rows = []
    for i, call in enumerate(CALLS):
        def one(i=i, call=call):
            s = Session(HAND, "C")
            for c in CALLS[:i]:
                s.play(c)
            t = time.perf_counter()
            event = s.play(call)
            s.line(event)
            s.warnings(event)
            s.advice_line()
            return (time.perf_counter() - t) * 1000
        times = [one() for _ in range(args.repeat)]
        rows.append((f"call {i + 1}: {call}", statistics.median(times), max(times)))

    at_c = Session(HAND, "C")
    for c in CALLS[:2]:
        at_c.play(c)
    rows.append(("? (why) at C's turn", *timed(at_c.why, args.repeat)))
    rows.append(("next (open calls) at C's turn", *timed(at_c.open_calls, args.repeat)))

    from starlette.testclient import TestClient

    from tutor.web.app import Settings, create_app

    with TestClient(create_app(Settings()), base_url="http://127.0.0.1:8000") as client:
        params = {"hand": HAND, "seat": "C", "calls": ",".join(CALLS[:2])}
        client.get("/api/table", params=params)
        rows.append(("GET /api/table after 2 calls", *timed(lambda: client.get("/api/table", params=params),
                                                            args.repeat)))

    width = max(len(r[0]) for r in rows)
    print(f"{'step':<{width}}  median ms   worst ms   ({args.repeat} runs)")
    for name, med, worst in rows:
        print(f"{name:<{width}}  {med:9.2f}  {worst:9.2f}")


if __name__ == "__main__":
    main()
