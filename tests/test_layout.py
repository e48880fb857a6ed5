"""The shape of the code: the tutor's modules depend on each other one way.

A module that imports one which imports it back (at the top or inside a function) makes the
two one module in two files: neither can be read, tested or loaded without the other. The
graph is read from the source, every ``import`` and ``from ... import`` of a tutor module,
wherever it stands, and every module named in a string for ``importlib`` ("tutor.commands.engine:bid",
the CLI's lazy commands)."""
from __future__ import annotations

import ast
from pathlib import Path

import tutor

ROOT = Path(tutor.__file__).resolve().parent


def module_graph() -> dict[str, set[str]]:
    files = {}
    for path in ROOT.rglob("*.py"):
        parts = ("tutor",) + path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        files[name] = path
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph[name] |= {a.name for a in node.names if a.name in files}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    graph[name].add(target if target in files else base)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.partition(":")[0] in files:
                graph[name].add(node.value.partition(":")[0])   # imported by name (importlib)
        graph[name] &= set(files)
        graph[name].discard(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_read_from_the_source():
    graph = module_graph()
    # a top-level import and one inside a function are both edges
    assert "tutor.judgement.count" in graph["tutor.conventions"]
    assert "tutor.play.game" in graph["tutor.worked_example"]
    # a module named in a string and imported by importlib (the CLI's lazy commands)
    assert "tutor.commands.engine" in graph["tutor.cli"]


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_one_that_imports_it():
    assert cycles(module_graph()) == []
