"""Benchmark of the double-dummy solver (issue 8): random deals per trump kind, the exact
value and one-threshold questions, the compiled core and the reference; and what each
search technique buys (nodes and time with it switched off).

    nice python benchmarks/bench_solver.py                 # everything (long: see README)
    nice python benchmarks/bench_solver.py --quick         # a few deals of each, minutes
    nice python benchmarks/bench_solver.py --part full --deals 100 --limit 10
    nice python benchmarks/bench_solver.py --part first --deals 12 --kinds Eichel   # a process's first solve
    nice python benchmarks/bench_solver.py --part passes --deals 20 --kinds Eichel,Rosen   # tables kept (nodes)
    nice python benchmarks/bench_solver.py --part estimate --deals 40 --cache /tmp/exact40.json   # solver.estimate
    nice python benchmarks/bench_solver.py --part check    # MD5 of brackets and endgames: answers and nodes unchanged?
    nice python benchmarks/bench_solver.py --part parallel --deals 10 --kinds Eichel,Rosen   # solve(workers=2)

Every solve runs under a limit of CPU seconds of this process (--limit; the core's
CPU_TIME option), so a shared, loaded machine does not turn waiting into "over the limit";
a solve that hits it counts as "over" and its time as the limit (so the medians and
percentiles are lower bounds where any are over). Node counts do not depend on the load of
the machine; CPU seconds depend on it less than the wall clock (a loaded machine still
slows the memory accesses).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.play import solver  # noqa: E402
from tutor.play.deal import Deal  # noqa: E402
from tutor.play.rules import TRUMPS  # noqa: E402

TECHNIQUES = {"all on": 0, "no table": solver.NO_TABLE, "no equivalent cards": solver.NO_EQUIVALENCE,
              "no move ordering": solver.NO_ORDERING, "no sure tricks": solver.NO_SURE_TRICKS,
              "no cheapest cards in the sure tricks": solver.NO_CHEAPEST_CARDS,
              "no top-trump bound": solver.NO_FORCED, "plain lead ordering": solver.NO_LEAD_ORDERING,
              "no third-hand hold-back": solver.NO_THIRD_HAND,
              "the last two tricks in the table": solver.NO_LAST_TWO,
              "a Misère ordered like the other games": solver.NO_MISERE_ORDERING,
              "no table of the two-trick endings": solver.NO_TWO_TRICK_CACHE,
              "bisection from the middle (no descent from the top)": solver.PLAIN_BISECTION,
              "the followers ordered as before (partner's top card, trumping cheaply)": solver.OLD_FOLLOWING,
              "the table keeps by cards left, not by the size of the search": solver.KEEP_BY_CARDS_LEFT,
              "a Misère's leads and discards ordered as before": solver.OLD_MISERE,
              "the root's leads searched again in every probe (their bounds not kept)": solver.ROOT_LEADS_AGAIN,
              "the third trick from the end searched like the others": solver.NO_THREE_TRICKS,
              "the third trick's boundaries in the table too": solver.TABLE_AT_THREE,
              "no small table for the third trick's boundaries": solver.NO_THREE_CACHE,
              "where every lead fails, the table's card of the highest bound": solver.BEST_OF_FAILED_LEADS,
              "a new position's leads without the last cut's lead first": solver.NO_LEAD_KILLER,
              "no lookup of the boundaries after the fourth hand's cards in the first tricks": solver.NO_ETC,
              "MTD(f) instead of bisection": solver.MTDF,
              "one full-window search instead of bisection": solver.FULL_WINDOW}


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def run(deals, engine, limit, target=None, options=0, values=None, best=False, repeat=1):
    """(wall seconds, nodes, over, CPU seconds) per deal. ``values``: a list to collect
    each exact value into (None where over the limit). The compiled core's limit counts CPU
    seconds, the reference's the wall clock."""
    if engine == "c":
        options |= solver.CPU_TIME
    out = []
    for d in deals:
        try:
            wall = cpu = float("inf")
            for _ in range(repeat):   # the least time of `repeat` solves: the load only adds
                c0 = time.process_time()
                s = solver.solve(d, target=target, engine=engine, best=best, max_seconds=limit, options=options)
                wall, cpu = min(wall, s.seconds), min(cpu, time.process_time() - c0)
            out.append((wall, s.nodes, False, cpu))
            if values is not None:
                values.append(s.points[d.declaring_team])
        except solver.SearchStopped:
            out.append((limit, 0, True, limit))
            if values is not None:
                values.append(None)
    return out


ZEHNER = list(range(60, 160, 10)) + [157]


