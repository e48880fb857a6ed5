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
and checks that the robots' calls and the deal's end are the same with and without ahead;
with ahead, the CPU seconds the background process spent while the learner thought (how long
he must think on an idle core for no wait at all). Policy ``other``: the lowest legal bid it
does not follow (the miss).

``--review``: `tutor review` of the deals' auctions as the count bids them (hands and calls, no
tricks; the review asks the default voice at each call): when each call's lines are printed
(CPU seconds of the program, wall seconds), with and without the background process that
answers every second call, and whether the tutor's calls are the same.

``--web [--judge count]``: the phone page's Practice tab (``tutor serve``, a real server on 127.0.0.1 in a
child process, the learner's taps as the page sends them): for each tap the wall seconds of
the request and the CPU seconds of the server and of its background process
(``tutor.web.ahead``) from the tap to the answer, with and without the background process;
``--think idle``: the learner taps once the background process has slept (waited for him)
for 1.5 s. After the deal's end the learner taps "New deal" (the page names that deal to the
server as ``next``): the CPU of its first view (the robots up to his first turn).
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

    c0 = time.process_time()
    p = Practice(seed=seed, seat="C", lang="en", ahead=ahead)
    start = round(time.process_time() - c0, 3)   # the robots before the learner's first turn
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
        if policy == "other":   # a call the background process does not follow: the lowest other legal bid
            from tutor.practice.ahead import likely_calls

            a = orig(p.hand, p.auction, p.rules, p.seat, p.judge)
            followed = likely_calls(p, a)
            others = [str(c) for s, c in p.auction.legal_calls(p.seat) if c.kind == "bid" and str(c) not in followed] \
                if p.waiting == "turn" else []
            text = others[0] if others else "fort" if p.waiting == "turn" else ""
        elif policy == "tutor":
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
                      "wall": round(time.perf_counter() - w0, 3),
                      "ahead": round(b0, 3)})   # the background process's CPU before the line: its work this turn
    c0, w0, b0 = time.process_time(), time.perf_counter(), background()
    result = p.result()
    b1 = background()
    end = {"cpu": round(time.process_time() - c0 + max(0.0, b1 - b0), 3), "wall": round(time.perf_counter() - w0, 3)}
    stats = p.ahead.stats if p.ahead is not None else None
    p.close()
    return {"seed": seed, "policy": policy, "ahead": ahead,
            "steps": [(s.seat, str(s.reading.call) if s.reading else None, s.learner) for s in p.steps],
            "result": result.to_json("en"), "lines": lines, "end": end, "calls": calls, "start": start,
            "learner_seat": p.seat, "how": stats.labels if stats else None}


def one_review(seed: int, ahead: bool) -> dict:
    """`tutor review` of practice deal ``seed``'s auction (the count's calls for every seat:
    an auction at once; the review then asks the default voice at each call): when each
    call's lines are printed, in CPU seconds of this process and wall seconds, with or
    without the background process that answers every second call."""
    from tutor.practice import game
    from tutor.practice.session import Practice, hands_of

    p = Practice(seed=seed, seat="C", lang="en", judge="count")
    while not p.over:
        p.call("fort" if p.waiting == "turn" else "")
    auction = p.calls
    import yaml

    text = yaml.safe_dump({"hands": {s: str(h) for s, h in hands_of(seed).items()}, "auction": auction},
                          allow_unicode=True)
    marks = []
    c0, w0 = time.process_time(), time.perf_counter()

    def each(c):
        game.call_lines(c, "en")
        marks.append((round(time.process_time() - c0, 3), round(time.perf_counter() - w0, 3)))

    r = game.review_text(text, "<bench>", None, None, each, ahead=ahead)
    return {"seed": seed, "ahead": ahead, "calls": len(auction), "marks": marks,
            "cpu": round(time.process_time() - c0, 3), "wall": round(time.perf_counter() - w0, 3),
            "tutor": [c.tutor for c in r.calls]}


def proc_cpu(pid) -> float:
    """CPU seconds of process ``pid`` and of its children still running (the server and its
    background process)."""
    total = child_cpu(pid)
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                total += sum(child_cpu(int(c)) for c in f.read().split())
    except OSError:
        pass
    return total


def serve_child(ahead: bool):
    """A `tutor serve` on 127.0.0.1 (a free port) in a child process, with or without the
    Practice tab's background process; returns (process, base address)."""
    code = ("import sys, socket, uvicorn\n"
            "from tutor.web import server\n"
            "from tutor.web.app import Settings, create_app\n"
            "app = create_app(Settings(db=sys.argv[1], ahead=sys.argv[2] == '1'))\n"
            "s = socket.socket(); s.bind(('127.0.0.1', 0)); port = s.getsockname()[1]\n"
            "print(port, flush=True)\n"
            "try:\n"
            "    uvicorn.Server(server.config(app, '127.0.0.1', port)).run(sockets=[s])\n"
            "except KeyboardInterrupt:\n"
            "    pass\n"
            "finally:\n"
            "    if app.state.ahead is not None: app.state.ahead.close()\n")
    import tempfile

    db = os.path.join(tempfile.mkdtemp(prefix="bench-web-"), "t.sqlite3")
    proc = subprocess.Popen([sys.executable, "-c", code, db, "1" if ahead else "0"], stdout=subprocess.PIPE,
                            text=True, env=dict(os.environ, PYTHONPATH=ROOT))
    port = int(proc.stdout.readline())
    base = f"http://127.0.0.1:{port}"
    import urllib.request

    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/api/practice/texts", timeout=5).read()
            break
        except OSError:
            time.sleep(0.1)
    return proc, base


