"""Drill files (``exercises/*.yaml``): reading with line numbers, the schema, checking
every answer against the engine, and writing.

A drill file is YAML (the published JSON Schema is ``tutor/schema/drills.schema.json``)::

    title: Die Hilfe
    lesson: hilfe
    rules: verband
    drills:
      - id: hilfe-01
        type: bid
        hand: "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
        auction: "60 Eichel, 70 Schellen"
        answer: "90 Eichel"

Every problem is reported as ``file:line: drill-id: message``. A file is *verified* when
it matches the schema and the engine agrees with every answer key; only verified drills
reach the quiz and the worksheets (:func:`verified`).

The answers are recomputed through a per-game :class:`DrillEngine`; Sidi-Barrani's
(:class:`SidiBarraniEngine`) reads the convention engine (``tutor.conventions``) and the
scoring (``tutor.scoring``). Other games come from ``tutor.games.drill_engine``.

YAML, the convention engine and the rules are imported only when a function needs them.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Protocol, Sequence

from tutor.errors import ParseError, TutorError

GAME = "sidi-barrani"
TYPES = ("bid", "explain", "check", "score")
SCHEMA_FILE = "drills.schema.json"


# -- problems ------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    """One thing wrong with a drill file, located by file, line and drill id."""

    path: str
    line: int | None
    drill: str | None
    message: str

    def __str__(self) -> str:
        where = self.path + (f":{self.line}" if self.line else "")
        return f"{where}: {self.drill + ': ' if self.drill else ''}{self.message}"

    def to_json(self) -> dict:
        return {"file": self.path, "line": self.line, "id": self.drill, "message": self.message}


class DrillProblems(TutorError):
    """A drill file that is broken or whose answer key disagrees with the engine.

    The command line reports every problem and exits with code 1 (an unreadable file,
    :class:`~tutor.errors.ParseError`, exits with 2)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        first = str(self.problems[0]) if self.problems else "drill file problems"
        more = len(self.problems) - 1
        super().__init__(first + (f" (and {more} more)" if more > 0 else ""))


# -- values --------------------------------------------------------------------------
@dataclass(frozen=True)
class Drill:
    """One drill: its fields as written in the file, where it stands, and the rules it
    is played under (the drill's own ``rules``, else the file's)."""

    id: str
    type: str
    fields: Mapping[str, Any]
    line: int | None = None
    lines: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)
    rules: Any = field(default=None, compare=False, repr=False)  # loaded table rules

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    @property
    def answer(self) -> Any:
        return self.fields["answer"]

    @property
    def hand(self) -> str | None:
        return self.fields.get("hand")

    @property
    def auction(self) -> str:
        return self.fields.get("auction") or ""

    @property
    def note(self) -> str | None:
        return self.fields.get("note")

    @property
    def accept(self) -> tuple[str, ...]:
        return tuple(self.fields.get("accept") or ())

    def line_of(self, name: str) -> int | None:
        return self.lines.get(name, self.line)

    def to_dict(self) -> dict:
        return dict(self.fields)


@dataclass(frozen=True)
class DrillFile:
    """A drill file: its header and its drills (those that passed the schema)."""

    path: str | None
    drills: tuple[Drill, ...]
    title: str | None = None
    lesson: str | None = None
    rules: Any = None          # the ``rules`` key as written (profile, file or mapping)
    game: str = GAME

    @property
    def name(self) -> str:
        return self.path or "<drills>"

    @property
    def display_title(self) -> str:
        if self.title:
            return self.title
        return Path(self.path).stem if self.path else "Drills"

    def header(self) -> dict:
        out: dict[str, Any] = {}
        if self.title is not None:
            out["title"] = self.title
        if self.lesson is not None:
            out["lesson"] = self.lesson
        if self.game != GAME:
            out["game"] = self.game
        if self.rules is not None:
            out["rules"] = self.rules
        return out

    def to_dict(self) -> dict:
        return {**self.header(), "drills": [d.to_dict() for d in self.drills]}


@dataclass(frozen=True)
class Reading:
    """The result of reading a file: what could be read, and what is wrong with it."""

    file: DrillFile | None
    problems: tuple[Problem, ...] = ()


# -- the schema and a small validator for it -----------------------------------------
_SCHEMA: dict | None = None