def run_bracket(deals, limit, options=0, guesses=None):
    """The bracket of Zehner (what the simulation asks of a deal: which of 60, 70, ..., 150,
    157 the declaring team reaches), one ``solver.bracket`` call per deal, the answer cache
    emptied first: (wall seconds, nodes, over, CPU seconds, probes, the answers) per deal."""
    out = []
    for i, d in enumerate(deals):
        solver.forget_answers()
        c0 = time.process_time()
        b = solver.bracket(d, ZEHNER, max_seconds=limit, options=options | solver.CPU_TIME,
                           guess=solver.ESTIMATE if guesses is None else guesses[i])
        cpu = time.process_time() - c0
        out.append((limit if b.stopped else b.seconds, b.nodes, b.stopped, limit if b.stopped else cpu,
                    b.probes, b.reached))
    return out


# one solve in a fresh process, "reaches 79?" on deal i of a kind's seeded deals: the CPU
# (user and system) of the solve alone, and its nodes
_FIRST = """
import random, resource, sys
from tutor.play import solver
from tutor.play.deal import Deal
from tutor.play.rules import Trump
seed, kind, i, options = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(f"{seed} {kind}")
deal = [Deal.random(rng, 9, trump=Trump.parse(kind)) for _ in range(i + 1)][i]
r0 = resource.getrusage(resource.RUSAGE_SELF)
s = solver.solve(deal, target=79, best=False, options=options)
r1 = resource.getrusage(resource.RUSAGE_SELF)
print(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime, r1.ru_stime - r0.ru_stime, s.nodes)
"""


def run_first(seed: int, kind: str, n: int, options: int) -> list[tuple[float, float, int]]:
    """The first solve of a process (what every `tutor solve` of a full deal pays): for each
    of the first n deals of the kind, "reaches 79?" in a process of its own; (CPU s, of it
    system s, nodes) per deal. The in-process figures leave out what the system does the
    first time the core's table is touched."""
    out = []
    for i in range(n):
        r = subprocess.run([sys.executable, "-c", _FIRST, str(seed), kind, str(i), str(options)],
                           capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parent.parent)
        cpu, system, nodes = r.stdout.split()
        out.append((float(cpu), float(system), int(nodes)))
    return out


def _probe(job) -> tuple[int, bool | None]:
    """One probe of the passes: (nodes, a stopped probe counted at its budget; the answer or None)."""
    deal, target, budget = job
    try:
        s = solver.solve(deal, target=target, best=False, max_nodes=budget, options=solver.SHARED_TABLE)
    except solver.SearchStopped:
        return budget, None
    return s.nodes, s.reached


def run_passes(deals, target: int, keep: int, first: int = 30_000, escalate: int = 4,
               cap: int = 32_000_000, workers: int = 1, shared: bool = False) -> tuple[int, int, list, int]:
    """The simulation's passes over its deals (tutor.judgement.simulation): "reaches
    target?" for every deal with ``first`` nodes, then for the deals still open with
    ``escalate`` times as many, and so on up to ``cap``; each probe shares the table of its
    deal (SHARED_TABLE), and ``keep`` bytes of tables are kept for the deals left
    (solver.keep_tables; 0: the core keeps only the last deal's). ``workers`` > 1: a fork
    pool as the simulation's (each deal to the worker that is free), the tables kept by
    each worker or (``shared``) in files all of them use. (nodes in all, a stopped probe
    counted at its budget; probes; the answers, None where open; deals still open)."""
    from tutor.judgement.workers import Pool   # the simulation's fork pool (multiprocessing's can hang at its end)

    solver.solve(Deal.random(random.Random(1), 5, trump=TRUMPS[0]))   # the core's table another deal's
    pool = None
    if workers > 1:
        # each worker its own kept tables (set before the fork, which the workers inherit), or
        # (shared) files all of them use
        solver.keep_tables(keep, shared=shared)
        pool = Pool(workers)
    else:
        solver.keep_tables(keep)
    answers: list = [None] * len(deals)
    open_ = list(range(len(deals)))
    budget, nodes, probes = first, 0, 0
    while open_ and budget <= cap:
        jobs = [(deals[i], target, budget) for i in open_]
        got = pool.map(_probe, jobs, chunksize=1) if pool else [_probe(j) for j in jobs]
        probes += len(jobs)
        nodes += sum(n for n, _ in got)
        for i, (_n, r) in zip(open_, got):
            answers[i] = r
        open_, budget = [i for i, (_n, r) in zip(open_, got) if r is None], budget * escalate
    if pool:
        pool.terminate()
    solver.keep_tables(0)
    return nodes, probes, answers, len(open_)


