"""Practice and review at a learner's pace (issue 26's voice in `tutor practice` and `tutor review`).

    nice -n 10 .venv/bin/python benchmarks/bench_practice.py --seeds 1-6 [--think idle|SECONDS]
    nice -n 10 .venv/bin/python benchmarks/bench_practice.py --review --seeds 1-6

Each deal runs in a fresh process (no answer remembered from another deal). The learner sits
at C and calls by a fixed policy: ``tutor`` (the tutor's call each time) or ``fort`` (fort, and
lets every double pass). For each of his lines, what he waits for, from the line to the next
prompt (or to the deal's end: the contract's exact value and both teams' best contracts):

- **without computing ahead**: the CPU seconds of this process (the tutor's advice for his
  call, the robots' calls up to his next turn; at the end the solver's);
- **with computing ahead** (``tutor.practice.ahead``, as `tutor practice` at a terminal): the
  learner thinks (``--think idle``: until the background process has computed all it can;
  a number: that many seconds), then the CPU seconds spent by both processes from his line to
  the prompt (the background process's from /proc), and the wall seconds.

Per robot call it also gives the CPU seconds of each of the voice's answers (without ahead),
and checks that the robots' calls and the deal's end are the same with and without ahead.

``--review``: `tutor review` of the same deals' auctions (hands and calls, no tricks): the CPU
seconds until each call's lines are printed, and the total.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def child_cpu(pid) -> float:
    """CPU seconds of process ``pid`` (user + system, /proc), 0 where it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            parts = f.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def one_deal(seed: int, policy: str, ahead: bool, think: str) -> dict:
    from tutor.practice import robots
    from tutor.practice.session import Practice

    calls = []   # (who, cpu) of each voice answer computed in this process
    orig = robots.advice

    def timed(hand, auction, rules, seat, judge=None):
        t = time.process_time()
        r = orig(hand, auction, rules, seat, judge)
        calls.append((seat, round(time.process_time() - t, 3)))
        return r

    robots.advice = timed

    def background():
        a = p.ahead
        return child_cpu(a._holder[0][0]) if a is not None and a.running else 0.0

    p = Practice(seed=seed, seat="C", lang="en", ahead=ahead)
    lines = []
    while not p.over:
        p.think()
        if ahead:
            if think == "idle":
                end = time.monotonic() + 300
                while time.monotonic() < end and p.ahead.running and not p.ahead.idle:
                    time.sleep(0.05)
                    p.ahead._drain()
            else:
                time.sleep(float(think))
        c0, w0, b0 = time.process_time(), time.perf_counter(), background()
        if policy == "tutor":
            a = orig(p.hand, p.auction, p.rules, p.seat, p.judge)
            rec = a.recommended
            if p.waiting == "turn":
                text = str(rec.call) if rec is not None else "fort"
            else:
                text = str(rec.call) if rec is not None and rec.kind in ("double", "redouble") else ""
        else:
            text = "fort" if p.waiting == "turn" else ""
        p.call(text)
        b1 = background()
        lines.append({"call": text, "cpu": round(time.process_time() - c0 + max(0.0, b1 - b0), 3),
                      "wall": round(time.perf_counter() - w0, 3)})
    c0, w0, b0 = time.process_time(), time.perf_counter(), background()
    result = p.result()
    b1 = background()
    end = {"cpu": round(time.process_time() - c0 + max(0.0, b1 - b0), 3), "wall": round(time.perf_counter() - w0, 3)}
    stats = p.ahead.stats if p.ahead is not None else None
    p.close()
    return {"seed": seed, "policy": policy, "ahead": ahead,
            "steps": [(s.seat, str(s.reading.call) if s.reading else None, s.learner) for s in p.steps],
            "result": result.to_json("en"), "lines": lines, "end": end, "calls": calls,
            "learner_seat": p.seat, "how": stats.labels if stats else None}


def one_review(seed: int) -> dict:
    """`tutor review` of practice deal ``seed``'s auction (the tutor's calls at C): CPU seconds
    until each call's review is known, as the command prints them."""
    from tutor.practice.session import Practice, hands_of

    p = Practice(seed=seed, seat="C", lang="en", judge="count")   # an auction to review, instantly
    while not p.over:
        p.call("fort" if p.waiting == "turn" else "")
    auction = p.calls
    from tutor.judgement import voice

    voice.forget()
    import yaml

    text = yaml.safe_dump({"hands": {s: str(h) for s, h in hands_of(seed).items()}, "auction": auction},
                          allow_unicode=True)
    from tutor.commands.practice import review as command
    from click.testing import CliRunner

    marks = []
    import click

    echo = click.echo
    t0 = time.process_time()

    def timed_echo(message=None, *a, **k):
        marks.append(round(time.process_time() - t0, 3))
        return echo(message, *a, **k)

    click.echo = timed_echo
    import tutor.commands.practice as cmd

    cmd.click.echo = timed_echo
    out = CliRunner().invoke(command, ["-", "--lang", "en"], input=text, catch_exceptions=False)
    firsts = [m for m, line in zip(marks, out.output.splitlines()) if line[:3].strip().rstrip(".").isdigit()]
    return {"seed": seed, "calls": len(auction), "first": firsts[0] if firsts else None,
            "marks": firsts, "total": round(time.process_time() - t0, 3), "output": out.output}


