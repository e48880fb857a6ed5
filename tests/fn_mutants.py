"""Mutation testing of chosen functions (mutmut mutates whole files and forks each mutant from
a process whose caches the unmutated code filled): each mutant is one small change inside one
of the functions named, written into a copy of the repository, and only the tests that reach
that function (found by a first run of the candidate tests with a trace of calls, in forked
workers too) run against it, each mutant in a fresh process. Not part of CI:

    nice .venv/bin/python tests/fn_mutants.py tutor/judgement/count.py:opening_preference \\
        tutor/conventions.py:Situation.last_word -- tests/test_conventions.py tests/test_judgement.py

The changes (one at a time, where they occur in the function): a comparison's operator
(< <=, > >=, == !=, in / not in, is / is not), and / or, a `not` dropped, an integer + 1,
True / False, a string constant changed, + / -, * / //, min / max, the Puur / the Nell, a value
returned as None, a returned tuple reversed, continue / break. A mutant is "killed" when a test reaching its function fails, "SURVIVED"
when they all pass, "no test" when none reaches it. The working tree is not touched.
"""
from __future__ import annotations

import ast
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# seconds a mutant's tests may take (a hang): TIMEOUT_FACTOR times what the same tests took in the
# first run (traced, so slower than a mutant's run) and TIMEOUT_START for the fresh process, at
# least TIMEOUT_FLOOR. A fixed 900 s was short at load 20: the 48 tests reaching count.holding
# took 500-750 s a survivor, and a mutant of a line no test reaches was "killed (timeout)".
# FN_MUTANTS_TIMEOUT fixes it.
TIMEOUT_FACTOR, TIMEOUT_START, TIMEOUT_FLOOR = 3, 60, 300
FIXED_TIMEOUT = int(os.environ["FN_MUTANTS_TIMEOUT"]) if os.environ.get("FN_MUTANTS_TIMEOUT") else None


def mutant_timeout(first_run: float) -> int:
    """The seconds a mutant's tests may take, after they took ``first_run`` in the first run."""
    if FIXED_TIMEOUT is not None:
        return FIXED_TIMEOUT
    return max(TIMEOUT_FLOOR, round(TIMEOUT_FACTOR * first_run + TIMEOUT_START))

COMPARE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
           ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
NAMES = {"min": "max", "max": "min", "PUUR": "NELL", "NELL": "PUUR"}   # names swapped
BINOP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv}


def _find(tree: ast.Module, qualname: str) -> ast.FunctionDef:
    node: ast.AST = tree
    for part in qualname.split("."):
        node = next(n for n in ast.iter_child_nodes(node)
                    if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == part)
    assert isinstance(node, ast.FunctionDef), qualname
    return node


def _sites(fn: ast.FunctionDef):
    """(path to a node, description, how to change a copy of it) for every change in fn."""
    doc = fn.body[0].value if fn.body and isinstance(fn.body[0], ast.Expr) \
        and isinstance(fn.body[0].value, ast.Constant) else None
    in_fstring = {id(c) for j in ast.walk(fn) if isinstance(j, ast.JoinedStr) for c in ast.walk(j)}
    for node in ast.walk(fn):
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in COMPARE:
                    yield node, f"{type(op).__name__} -> {COMPARE[type(op)].__name__}", \
                        (lambda n, i=i: n.ops.__setitem__(i, COMPARE[type(n.ops[i])]()))
        elif isinstance(node, ast.BoolOp):
            other = ast.Or if isinstance(node.op, ast.And) else ast.And
            yield node, f"{type(node.op).__name__} -> {other.__name__}", (lambda n, o=other: setattr(n, "op", o()))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "not dropped", "drop-not"
        elif isinstance(node, ast.Constant) and node is not doc and id(node) not in in_fstring:
            v = node.value
            if isinstance(v, bool):
                yield node, f"{v} -> {not v}", (lambda n: setattr(n, "value", not n.value))
            elif isinstance(v, int):
                yield node, f"{v} -> {v + 1}", (lambda n: setattr(n, "value", n.value + 1))
            elif isinstance(v, str):
                yield node, f"{v[:20]!r} -> 'XX'+...", (lambda n: setattr(n, "value", "XX" + n.value + "XX"))
        elif isinstance(node, ast.BinOp) and type(node.op) in BINOP:
            yield node, f"{type(node.op).__name__} -> {BINOP[type(node.op)].__name__}", \
                (lambda n: setattr(n, "op", BINOP[type(n.op)]()))
        elif isinstance(node, ast.Name) and node.id in NAMES:
            yield node, f"{node.id} -> {NAMES[node.id]}", (lambda n: setattr(n, "id", NAMES[n.id]))
        elif isinstance(node, ast.Return) and node.value is not None and \
                not (isinstance(node.value, ast.Constant) and node.value.value is None):
            yield node, "returns None", (lambda n: setattr(n, "value", ast.Constant(None)))
            if isinstance(node.value, ast.Tuple) and len(node.value.elts) >= 2:
                yield node, "the returned tuple reversed", (lambda n: n.value.elts.reverse())
        elif isinstance(node, (ast.Continue, ast.Break)):
            yield node, f"{type(node).__name__.lower()} swapped", "swap-loop"