def one_web(seed: int, policy: str, ahead: bool, think: str, judge: str | None = None) -> dict:
    """One deal on the Practice tab of a fresh server (see the module)."""
    import signal
    import urllib.parse
    import urllib.request

    from tutor.practice.robots import advice
    from tutor.practice.session import Practice

    proc, base = serve_child(ahead)

    later = seed + 1000       # the deal "New deal" deals next (the page names it: ``next``)

    def get(path, moves, which=None):
        q = urllib.parse.urlencode({"seed": which or seed, "seat": "C", "lang": "en", "moves": ",".join(moves),
                                    "next": later if which is None else later + 1, **({"judge": judge} if judge else {})})
        c0, w0 = proc_cpu(proc.pid), time.perf_counter()
        with urllib.request.urlopen(f"{base}/api/{path}?{q}", timeout=3600) as r:
            data = json.loads(r.read())
        return data, {"cpu": round(proc_cpu(proc.pid) - c0, 3), "wall": round(time.perf_counter() - w0, 3)}

    def asleep() -> bool:
        """The server's background process waits (for the learner, or for a job): it is
        sleeping, not runnable (under load a runnable process may get no CPU for seconds)."""
        try:
            kids = [int(c) for t in os.listdir(f"/proc/{proc.pid}/task")
                    for c in open(f"/proc/{proc.pid}/task/{t}/children").read().split()]
            return all(open(f"/proc/{k}/stat").read().rsplit(")", 1)[1].split()[0] in "SDZ" for k in kids)
        except (OSError, ValueError):
            return True

    def thought():
        if think != "idle":
            time.sleep(float(think))
            return
        end, last, still = time.monotonic() + 900, proc_cpu(proc.pid), time.monotonic()
        while time.monotonic() < end and time.monotonic() - still < 1.5:
            time.sleep(0.1)
            now = proc_cpu(proc.pid)
            if now - last > 0.02 or not asleep():
                last, still = now, time.monotonic()

    try:
        moves: list[str] = []
        view, start = get("practice", moves)
        lines = []
        while not view["over"]:
            if ahead:
                thought()
            if policy in ("tutor", "other"):   # the tutor's advice, computed here (not in the server's memo)
                p = Practice(seed, "C", None, "en", judge)
                for m in moves:
                    p.call("" if m == "-" else m)
                a = advice(p.hand, p.auction, p.rules, p.seat, p.judge)
                rec = a.recommended
                if policy == "other":   # the lowest legal bid the background process does not follow
                    from tutor.practice.ahead import likely_calls

                    followed = likely_calls(p, a)
                    others = [str(c) for s, c in p.auction.legal_calls(p.seat) if c.kind == "bid"
                              and str(c) not in followed] if p.waiting == "turn" else []
                    text = others[0] if others else "fort" if p.waiting == "turn" else "-"
                elif view["waiting"] == "turn":
                    text = str(rec.call) if rec is not None else "fort"
                else:
                    text = str(rec.call) if rec is not None and rec.kind in ("double", "redouble") else "-"
            else:
                text = "fort" if view["waiting"] == "turn" else "-"
            moves.append(text)
            view, cost = get("practice", moves)
            lines.append({"call": text, **cost})
        if ahead:
            thought()
        result, end = get("practice/result", moves)
        if ahead:   # the learner reads the deal's end, then taps "New deal"
            thought()
        _first, following = get("practice", [], later)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return {"seed": seed, "policy": policy, "ahead": ahead, "calls": [c["call"] for c in view["calls"]],
            "lines": lines, "end": end, "start": start, "result": {k: result[k] for k in ("lines",)},
            "next": following}


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


