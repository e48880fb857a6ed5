"""Issue 21, round fourteen: `bench_solver.py`'s check set (`check_answers`: the Zehner brackets of
Eichel and Rosen deals 0-9 and 270 endgames) and full-deal sets, with option bits ORed into every
solve of the core (the quick-trick run of benchmarks/bound_potential/run.patch is option bit 45,
0x200000000000; bits 46-49 its cap 2^n, bits 53-55 its tricks). The answers' MD5 must be main's
(6c7114f5...).

    .venv/bin/python benchmarks/run_bound_check.py [--module SO] [--options 0x200000000000] check
    .venv/bin/python benchmarks/run_bound_check.py --options ... --what reach79 Eichel:0-9
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
import bench_solver  # noqa: E402
from bench_solver import _kind_set, ZEHNER  # noqa: E402


class _Extra:
    """The core with option bits ORed into solve's options (its 5th argument after the deal's)."""

    def __init__(self, mod, extra: int, nargs: int):
        self._mod, self._extra, self._i = mod, extra, nargs + 4

    def __getattr__(self, name):
        return getattr(self._mod, name)

    def solve(self, *a):
        a = list(a)
        a[self._i] |= self._extra
        return self._mod.solve(*a)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--module", help="another build of the core")
    ap.add_argument("--options", default="0")
    ap.add_argument("--what", default="bracket", help="bracket | estbracket | reach79 | exact (the full-deal sets)")
    ap.add_argument("sets", nargs="+", help="check | Eichel:0-9 ...")
    a = ap.parse_args()
    mod = solver._core
    if a.module:
        spec = importlib.util.spec_from_file_location("_solver", a.module)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    d0 = _kind_set(2026, "Eichel", 1)[0]
    solver._core = _Extra(mod, int(a.options, 0), len(solver._core_args(d0)))
    out = {"options": a.options}
    c0 = time.process_time()
    for spec in a.sets:
        if spec == "check":
            out["check"] = bench_solver.check_answers(argparse.Namespace(seed=2026))
            continue
        kind, rng = spec.split(":")
        lo, hi = (int(x) for x in rng.split("-"))
        ds = _kind_set(2026, kind, hi + 1)
        rows = []
        for i in range(lo, hi + 1):
            solver.forget_answers()
            if a.what == "bracket":
                r = solver.bracket(ds[i], ZEHNER, guess=None)
                rows.append((i, [r.lo, r.hi], r.nodes))
            elif a.what == "estbracket":   # the simulation's question: the Zehner bracket from the estimate
                r = solver.bracket(ds[i], ZEHNER)
                rows.append((i, [r.lo, r.hi], r.nodes))
            elif a.what == "reach79":
                r = solver.solve(ds[i], target=79, best=False)
                rows.append((i, r.reached, r.nodes))
            else:
                r = solver.solve(ds[i])
                rows.append((i, [r.points[ds[i].declaring_team], sorted(str(c) for c in r.best)], r.nodes))
        out[f"{a.what} {spec}"] = {"nodes": sum(r[-1] for r in rows), "rows": rows}
    out["cpu"] = round(time.process_time() - c0, 2)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