def schema_path() -> Path:
    from importlib import resources

    return Path(str(resources.files("tutor") / "schema" / SCHEMA_FILE))


def schema() -> dict:
    """The JSON Schema of drill files, as shipped in the package."""
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = json.loads(schema_path().read_text(encoding="utf-8"))
    return _SCHEMA


_TYPE_CHECK = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_TYPE_WORD = {"object": "a mapping", "array": "a list", "string": "a string",
              "integer": "a whole number", "number": "a number", "boolean": "true or false",
              "null": "empty"}


def _kind_of(value: Any) -> str:
    for name in ("boolean", "integer", "number", "string", "array", "object", "null"):
        if _TYPE_CHECK[name](value):
            return _TYPE_WORD[name]
    return type(value).__name__


def _name(path: tuple) -> str:
    """The field a path points at, for messages: 'answer', 'promises[1].suit' (inside a
    drill, named relative to it: the drill's id is in the message's prefix)."""
    if len(path) >= 2 and path[0] == "drills" and isinstance(path[1], int):
        path = path[2:]
        if not path:
            return "the drill"
    out = ""
    for p in path:
        out += f"[{p + 1}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "the file"


def validate(data: Any, sch: dict | None = None) -> list[tuple[tuple, str]]:
    """Validate ``data`` against the drill schema (or ``sch``): (path, message) pairs.

    Covers the part of JSON Schema (2020-12) the shipped schema uses: type, enum, const,
    required, properties, additionalProperties, propertyNames, items, min/maxItems,
    minProperties, minLength, pattern, minimum, maximum, allOf, anyOf, if/then and local
    ``$ref``. The test-suite checks it agrees with the reference ``jsonschema`` package."""
    root = schema() if sch is None else sch
    errors: list[tuple[tuple, str]] = []
    _check(data, root, root, (), errors)
    return errors


def _resolve(sch: dict, root: dict) -> dict:
    while "$ref" in sch:
        ref = sch["$ref"]
        if not ref.startswith("#/"):
            raise ValueError(f"schema: only local references are supported, not {ref!r}")
        node: Any = root
        for part in ref[2:].split("/"):
            node = node[part]
        sch = node
    return sch


def _check(value: Any, sch: dict, root: dict, path: tuple, errors: list) -> None:
    sch = _resolve(sch, root)
    what = _name(path)
    t = sch.get("type")
    if t is not None:
        types = [t] if isinstance(t, str) else list(t)
        if not any(_TYPE_CHECK[x](value) for x in types):
            errors.append((path, f"{what} must be {' or '.join(_TYPE_WORD[x] for x in types)}, "
                                 f"not {_kind_of(value)}"))
            return
    if "const" in sch and value != sch["const"]:
        errors.append((path, f"{what} must be {sch['const']!r}"))
    if "enum" in sch and value not in sch["enum"]:
        errors.append((path, f"{what} must be one of {', '.join(map(str, sch['enum']))}, "
                             f"not {value!r}"))
    if isinstance(value, str):
        if len(value) < sch.get("minLength", 0):
            errors.append((path, f"{what} must not be empty"))
        if "pattern" in sch and not re.search(sch["pattern"], value):
            errors.append((path, f"{what} {value!r} is not of the form {sch['pattern']}"))
    if _TYPE_CHECK["number"](value):
        if "minimum" in sch and value < sch["minimum"]:
            errors.append((path, f"{what} must be at least {sch['minimum']}, not {value}"))
        if "maximum" in sch and value > sch["maximum"]:
            errors.append((path, f"{what} must be at most {sch['maximum']}, not {value}"))
    if isinstance(value, list):
        if len(value) < sch.get("minItems", 0):
            errors.append((path, f"{what} needs at least {sch['minItems']} "
                                 f"entr{'y' if sch['minItems'] == 1 else 'ies'}"))
        if "maxItems" in sch and len(value) > sch["maxItems"]:
            errors.append((path, f"{what} has more than {sch['maxItems']} entries"))
        if "items" in sch:
            for i, item in enumerate(value):
                _check(item, sch["items"], root, path + (i,), errors)
    if isinstance(value, dict):
        if len(value) < sch.get("minProperties", 0):
            errors.append((path, f"{what} must not be empty"))
        for name in sch.get("required", ()):
            if name not in value:
                errors.append((path, f"missing field {name!r}"))
        props = sch.get("properties", {})
        names = sch.get("propertyNames")
        for key, item in value.items():
            if names is not None:
                sub: list = []
                _check(key, names, root, path + (key,), sub)
                if sub:
                    errors.append((path + (key,), f"field {key!r} does not belong in "
                                   + names.get("description", "this place")))
                    continue
            if key in props:
                _check(item, props[key], root, path + (key,), errors)
            elif sch.get("additionalProperties") is False:
                errors.append((path + (key,), f"unknown field {key!r}"))
            elif isinstance(sch.get("additionalProperties"), dict):
                _check(item, sch["additionalProperties"], root, path + (key,), errors)
    for sub in sch.get("allOf", ()):
        _check(value, sub, root, path, errors)
    if "anyOf" in sch:
        if not any(not _errors_of(value, sub, root, path) for sub in sch["anyOf"]):
            options = [_resolve(s, root) for s in sch["anyOf"]]
            if all(set(o) == {"required"} for o in options):
                needs = " or ".join(" and ".join(repr(n) for n in o["required"]) for o in options)
                errors.append((path, f"needs {needs}"))
            else:
                errors.append((path, f"{what} has the wrong form"
                                     + (f": {sch['description']}" if "description" in sch else "")))
    if "if" in sch:
        if not _errors_of(value, sch["if"], root, path):
            if "then" in sch:
                _check(value, sch["then"], root, path, errors)
        elif "else" in sch:
            _check(value, sch["else"], root, path, errors)


