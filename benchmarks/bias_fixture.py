"""One game of a `bench_exact_sim.py --dump` position as a test fixture (tests/test_simulation_bias.py):
what eval's searches proved of each deal in that game (the `Judged` of `ev.judged`), the game's
`Play`, eval's split settings, and exact play's bounds of the same deals (the `--answers` file the
run kept: the solver's alone). The placing of the deals (`simulation._points`) can then be measured
against exact play without searching anything.

    .venv/bin/python benchmarks/bias_fixture.py DUMP.pickle ANSWERS.json "Undenufe Misère" A OUT.json
"""
from __future__ import annotations

import dataclasses
import json
import pickle
import sys


def main(dump: str, answers: str, strain: str, seat: str, out: str) -> None:
    d = pickle.load(open(dump, "rb"))
    kept = json.load(open(answers))
    kept = kept.get("answers", kept)
    i = d["games"].index((strain, seat))
    play = d["plays"][i]
    fields = [f.name for f in dataclasses.fields(d["judged"][0][i])]
    rows, exact = [], []
    for hands, row in zip(d["deals"], d["judged"]):
        j = row[i]
        rows.append([getattr(j, f) for f in fields])
        e = kept.get("|".join(hands) + f"|{strain}|{seat}")
        exact.append(None if e is None else e[:2])
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"position": d["id"], "strain": strain, "declarer": seat, "play": dataclasses.asdict(play),
                   "bounds_bias": d["bounds_bias"], "split_from": d["split_from"], "split_made": d["split_made"],
                   "fields": fields, "judged": rows, "exact": exact}, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main(*sys.argv[1:6])