def compared(mode: str, args, seeds, keys):
    """Each deal of each policy, without and with computing ahead, each run in a fresh
    process (``mode``: ``--one`` the terminal, ``--one-web`` the phone): (policy, seed, plain,
    ahead, the same ``keys`` with and without)."""
    for policy in args.policies.split(","):
        for s in seeds:
            more = ["--judge", args.judge] if args.judge else []
            plain, ahead = (run_child([mode, str(s), policy, a, args.think, *more]) for a in "01")
            yield policy, s, plain, ahead, all(plain[k] == ahead[k] for k in keys)


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-6")
    ap.add_argument("--think", default="idle", help="idle, or the learner's seconds to think before each call")
    ap.add_argument("--policies", default="tutor,fort",
                    help="tutor (the tutor's calls), fort, other (the lowest legal bid it does not follow)")
    ap.add_argument("--review", action="store_true")
    ap.add_argument("--one", nargs=4, metavar=("SEED", "POLICY", "AHEAD", "THINK"), help=argparse.SUPPRESS)
    ap.add_argument("--one-review", nargs=2, metavar=("SEED", "AHEAD"), help=argparse.SUPPRESS)
    ap.add_argument("--json", help="write every deal's figures to this file")
    ap.add_argument("--web", action="store_true", help="the Practice tab of tutor serve (see the module)")
    ap.add_argument("--one-web", nargs=4, metavar=("SEED", "POLICY", "AHEAD", "THINK"), help=argparse.SUPPRESS)
    ap.add_argument("--judge", choices=("count",), help="--web: the robots judge by the count (judge=count)")
    args = ap.parse_args()
    if args.one_web:
        seed, policy, ahead, think = args.one_web
        print(json.dumps(one_web(int(seed), policy, ahead == "1", think, args.judge)))
        return
    if args.one:
        seed, policy, ahead, think = args.one
        print(json.dumps(one_deal(int(seed), policy, ahead == "1", think)))
        return
    if args.one_review is not None:
        print(json.dumps(one_review(int(args.one_review[0]), args.one_review[1] == "1")))
        return
    seeds = seeds_of(args.seeds)
    print(f"load average at the start: {load_average()}, {os.cpu_count()} cores")
    if args.review:
        rows = []
        for s in seeds:
            plain, ahead = (run_child(["--one-review", str(s), a]) for a in "01")
            rows.append((plain, ahead))
            print(f"seed {s}: {plain['calls']} calls; the same tutor's calls with ahead: "
                  f"{plain['tutor'] == ahead['tutor']}")
            for r in (plain, ahead):
                print(f"   {'with' if r['ahead'] else 'without'} ahead: each call's lines at (CPU s, wall s) "
                      f"{r['marks']}; all {r['cpu']} s CPU here, {r['wall']} s wall")
        for i, which in ((0, "without"), (1, "with")):
            firsts = [r[i]["marks"][0][0] for r in rows if r[i]["marks"]]
            walls = [r[i]["wall"] for r in rows]
            print(f"{which} ahead: the first call's lines after median {statistics.median(firsts):.2f} s CPU "
                  f"(max {max(firsts):.2f}); the whole review median {statistics.median(walls):.1f} s wall")
        print(f"load average at the end: {load_average()}")
        if args.json:
            json.dump(rows, open(args.json, "w"), indent=1)
        return
    if args.web:
        rows = []
        for policy, s, plain, ahead, same in compared("--one-web", args, seeds, ("calls", "result")):
            rows.append((plain, ahead, same))
            print(f"web {policy} seed {s}: {' '.join(str(x) for x in plain['calls'])}; same with ahead: {same}"
                  f" (load {load_average()})")
            for r in (plain, ahead):
                print(f"   {'with' if r['ahead'] else 'without'} ahead: first view {r['start']}; after each tap "
                      f"(CPU s, wall s) {[(x['cpu'], x['wall']) for x in r['lines']]}; "
                      f"end {(r['end']['cpu'], r['end']['wall'])}; the next deal's first view "
                      f"{(r['next']['cpu'], r['next']['wall'])}")
        for i, which in ((0, "without"), (1, "with")):
            waits = [x["cpu"] for r in rows for x in r[i]["lines"]]
            walls = [x["wall"] for r in rows for x in r[i]["lines"]]
            ends = [r[i]["end"]["cpu"] for r in rows]
            nexts = [r[i]["next"]["cpu"] for r in rows]
            print(f"web {which} ahead: the next deal's first view CPU s median {statistics.median(nexts):.2f} "
                  f"max {max(nexts):.2f}")
            print(f"web {which} ahead: after a tap CPU s median {statistics.median(waits):.2f} max {max(waits):.2f} "
                  f"(wall median {statistics.median(walls):.2f} max {max(walls):.2f}); at the end median "
                  f"{statistics.median(ends):.2f} max {max(ends):.2f}")
        print(f"the same calls and deal's end: {sum(r[2] for r in rows)} of {len(rows)}; "
              f"load average at the end: {load_average()}")
        if args.json:
            json.dump([[a, b] for a, b, _s in rows], open(args.json, "w"), indent=1)
        return
    rows = []
    for policy, s, plain, ahead, same in compared("--one", args, seeds, ("steps", "result")):
        rows.append((plain, ahead, same))
        print(f"{policy} seed {s}: {' '.join(str(x[1]) for x in plain['steps'])}; same with ahead: {same}")
        print("   before the first turn (CPU s):", plain["start"])
        print("   waits without ahead (CPU s):", [x["cpu"] for x in plain["lines"]], "end", plain["end"]["cpu"])
        print("   waits with ahead    (CPU s):", [x["cpu"] for x in ahead["lines"]], "end", ahead["end"]["cpu"],
              "wall:", [x["wall"] for x in ahead["lines"]], ahead["end"]["wall"])
        print("   computed ahead while the learner thought (CPU s of the background process):",
              [x["ahead"] for x in ahead["lines"]])
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