def _cpu_all() -> float:
    """CPU seconds of this process and of its children that ended (the second process of a solve)."""
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run_parallel(deals, limit):
    """Each deal's exact value and best cards (what ``tutor solve`` prints) in one process and
    in two (``workers=2``), in turn: per deal (one's nodes, the critical path, both's nodes,
    one's CPU, two's CPU (both processes), one's wall, two's wall, the same answers); a solve
    over the limit (CPU seconds of one process) is left out."""
    out = []
    for d in deals:
        try:
            c0, w0 = _cpu_all(), time.perf_counter()
            one = solver.solve(d, max_seconds=limit, options=solver.CPU_TIME)
            c1, w1 = _cpu_all(), time.perf_counter()
            two = solver.solve(d, max_seconds=limit, options=solver.CPU_TIME, workers=2)
            c2, w2 = _cpu_all(), time.perf_counter()
        except solver.SearchStopped:
            continue
        crit, both, _lost = solver._core.par_stats()
        out.append((one.nodes, crit, both, c1 - c0, c2 - c1, w1 - w0, w2 - w1,
                    one.points == two.points and one.best == two.best))
    return out


def parallel_line(label: str, rows) -> str:
    if not rows:
        return f"| {label} | 0 |"
    col = list(zip(*rows))
    ratio = statistics.median(c / max(1, o) for o, c, *_ in rows)
    return (f"| {label} | {len(rows)} | {sum(col[0]):,} | {sum(col[1]):,} | {sum(col[2]):,} | {ratio:.2f} | "
            f"{sum(col[3]):.2f} | {sum(col[4]):.2f} | {sum(col[5]):.2f} | {sum(col[6]):.2f} | {all(col[7])} |")


def run_edge(deals, values, limit, repeat=1):
    """The hardest yes/no question: the threshold is the exact value itself."""
    return [(limit, 0, True, limit) if v is None else run([d], "c", limit, target=v, repeat=repeat)[0]
            for d, v in zip(deals, values)]


def endgames(size: int, n: int, seed: str) -> list[Deal]:
    """n random endgames of `size` cards a hand: the six trump kinds in turn, every fifth
    a Misère (so the trump suits get theirs too), seeded by the size."""
    rng = random.Random(f"endgames {size}" + (f" {seed}" if seed else ""))
    return [Deal.random(rng, size, trump=TRUMPS[i % 6], misere=i % 5 == 4) for i in range(n)]


ENDGAME_HEAD = ("| what | deals | median CPU ms | p90 CPU ms | max CPU ms | over budget | median nodes | "
                "max nodes | slowest |\n|---|---|---|---|---|---|---|---|---|")


def endgame_summary(rows, budget_ms: float, deals) -> dict:
    """CPU milliseconds per solve (the process's own time: the load of the machine
    changes it far less than the wall clock), how many over the budget, the nodes, and
    which deal was the slowest (its number in the set, kind, Misère)."""
    cpu = [r[3] * 1000 for r in rows]
    nodes = [r[1] for r in rows if not r[2]]
    i = max(range(len(rows)), key=lambda j: cpu[j])
    d = deals[i]
    return {"n": len(rows), "over_limit": sum(r[2] for r in rows), "budget_ms": budget_ms,
            "median_cpu_ms": round(statistics.median(cpu), 2), "p90_cpu_ms": round(pct(cpu, 0.9), 2),
            "max_cpu_ms": round(max(cpu), 2), "over_budget": sum(c > budget_ms for c in cpu),
            "median_nodes": int(statistics.median(nodes)) if nodes else None,
            "max_nodes": max(nodes) if nodes else None,
            "slowest": f"#{i} {d.trump}{' Misère' if d.misere else ''}"}


def endgame_line(label: str, s: dict) -> str:
    over = f" ({s['over_limit']} over the time limit)" if s["over_limit"] else ""
    return (f"| {label} | {s['n']} | {s['median_cpu_ms']:.2f} | {s['p90_cpu_ms']:.2f} | {s['max_cpu_ms']:.2f} | "
            f"{s['over_budget']} | {s['median_nodes']} | {s['max_nodes']} | {s['slowest']} |{over}")


def summary(rows) -> dict:
    secs = [r[0] for r in rows]
    cpu = [r[3] for r in rows]
    done = [r for r in rows if not r[2]]
    nodes = [r[1] for r in done]
    return {"n": len(rows), "over": len(rows) - len(done),
            "median_s": round(statistics.median(secs), 4), "median_cpu_s": round(statistics.median(cpu), 4),
            "p90_cpu_s": round(pct(cpu, 0.9), 4), "max_cpu_s": round(max(cpu), 4),
            "median_nodes": int(statistics.median(nodes)) if nodes else None,
            "nodes_per_cpu_s": int(sum(nodes) / max(1e-9, sum(r[3] for r in done))) if done else None}


def line(label: str, s: dict) -> str:
    over = f" ({s['over']} over the limit)" if s["over"] else ""
    return (f"| {label} | {s['n']} | {s['median_cpu_s']:.4f} | {s['p90_cpu_s']:.4f} | {s['max_cpu_s']:.4f} | "
            f"{s['median_s']:.4f} | {s['median_nodes']} | {s['nodes_per_cpu_s']} |{over}")


