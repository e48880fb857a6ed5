"""Mutation testing of the solver's C core by hand (mutmut mutates Python only): each mutant
below is one small defect written into a copy of tutor/play/_solver.c, built with the C
compiler Python was built with, and tests/test_solver.py, test_solver_tables.py and
test_solver_estimate.py run against it (-x, a timeout); a mutant the tests pass is reported as a survivor. Not part of CI
(a few minutes):

    nice .venv/bin/python tests/core_mutants.py                 # every mutant
    nice .venv/bin/python tests/core_mutants.py "takes" ...     # only these (names as below)
    CORE_MUTANTS_TESTS=tests/test_solver_estimate.py nice .venv/bin/python tests/core_mutants.py estimate

The repository is copied to a temporary folder (tutor/ and tests/), so the working tree
and its built core stay as they are. A mutant whose text is no longer in the source (the
core changed) is reported as "not found": write it again for the new code
(tests/test_mutants_apply.py fails for such a mutant, by its name).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# seconds a mutant's tests may take (a broken driver can loop forever; 150 was too short at
# load 7); the environment's CORE_MUTANTS_TIMEOUT overrides it
TIMEOUT = int(os.environ.get("CORE_MUTANTS_TIMEOUT", 400))
# the test files run against each mutant; CORE_MUTANTS_TESTS (comma-separated) overrides them,
# e.g. only tests/test_solver_estimate.py for the estimate's mutants on a loaded machine
TESTS = os.environ.get("CORE_MUTANTS_TESTS",
                       "tests/test_solver.py,tests/test_solver_tables.py,tests/test_solver_estimate.py").split(",")
# the tests that do not depend on the core's search (Ctrl-C: seconds each; help: the examples folder)
DESELECT = "not ctrl_c and not help_examples"

# (name, the text in _solver.c, what the mutant writes instead); each text occurs once
MUTANTS = [
    # who takes the trick
    ("takes: a card's strength in its own suit, not the suit led", "{ return s->str[ls][c] > ws; }",
     "{ return s->str[s->suit[c]][c] > ws; }"),
    ("next_state: the new winner's place not kept", "| (unsigned)st | (unsigned)k << 24;", "| (unsigned)st;"),
    ("two_level: the last trick by the first trick's suit", "const int *row = s->str[nls2];",
     "const int *row = s->str[nls];"),
    ("the highest trump not kept in the trick's state", "if (su == s->trump && s->str[su][c] > TS_TOP(t))",
     "if (0)"),
    # the rules of following (also against rules.legal)
    ("the Puur exception dropped", "if (trumps == ((u64)1 << s->puur)) return hand;", ";"),
    ("undertrumping allowed", "if (s->str[s->trump][c] < top) allowed &= ~((u64)1 << c);", ";"),
    # equivalent cards
    ("leads: a live card between two alike ignored",
     "prev_pts == s->pts[c] && !(lp & ((1u << i) - (2u << prev_i)))) {", "prev_pts == s->pts[c]) {"),
    ("followers: a live card between two alike ignored",
     "int same = s->use_equiv && prev_i >= 0 && prev_pts == p && !(lp & ((1u << i) - (2u << prev_i)));",
     "int same = s->use_equiv && prev_i >= 0 && prev_pts == p;"),
    ("followers: the points of two alike ignored", "int same = s->use_equiv && prev_i >= 0 && prev_pts == p &&",
     "int same = s->use_equiv && prev_i >= 0 &&"),
    # the table
    ("table: bounds that meet not returned", "if (e->lo == e->hi) return e->lo;", ";"),
    ("table: a fail-low at alpha stored as the value", "if (best <= a0) { if (best < e->hi) e->hi = (int16_t)best; }",
     "if (best < a0) { if (best < e->hi) e->hi = (int16_t)best; }"),
    ("three-card table: a fail-low at alpha stored as the value",
     "if (best <= a0) { if (best < e->hi) e->hi = (uint8_t)best; }",
     "if (best < a0) { if (best < e->hi) e->hi = (uint8_t)best; }"),
    ("table: a fail-high stored as an upper bound",
     "else if (best >= b0) { if (best > e->lo) e->lo = (int16_t)best; }",
     "else if (best >= b0) { if (best < e->hi) e->hi = (int16_t)best; }"),
    ("table key without the leader", "key[1] = k[2] | k[3] << 27 | (u64)leader << 54;", "key[1] = k[2] | k[3] << 27;"),
    ("table key: partners' cards alike",
     "co |= (u64)((b0 >> i & 1) | (b1 >> i & 1) << 1) << j;\n    }\n    return s->canon[su][lm] | co << 9;",
     "co |= (u64)(b0 >> i & 1) << j;\n    }\n    return s->canon[su][lm] | co << 9;"),
    ("two-trick cache key without the leader", "u64 key = (u64)leader;", "u64 key = 0;"),
    # the bounds
    ("sure tricks: one short counted as all", "if (tricks == left) return R;", "if (tricks + 1 >= left) return R;"),
    ("top trumps: a + b tricks, not max(a, b)", "int m = cnt[t] > cnt[t + 2] ? cnt[t] : cnt[t + 2];",
     "int m = cnt[t] + cnt[t + 2];"),
    ("low_sum: every card of the cheapest value", "if (c >= n) return sum + n * s->vval[j];",
     "if (c >= n) return sum + c * s->vval[j];"),
    ("sure tricks in a Misère too", "if (s->maxside == s->maxteam) {   /* not in a Mis", "if (1) {   /* not in a Mis"),
    ("sure tricks: the upper bound one too low", "lo_b = lb; }\n            else if (R - lb < hi_b) hi_b = R - lb;",
     "lo_b = lb; }\n            else if (R - lb - 1 < hi_b) hi_b = R - lb - 1;"),
    # the goal and the points
    ("the Misère goal ignored", "s->maxside = misere ? 1 - maxteam : maxteam;\n    s->misere_order",
     "s->maxside = maxteam;\n    s->misere_order"),
    ("two last tricks without the last trick's points", "t.total = s->handpts + s->last_bonus;",
     "t.total = s->handpts;"),
    ("a fourth hand's trick to the wrong team", "my = !((nw ^ m3) & 1);", "my = (nw ^ m3) & 1;"),
    ("the fourth hand's trick alone ends his node one point early", "if (maxing ? my && np >= beta :",
     "if (maxing ? my && np >= beta - 1 :"),
    ("the points left decide one point early", "v = np >= beta ? np : np + rest <= alpha ? np + rest",
     "v = np >= beta ? np : np + rest <= alpha + 1 ? np + rest"),
    # the drivers and the best cards
    ("descent: a fail-low bound one too low", "if (g >= x) lo = g; else hi = g;", "if (g >= x) lo = g; else hi = g - 1;"),
    ("bisection: a probe at its mark read as a miss",
     "if (g >= mid) lo = g; else hi = g;\n            }\n            value = lo;",
     "if (g > mid) lo = g; else hi = g;\n            }\n            value = lo;"),
    ("MTD(f): a bound misread", "if (g < beta) hi = g; else lo = g;", "if (g <= beta) hi = g; else lo = g;"),
    ("root leads: a proved lead one point off", "if (s->root_bounds && (maxing ? lo_c >= value : hi_c <= value))",
     "if (s->root_bounds && (maxing ? lo_c >= value - 1 : hi_c <= value + 1))"),
    ("root leads: a fail-low kept as a lower bound", "if (v <= alpha) { if (v < s->rhi[c]) s->rhi[c] = v; }",
     "if (v <= alpha) { if (v > s->rlo[c]) s->rlo[c] = v; }"),
    ("root leads: the kept bounds compared the wrong way",
     "if (kept_c >= 0 && (maxing ? kept_best > best : kept_best < best))",
     "if (kept_c >= 0 && (maxing ? kept_best < best : kept_best > best))"),
    ("target: a lead at the threshold not good", "if (maxing ? v >= target : v < target) good |= group[i];",
     "if (maxing ? v > target : v < target) good |= group[i];"),
    ("target: no lead good, none listed", "best_mask = good ? good : all_moves;", "best_mask = good;"),
    ("exact: the minimiser's best cards one off", "if (maxing ? v >= value : v <= value) best_mask |= group[i];",
     "if (maxing ? v >= value : v < value) best_mask |= group[i];"),
    # the table kept from one solve to the next (SHARED_TABLE, bracket())
    ("shared table: another declaring team's table kept", "d->leader = leader; d->maxteam = maxteam; ",
     "d->leader = leader; "),
    ("shared table: another trump kind's table kept",
     "memcpy(d->pts, s->pts, sizeof d->pts); memcpy(d->str, s->str, sizeof d->str);", ""),
    # a deal's table kept aside (table_save, table_load; tests/test_solver_tables.py)
    ("kept table: loaded for another deal", "|| head.print != deal_print(&id) ", ""),
    ("kept table: saved from another deal's table", "if (!tt || !last_deal.valid || (options & 1) || memcmp(&last_deal.id, &id, sizeof id))",
     "if (!tt || !last_deal.valid || (options & 1))"),
    # the estimate (forward pruning, solver.estimate)
    ("estimate: a pruned search's table taken for an exact one's",
     "    d->prune = s->prune_k | s->prune_kf << 8 | s->prune_m << 16;\n", ""),
    ("estimate: the followers not pruned", "if (s->prune_kf && n > s->prune_kf && s->tleft > s->prune_m) n = s->prune_kf;",
     ";"),
    ("estimate: the leads not pruned", "        if (n > s->prune_k) n = s->prune_k;\n", ""),
    ("estimate: pruned at the first of the last tricks it should search exactly",
     "if (s->prune_k && left > s->prune_m) {", "if (s->prune_k && left >= s->prune_m) {"),
    ("estimate: the table's part this process used (the estimate depends on the solves before)",
     "if (tt_touched > s->mask && !(prune_k | prune_kf) && !(options & OWN_TABLE_PART))",
     "if (tt_touched > s->mask && !(options & OWN_TABLE_PART))"),
    ("OWN_TABLE_PART: a solve starts at the part this process used",
     "if (tt_touched > s->mask && !(prune_k | prune_kf) && !(options & OWN_TABLE_PART))",
     "if (tt_touched > s->mask && !(prune_k | prune_kf))"),
    ("OWN_TABLE_PART: table_load starts at the part this process used",
     "if (tt_touched > mask && !(options & OWN_TABLE_PART)) mask", "if (tt_touched > mask) mask"),
    ("kept table: a grown table's entries lost from the list", "if (b == (i & ~(u64)(BUCKET - 1))) { tt_log_add(i); continue; }",
     "if (b == (i & ~(u64)(BUCKET - 1))) continue;"),
    # the enhanced transposition cutoff of the fourth hand (round eight)
    ("etc: the upper bound taken for the lower", "if (maxing && x->lo + add >= beta) return x->lo + add;",
     "if (maxing && x->hi + add >= beta) return x->hi + add;"),
    ("etc: the trick's points to the max team whoever wins it", "int add = TEAM(seat) == s->maxteam ? p : 0;",
     "int add = p;"),
    # (a key that keeps the fourth hand's card live matches no boundary: it costs the cut-offs, not
    # the answers, and no test of the answers can see it; measured by the nodes, benchmarks/README)
    ("etc: the trick's winner as the next leader forgotten", "            join_key(k, seat, key);\n            k[su] = keep;",
     "            join_key(k, s->leader, key);\n            k[su] = keep;"),
]


def build(source: str, folder: Path) -> str | None:
    """Build the core from `source` into folder/tutor/play; the compiler's errors or None."""
    c = folder / "tutor" / "play" / "_solver.c"
    c.write_text(source, encoding="utf-8")
    so = c.with_name("_solver" + sysconfig.get_config_var("EXT_SUFFIX"))
    cmd = [*(sysconfig.get_config_var("CC") or "cc").split(), *sysconfig.get_config_var("CFLAGS").split(),
           "-fPIC", "-shared", "-I", sysconfig.get_paths()["include"], str(c), "-o", str(so)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return None if r.returncode == 0 else r.stderr[-400:]


def run_tests(folder: Path) -> str:
    try:
        r = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-k", DESELECT,
                            *TESTS],
                           cwd=folder, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "killed (timeout: the tests would hang)"
    if r.returncode == 0:
        return "SURVIVED"
    failed = [line for line in r.stdout.splitlines() if line.startswith("FAILED")]
    return "killed: " + (failed[0].split(" - ")[0][len("FAILED "):] if failed else f"exit {r.returncode}")