def _path(root: ast.AST, target: ast.AST) -> list:
    """The (field, index) steps from root to target, to find the same node in a copy."""
    for field, value in ast.iter_fields(root):
        items = value if isinstance(value, list) else [value]
        for i, child in enumerate(items):
            if child is target:
                return [(field, i if isinstance(value, list) else None)]
            if isinstance(child, ast.AST):
                sub = _path(child, target)
                if sub:
                    return [(field, i if isinstance(value, list) else None)] + sub
    return []


def _follow(root: ast.AST, path: list):
    parent, node = None, root
    for field, i in path:
        parent, step = node, (field, i)
        node = getattr(node, field) if i is None else getattr(node, field)[i]
    return parent, step, node


def mutants(source: str, qualname: str):
    """(description, new source of the file) for each change in the function ``qualname``."""
    tree = ast.parse(source)
    fn = _find(tree, qualname)
    lines = source.splitlines(keepends=True)
    indent = " " * fn.col_offset

    def rewrite(new_fn: ast.FunctionDef) -> str:
        new_fn = copy.copy(new_fn)
        new_fn.decorator_list = []
        text = textwrap.indent(ast.unparse(new_fn), indent) + "\n"
        return "".join(lines[:fn.lineno - 1]) + text + "".join(lines[fn.end_lineno:])

    yield "(none: the function as ast.unparse writes it)", rewrite(fn)
    for node, what, change in list(_sites(fn)):
        path = _path(fn, node)
        mutant = copy.deepcopy(fn)
        parent, (field, i), target = _follow(mutant, path)
        if change == "drop-not":
            new = target.operand
        elif change == "swap-loop":
            new = ast.Break() if isinstance(target, ast.Continue) else ast.Continue()
        else:
            change(target)
            new = target
        if i is None:
            setattr(parent, field, new)
        else:
            getattr(parent, field)[i] = new
        ast.fix_missing_locations(mutant)
        yield f"line {node.lineno}: {what}", rewrite(mutant)


# -- which tests reach which function: a pytest plugin, loaded with -p in the first run -------
PLUGIN = '''
import importlib, json, os, sys, time
import pytest

_OUT = os.environ["FN_MUTANTS_REACHED"]
_CODES = {}          # id of a code object -> the target it belongs to (its nested code too)
_current = [None]
_seen = set()


def _codes(code, name):
    _CODES[id(code)] = name
    for c in code.co_consts:
        if hasattr(c, "co_code"):
            _codes(c, name)


def pytest_configure(config):
    for file, qualname, name in json.loads(os.environ["FN_MUTANTS_TARGETS"]):
        obj = importlib.import_module(file[:-3].replace("/", "."))
        for part in qualname.split("."):
            obj = vars(obj)[part] if isinstance(obj, type) else getattr(obj, part)
        obj = getattr(obj, "func", None) or getattr(obj, "fget", None) or obj   # cached_property, property
        _codes(obj.__code__, name)


def _tracer(frame, event, arg):
    name = _CODES.get(id(frame.f_code))
    if name is not None and _current[0] and (_current[0], name) not in _seen:
        _seen.add((_current[0], name))
        with open(_OUT, "a") as out:      # from a forked worker too
            out.write(json.dumps([_current[0], name]) + "\\n")
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _current[0] = item.nodeid
    t0 = time.perf_counter()
    sys.settrace(_tracer)
    try:
        yield
    finally:
        sys.settrace(None)
        _current[0] = None
        with open(_OUT, "a") as out:      # how long it took: the mutants run the quick tests first
            out.write(json.dumps([item.nodeid, time.perf_counter() - t0]) + "\\n")
'''