def kind_deals(a):
    """(trump kind, its deals) for the kinds asked (--kinds): each kind its own seeded
    deals, so a run of some kinds gives the same deals."""
    for trump in TRUMPS:
        if a.kinds and str(trump) not in a.kinds.split(","):
            continue
        kind_rng = random.Random(f"{a.seed} {trump}")
        yield trump, [Deal.random(kind_rng, 9, trump=trump) for _ in range(a.deals)]


# -- solver.estimate against exact play (issue 26) ---------------------------------------
HARD_NODES = 1_000_000   # a deal is hard where "reaches Z?" at the Zehner nearest its value needs more


def nearest_zehner(value: int) -> int:
    """The Zehner nearest a value of the declaring team's points (10, 20, ..., 150, 157):
    the target whose make/fail is the hardest question about the deal."""
    if value >= 154:
        return 157
    return min(150, max(10, 10 * round(value / 10)))


def estimate_deals(a) -> list[tuple[str, Deal]]:
    """(label, deal): the bench's deals of each kind asked (kind_deals: seed "<seed> <kind>"),
    then --misere Misères (seed "<seed> Misère", Obenabe and Undenufe in turn)."""
    out = [(str(trump), d) for trump, deals in kind_deals(a) for d in deals]
    rng = random.Random(f"{a.seed} Misère")
    misere_kinds = [t for t in TRUMPS if t.suit is None]
    out += [(f"{misere_kinds[i % 2]} Misère", Deal.random(rng, 9, trump=misere_kinds[i % 2], misere=True))
            for i in range(a.misere)]
    return out


def exact_rows(a, deals) -> list[dict]:
    """Each deal's exact value (the declaring team's points; None where over --limit CPU s),
    its nodes and CPU, the Zehner nearest it and the nodes of "reaches that Zehner?" from an
    empty table (None: over HARD_NODES, a hard deal). Kept in --cache (they take minutes)."""
    cache = a.cache
    rows = json.loads(cache.read_text()) if cache and cache.exists() else []
    known = {(r["kind"], tuple(r["hands"]), r["leader"]): r for r in rows}
    out = []
    for label, d in deals:
        key = (label, tuple(str(h) for h in d.hands), d.leader)
        if key in known:
            out.append(known[key])
            continue
        row = {"kind": label, "hands": list(key[1]), "leader": d.leader}
        if a.cached_only:    # not in the cache: left out
            out.append(dict(row, value=None, missing=True))
            continue
        c0 = time.process_time()
        try:
            s = solver.solve(d, best=False, max_seconds=a.limit, options=solver.CPU_TIME)
            row.update(value=s.points[d.declaring_team], nodes=s.nodes)
        except solver.SearchStopped:
            row.update(value=None, nodes=None)
        row["cpu"] = round(time.process_time() - c0, 3)
        if row["value"] is not None:
            z = row["zehner"] = nearest_zehner(row["value"])
            try:
                row["probe_nodes"] = solver.solve(d, target=z, best=False, max_nodes=HARD_NODES).nodes
            except solver.SearchStopped:
                row["probe_nodes"] = None
        known[key] = row
        out.append(row)
        if cache:
            cache.write_text(json.dumps(list(known.values())))
        print(f"  {label} {row['value']} {row['nodes']} nodes {row['cpu']} s, probe {row.get('probe_nodes')}",
              file=sys.stderr, flush=True)
    return out


def check_answers(a) -> dict:
    """The answers and node counts of the exact search, as MD5s (issue 21's checks: the same
    before and after a change that must not change the search): the Zehner brackets of the
    first 10 Eichel and 10 Rosen deals (lo, hi, answers, nodes), and 270 endgames (90 each of
    5, 6 and 7 cards a hand, the six kinds in turn, every fifth a Misère: the exact value,
    the best cards, "reaches 40?" and "reaches 60?", nodes). `answers_md5` holds the
    brackets' fail-soft bounds (lo, hi) too, which a change of the move order alone may
    move (a true bound, another one: round seventeen); `zehner_md5` leaves them out (the
    Zehner answers and the endgames' answers only): what no order may change."""
    import hashlib

    answers, with_nodes, zehner = hashlib.md5(), hashlib.md5(), hashlib.md5()
    bracket_nodes = endgame_nodes = 0
    for kind in ("Eichel", "Rosen"):
        for d in _kind_set(a.seed, kind, 10):
            solver.forget_answers()
            b = solver.bracket(d, ZEHNER, guess=None)   # the search's check: the walk from the top, as before
            text = f"{b.lo} {b.hi} {sorted(b.reached.items())}"
            answers.update(text.encode())
            zehner.update(f"{sorted(b.reached.items())}".encode())
            with_nodes.update(f"{text} {b.nodes}".encode())
            bracket_nodes += b.nodes
    for size in (5, 6, 7):
        for d in endgames(size, 90, ""):
            parts = []
            s = solver.solve(d)
            parts.append((s.points[d.declaring_team], sorted(str(c) for c in s.best), s.nodes))
            for t in (40, 60):
                r = solver.solve(d, target=t, best=False)
                parts.append((r.reached, r.nodes))
            text = repr([p[:-1] for p in parts])
            answers.update(text.encode())
            zehner.update(text.encode())
            with_nodes.update(repr(parts).encode())
            endgame_nodes += sum(p[-1] for p in parts)
    return {"answers_md5": answers.hexdigest(), "with_nodes_md5": with_nodes.hexdigest(), "zehner_md5": zehner.hexdigest(),
            "bracket_nodes": bracket_nodes, "endgame_nodes": endgame_nodes}