def main(names: list[str]) -> int:
    source = (ROOT / "tutor" / "play" / "_solver.c").read_text(encoding="utf-8")
    chosen = [m for m in MUTANTS if not names or any(n in m[0] for n in names)]
    counts = {"killed": 0, "SURVIVED": 0, "not found": 0, "build failed": 0}
    with tempfile.TemporaryDirectory(prefix="core-mutants-") as tmp:
        folder = Path(tmp)
        shutil.copytree(ROOT / "tutor", folder / "tutor", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
        shutil.copytree(ROOT / "tests", folder / "tests", ignore=shutil.ignore_patterns("__pycache__"))
        (folder / "pytest.ini").write_text("[pytest]\naddopts = -q\n", encoding="utf-8")
        for name, old, new in [("the core as it is", "", "")] + chosen:
            if old and source.count(old) != 1:
                result = "not found"
            else:
                error = build(source.replace(old, new) if old else source, folder)
                t0 = time.monotonic()
                result = f"build failed: {error}" if error else run_tests(folder)
                result += f" ({time.monotonic() - t0:.0f} s)"
            if not old:
                print(f"{name}: {result.replace('SURVIVED', 'the tests pass')}", flush=True)
                if not result.startswith("SURVIVED"):
                    print("the tests fail without a mutant: fix them first", file=sys.stderr)
                    return 1
                continue
            counts[next(k for k in counts if result.startswith(k))] += 1
            print(f"{name}: {result}", flush=True)
    print(", ".join(f"{n} {k}" for k, n in counts.items() if n) + f" (of {len(chosen)})")
    return 1 if counts["SURVIVED"] or counts["build failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