def _copy(folder: Path) -> None:
    for name in ("tutor", "tests", "examples", "exercises", "lessons", "docs"):
        if (ROOT / name).exists():
            shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("README.md", "pyproject.toml"):
        shutil.copy(ROOT / name, folder / name)


def _pytest(folder: Path, args: list[str], env: dict | None = None, timeout: int | None = None):
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=folder,
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(folder), **(env or {}),
                               # no .pyc: a mutant of the same size written within the same second as
                               # the last would be read from the last one's cached bytecode
                               "PYTHONDONTWRITEBYTECODE": "1"})


def main(argv: list[str]) -> int:
    if "--" not in argv:
        print(__doc__)
        return 2
    split = argv.index("--")
    targets, tests = argv[:split], argv[split + 1:]
    counts = {"killed": 0, "SURVIVED": 0, "no test": 0}
    survivors = []
    with tempfile.TemporaryDirectory(prefix="fn-mutants-") as tmp:
        folder = Path(tmp)
        _copy(folder)
        (folder / "fn_mutants_plugin.py").write_text(PLUGIN, encoding="utf-8")
        spans = [[*t.split(":"), t] for t in targets]
        reached_file = folder / "reached.jsonl"
        t0 = time.monotonic()
        r = _pytest(folder, ["-p", "fn_mutants_plugin", *tests],
                    {"FN_MUTANTS_TARGETS": json.dumps(spans), "FN_MUTANTS_REACHED": str(reached_file)})
        print(f"the tests as they are: {r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-300:]}"
              f" ({time.monotonic() - t0:.0f} s)", flush=True)
        if r.returncode != 0:
            print("the tests fail without a mutant: fix them first", file=sys.stderr)
            return 1
        reached: dict[str, list[str]] = {}
        took: dict[str, float] = {}
        if reached_file.exists():
            for line in reached_file.read_text().splitlines():
                nodeid, what = json.loads(line)
                if isinstance(what, float):
                    took[nodeid] = what
                elif nodeid not in reached.setdefault(what, []):
                    reached[what].append(nodeid)
        for nodeids in reached.values():
            nodeids.sort(key=lambda n: took.get(n, 0.0))
        for t in targets:
            file, qualname = t.split(":")
            nodeids = reached.get(t, [])
            timeout = mutant_timeout(sum(took.get(n, 0.0) for n in nodeids))
            print(f"== {t}: {len(nodeids)} tests reach it (a mutant's run may take {timeout} s)", flush=True)
            source = (ROOT / file).read_text(encoding="utf-8")
            for k, (what, text) in enumerate(mutants(source, qualname)):
                if not nodeids:
                    if k:
                        counts["no test"] += 1
                    continue
                (folder / file).write_text(text, encoding="utf-8")
                t0 = time.monotonic()
                try:
                    r = _pytest(folder, ["-x", *nodeids], timeout=timeout)
                    failed = [x for x in r.stdout.splitlines() if x.startswith("FAILED")]
                    result = "SURVIVED" if r.returncode == 0 else \
                        "killed: " + (failed[0][len("FAILED "):].split(" - ")[0] if failed else f"exit {r.returncode}")
                except subprocess.TimeoutExpired:
                    result = "killed (timeout)"
                finally:
                    (folder / file).write_text(source, encoding="utf-8")
                if k == 0:
                    if result != "SURVIVED":
                        print(f"   the unparsed function fails its tests: {result}", file=sys.stderr)
                        return 1
                    continue
                counts["killed" if result.startswith("killed") else "SURVIVED"] += 1
                if result == "SURVIVED":
                    survivors.append(f"{t} {what}")
                print(f"   {what}: {result} ({time.monotonic() - t0:.0f} s)", flush=True)
    print(", ".join(f"{n} {k}" for k, n in counts.items()))
    for s in survivors:
        print("survivor:", s)
    return 1 if survivors else 0


if __name__ == "__main__":
    import signal

    # kill PID ends a run as Ctrl-C does (a background job ignores SIGINT): the mutant's tests
    # stopped, the copy removed
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(main(sys.argv[1:]))
