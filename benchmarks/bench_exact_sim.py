#!/usr/bin/env python3
"""Benchmark: the simulation's chances against exact play on the same deals (issue 26).

Run: .venv/bin/python benchmarks/bench_exact_sim.py [--positions 40] [--samples 30]
     [--workers 2] [--max-nodes 300000000] [--nodes N] [--timing 10] [--out FILE]
     [--compare-split] [--every-game] [--only ID ...] [--cache FILE]

Positions: the Sidi-Barrani ``bid`` drills of exercises/*.yaml that have a hand (openings,
Hilfe, raises, the opponents' suit, Fünfer, tables without conventions, the worked
example), taken evenly until --positions. For each, ``simulation.evaluate`` (seed 1,
--samples deals, no early stop) lists its contracts with their chances; then every one of
those deals is solved exactly for each kind listed (the solver's yes/no probes at every
contract's number, without a budget up to --max-nodes a deal; a deal over it is left
out of that contract's comparison and counted), and the exact chance on the same deals
is compared with the simulation's. Prints per position the mean and the largest
difference over its contracts and the deals the simulation estimated, then the means
over all positions; the targets: mean within 0.05, none more than 0.10 off.

--timing N: the wall time of ``tutor eval --samples 100`` (a fresh process, the default
seed and both cores, as a user runs it) on N of the positions, with ``uptime``'s load
before each run: the median and the range.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time
from multiprocessing import get_context
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.judgement import simulation as S  # noqa: E402
from tutor.play.deal import Deal  # noqa: E402
from tutor.play.rules import parse_strain  # noqa: E402
from tutor.play.solver import SearchStopped, solve  # noqa: E402
from tutor.rules import load  # noqa: E402


def positions(n: int) -> list[dict]:
    found = []
    for f in sorted(glob.glob(str(ROOT / "exercises" / "*.yaml"))):
        data = yaml.safe_load(open(f, encoding="utf-8"))
        if "tarneeb" in f:
            continue
        rules = data.get("rules", "verband")
        for d in data.get("drills", []):
            if d.get("type") == "bid" and d.get("hand"):
                found.append({"file": Path(f).name, "id": d.get("id"), "hand": d["hand"],
                              "auction": d.get("auction") or "", "seat": d.get("seat"),
                              "rules": d.get("rules", rules) if isinstance(d.get("rules", rules), str) else "verband"})
    step = max(1, len(found) // n)
    return found[::step][:n]


def exact_made(job) -> dict:
    """For one deal and one kind (the hand's seat declaring and leading): for each target
    whether exact play makes it (None: over the node budget)."""
    hands, strain, seat, targets, max_nodes = job
    trump, misere = parse_strain(strain)
    deal = Deal(tuple(hands), trump, seat, seat, misere)
    out = {}
    used = 0
    for t in sorted(targets):
        try:
            r = solve(deal, target=157 - t if misere else t, best=False, max_nodes=max_nodes - used)
            used += r.nodes
            out[t] = bool(r.reached)
        except SearchStopped:
            out[t] = None
            used = max_nodes
    return out


def _load_cache(path):
    if not path or not Path(path).exists():
        return {}
    import pickle

    return pickle.loads(Path(path).read_bytes())


def _save_cache(path, cache) -> None:
    if path:
        import pickle

        Path(path).write_bytes(pickle.dumps(cache))


def accuracy(args) -> None:
    rows = []
    pool = get_context("fork").Pool(args.workers)
    cache = _load_cache(args.cache)
    for pos in positions(args.positions):
        if args.only and pos["id"] not in args.only:
            continue
        rules = load(pos["rules"])
        nodes = args.nodes or S.EVAL_NODES * args.samples // 100    # eval's nodes a deal (it asks 100)
        sim = S.Simulation(samples=args.samples, seed=1, workers=args.workers, early_stop=False, nodes=nodes,
                           every_game=args.every_game)
        t0 = time.perf_counter()
        try:
            ev = S.evaluate(pos["hand"], pos["auction"], rules, pos["seat"], sim)
        except Exception as e:   # a drill the dealer cannot deal (the hand contradicts its calls)
            print(f"{pos['id']}: skipped ({type(e).__name__})", flush=True)
            continue
        seconds = time.perf_counter() - t0
        plain = None
        if args.compare_split:
            # the same deals and searches (remembered), the open deals placed by the playout alone
            split, S.SPLIT_FROM = S.SPLIT_FROM, None
            try:
                plain = S.evaluate(pos["hand"], pos["auction"], rules, pos["seat"], sim)
            finally:
                S.SPLIT_FROM = split
        kinds: dict[str, set[int]] = {}
        for c in ev.contracts:
            value, strain = c["contract"].split(" ", 1)
            need = 157 if int(value) == rules.matsch_bid else int(value)
            kinds.setdefault(strain, set()).add(need)
        jobs = [([d[s] for s in "ABCD"], strain, ev.seat, targets, args.max_nodes)
                for strain, targets in kinds.items() for d in ev.deals]
        # the exact answers do not depend on the simulation: --cache keeps them between runs
        keys = [(tuple(str(h) for h in j[0]), j[1], j[2], tuple(sorted(j[3])), j[4]) for j in jobs]
        todo = [j for j, k in zip(jobs, keys) if k not in cache]
        for k, a in zip([k for k in keys if k not in cache], pool.map(exact_made, todo, chunksize=1)):
            cache[k] = a
        if todo:
            _save_cache(args.cache, cache)
        answers = [cache[k] for k in keys]
        by = {}
        for (hands, strain, _seat, _t, _m), a in zip(jobs, answers):
            by.setdefault(strain, []).append(a)
        diffs, left_out, plain_diffs = [], 0, []
        plain_p = {c["contract"]: c["p_make"] for c in plain.contracts} if plain else {}
        for c in ev.contracts:
            value, strain = c["contract"].split(" ", 1)
            need = 157 if int(value) == rules.matsch_bid else int(value)
            # the simulation's answer per deal is not exposed, its chance is: compare on the
            # deals the exact search finished (all, unless over --max-nodes)
            known = [a[need] for a in by[strain] if a[need] is not None]
            left_out += len(by[strain]) - len(known)
            if len(known) < len(by[strain]):
                continue
            diffs.append(abs(c["p_make"] - sum(known) / len(known)))
            if plain_p:
                plain_diffs.append(abs(plain_p[c["contract"]] - sum(known) / len(known)))
        if not diffs:
            continue
        row = {"id": pos["id"], "auction": pos["auction"], "contracts": len(diffs),
               "mean": statistics.mean(diffs), "max": max(diffs), "estimated": ev.estimated,
               "samples": ev.samples, "seconds": round(seconds, 1), "left_out": left_out,
               "unprobed": ev.unprobed, "nodes": ev.nodes}
        if plain_diffs:
            row["plain_mean"], row["plain_max"] = statistics.mean(plain_diffs), max(plain_diffs)
        rows.append(row)
        print(f"{row['id']:<28} {pos['auction'][:38]:<38} contracts {row['contracts']:>2}  mean |diff| "
              f"{row['mean']:.3f}  max {row['max']:.2f}  estimated {ev.estimated}/{ev.samples}  "
              f"{ev.nodes / 1e6:6.1f}M nodes {seconds:5.1f} s"
              + (f"  (open deals by the playout alone: mean {row['plain_mean']:.3f} max {row['plain_max']:.2f})"
                 if plain_diffs else ""), flush=True)
    pool.close()
    means = [r["mean"] for r in rows]
    print(f"\n{len(rows)} positions, {sum(r['contracts'] for r in rows)} contracts: mean |diff| "
          f"{statistics.mean(means):.3f} (target 0.05), largest {max(r['max'] for r in rows):.2f} "
          f"(target 0.10); deals estimated {sum(r['estimated'] for r in rows)} of "
          f"{sum(r['samples'] for r in rows)}; simulation time per position median "
          f"{statistics.median(r['seconds'] for r in rows):.1f} s ({args.samples} deals, {args.workers} workers); "
          f"solver nodes per position median {statistics.median(r['nodes'] for r in rows) / 1e6:.1f}M, "
          f"mean {statistics.mean(r['nodes'] for r in rows) / 1e6:.1f}M")
    if args.compare_split:
        plain = [r for r in rows if "plain_mean" in r]
        print(f"the open deals placed by the playout alone (no split): mean |diff| "
              f"{statistics.mean(r['plain_mean'] for r in plain):.3f}, largest {max(r['plain_max'] for r in plain):.2f}")
    print("load:", os.getloadavg())
    if args.out:
        Path(args.out).write_text(json.dumps(rows, indent=1))


def timing(args) -> None:
    walls, loads = [], []
    for pos in positions(args.positions)[:: max(1, args.positions // args.timing)][: args.timing]:
        cmd = [sys.executable, "-m", "tutor", "eval", "--hand", pos["hand"], "--auction", pos["auction"],
               "--samples", "100", "--rules", pos["rules"]]
        if pos["seat"]:
            cmd += ["--seat", pos["seat"]]
        loads.append(os.getloadavg()[0])
        t0 = time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        walls.append(time.perf_counter() - t0)
        print(f"{pos['id']:<28} {walls[-1]:6.1f} s  (load {loads[-1]:.1f}, exit {r.returncode})", flush=True)
    print(f"tutor eval --samples 100: median {statistics.median(walls):.1f} s, range "
          f"{min(walls):.1f}-{max(walls):.1f} s over {len(walls)} positions; load (1 min) "
          f"{min(loads):.1f}-{max(loads):.1f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-nodes", type=int, default=300_000_000)
    ap.add_argument("--timing", type=int, default=0)
    ap.add_argument("--nodes", type=int, default=0,
                    help="the evaluation's solver nodes (default: tutor eval's share for --samples deals)")
    ap.add_argument("--out", default=None)
    ap.add_argument("--cache", default=None, help="a file keeping the exact answers between runs (they do not "
                    "depend on the simulation)")
    ap.add_argument("--only", nargs="*", default=None, help="only these positions (drill ids)")
    ap.add_argument("--every-game", action="store_true",
                    help="the passes for every game eval lists, not only those a competitive call rests on")
    ap.add_argument("--compare-split", action="store_true",
                    help="also the chances with the open deals placed by the playout alone (simulation.SPLIT_FROM off)")
    args = ap.parse_args()
    if args.timing:
        timing(args)
    else:
        accuracy(args)


if __name__ == "__main__":
    main()
