#!/usr/bin/env python3
"""Benchmark: what one exact probe at a contract's number needs, on the deals eval gets wrong
(issues 21 and 26; benchmarks/README.md, round thirteen of issue 21).

Run: .venv/bin/python benchmarks/bench_exact_sim.py --samples 20 --workers 1 --dump FOLDER
     .venv/bin/python benchmarks/probe_at_number.py FOLDER [--over 0.10] [--cap 20000000]
     [--list] [--json FILE] [--options BITS]

FOLDER: a ``bench_exact_sim.py --dump`` folder (its pickles hold each position's deals, what eval
proved of them, the chances it showed and exact play's answers). For every contract eval shows more
than --over off exact play: how many of its deals eval left open at the contract's number (the
bounds it proved do not decide it), the deals it places on the wrong side (made where exact play
fails it, or failed where exact play makes it), and for each of those the nodes of one exact
zero-window probe "does the declaring team reach x?" (x the contract's number as the team's own
card points) from an empty table, within --cap nodes ("over": not decided within it). Beside each
deal, what eval proved of that game (lo, hi), its estimate and the nodes it spent on the game.
--list: the contracts only, no probes. --options: the core's option bits for the probes (hex or
decimal; e.g. a branch's search variant). The summary: how many wrong deals one probe of 0.3M to
20M nodes decides (eval's budget: simulation.EVAL_NODES / 100 a deal, for all its games and
numbers together).
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import pickle
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.cards import Hand  # noqa: E402
from tutor.play import solver  # noqa: E402
from tutor.play.deal import Deal  # noqa: E402
from tutor.play.rules import parse_strain  # noqa: E402

CAPS = (300_000, 600_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 20_000_000)


def contracts(folder: str, over: float, cap: int, probe: bool, options: int = 0):
    """One row per contract shown more than ``over`` off exact play (see the module)."""
    for f in sorted(glob.glob(str(Path(folder) / "*.pickle"))):
        d = pickle.load(open(f, "rb"))
        if "deals" not in d:
            raise SystemExit(f"{f}: no deals in the dump (dumped before bench_exact_sim stored them)")
        for (strain, seat, need), exact in zip(d["asked"], d["exact"]):
            if None in exact:
                continue
            gi = d["games"].index((strain, seat))
            trump, misere = parse_strain(strain)
            sim = [(157 - row[gi] if misere else row[gi]) >= need for row in d["points"]]
            diff = (sum(sim) - sum(exact)) / len(sim)
            if abs(diff) <= over + 1e-9:
                continue

            def bounds(w):
                j = d["judged"][w][gi]
                return (157 - j.hi, 157 - j.lo) if misere else (j.lo, j.hi)

            open_at = [not (bounds(w)[0] >= need or bounds(w)[1] < need) for w in range(len(sim))]
            x = 158 - need if misere else need      # the team's own points: at least x?
            wrong = []
            for w, (shown, made) in enumerate(zip(sim, exact)):
                if shown == made:
                    continue
                nodes = None
                if probe:
                    deal = Deal(tuple(Hand.parse(h) for h in d["deals"][w]), trump, seat, seat, misere)
                    r = solver._core.solve(*solver._core_args(deal), x, False, cap, 0.0,
                                           solver.OWN_TABLE_PART | options)
                    nodes = None if r[3] else r[2]
                j = d["judged"][w][gi]
                wrong.append({"deal": w, "exact_made": made, "nodes": nodes, "open": open_at[w],
                              "eval_lo": j.lo, "eval_hi": j.hi, "guess": j.guess, "eval_nodes": j.nodes})
            yield {"id": d["id"], "contract": f"{need} {strain} by {seat}", "diff": round(diff, 2),
                   "open_at_number": sum(open_at), "samples": d["samples"], "wrong": wrong}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--over", type=float, default=0.10)
    ap.add_argument("--cap", type=int, default=20_000_000)
    ap.add_argument("--list", action="store_true", help="the contracts only, no probes")
    ap.add_argument("--json", default=None)
    ap.add_argument("--options", default="0")
    a = ap.parse_args()
    rows = []
    for row in contracts(a.folder, a.over, a.cap, not a.list, int(a.options, 0)):
        rows.append(row)
        w = row["wrong"]
        nodes = "" if a.list else "  probe " + " ".join(
            "over" if x["nodes"] is None else f"{x['nodes'] / 1e6:.2f}M" for x in w)
        print(f"{row['id']:<24} {row['contract']:<26} diff {row['diff']:+.2f}  open at the number "
              f"{row['open_at_number']}/{row['samples']}  wrong {len(w)} (exact play makes "
              f"{sum(x['exact_made'] for x in w)}){nodes}", flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    wrong = [x for r in rows for x in r["wrong"]]
    if wrong and not a.list:
        done = sorted(x["nodes"] for x in wrong if x["nodes"] is not None)
        print(f"\n{len(rows)} contracts over {a.over}, {len(wrong)} deals on the wrong side "
              f"({sum(x['open'] for x in wrong)} open at the number); one probe from an empty table decides "
              + ", ".join(f"{sum(n <= c for n in done)} within {c / 1e6:g}M" for c in CAPS if c <= a.cap)
              + (f"; median of those decided {statistics.median(done) / 1e6:.2f}M" if done else ""))
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