def _kind_set(seed: int, kind: str, n: int) -> list[Deal]:
    """The first n deals of a kind, as kind_deals deals them."""
    trump = next(t for t in TRUMPS if str(t) == kind)
    rng = random.Random(f"{seed} {trump}")
    return [Deal.random(rng, 9, trump=trump) for _ in range(n)]


EST_THRESHOLDS = (79, 100, 120)
SUIT_KINDS = [str(t) for t in TRUMPS if t.suit is not None]


def parse_configs(text: str) -> list[tuple[tuple[int, int, int], ...]]:
    """--configs "k:kf:m,...": the leads kept, the followers' cards kept, the cards a hand
    from which on all is searched (solver.estimate's k, follow_k, exact_last); "a>b": a
    within --chain-budget nodes, and where it runs over, b (unbounded: the last of a chain)."""
    return [tuple(tuple(int(x) for x in step.split(":")) for step in part.split(">")) for part in text.split(",")]


def config_label(chain) -> str:
    steps = [f"k={k} follow_k={kf} exact_last={m}" for k, kf, m in chain]
    return "estimate " + ", over the budget ".join(steps)


def accuracy(pairs: list[tuple[int, int]]) -> dict:
    """(estimate, exact) pairs: mean |error|, mean signed error, how often make/fail agrees
    at 79, 100, 120 and at the Zehner nearest the exact value."""
    n = len(pairs)
    if not n:
        return {"n": 0}
    out = {"n": n, "abs": sum(abs(e - x) for e, x in pairs) / n, "signed": sum(e - x for e, x in pairs) / n}
    for t in EST_THRESHOLDS:
        out[t] = sum((e >= t) == (x >= t) for e, x in pairs) / n
    out["zehner"] = sum((e >= nearest_zehner(x)) == (x >= nearest_zehner(x)) for e, x in pairs) / n
    return out


def acc_cells(a: dict) -> str:
    if not a["n"]:
        return "| 0 | | | | | | |"
    return (f"| {a['n']} | {a['abs']:.1f} | {a['signed']:+.1f} | " + " | ".join(f"{100 * a[t]:.0f} %" for t in EST_THRESHOLDS)
            + f" | {100 * a['zehner']:.0f} % |")