def _errors_of(value: Any, sch: dict, root: dict, path: tuple) -> list:
    out: list = []
    _check(value, sch, root, path, out)
    return out


# -- reading -------------------------------------------------------------------------
def _yaml():
    import yaml

    return yaml


def _compose(text: str, where: str):
    """(data, lines): the document and the line of every path in it (1-based), and
    fields written twice, which YAML would silently collapse."""
    yaml = _yaml()
    Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        loader = Loader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        raise ParseError(f"{where}{line}: not valid YAML: {e.problem or e}") from None
    except yaml.YAMLError as e:
        raise ParseError(f"{where}: not valid YAML: {e}") from None
    lines: dict[tuple, int] = {}
    twice: list[tuple[tuple, int]] = []
    if node is not None:
        _walk(node, (), lines, twice)
    return data, lines, twice


def _walk(node, path: tuple, lines: dict, twice: list) -> None:
    import yaml

    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen = set()
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else None
            if key in seen:
                twice.append((path + (key,), k.start_mark.line + 1))
            seen.add(key)
            lines[path + (key,)] = k.start_mark.line + 1
            _walk(v, path + (key,), lines, twice)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, path + (i,), lines, twice)


def read(text: str, path: "str | Path | None" = None) -> Reading:
    """Read a drill file: the drills that match the schema, and every problem found.

    Unreadable YAML raises :class:`~tutor.errors.ParseError`; everything else is a
    :class:`Problem` in the reading."""
    where = str(path) if path is not None else "<drills>"
    data, lines, twice = _compose(text, where)
    problems: list[Problem] = []

    def drill_id(p: tuple) -> str | None:
        if len(p) >= 2 and p[0] == "drills" and isinstance(p[1], int):
            d = data["drills"][p[1]] if isinstance(data, dict) and isinstance(data.get("drills"), list) \
                and p[1] < len(data["drills"]) else None
            if isinstance(d, dict) and isinstance(d.get("id"), str):
                return d["id"]
            return f"drill {p[1] + 1}"
        return None

    def line_of(p: tuple) -> int | None:
        while p not in lines and p:
            p = p[:-1]
        return lines.get(p)

    def add(p: tuple, message: str, line: int | None = None) -> None:
        problems.append(Problem(where, line or line_of(p), drill_id(p), message))

    for p, line in twice:
        add(p, f"field {p[-1]!r} is written twice", line)
    if data is None:
        add((), "the file is empty (a drill file has at least 'drills:')")
        return Reading(None, tuple(problems))
    bad_drills: set[int] = set()
    errors = validate(data)
    for p, message in errors:
        if len(p) >= 2 and p[0] == "drills" and isinstance(p[1], int):
            bad_drills.add(p[1])
        add(p, message)
    if not isinstance(data, dict) or not isinstance(data.get("drills"), list):
        return Reading(None, tuple(problems))

    header_bad = any(not (len(pr) >= 2 and pr[0] == "drills") for pr, _ in errors)
    seen: dict[str, int] = {}
    drills: list[Drill] = []
    for i, d in enumerate(data["drills"]):
        if i in bad_drills or not isinstance(d, dict):
            continue
        key_lines = {k: lines[("drills", i, k)] for k in d if ("drills", i, k) in lines}
        drill = Drill(id=d["id"], type=d["type"], fields=d, line=lines.get(("drills", i)),
                      lines=key_lines)
        if drill.id in seen:
            add(("drills", i, "id"), f"id {drill.id!r} is used twice in this file "
                                     f"(first on line {seen[drill.id]})")
            continue
        seen[drill.id] = drill.line or 0
        drills.append(drill)
    if header_bad:
        problems.sort(key=lambda pr: pr.line or 0)
        return Reading(None, tuple(problems))
    problems.sort(key=lambda pr: pr.line or 0)
    f = DrillFile(path=str(path) if path is not None else None, drills=tuple(drills),
                  title=data.get("title"), lesson=data.get("lesson"), rules=data.get("rules"),
                  game=data.get("game", GAME))
    return Reading(f, tuple(problems))


