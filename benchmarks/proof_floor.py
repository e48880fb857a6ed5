"""How far the search is from its floor (issue 21, round ten): on the bench's endgames, the
smallest proofs of the two zero-window questions next to the value ("at least v?", true, and
"at least v+1?", false) against the nodes the core searches for the same questions and for
the exact value. The floor needs the instrumented build of the core (its ``floor``):

    gcc -O2 -shared -fPIC -DSOLVER_STATS -I$(python -c "import sysconfig;print(sysconfig.get_paths()['include'])") \\
        tutor/play/_solver.c -o /tmp/solvstats/_solver$(python3-config --extension-suffix)
    nice -n 10 .venv/bin/python benchmarks/proof_floor.py --module /tmp/solvstats/_solver*.so --size 6 --deals 40

Per deal one JSON line (--out), then the sums. The floor's units are the core's own node count
(the positions inside a trick led with four cards a hand or more, every position of the tricks
led with three and two, none of the last trick), so "core / floor" is how many times the
search's nodes exceed what a proof needs. Modes of the floor (--modes): 0 the smallest proof
(at the proving side's nodes the card of the smallest proof), 1 the first card in the search's
own order that keeps the statement (a perfect test of the cards, the order's choice among the
good ones), 2 the search's own order with the proofs of the cards tried before that one (the
order as it is, with a perfect table and no other waste); 2 + 4 * mask: mode 2 with a perfect
test at the k-th card of every trick for each bit k of the mask (1 the leads, 2 the second hand,
4 the third, 8 the fourth). The bounds of the search (sure and
forced points at four cards a hand and more) are leaves of every mode. The exact values come
from a plain minimax over every position (slow: some 1 s a six-card endgame, 30 s to minutes
at seven cards).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tutor.play import solver  # noqa: E402
import bench_solver  # noqa: E402


def load(path: str):
    spec = importlib.util.spec_from_file_location("_solver", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    if not hasattr(mod, "floor"):
        raise SystemExit(f"{path}: not the instrumented build (no floor(); build with -DSOLVER_STATS)")
    return mod


def core_nodes(st, args, x):
    """(value, nodes, nodes by the cards a hand at the trick's lead: the trick's inner nodes at
    four and more, everything under the boundaries of three at 3) of one solve from an empty table."""
    st.stats()
    r = st.solve(*args, x, False, 0, 0.0, 0)
    s = st.stats()
    depth = {l: s["f_nodes"][l] for l in range(4, 10)}
    depth[3] = s["nodes"][3]
    return r[0], r[2], depth


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--module", required=True, help="the instrumented core (-DSOLVER_STATS)")
    ap.add_argument("--size", type=int, default=5, help="cards a hand (bench_solver's endgames)")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--first", type=int, default=0, help="start at this endgame of the set")
    ap.add_argument("--modes", default="0", help="comma-separated floor modes (0, 1, 2, 2 + 4 * mask)")
    ap.add_argument("--no-bounds", action="store_true", help="only the points decide a leaf")
    ap.add_argument("--out", type=Path, help="append a JSON line per deal")
    a = ap.parse_args()
    st = load(a.module)
    modes = [int(m) for m in a.modes.split(",")]
    deals = bench_solver.endgames(a.size, a.first + a.deals, "")
    sums: dict = {}
    for i in range(a.first, a.first + a.deals):
        d = deals[i]
        args = solver._core_args(d)
        row = {"i": i, "kind": str(d.trump), "misere": d.misere}
        for m in modes:
            t0 = time.process_time()
            f = st.floor(*args, 0 if a.no_bounds else 1, m)
            row[f"floor{m}"] = {"union": f["union_core"], "questions": f["questions"], "by_left": f["by_left"],
                                "seconds": round(time.process_time() - t0, 2)}
            row["value"], row["R"] = f["value"], f["R"]
        v = row["value"]
        ex = core_nodes(st, args, -1)
        assert ex[0] == v, (i, ex[0], v)   # the floor's minimax and the core agree
        yes = core_nodes(st, args, v)
        no = core_nodes(st, args, v + 1) if v + 1 <= row["R"] else None
        row.update(core_exact=ex[1], core_v=yes[1], core_v_depth=yes[2],
                   core_v1=no[1] if no else 0, core_v1_depth=no[2] if no else {})
        if a.out:
            with a.out.open("a") as fh:
                fh.write(json.dumps(row) + "\n")
        for key in ("core_exact", "core_v", "core_v1"):
            sums[key] = sums.get(key, 0) + row[key]
        for m in modes:
            sums[f"floor{m}"] = sums.get(f"floor{m}", 0) + row[f"floor{m}"]["union"]
        sums.setdefault("ratios", []).append(row["core_exact"] / max(1, row[f"floor{modes[0]}"]["union"]))
        print(f"#{i} {row['kind']}{' Misère' if d.misere else ''} value {v}: core exact {ex[1]}, "
              f"at least v {yes[1]}, at least v+1 {row['core_v1']}; floor "
              + ", ".join(f"mode {m} {row[f'floor{m}']['union']:.0f}" for m in modes), flush=True)
    print(f"{a.deals} endgames of {a.size} cards: core exact {sums['core_exact']}, the two questions "
          f"{sums['core_v'] + sums['core_v1']}; floor " + ", ".join(f"mode {m} {sums[f'floor{m}']:.0f}" for m in modes)
          + f"; core exact / floor per deal median {statistics.median(sums['ratios']):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