def run_estimates(a, rows, deals) -> dict:
    """Each configuration of solver.estimate (and the playout) on the deals with an exact
    value: per group (all, the hard ones, by kind) the error and make/fail figures, the
    nodes and CPU per deal. Where an estimate runs over --est-budget nodes the playout's
    value stands in for it (as the simulation would do), and the deal is counted; a chain
    (a>b) takes b where a runs over --chain-budget (counted too; its nodes are both's)."""
    from tutor.play.playout import play_out

    groups = {"all": lambda r: True, "hard (probe at the nearest Zehner over 1M nodes)":
              lambda r: r["probe_nodes"] is None, "easy": lambda r: r["probe_nodes"] is not None,
              "the four trump suits": lambda r: r["kind"] in SUIT_KINDS,
              "the four trump suits, hard": lambda r: r["kind"] in SUIT_KINDS and r["probe_nodes"] is None}
    for kind in dict.fromkeys(r["kind"] for r in rows):
        groups[kind] = lambda r, kind=kind: r["kind"] == kind
        groups[f"{kind}, hard"] = lambda r, kind=kind: r["kind"] == kind and r["probe_nodes"] is None
    known = [(r, d) for r, (_label, d) in zip(rows, deals) if r["value"] is not None]
    results = {}
    missing = sum(bool(r.get("missing")) for r in rows)
    rows = [r for r in rows if not r.get("missing")]
    print(f"\n{len(rows)} deals ({missing} left out: not in the cache), {len(known)} with an exact value within "
          f"{a.limit:g} CPU s, "
          f"{sum(r['probe_nodes'] is None for r, _ in known)} of them hard")
    play, play_cpu = [], []
    for r, d in known:
        c0 = time.process_time()
        v = play_out([list(h) for h in d.hands], d.trump, d.leader, d.misere, exact_from=5,
                     declarer=d.declarer)[d.declaring_team]
        play_cpu.append(time.process_time() - c0)
        play.append(v)
    configs = [("playout (first four tricks by the policy, the last five exact)", None)]
    configs += [(config_label(chain), chain) for chain in parse_configs(a.configs)]
    head = ("| what | deals | mean abs error | mean error | agrees at 79 | at 100 | at 120 | at the nearest Zehner |"
            "\n|---|---|---|---|---|---|---|---|")
    tables: dict = {g: [] for g in groups}
    cost_lines = []
    for label, cfg in configs:
        vals, nodes, cpu, over, fell = [], [], [], 0, 0
        for i, (r, d) in enumerate(known):
            if cfg is None:
                vals.append(play[i])
                cpu.append(play_cpu[i])
                continue
            c0 = time.process_time()
            n = 0
            for j, (k, kf, m) in enumerate(cfg):
                last = j == len(cfg) - 1
                budget = a.est_budget if len(cfg) == 1 else 0 if last else a.chain_budget
                v, used = solver.estimate_nodes(d, k, follow_k=kf, exact_last=m, max_nodes=budget)
                n += used
                if v is not None:
                    break
                if not last:
                    fell += 1
            cpu.append(time.process_time() - c0)
            nodes.append(n)
            if v is None:
                over += 1
                v = play[i]
            vals.append(v)
        res = {"over_budget": over, "fell_back": fell, "cpu_ms_median": 1000 * statistics.median(cpu), "cpu_ms_mean": 1000 * sum(cpu) / len(cpu),
               "cpu_ms_max": 1000 * max(cpu)}
        if nodes:
            res.update(nodes_median=int(statistics.median(nodes)), nodes_p90=pct(nodes, 0.9), nodes_max=max(nodes),
                       nodes_mean=int(sum(nodes) / len(nodes)))
        for g, pred in groups.items():
            acc = accuracy([(v, r["value"]) for v, (r, _d) in zip(vals, known) if pred(r)])
            res[g] = acc
            tables[g].append(f"| {label} " + acc_cells(acc))
        results[label] = res
        cost_lines.append(f"| {label} | {res.get('nodes_median', '')} | {res.get('nodes_p90', '')} | "
                          f"{res.get('nodes_max', '')} | {res['cpu_ms_median']:.2f} | {res['cpu_ms_mean']:.2f} | "
                          f"{res['cpu_ms_max']:.1f} | {over + fell} |")
        print(f"  {label}: all {acc_cells(res['all'])} hard {acc_cells(res[next(iter(list(groups)[1:]))])} "
              f"nodes median {res.get('nodes_median')} p90 {res.get('nodes_p90')} CPU ms mean {res['cpu_ms_mean']:.1f}",
              file=sys.stderr, flush=True)
    for g, lines in tables.items():
        print(f"\n### {g}\n{head}\n" + "\n".join(lines))
    print("\n### Cost per deal (nodes; CPU ms of this process)\n| what | median nodes | p90 nodes | max nodes | "
          "median CPU ms | mean CPU ms | max CPU ms | over the budget (the first of a chain) |\n|---|---|---|---|---|---|---|---|\n"
          + "\n".join(cost_lines))
    return results


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=("all", "full", "bracket", "first", "passes", "endgames", "techniques",
                                       "estimate", "exact", "check", "parallel"),
                    default="all")
    ap.add_argument("--deals", type=int, default=100, help="full deals per trump kind")
    ap.add_argument("--exact-deals", type=int, default=100, help="of those, solved exactly")
    ap.add_argument("--endgames", type=int, default=300, help="endgames per size (all kinds mixed)")
    ap.add_argument("--sizes", default="4,5,6,7", help="endgame sizes, cards a hand (comma-separated)")
    ap.add_argument("--endgame-seed", default="", help="added to the endgames' seed ('endgames N')")
    ap.add_argument("--repeat", type=int, default=1,
                    help="solve each endgame this many times and count its least CPU time")
    ap.add_argument("--budget-ms", type=float, default=10.0,
                    help="count the endgame solves over this many CPU ms (the issue's target: 10)")
    ap.add_argument("--python-endgames", type=int, default=12, help="of those, for the reference")
    ap.add_argument("--limit", type=float, default=10.0, help="CPU seconds per solve (the reference: wall seconds)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--kinds", help="only these trump kinds, comma-separated (e.g. Eichel,Obenabe)")
    ap.add_argument("--no-edge", action="store_true", help="skip the hardest threshold")
    ap.add_argument("--fresh", action="store_true", help="the bracket also with a fresh table per probe (as before)")
    ap.add_argument("--workers", type=int, default=1, help="--part passes: a fork pool of this many (as the simulation)")
    ap.add_argument("--misere", type=int, default=20, help="--part estimate: Misères (Obenabe, Undenufe in turn)")
    ap.add_argument("--cache", type=Path, help="--part estimate: the exact values kept in this JSON file")
    ap.add_argument("--configs", default="1:1:4,2:2:4,2:3:4,3:2:4,3:3:4,2:2:3,3:3:3,2:2:5",
                    help="--part estimate: solver.estimate's k:follow_k:exact_last, comma-separated")
    ap.add_argument("--cached-only", action="store_true", help="--part estimate: only the deals in --cache")
    ap.add_argument("--est-budget", type=int, default=0, help="--part estimate: nodes an estimate may search (0: all)")
    ap.add_argument("--chain-budget", type=int, default=300_000,
                    help="--part estimate: nodes the first estimates of a chain (a>b) may search")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", type=Path, help="write the figures here too")
    a = ap.parse_args()
    if a.quick:
        a.deals, a.exact_deals, a.endgames, a.python_endgames = 4, 2, 12, 3
    if solver.ENGINE != "c":
        print("the compiled core is not built: only the reference can be measured", file=sys.stderr)
        return 1
    rng = random.Random(a.seed)
    solver.solve(Deal.random(random.Random(0), 9, trump=TRUMPS[0]), target=79)   # allocate the table
    results: dict = {"machine": f"{platform.machine()}, {platform.python_implementation()} "
                                f"{platform.python_version()}", "limit_s": a.limit}
    head = ("| what | deals | median CPU s | p90 CPU s | max CPU s | median wall s | median nodes | nodes/CPU s |\n"
            "|---|---|---|---|---|---|---|---|")
    print(f"machine: {results['machine']}; limit {a.limit} CPU s a solve; seed {a.seed}")
    if a.part in ("all", "full"):
        print("\n## Full nine-card deals, compiled core\n" + head)
        for trump, deals in kind_deals(a):
            s = summary(run(deals, "c", a.limit, target=79))
            results[f"full {trump} 79?"] = s
            print(line(f"{trump}: reaches 79?", s), flush=True)
            values: list = []
            exact = deals[:a.exact_deals]
            s = summary(run(exact, "c", a.limit, values=values))
            results[f"full {trump} exact"] = s
            print(line(f"{trump}: exact value", s), flush=True)
            if a.no_edge:
                continue
            s = summary(run_edge(exact, values, a.limit))
            results[f"full {trump} edge"] = s
            print(line(f"{trump}: reaches its exact value? (the hardest threshold)", s), flush=True)
    if a.part in ("all", "bracket"):
        print("\n## The bracket of Zehner (60, 70, ..., 150, 157: which ones the declaring team reaches), "
              "one call of solver.bracket per deal\n" + head + " probes |")
        for trump, deals in kind_deals(a):
            answers = None
            for label, opt in (("one table", 0), ("fresh table per probe", solver.FRESH_TABLES)):
                if label != "one table" and not a.fresh:
                    continue
                rows = run_bracket(deals, a.limit, options=opt)
                s = summary(rows)
                s["probes"] = sum(r[4] for r in rows)
                results[f"bracket {trump} {label}"] = s
                got = [r[5] for r in rows]
                if answers is not None:   # the same answers wherever both finished
                    assert all(x == y for x, y, r, q in zip(answers, got, rows, prev) if not r[2] and not q[2])
                answers, prev = got, rows
                print(line(f"{trump}: Zehner bracket, {label}", s) + f" {s['probes']} |", flush=True)
    if a.part == "first":   # not in "all": a process per deal
        print("\n## The first solve of a process (\"reaches 79?\", each deal in a process of its own; CPU ms "
              "of the solve, user and system)\n| what | deals | median CPU ms | p90 CPU ms | max CPU ms | "
              "median system ms | median nodes |\n|---|---|---|---|---|---|---|")
        for trump in TRUMPS:
            if a.kinds and str(trump) not in a.kinds.split(","):
                continue
            for label, opt in (("the table grown with the search", 0),
                               ("the whole table from the start (WHOLE_TABLE)", solver.WHOLE_TABLE)):
                rows = run_first(a.seed, str(trump), a.deals, opt)
                cpu = [r[0] * 1000 for r in rows]
                s = {"n": len(rows), "median_cpu_ms": round(statistics.median(cpu), 1),
                     "p90_cpu_ms": round(pct(cpu, 0.9), 1), "max_cpu_ms": round(max(cpu), 1),
                     "median_system_ms": round(statistics.median(r[1] * 1000 for r in rows), 1),
                     "median_nodes": int(statistics.median(r[2] for r in rows))}
                results[f"first {trump} {label}"] = s
                print(f"| {trump}: {label} | {s['n']} | {s['median_cpu_ms']} | {s['p90_cpu_ms']} | {s['max_cpu_ms']} | "
                      f"{s['median_system_ms']} | {s['median_nodes']} |", flush=True)
    if a.part == "passes":   # not in "all": node counts of the tables kept aside
        print("\n## The simulation's passes (\"reaches 79?\" with 30 K nodes a probe, then 4 times as many for the "
              "deals still open, up to 32 M; nodes in all, a stopped probe counted at its budget)\n"
              "| what | deals | nodes | probes | still open | CPU s |\n|---|---|---|---|---|---|")
        for trump, deals in kind_deals(a):
            answers = None
            runs = [("the last deal's table only", 0, False), ("tables kept (keep_tables, 256 MB)", 256 << 20, False)]
            if a.workers > 1:
                runs.append(("tables kept, shared by the workers (shared=True)", 256 << 20, True))
            for label, keep, shared in runs:
                if a.workers > 1:
                    label = f"{a.workers} workers, {label}"
                t0 = os.times()   # this process and its pool's workers (reaped when it ends)
                nodes, probes, got, left = run_passes(deals, 79, keep, workers=a.workers, shared=shared)
                t1 = os.times()
                cpu = sum(t1[:4]) - sum(t0[:4])
                # the same answers wherever both runs got one (a deal open in one may be answered in the other)
                assert answers is None or all(x == y for x, y in zip(got, answers) if x is not None and y is not None)
                answers = got
                results[f"passes {trump} {label}"] = {"nodes": nodes, "probes": probes, "open": left, "cpu_s": cpu}
                print(f"| {trump}: {label} | {len(deals)} | {nodes} | {probes} | {left} | {cpu:.2f} |", flush=True)
    if a.part in ("all", "endgames"):
        print(f"\n## Endgames, compiled core (the six kinds in turn, every fifth a Misère; CPU ms of this "
              f"process per solve)\n{ENDGAME_HEAD}")
        sizes = [int(x) for x in a.sizes.split(",")]
        sets = {size: endgames(size, a.endgames, a.endgame_seed) for size in sizes}
        for size, deals in sets.items():
            values: list = []
            r = a.repeat
            for label, rows in (("exact", run(deals, "c", a.limit, values=values, repeat=r)),
                                ("exact and best cards", run(deals, "c", a.limit, best=True, repeat=r)),
                                ("target 40", run(deals, "c", a.limit, target=40, repeat=r)),
                                ("target = its value", run_edge(deals, values, a.limit, repeat=r))):
                s = endgame_summary(rows, a.budget_ms, deals)
                results[f"{size} cards c {label}"] = s
                print(endgame_line(f"{size} cards: {label}", s), flush=True)
        if a.python_endgames:
            print("\n## Endgames, the reference\n" + head)
            for size, deals in sets.items():
                for label, kw in (("exact", {}), ("target 40", {"target": 40})):
                    s = summary(run(deals[:a.python_endgames], "python", a.limit, **kw))
                    results[f"{size} cards python {label}"] = s
                    print(line(f"{size} cards, python: {label}", s), flush=True)
    if a.part in ("all", "techniques"):
        print("\n## What each technique buys (compiled core; 7-card endgames, exact value)\n" + head)
        deals = [Deal.random(rng, 7, trump=TRUMPS[i % 6]) for i in range(max(6, min(a.endgames, 60) // 3))]
        for label, opt in TECHNIQUES.items():
            s = summary(run(deals, "c", a.limit, options=opt))
            results[f"technique {label}"] = s
            print(line(label, s), flush=True)
    if a.part == "parallel":   # not in "all": solve(workers=2) against one process (issue 21, round six)
        print("\n## The exact value and best cards in two processes (solve(workers=2)) against one; nodes: "
              "one process / the two's critical path (per probe the longer part, summed) / both\n"
              "| what | deals | nodes one | critical path | both | median crit/one | CPU s one | CPU s two (both) "
              "| wall s one | wall s two | the same answers |\n|---|---|---|---|---|---|---|---|---|---|---|")
        for trump, deals in kind_deals(a):
            rows = run_parallel(deals[:a.exact_deals], a.limit)
            results[f"parallel {trump}"] = rows
            print(parallel_line(str(trump), rows), flush=True)
    if a.part == "check":
        c = check_answers(a)
        results["check"] = c
        print(f"check: answers {c['answers_md5']}, with the nodes {c['with_nodes_md5']}, "
              f"the Zehner answers alone {c['zehner_md5']}; "
              f"brackets {c['bracket_nodes']} nodes, endgames {c['endgame_nodes']} nodes")
    if a.part == "estimate":
        deals = estimate_deals(a)
        results["estimate"] = run_estimates(a, exact_rows(a, deals), deals)
    if a.part == "exact":   # the exact values of --part estimate only (into --cache)
        rows = exact_rows(a, estimate_deals(a))
        print(f"{len(rows)} deals, {sum(r['value'] is None for r in rows)} over the limit, "
              f"{sum(r['value'] is not None and r['probe_nodes'] is None for r in rows)} hard")
    if a.json:
        a.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