def seeds_of(text: str) -> list[int]:
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def load_average() -> str:
    try:
        return open("/proc/loadavg").read().split()[0]
    except OSError:
        return "?"


def run_child(args: list[str]) -> dict:
    env = dict(os.environ, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, env=env)
    if out.returncode:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-6")
    ap.add_argument("--think", default="idle", help="idle, or the learner's seconds to think before each call")
    ap.add_argument("--policies", default="tutor,fort")
    ap.add_argument("--review", action="store_true")
    ap.add_argument("--one", nargs=4, metavar=("SEED", "POLICY", "AHEAD", "THINK"), help=argparse.SUPPRESS)
    ap.add_argument("--one-review", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--json", help="write every deal's figures to this file")
    args = ap.parse_args()
    if args.one:
        seed, policy, ahead, think = args.one
        print(json.dumps(one_deal(int(seed), policy, ahead == "1", think)))
        return
    if args.one_review is not None:
        print(json.dumps(one_review(args.one_review)))
        return
    seeds = seeds_of(args.seeds)
    print(f"load average at the start: {load_average()}, {os.cpu_count()} cores")
    if args.review:
        rows = [run_child(["--one-review", str(s)]) for s in seeds]
        for r in rows:
            print(f"seed {r['seed']}: {r['calls']} calls, first call's lines after {r['first']} s CPU, "
                  f"each call's: {r['marks']}, all {r['total']} s")
        firsts = [r["first"] for r in rows if r["first"] is not None]
        per_call = [b - a for r in rows for a, b in zip([0.0] + r["marks"], r["marks"])]
        print(f"first call's lines: median {statistics.median(firsts):.2f} s CPU, max {max(firsts):.2f}; "
              f"per call median {statistics.median(per_call):.2f} s, p90 {pct(per_call, 0.9):.2f}")
        print(f"load average at the end: {load_average()}")
        if args.json:
            json.dump(rows, open(args.json, "w"), indent=1)
        return
    rows = []
    for policy in args.policies.split(","):
        for s in seeds:
            plain = run_child(["--one", str(s), policy, "0", args.think])
            ahead = run_child(["--one", str(s), policy, "1", args.think])
            same = plain["steps"] == ahead["steps"] and plain["result"] == ahead["result"]
            rows.append((plain, ahead, same))
            print(f"{policy} seed {s}: {' '.join(str(x[1]) for x in plain['steps'])}; same with ahead: {same}")
            print("   waits without ahead (CPU s):", [x["cpu"] for x in plain["lines"]], "end", plain["end"]["cpu"])
            print("   waits with ahead    (CPU s):", [x["cpu"] for x in ahead["lines"]], "end", ahead["end"]["cpu"],
                  "wall:", [x["wall"] for x in ahead["lines"]], ahead["end"]["wall"])
    robot = [c for plain, _a, _s in rows for who, c in plain["calls"] if who != "C"]
    print(f"\nthe voice's answers for the robots (no ahead): {len(robot)}, CPU s median {statistics.median(robot):.2f}, "
          f"p90 {pct(robot, 0.9):.2f}, max {max(robot):.2f}")
    for which in ("plain", "ahead"):
        i = 0 if which == "plain" else 1
        waits = [x["cpu"] for r in rows for x in r[i]["lines"]]
        ends = [r[i]["end"]["cpu"] for r in rows]
        print(f"{which}: the learner's waits after a call: {len(waits)}, CPU s median {statistics.median(waits):.2f}, "
              f"p90 {pct(waits, 0.9):.2f}, max {max(waits):.2f}; at the deal's end median "
              f"{statistics.median(ends):.2f}, max {max(ends):.2f}")
    print(f"robots' calls and deals' ends the same with and without ahead: {sum(r[2] for r in rows)} of {len(rows)}")
    print(f"load average at the end: {load_average()}")
    if args.json:
        json.dump([[a, b] for a, b, _s in rows], open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