def loads(text: str, path: "str | Path | None" = None) -> DrillFile:
    """Read a drill file; any schema problem raises :class:`DrillProblems`."""
    reading = read(text, path)
    if reading.problems or reading.file is None:
        raise DrillProblems(reading.problems)
    return reading.file


def read_path(path: "str | Path") -> Reading:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ParseError(f"{p}: no such drill file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ParseError(f"{p}: cannot read: {e}") from None
    return read(text, p)


def load(path: "str | Path") -> DrillFile:
    reading = read_path(path)
    if reading.problems or reading.file is None:
        raise DrillProblems(reading.problems)
    return reading.file


def collect(paths: Iterable["str | Path"]) -> list[Path]:
    """The drill files named by ``paths``: files as given, folders searched for
    ``*.yaml`` / ``*.yml`` (sorted, recursively)."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml") and x.is_file())
            if not found:
                raise ParseError(f"{p}: no drill files (*.yaml) in this folder")
            out.extend(found)
        elif p.exists():
            out.append(p)
        else:
            raise ParseError(f"{p}: no such drill file or folder")
    return out


# -- writing -------------------------------------------------------------------------
FIELD_ORDER = ("id", "type", "rules", "hand", "auction", "ask", "call", "contract",
               "declarer", "card_points", "double", "redouble", "weis", "stoeck",
               "answer", "accept", "promises", "note")


def dumps(f: DrillFile, schema_ref: str | None = None) -> str:
    """The file as YAML; ``schema_ref`` adds the ``# yaml-language-server: $schema=``
    line editors read to validate and complete it."""
    yaml = _yaml()
    head = f"# yaml-language-server: $schema={schema_ref}\n" if schema_ref else ""
    header = f.header()
    text = yaml.safe_dump(header, sort_keys=False, allow_unicode=True, width=1000) if header else ""
    body = []
    for d in f.drills:
        fields = {k: d.fields[k] for k in FIELD_ORDER if k in d.fields}
        fields.update({k: v for k, v in d.fields.items() if k not in fields})
        item = yaml.safe_dump([fields], sort_keys=False, allow_unicode=True, width=1000,
                              default_flow_style=None)
        body.append("".join("  " + line if line.strip() else line
                            for line in item.splitlines(keepends=True)))
    return head + text + "drills:\n" + "".join(body)


def dump(f: DrillFile, path: "str | Path", schema_ref: str | None = None) -> None:
    Path(path).write_text(dumps(f, schema_ref), encoding="utf-8")


def schema_ref_for(target: "str | Path") -> str:
    """How a drill file at ``target`` refers to the shipped schema (a relative path
    when both are on one drive)."""
    import os

    s = schema_path().resolve()
    try:
        return Path(os.path.relpath(s, Path(target).resolve().parent)).as_posix()
    except ValueError:
        return s.as_uri()
