"""Issue 21, round fourteen (benchmarks/README.md): the potential of stronger bounds, measured
before building one. With the instrumented core (-DSOLVER_STATS) and `shadow(3, min_left)`, at every
boundary of min_left cards a hand or more that today's bounds (sure and forced points) do not cut,
the perfect quick-trick run of the team on lead is asked whether it decides the window; the nodes of
the searches it would have cut off are counted (the search itself is unchanged).

    cp tutor/play/_solver.c /tmp/x.c; patch /tmp/x.c < benchmarks/bound_potential/stats.patch
    gcc -O2 -shared -fPIC -DSOLVER_STATS -I<python include> /tmp/x.c -o /tmp/st/_solver<suffix>
    nice -n 10 .venv/bin/python benchmarks/bound_potential.py --module /tmp/st/_solver<suffix> --what bracket Eichel:0-9

--mode 3: the run of the team on lead alone; --mode 4: with its top trumps after the run's end
(forced_points); --min-left 3: the three-card boundaries too. Sets: <kind>:<a>-<b> (the bench's deals,
seed "2026 <kind>").
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
from tutor.play import solver  # noqa: E402
from bench_solver import _kind_set, endgames, ZEHNER  # noqa: E402


def load(path: str):
    spec = importlib.util.spec_from_file_location("_solver", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def deals_of(spec: str):
    if spec.startswith("end"):   # end<size>:<n>: the bench's endgames
        size, n = spec[3:].split(":")
        return [(f"{spec}#{i}", d) for i, d in enumerate(endgames(int(size), int(n), ""))]
    kind, rng = spec.split(":")
    a, b = (int(x) for x in rng.split("-"))
    ds = _kind_set(2026, kind, b + 1)
    return [(f"{kind}:{i}", ds[i]) for i in range(a, b + 1)]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--module", required=True)
    ap.add_argument("--what", default="bracket", help="bracket | reach79 | exact")
    ap.add_argument("--mode", type=int, default=3)
    ap.add_argument("--min-left", type=int, default=4)
    ap.add_argument("sets", nargs="+", help="Eichel:0-9, end6:40, ...")
    a = ap.parse_args()
    mod = load(a.module)
    solver._core = mod
    mod.shadow(a.mode, a.min_left)
    mod.stats()
    total = 0
    rows = []
    c0 = time.process_time()
    for spec in a.sets:
        for label, d in deals_of(spec):
            solver.forget_answers()
            if a.what == "bracket":
                r = solver.bracket(d, ZEHNER, guess=None)
                ans, n = (r.lo, r.hi), r.nodes
            elif a.what == "reach79":
                r = solver.solve(d, target=79, best=False)
                ans, n = r.reached, r.nodes
            else:
                r = solver.solve(d, best=False)
                ans, n = r.points[d.declaring_team], r.nodes
            total += n
            rows.append((label, ans, n))
    st = mod.stats()
    sh = st["shadow"]
    out = {"what": a.what, "sets": a.sets, "nodes": total, "cpu": round(time.process_time() - c0, 2),
           "look": sh["look"], "search": sh["search"], "cut": sh["cut"], "cutn": sh["cutn"],
           "outer": sh["outer"], "run_nodes": sh["exact_outer"], "unsound": sh["exact"], "run_gaps": st.get("run_gaps"),
           "nodes_by_left": st["nodes"], "searches_by_left": st["searches"], "rows": rows}
    print(json.dumps(out))
    print(f"# nodes {total:,}  would cut (outermost) {sh['outer']:,} = {100 * sh['outer'] / max(total, 1):.1f} %"
          f"  run positions {sh['exact_outer']:,}", file=sys.stderr)
    for left in range(9, 3, -1):
        if sh["search"][left]:
            print(f"#  {left} cards: searched {sh['search'][left]:,}, the run cuts {sh['cut'][left]:,}"
                  f" ({100 * sh['cut'][left] / sh['search'][left]:.1f} %), their nodes {sh['cutn'][left]:,}",
                  file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
