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

from tutor.auction import typed
from tutor.conventions import kind_label as _kind_name
from tutor.errors import ParseError, TutorError
from tutor.i18n import LANGS, M, Mn, Mp, Msg, both, either, join, semicolon

GAME = "sidi-barrani"
TYPES = ("bid", "explain", "check", "score", "trick", "value")
PLAY_TYPES = ("trick", "value")   # the rules of play (lesson 1): Sidi-Barrani's cards only
SCHEMA_FILE = "drills.schema.json"


# -- problems ------------------------------------------------------------------------
def _of(e: Exception) -> object:
    """An error's message, to be shown in any language."""
    return e.message if isinstance(e, TutorError) else str(e)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a drill file, located by file, line and drill id. ``reason``
    is a catalog message (:mod:`tutor.i18n`) or a plain text, shown in the language asked
    for; a drill without an id is named by its number ("drill 3")."""

    path: str
    line: int | None
    drill: str | None
    reason: object

    @property
    def message(self) -> str:
        """The message in English (the library's language)."""
        return self.message_text("en")

    def _drill(self, lang: str) -> str | None:
        m = re.fullmatch(r"drill (\d+)", self.drill or "")
        return M("drill {n}", n=int(m.group(1))).text(lang) if m else self.drill

    def message_text(self, lang: str = "en") -> str:
        text = getattr(self.reason, "text", None)
        return text(lang) if callable(text) else str(self.reason)

    def text(self, lang: str = "en") -> str:
        """``file:line: drill-id: message``, the message (and a numbered drill) in ``lang``."""
        where = self.path + (f":{self.line}" if self.line else "")
        drill = self._drill(lang)
        return f"{where}: {drill + ': ' if drill else ''}{self.message_text(lang)}"

    def __str__(self) -> str:
        return self.text("en")

    def to_json(self, lang: str = "en") -> dict:
        return {"file": self.path, "line": self.line, "id": self.drill, "message": self.message_text(lang)}


class DrillProblems(TutorError):
    """A drill file that is broken or whose answer key disagrees with the engine.

    The command line reports every problem and exits with code 1 (an unreadable file,
    :class:`~tutor.errors.ParseError`, exits with 2)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        more = len(self.problems) - 1
        first = _ProblemText(self.problems[0]) if self.problems else M("drill file problems")
        super().__init__(M("{problem} (and {n} more)", problem=first, n=more) if more > 0 else join(first))


class _ProblemText:
    """A problem as a placeholder: ``file:line: id: message`` in the language shown."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem

    def text(self, lang: "str | None" = None) -> str:
        from tutor.i18n import current

        return self.problem.text(lang or current())


# -- values --------------------------------------------------------------------------
@dataclass(frozen=True)
class Drill:
    """One drill: its fields as written in the file, where it stands, and the rules it
    is played under (the drill's own ``rules``, else the file's)."""

    id: str
    type: str
    fields: Mapping[str, Any]
    line: int | None = field(default=None, compare=False)
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


def clear_caches() -> None:
    """Forget the schema and its compiled check (read again when next needed)."""
    global _SCHEMA, _VALID
    _SCHEMA = _VALID = None


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
_TYPE_WORD = {"object": M("a mapping"), "array": M("a list"), "string": M("a string"),
              "integer": M("a whole number"), "number": M("a number"), "boolean": M("true or false"),
              "null": M("empty")}
# the schema's descriptions that messages quote, as catalog messages
_DESCRIPTION = {
    "a bid drill": M("a bid drill"), "an explain drill": M("an explain drill"),
    "a check drill": M("a check drill"), "a score drill": M("a score drill"),
    "a score drill names the contract and the declarer, or gives the finished auction":
        M("a score drill names the contract and the declarer, or gives the finished auction"),
    "this place": M("this place"),
    "a Tarneeb bid drill": M("a Tarneeb bid drill"), "a Tarneeb explain drill": M("a Tarneeb explain drill"),
    "a Tarneeb check drill": M("a Tarneeb check drill"), "a Tarneeb score drill": M("a Tarneeb score drill"),
}


def _kind_of(value: Any) -> object:
    for name in ("boolean", "integer", "number", "string", "array", "object", "null"):
        if _TYPE_CHECK[name](value):
            return _TYPE_WORD[name]
    return type(value).__name__


def _desc(text: str) -> object:
    if text in _DESCRIPTION:
        return _DESCRIPTION[text]
    if text.startswith("a kind: "):
        return M("a kind: {kinds}", kinds=text[len("a kind: "):])
    return text


def _name(path: tuple, lang: str = "en") -> str:
    """The field a path points at, for messages: 'answer', 'promises[1].suit' (inside a
    drill, named relative to it: the drill's id is in the message's prefix)."""
    if len(path) >= 2 and path[0] == "drills" and isinstance(path[1], int):
        path = path[2:]
        if not path:
            return M("the drill").text(lang)
    out = ""
    for p in path:
        out += f"[{p + 1}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or M("the file").text(lang)


def validate(data: Any, sch: dict | None = None) -> list[tuple[tuple, str]]:
    """Validate ``data`` against the drill schema (or ``sch``): (path, message) pairs.

    Covers the part of JSON Schema (2020-12) the shipped schema uses: type, enum, const,
    required, properties, additionalProperties, propertyNames, items, min/maxItems,
    minProperties, minLength, pattern, minimum, maximum, allOf, anyOf, if/then and local
    ``$ref``. The test-suite checks it agrees with the reference ``jsonschema`` package.

    A valid document (the usual case) is recognised by the schema compiled to checks
    (:func:`is_valid`); only a document with a problem is walked again to write every
    message."""
    root = schema() if sch is None else sch
    if is_valid(data, sch):
        return []
    errors: list[tuple[tuple, str]] = []
    _check(data, root, root, (), errors)
    # A field that no drill has is reported once, as unknown, not again by each drill
    # type's own list of fields.
    unknown = {path for path, msg in errors if msg.msgid == _UNKNOWN_FIELD}
    return [(path, msg) for path, msg in errors if path not in unknown or msg.msgid == _UNKNOWN_FIELD]


_UNKNOWN_FIELD = "unknown field {key!r}"


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


class _Named:
    """A path's field name (:func:`_name`) written only when a message is shown: most
    values checked have no error, and naming each cost more than checking it."""

    __slots__ = ("path",)

    def __init__(self, path: tuple) -> None:
        self.path = path

    def text(self, lang: "str | None" = None) -> str:
        from tutor.i18n import current

        return _name(self.path, lang or current())

    __str__ = lambda self: self.text()


def _check(value: Any, sch: dict, root: dict, path: tuple, errors: list) -> None:
    sch = _resolve(sch, root)
    what = _Named(path)
    t = sch.get("type")
    if t is not None:
        types = [t] if isinstance(t, str) else list(t)
        if not any(_TYPE_CHECK[x](value) for x in types):
            errors.append((path, M("{what} must be {types}, not {kind}", what=what,
                                   types=either([_TYPE_WORD[x] for x in types]), kind=_kind_of(value))))
            return
    if "const" in sch and value != sch["const"]:
        errors.append((path, M("{what} must be {value!r}", what=what, value=sch["const"])))
    if "enum" in sch and value not in sch["enum"]:
        options = ", ".join(map(str, sch["enum"]))
        errors.append((path, M("{what} must be one of {options}, not {value!r}", what=what,
                               options=options, value=value)))
    if isinstance(value, str):
        if len(value) < sch.get("minLength", 0):
            errors.append((path, M("{what} must not be empty", what=what)))
        if "pattern" in sch and not re.search(sch["pattern"], value):
            errors.append((path, M("{what} {value!r} is not of the form {pattern}", what=what,
                                   value=value, pattern=sch["pattern"])))
    if _TYPE_CHECK["number"](value):
        if "minimum" in sch and value < sch["minimum"]:
            errors.append((path, M("{what} must be at least {low}, not {value}", what=what,
                                   low=sch["minimum"], value=value)))
        if "maximum" in sch and value > sch["maximum"]:
            errors.append((path, M("{what} must be at most {high}, not {value}", what=what,
                                   high=sch["maximum"], value=value)))
    if isinstance(value, list):
        if len(value) < sch.get("minItems", 0):
            n = sch["minItems"]
            errors.append((path, Mn("{what} needs at least {n} entry", "{what} needs at least {n} entries",
                                    n, what=what)))
        if "maxItems" in sch and len(value) > sch["maxItems"]:
            errors.append((path, M("{what} has more than {n} entries", what=what, n=sch["maxItems"])))
        if "items" in sch:
            for i, item in enumerate(value):
                _check(item, sch["items"], root, path + (i,), errors)
    if isinstance(value, dict):
        if len(value) < sch.get("minProperties", 0):
            errors.append((path, M("{what} must not be empty", what=what)))
        for name in sch.get("required", ()):
            if name not in value:
                errors.append((path, M("missing field {name!r}", name=name)))
        props = sch.get("properties", {})
        names = sch.get("propertyNames")
        for key, item in value.items():
            if names is not None:
                sub: list = []
                _check(key, names, root, path + (key,), sub)
                if sub:
                    desc = names.get("description", "this place")
                    errors.append((path + (key,), M("field {key!r} does not belong in {place}", key=key,
                                                    place=_desc(desc))))
                    continue
            if key in props:
                _check(item, props[key], root, path + (key,), errors)
            elif sch.get("additionalProperties") is False:
                errors.append((path + (key,), M("unknown field {key!r}", key=key)))
            elif isinstance(sch.get("additionalProperties"), dict):
                _check(item, sch["additionalProperties"], root, path + (key,), errors)
    for sub in sch.get("allOf", ()):
        _check(value, sub, root, path, errors)
    if "anyOf" in sch:
        if not any(not _errors_of(value, sub, root, path) for sub in sch["anyOf"]):
            options = [_resolve(s, root) for s in sch["anyOf"]]
            if all(set(o) == {"required"} for o in options):
                needs = either([both([repr(n) for n in o["required"]]) for o in options])
                errors.append((path, M("needs {fields}", fields=needs)))
            else:
                desc = sch.get("description")
                errors.append((path, M("{what} has the wrong form: {form}", what=what, form=_desc(desc))
                               if desc else M("{what} has the wrong form", what=what)))
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


# -- the schema compiled to checks: valid or not, no messages --------------------------
_VALID: "Any" = None     # the shipped schema's compiled check


def is_valid(data: Any, sch: dict | None = None) -> bool:
    """Does ``data`` match the drill schema (or ``sch``)? The same answer as
    ``not validate(data, sch)``, from the schema compiled once into plain checks (a
    thousand drills in a few milliseconds; the message-writing walk costs ten times more)."""
    global _VALID
    if sch is not None:
        return _compile(sch, sch, {})(data)
    if _VALID is None:
        _VALID = _compile(schema(), schema(), {})
    return _VALID(data)


def _compile(sch: dict, root: dict, memo: dict):
    """One schema node as a function value -> bool, checking what :func:`_check` checks,
    in the same order (a ``$ref`` resolved once; shared nodes compiled once)."""
    sch = _resolve(sch, root)
    if id(sch) in memo:
        return memo[id(sch)]
    checks: list = []
    later: list = []
    memo[id(sch)] = lambda v: all(c(v) for c in later)   # a node that refers to itself
    t = sch.get("type")
    if t is not None:
        tests = [_TYPE_CHECK[x] for x in ([t] if isinstance(t, str) else t)]
        checks.append(tests[0] if len(tests) == 1 else (lambda v: any(f(v) for f in tests)))
    if "const" in sch:
        const = sch["const"]
        checks.append(lambda v: not v != const)
    if "enum" in sch:
        enum = sch["enum"]
        checks.append(lambda v: v in enum)
    min_length, pattern = sch.get("minLength", 0), sch.get("pattern")
    if min_length or pattern is not None:
        rx = re.compile(pattern) if pattern is not None else None
        checks.append(lambda v: not isinstance(v, str) or (
            len(v) >= min_length and (rx is None or rx.search(v) is not None)))
    if "minimum" in sch or "maximum" in sch:
        low, high = sch.get("minimum"), sch.get("maximum")
        number = _TYPE_CHECK["number"]
        checks.append(lambda v: not number(v) or (
            (low is None or not v < low) and (high is None or not v > high)))
    min_items, max_items = sch.get("minItems", 0), sch.get("maxItems")
    items = _compile(sch["items"], root, memo) if "items" in sch else None
    if min_items or max_items is not None or items is not None:
        def list_ok(v, min_items=min_items, max_items=max_items, items=items):
            if not isinstance(v, list):
                return True
            if len(v) < min_items or (max_items is not None and len(v) > max_items):
                return False
            return items is None or all(items(x) for x in v)
        checks.append(list_ok)
    object_keys = ("minProperties", "required", "properties", "propertyNames", "additionalProperties")
    if any(k in sch for k in object_keys):
        min_props, required = sch.get("minProperties", 0), tuple(sch.get("required", ()))
        props = {k: _compile(v, root, memo) for k, v in sch.get("properties", {}).items()}
        names = _compile(sch["propertyNames"], root, memo) if sch.get("propertyNames") is not None else None
        extra = sch.get("additionalProperties")
        closed = extra is False
        extra = _compile(extra, root, memo) if isinstance(extra, dict) else None

        def object_ok(v):
            if not isinstance(v, dict):
                return True
            if len(v) < min_props:
                return False
            for name in required:
                if name not in v:
                    return False
            for key, item in v.items():
                if names is not None and not names(key):
                    return False
                f = props.get(key)
                if f is not None:
                    if not f(item):
                        return False
                elif closed:
                    return False
                elif extra is not None and not extra(item):
                    return False
            return True
        checks.append(object_ok)
    checks += [_compile(sub, root, memo) for sub in sch.get("allOf", ())]
    if "anyOf" in sch:
        options = [_compile(sub, root, memo) for sub in sch["anyOf"]]
        checks.append(lambda v: any(f(v) for f in options))
    if "if" in sch:
        cond = _compile(sch["if"], root, memo)
        then = _compile(sch["then"], root, memo) if "then" in sch else None
        other = _compile(sch["else"], root, memo) if "else" in sch else None
        checks.append(lambda v: (then is None or then(v)) if cond(v) else (other is None or other(v)))
    later.extend(checks)
    if not checks:
        valid = lambda v: True
    elif len(checks) == 1:
        valid = checks[0]
    else:
        def valid(v, checks=tuple(checks)):
            for c in checks:
                if not c(v):
                    return False
            return True
    memo[id(sch)] = valid
    return valid


# -- reading -------------------------------------------------------------------------
def _yaml():
    import yaml

    return yaml


def _compose(text: str, where: str):
    """(data, lines, twice) of a drill file: :func:`tutor.files.load_yaml_lines`."""
    from tutor.files import load_yaml_lines

    return load_yaml_lines(text, where)


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
        add(p, M("field {key!r} is written twice", key=p[-1]), line)
    if data is None:
        add((), M("the file is empty (a drill file has at least 'drills:')"))
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
        key_lines = {}
        for k in d:
            line = lines.get(("drills", i, k))
            if line is not None:
                key_lines[k] = line
        drill = Drill(id=d["id"], type=d["type"], fields=d, line=lines.get(("drills", i)),
                      lines=key_lines)
        if drill.id in seen:
            add(("drills", i, "id"), M("id {id!r} is used twice in this file (first on line {line})",
                                       id=drill.id, line=seen[drill.id]))
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
    from tutor.files import read_text

    p = Path(path)
    if not p.exists() and not p.is_symlink():
        raise ParseError(M("{path}: no such drill file", path=str(p)))
    return read(read_text(p), p)


def load(path: "str | Path") -> DrillFile:
    reading = read_path(path)
    if reading.problems or reading.file is None:
        raise DrillProblems(reading.problems)
    return reading.file


def collect(paths: Iterable["str | Path"]) -> list[Path]:
    """The drill files named by ``paths``: files as given, folders searched for
    ``*.yaml`` / ``*.yml`` (sorted, recursively); each file once."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml") and x.is_file())
            if not found:
                raise ParseError(M("{path}: no drill files (*.yaml) in this folder", path=str(p)))
            out.extend(found)
        elif p.exists():
            out.append(p)
        else:
            raise ParseError(M("{path}: no such drill file or folder", path=str(p)))
    seen: set[Path] = set()     # a file named again (or also in a named folder) is read once
    return [x for x in out if not (x.resolve() in seen or seen.add(x.resolve()))]


# -- writing -------------------------------------------------------------------------
FIELD_ORDER = ("id", "type", "rules", "hand", "auction", "ask", "call", "contract",
               "declarer", "card_points", "double", "redouble", "weis", "stoeck",
               "trump", "leader", "trick", "last", "cards", "question",
               "answer", "accept", "promises", "evidence", "note")


def _flow(value: Any) -> str:
    """One value in YAML flow style on one line: ``{AC: 313, BD: 44}``, ``[fort]``, ``'90 Eichel'``."""
    yaml = _yaml()
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10 ** 6,
                          sort_keys=False)
    text = text.strip()
    if text.endswith("\n..."):
        text = text[:-4].strip()
    elif text.endswith("..."):
        text = text[:-3].strip()
    if isinstance(value, str) and not text.startswith(("'", '"')) and (
            " " in value or ":" in value or value == ""):
        text = json.dumps(value, ensure_ascii=False)   # hands and auctions always quoted
    return text


def dumps(f: DrillFile, schema_ref: str | None = None) -> str:
    """The file as YAML, one field a line and the small values (answers, lists) in flow
    style; ``schema_ref`` adds the ``# yaml-language-server: $schema=`` line editors
    read to validate and complete it. ``loads(dumps(f))`` gives the same drills."""
    out = [f"# yaml-language-server: $schema={schema_ref}\n"] if schema_ref else []
    for key, value in f.header().items():
        out.append(f"{key}: {_flow(value)}\n")
    out.append("drills:\n")
    for d in f.drills:
        fields = [k for k in FIELD_ORDER if k in d.fields] + [k for k in d.fields if k not in FIELD_ORDER]
        for i, k in enumerate(fields):
            out.append(f"{'  - ' if i == 0 else '    '}{k}: {_flow(d.fields[k])}\n")
    return "".join(out)


def dump(f: DrillFile, path: "str | Path", schema_ref: str | None = None) -> None:
    from tutor.files import write_file

    write_file(path, dumps(f, schema_ref))


def schema_ref_for(target: "str | Path") -> str:
    """How a drill file at ``target`` refers to the shipped schema (a relative path
    when both are on one drive)."""
    import os

    s = schema_path().resolve()
    try:
        return Path(os.path.relpath(s, Path(target).resolve().parent)).as_posix()
    except ValueError:
        return s.as_uri()


# -- the per-game engine -------------------------------------------------------------
class DrillEngine(Protocol):
    """What the drills need from a game (see BRIEF: shared with ``tutor.games``)."""

    game: str
    kinds: tuple[str, ...]

    def normalize_call(self, text: str) -> str: ...
    def bid(self, hand: str, auction: str, rules, lang: str) -> tuple[str | None, str]: ...
    def explain(self, auction: str, ask: int, rules, lang: str) -> tuple[str, list[dict], str]: ...
    def check(self, hand: str, auction: str, call: str, rules, lang: str) -> tuple[bool, str]: ...
    def score(self, drill: dict, rules, lang: str) -> tuple[dict, str]: ...
    def load_rules(self, spec): ...


CALL_KINDS = ("fort", "double", "redouble")


class SidiBarraniEngine:
    """Sidi-Barrani's drills over the convention engine and the scoring."""

    game = GAME
    kinds = ("opening", "hilfe", "ace", "raise", "want", "confidence", "matsch", "fort",
             "double", "redouble", "unconventional")
    teams = ("AC", "BD")
    seats = ("A", "B", "C", "D")

    def load_rules(self, spec):
        from tutor.rules import load

        return load(spec)

    # -- notation ----------------------------------------------------------------
    def _spec(self, rules):
        from tutor.auction import sidi_barrani_spec

        return sidi_barrani_spec(rules)

    def _auction(self, auction: str, rules):
        from tutor.conventions import parse_auction

        return parse_auction(auction or "", rules)

    def normalize_call(self, text: str, rules=None) -> str:
        """Forgiving input to the canonical call: ``90 ei`` -> ``90 Eichel``, ``pass`` ->
        ``fort``, ``90ro`` -> ``90 Rosen``, ``matsch sch`` -> ``157 Schellen``; a seat
        prefix (``D: dopple``) is kept."""
        from tutor.auction import split_seat

        spec = self._spec(rules)
        t = " ".join(str(text).strip().split())
        if not t:
            raise ParseError(M("empty call"))
        seat, rest = split_seat(t, spec)
        call = spec.parse_call(rest)   # the one call parser of the auction
        return f"{seat}: {call}" if seat else str(call)

    def entries(self, auction: str, rules) -> list[tuple[str, str]]:
        return [(e.seat, str(e.call)) for e in self._auction(auction, rules).entries]

    def seat_in_turn(self, auction: str, rules) -> str | None:
        return self._auction(auction, rules).next_seat

    def hand_rows(self, hand: str, lang: str = "de") -> list[tuple[str, str]]:
        from tutor.cards import SUITS, Hand

        h = Hand.parse(hand)
        return [(s.value, "".join(r.value for r in h.suit(s))) for s in SUITS]

    def kind_label(self, kind: str, lang: str) -> str:
        return _kind_name(kind, lang if lang in LANGS else "de")   # one label, not the table

    def choices(self, auction: str, ask: int, rules) -> tuple[str, ...]:
        """The answer choices for 'what does call ``ask`` promise?': the bid kinds for a
        bid, the call kinds for fort/double/konter. Depends only on the call's form, so
        the choices never point at the answer."""
        entries = self._auction(auction, rules).entries
        call = entries[ask - 1].call
        return CALL_KINDS if not call.is_bid else tuple(k for k in self.kinds if k not in CALL_KINDS)

    def gives_away(self, auction: str, ask: int, rules) -> "Msg | None":
        """Why an explain drill's question tells its answer by its form alone, or None: a fort, double or konter is what its word says, and the first bid
        of an auction can only open (or, above 120, say what the team trusts itself)."""
        entries = self._auction(auction, rules).entries
        call = entries[ask - 1].call
        if not call.is_bid:
            return M("the question gives the answer away: call {ask} ({call}) is what its word "
                     "says; ask about a bid, or make it a check drill", ask=ask, call=str(call))
        if not any(e.call.is_bid for e in entries[: ask - 1]):
            return M("the question gives the answer away: call {ask} ({call}) is the first bid of "
                     "the auction, whose kind follows from its number; ask about a later bid",
                     ask=ask, call=str(call))
        return None

    # -- the answers -------------------------------------------------------------
    def bid(self, hand: str, auction: str, rules, lang: str) -> tuple[str | None, str]:
        from tutor import conventions

        a = self._auction(auction, rules)
        if a.over:
            raise TutorError(M("the bidding is over: there is no call to make"))
        advice = conventions.advise(hand, a, rules)
        return advice.call, advice.text(lang)   # the reasons begin with the call's reading

    def explain(self, auction: str, ask: int, rules, lang: str) -> tuple[str, list[dict], str]:
        from tutor import conventions

        e = conventions.explain(auction or "", rules)
        if not 1 <= ask <= len(e.calls):
            raise TutorError(M("ask: {ask} is not a call of this auction (it has {n})", ask=ask, n=len(e.calls)))
        r = e.calls[ask - 1]
        return r.kind, [p.to_json() for p in r.promises], r.text(lang)

    def check(self, hand: str, auction: str, call: str, rules, lang: str) -> tuple[bool, str]:
        """Is ``call`` the right call with this hand: legal, conventional, true to the hand
        and the call the tutor recommends (or one it finds as good)? A legal and true call
        that is not the best is "no", and the text says so first."""
        return self.check_question(hand, auction, call, rules, lang, "best")

    def check_question(self, hand: str, auction: str, call: str, rules, lang: str,
                       question: str = "best") -> tuple[bool, str]:
        """A check drill's answer to ``question`` (:data:`CHECK_QUESTIONS`), and why."""
        from tutor import conventions

        v = conventions.check(hand, auction or "", call, rules)
        if question == "legal":
            return v.legal, v.text(lang) if not v.legal else self._legal_text(v, auction, call, rules, lang)
        if question == "truthful":
            return v.ok, v.text(lang)
        if v.ok and not v.best:
            return False, CHECK_TEXTS["not_best"].text(lang) + " " + v.text(lang)
        return v.best, v.text(lang)

    def _legal_text(self, v, auction: str, call: str, rules, lang: str) -> str:
        """Why a legal call is allowed, first (QA s33 Q15: "Is that call allowed here?" was
        answered with the hand's fit, which read as "no"), then what it says and, apart,
        whether it suits the hand."""
        from tutor.auction import BID, DOUBLE, REDOUBLE, split_seat
        from tutor.conventions import _sentence, replay

        a = replay(auction or "", rules).auction
        _prefix, bare = split_seat(" ".join(str(call).split()), self._spec(rules))
        c, seat = v.reading.call, v.reading.seat
        if c.kind == BID and a.high is None:
            forts = bool(a.entries)   # the calls before are forts: without a bid they end nothing
            lead = LEGAL_TEXTS["open_after_forts" if forts else "open"](seat=seat, call=str(c))
        elif c.kind == BID:
            lead = LEGAL_TEXTS["higher"](seat=seat, call=str(c), high=str(a.high_bid))
        elif c.kind == DOUBLE:   # right after the bid, or where the table keeps it open until the lead
            lead = LEGAL_TEXTS["double" if a.entries[-1] == a.high else "double_late"](
                seat=seat, bidder=a.high.seat, high=str(a.high_bid))
        elif c.kind == REDOUBLE:
            lead = LEGAL_TEXTS["konter"](seat=seat, bidder=a.high.seat, high=str(a.high_bid))
        elif v.reading.kind == "fort":
            lead = LEGAL_TEXTS["fort"](seat=seat)
        else:
            lead = LEGAL_TEXTS["legal"](call=bare)
        said = _sentence(v.reading.text(lang))
        rest = v.text(lang)[len(v.reading.text(lang)):].strip()
        # a bid's reading names its kind ("opening in Rosen ..."), fort's and a double's their call
        parts = [lead.text(lang), LEGAL_TEXTS["says"](call=str(c), text=said).text(lang) if c.kind == BID else said]
        if rest:
            parts += [LEGAL_TEXTS["unfit"].text(lang)] if not v.ok else []
            parts.append(rest)
        return " ".join(parts)

    def check_fault(self, hand: str, auction: str, call: str, rules, lang: str) -> str | None:
        """The one line that makes a check drill's call wrong (not legal, not conventional,
        not true to the hand), None when it is none of these."""
        from tutor import conventions

        return conventions.check(hand, auction or "", call, rules).fault(lang)

    def judged_text(self, hand: str, auction: str, call: str, evidence: Mapping, rules, lang: str) -> str:
        """Why ``call`` is the answer of a judgement drill: what it says, and the stored
        evidence of the simulation (:mod:`tutor.course.evidence`)."""
        from tutor import conventions
        from tutor.course.evidence import words

        v = conventions.check(hand, auction or "", call, rules)
        said = v.reading.text(lang) if v.reading is not None else call
        return f"{said} {words(evidence).text(lang)}"

    def check_judged(self, hand: str, auction: str, call: str, best: Sequence[str], evidence: Mapping,
                     rules, lang: str) -> tuple[bool, str]:
        """A check drill with the simulation's evidence: yes when the call is legal,
        conventional and true and one of the simulation's ``best`` calls; a call wrong by
        the conventions is no, and the call recommended instead is the evidence's pick."""
        from tutor import conventions
        from tutor.auction import split_seat
        from tutor.course.evidence import words

        from tutor.course.evidence import Recorded

        v = conventions.check(hand, auction or "", call, rules)
        if not v.ok:   # wrong whatever the deals say; the call to make instead is the voice's
            return False, conventions.check(hand, auction or "", call, rules, judge=Recorded(best, evidence)).text(lang)
        text = v.reading.text(lang)
        _, bare = split_seat(" ".join(str(call).split()), self._spec(rules))
        right = v.ok and str(self._spec(rules).parse_call(bare)) in best
        if v.ok and not right:
            text = CHECK_TEXTS["not_best"].text(lang) + " " + text
        return right, f"{text} {words(evidence).text(lang)}"

    def own_call(self, hand: str, auction: str, call: str, rules, lang: str) -> str:
        """What the learner's own (wrong) call would have promised, and which part of the
        hand contradicts it: from the rule table's promises, as ``check`` reads them."""
        from tutor import conventions

        v = conventions.check(hand, auction or "", call, rules)
        if not v.legal:
            reason = v.why_illegal.text(lang) if hasattr(v.why_illegal, "text") else v.why_illegal
            return OWN_CALL_TEXTS["illegal"](call=typed(call), why=reason).text(lang)
        # the call in the word the learner typed (French « contre »)
        out = [OWN_CALL_TEXTS["shows"](call=typed(call), text=v.reading.text(lang)).text(lang)]
        if not v.conventional:
            out.append(OWN_CALL_TEXTS["unconventional"].text(lang))
        if not v.truthful:
            out.append(OWN_CALL_TEXTS["contradicts"](
                text=semicolon(lang).join(p.mismatch(v.hand, lang) for p in v.broken)).text(lang))
        elif v.conventional:
            out.append(OWN_CALL_TEXTS["fits"].text(lang))
        return " ".join(out)

    def normalize_promises(self, promises: Sequence[Mapping]) -> list[dict]:
        from tutor.conventions import Promise

        return sorted((Promise.from_json(p).to_json() for p in promises),
                      key=lambda p: json.dumps(p, sort_keys=True))

    def score(self, drill: Mapping, rules, lang: str) -> tuple[dict, str]:
        from tutor.scoring import parse_team, score_game

        spec = self._spec(rules)
        double, redouble = bool(drill.get("double")), bool(drill.get("redouble"))
        if drill.get("auction"):
            a = self._auction(drill["auction"], rules)
            if not a.over or a.declarer is None:
                raise TutorError(M("auction: the bidding is not over, there is no contract to score"))
            contract, declarer = a.contract, a.declarer
            if ("contract" in drill and spec.parse_call(drill["contract"]) != a.high_bid) or \
                    ("declarer" in drill and str(drill["declarer"]).upper() != declarer):
                raise TutorError(M("contract/declarer disagree with the auction ({declarer}: {contract})",
                                   declarer=declarer, contract=contract))
            if ("double" in drill and double != (a.multiplier >= 2)) or \
                    ("redouble" in drill and redouble != (a.multiplier == 4)):
                raise TutorError(M("double/redouble disagree with the auction"))
            double, redouble = a.multiplier >= 2, a.multiplier == 4
        else:
            contract, declarer = drill["contract"], str(drill["declarer"]).upper()
        call = spec.parse_call(contract)
        if not call.is_bid:
            raise TutorError(M("contract {contract!r}: a contract is a bid, e.g. '100 Eichel'",
                               contract=contract))
        misere = bool(call.strain and call.strain.endswith("Misère"))
        weis = {parse_team(k): int(v) for k, v in (drill.get("weis") or {}).items()}
        stoeck = drill.get("stoeck") or []
        stoeck = [stoeck] if isinstance(stoeck, str) else list(stoeck)
        g = score_game(call.value, declarer, drill["card_points"], double=double,
                       redouble=redouble, misere=misere, weis=weis, stoeck=stoeck, rules=rules)
        return dict(g.board), self._score_text(g, str(call), rules, lang)

    def _score_text(self, g, contract: str, rules, lang: str) -> str:
        from tutor.scoring import STOECK_POINTS, TEAMS, other

        matsch = g.bid == rules.matsch_bid
        contract = matsch_words(contract, rules, lang)
        need = 157 if matsch else g.bid
        base = rules.matsch_target if matsch else g.bid
        mult = {1: "", 2: M(", doubled"), 4: M(", redoubled")}[g.multiplier]
        parts = [M("{declarer} plays {contract}{mult}: {need} card points to take",
                   declarer=g.declarer, contract=contract, mult=mult, need=need)]
        if g.multiplier > 1:
            parts.append(M("{base} × {times} = {target} target points are at stake",
                           base=base, times=g.multiplier, target=g.target_points))
        elif base != g.bid:
            parts.append(M("{target} target points are at stake", target=g.target_points))
        team = g.team
        parts.append(M("{a}/{b} have {points} card points: {made}", a=team[0], b=team[1],
                       points=g.card_points, made=M("made") if g.made else M("missed")))
        winner = team if g.made else other(team)
        sums = []
        for t in TEAMS:
            terms = [str(g.card_points if t == team else 157 - g.card_points)]
            if t == winner:
                terms.append(str(g.target_points))
            if g.weis.get(t):
                terms.append(M("{n} Weis", n=g.weis[t]).text(lang))
            if t in g.stoeck:
                terms.append(M("{n} Stöck", n=STOECK_POINTS).text(lang))
            total = f"{' + '.join(terms)} = {g.board[t]}" if len(terms) > 1 else str(g.board[t])
            sums.append(f"{t} {total}")
        parts.append(M("Board: {sums}", sums=", ".join(sums)))
        return M("; ").text(lang).join(p.text(lang) for p in parts) + "."


    # -- the rules of play (tutor.play.rules): tricks and card values ------------------
    def trick(self, drill: Mapping, lang: str) -> tuple[Any, str]:
        """A trick drill: (who takes it, or how many points it counts; why)."""
        from tutor.play import rules as play

        trump, cards, seats = _trick_of(drill)
        question = drill.get("question", "winner")
        i, how = play.taken_by(cards, trump)   # which part of the rule of the trick
        w = cards[i]
        lead = cards[0].suit
        taken = PLAY_TEXTS[how](card=_card_name(w, trump, lang), lead=lead.value,
                                trump=str(trump)).text(lang) + " " + \
            PLAY_TEXTS["takes"](seat=seats[i]).text(lang)
        if question == "winner":
            return seats[i], taken
        last = bool(drill.get("last"))
        total = play.trick_points(cards, trump, last=last)
        return total, _points_sum(cards, trump, lang, last) + f" = {total}."

    def value(self, drill: Mapping, lang: str) -> tuple[int, str]:
        """A value drill: the card points of the cards in a game with this trump."""
        from tutor.play import rules as play

        trump = play.Trump.parse(str(drill["trump"]))
        cards = list(_value_hand(drill["cards"]))
        total = sum(play.points(c, trump) for c in cards)
        return total, PLAY_TEXTS["trump_is"](trump=str(trump)).text(lang) + " " + \
            _points_sum(cards, trump, lang, False) + f" = {total}."


# What a check drill asks (``question``; default ``best``): is the call the right one with
# this hand (legal, conventional, true and the call the tutor recommends), is it allowed
# here at all (the rules of the bidding), or is it allowed and true to the hand (what it
# promises, the hand holds), whether or not it is the best.
CHECK_QUESTIONS = ("best", "legal", "truthful")
CHECK_TEXTS: dict[str, Msg] = {
    "not_best": M("Legal and true, but not the best call."),
}


# Why a call is allowed, the answer to a check drill's "Is that call allowed here?" (yes):
# said before what the call shows and whether it suits the hand (QA s33 Q15).
LEGAL_TEXTS: dict[str, Msg] = {
    "open": M("Yes: {seat} is in turn and nobody has bid yet, so {call} may open the bidding."),
    "open_after_forts": M("Yes: {seat} is in turn and nobody has bid yet; fort without a bid ends nothing "
                          "(the bidding ends only after a bid), so {call} may open it."),
    "higher": M("Yes: {seat} is in turn and {call} is higher than {high}."),
    "fort": M("Yes: {seat} is in turn, and in turn fort is always allowed."),
    "double": M("Yes: {seat} plays against {bidder}'s {high}, nobody has doubled it and nobody has called since."),
    "double_late": M("Yes: {seat} plays against {bidder}'s {high}, nobody has doubled it, and at this table "
                     "the double stays open until the first card is led."),
    "konter": M("Yes: {high} by {bidder} has just been doubled, and {seat} is on the side that bid it."),
    "legal": M("Yes: {call} is allowed here."),
    "says": M("{call} says: {text}"),
    "unfit": M("Allowed, but not right for this hand."),
}


# The learner's own call in the quiz's feedback.
OWN_CALL_TEXTS: dict[str, Msg] = {
    "illegal": M("Your call {call} is not legal here: {why}."),
    "shows": M("Your call {call} would show: {text}"),
    "unconventional": M("It has no meaning here under the conventions."),
    "contradicts": M("Your hand does not fit it: {text}."),
    "fits": M("That fits your hand, but it is not the best call here."),
}


# The sentences of the play drills: one table of catalog messages.
PLAY_TEXTS: dict[str, Msg] = {
    "trump_led": M("Trump was led: the highest trump takes the trick, here {card}."),
    "trumped": M("{card} is a trump and beats every card of the other suits; the highest trump in "
                 "the trick takes it."),
    "suit_led": M("No trump in the trick: the highest card of the suit led, {lead}, takes "
                  "it, here {card}."),
    "obenabe": M("Obenabe, no trump: the highest card of the suit led, {lead}, takes the trick "
                 "(the Ace on top), here {card}."),
    "undenufe": M("Undenufe, no trump: the lowest card of the suit led, {lead}, takes the trick "
                  "(the Six on top), here {card}."),
    "takes": M("{seat} takes the trick."),
    "trump_is": M("Trump is {trump}."),
    "last": M("5 for the last trick"),
    "puur": Mp("trump card", "Puur"), "nell": Mp("trump card", "Nell"),
    "q_winner": M("Who takes the trick?"),
    "q_points": M("How many points does the trick count?"),
    "q_points_last": M("It is the last trick. How many points does it count?"),
    "q_value": M("How many points do these cards count?"),
    "trump_line": M("Trump: {trump}"),
    "trick_line": M("The trick ({leader} leads):"),
    "cards_line": M("The cards:"),
    "p_seat": M("Who (A, B, C or D): "),
    "p_points": M("Points: "),
    "not_a_seat": M("{text!r}: answer with the seat, A, B, C or D"),
    "not_a_number": M("{text!r}: answer with a number"),
}


def _card_name(card, trump, lang: str) -> str:
    """``Eichel 9 (Nell)``: a card, with Puur or Nell where it is one."""
    from tutor.cards import NELL, PUUR

    if trump.suit is not None and card.suit == trump.suit and card.rank in (PUUR, NELL):
        return f"{card} ({PLAY_TEXTS['puur' if card.rank == PUUR else 'nell'].text(lang)})"
    return str(card)


def _points_sum(cards, trump, lang: str, last: bool) -> str:
    from tutor.play import rules as play

    terms = [f"{_card_name(c, trump, lang)} {play.points(c, trump)}" for c in cards]
    if last:
        terms.append(PLAY_TEXTS["last"].text(lang))
    return " + ".join(terms)


def _trick_of(drill: Mapping):
    """(trump, the cards in the order played, the seat of each card) of a trick drill."""
    from tutor.cards import Card
    from tutor.play import rules as play

    trump = play.Trump.parse(str(drill["trump"]))
    texts = [x for x in re.split(r"[,;]", str(drill["trick"])) if x.strip()]
    cards = []
    for x in texts:
        try:
            cards.append(Card.parse(x))
        except TutorError as e:
            raise e.at("trick: ") from None
    if len(cards) != 4 or len(set(cards)) != 4:
        raise TutorError(M("trick: a trick is four different cards, this one has {n} (a card twice)",
                           n=len(cards)) if len(set(cards)) != len(cards) else
                         M("trick: a trick is four different cards, this one has {n}", n=len(cards)))
    leader = str(drill.get("leader", "A")).upper()
    if leader not in play.SEATS:
        raise TutorError(M("leader: {leader!r} is not a seat (A, B, C, D)", leader=leader))
    return trump, cards, play.seats_from(leader)


def _value_hand(text: str):
    from tutor.cards import Hand

    try:
        return Hand.parse(str(text), size=None)
    except TutorError as e:
        raise e.at("cards: ") from None


_ENGINES: dict[str, Any] = {}


def engine_for(game: str = GAME) -> DrillEngine:
    """The drill engine of ``game``: Sidi-Barrani here, the others from ``tutor.games``."""
    if game not in _ENGINES:
        if game == GAME:
            _ENGINES[game] = SidiBarraniEngine()
        else:
            try:
                from tutor.games import drill_engine
            except ImportError:
                raise TutorError(M("unknown game {game!r} (this installation knows {known})",
                                   game=game, known=GAME)) from None
            _ENGINES[game] = drill_engine(game)
    return _ENGINES[game]


# -- display helpers that work for any engine ----------------------------------------
def entries_of(engine, auction: str, rules) -> list[tuple[str, str]]:
    """(seat, call) for every call of ``auction``. Engines without ``entries`` get the
    plain reading: seats A, B, C, ... in turn, a ``X:`` prefix names the seat."""
    if hasattr(engine, "entries"):
        return engine.entries(auction, rules)
    seats = getattr(engine, "seats", ("A", "B", "C", "D"))
    out, turn = [], 0
    for item in [x.strip() for x in (auction or "").split(",") if x.strip()]:
        m = re.fullmatch(r"([A-Za-z])\s*:\s*(.+)", item)
        if m:
            out.append((m.group(1).upper(), m.group(2)))
        else:
            out.append((seats[turn % len(seats)], item))
            turn += 1
    return out


def seat_in_turn(engine, auction: str, rules) -> str | None:
    if hasattr(engine, "seat_in_turn"):
        return engine.seat_in_turn(auction, rules)
    seats = getattr(engine, "seats", ("A", "B", "C", "D"))
    plain = [x for x in (auction or "").split(",") if x.strip() and not re.match(r"\s*[A-Za-z]\s*:", x)]
    return seats[len(plain) % len(seats)]


def hand_rows(engine, hand: str, lang: str = "de") -> list[tuple[str, str]]:
    if hasattr(engine, "hand_rows"):
        return engine.hand_rows(hand, lang)
    return [(s, r) for s, r in re.findall(r"([^\s:,;]+)\s*:\s*([^\s,;]*)", hand)]


def kind_label(engine, kind: str, lang: str) -> str:
    if hasattr(engine, "kind_label"):
        return engine.kind_label(kind, lang)
    return kind


def choices(engine, auction: str, ask: int, rules) -> tuple[str, ...]:
    if hasattr(engine, "choices"):
        return tuple(engine.choices(auction, ask, rules))
    return tuple(engine.kinds)


def teams_of(engine, answer: Mapping | None = None) -> tuple[str, ...]:
    if hasattr(engine, "teams"):
        return tuple(engine.teams)
    return tuple(answer or ())


def matsch_words(contract: str, rules, lang: str = "de") -> str:
    """A Matsch as the table says it: ``157 Eichel`` reads ``Matsch Eichel`` (in French
    ``match Eichel``, the lessons' word)."""
    from tutor.i18n import pgettext

    head, _, strain = str(contract).strip().partition(" ")
    bid = str(getattr(rules, "matsch_bid", 157))
    if head.lower() not in (bid, "matsch"):
        return contract
    matsch = pgettext("kind of call", "Matsch", lang)   # not inside the f-string: Babel would not extract it
    return f"{matsch} {strain}".strip()


def team_label(engine, team: str, lang: str) -> str:
    """A team of a score drill as the learner reads it (the engine's words where it has
    them: Tarneeb's bidders and defenders; AC and BD as they are)."""
    if hasattr(engine, "team_label"):
        return engine.team_label(team, lang)
    return team


def board_text(engine, board: Mapping, lang: str) -> str:
    """A score drill's board as the learner reads it: ``AC 313, BD 44``."""
    return ", ".join(f"{team_label(engine, k, lang)} {v}" for k, v in board.items())


# -- checking answers ----------------------------------------------------------------
@dataclass(frozen=True)
class Solution:
    """What the engine says about a drill: the answer, in canonical form, and why."""

    answer: Any                      # call (bid), kind (explain), bool (check), board (score)
    text: str                        # the engine's explanation
    accept: tuple[str, ...] = ()     # bid: calls that count as acceptable, canonical
    promises: tuple[dict, ...] = ()  # explain: what the call promises
    seat: str | None = None          # bid/check: the seat in turn; explain: the caller
    ask: int | None = None           # explain: the call asked about (1-based)


@dataclass(frozen=True)
class Checked:
    """A drill the engine agrees with, ready for the quiz and the sheets."""

    file: DrillFile
    drill: Drill
    solution: Solution
    engine: Any = field(compare=False, repr=False)

    @property
    def topic(self) -> str | None:
        return self.file.lesson

    @property
    def key(self) -> tuple[str, str]:
        return (self.file.name, self.drill.id)

    @property
    def rules_label(self) -> str | None:
        """The table rules as the drill (or its file) names them, None for the default
        (the Verband's): shown with the question, since the answer depends on them."""
        return self.rules_text("de")

    def rules_text(self, lang: str = "de") -> str | None:
        """The drill's table rules in the learner's words (``fort_final: false`` reads
        "fort gilt nicht endgültig"), None for the Verband's."""
        spec = self.drill.get("rules", self.file.rules)
        if spec is None or spec == "verband":
            return None
        if isinstance(spec, dict):
            return semicolon(lang).join(rule_words(k, v, lang) for k, v in spec.items())
        words = RULE_WORDS.get(("profile", str(spec)))
        return words.text(lang) if words else str(spec)


# Table rules as a learner reads them, by (key, value); others are shown as "key: value".
RULE_WORDS: dict[tuple, Msg] = {
    ("profile", "erweitert"): M("the extended variant: also Obenabe, Undenufe and Misère, no Weis or "
                                "Stöck, Matsch 257, doubling also at the first lead"),
    ("fort_final", False): M("a fort is not final: a player who said fort may bid again later"),
    ("fort_final", True): M("a fort is final"),
    ("double_window", "first_lead"): M("a double is open until the first lead"),
    ("double_window", "next_call"): M("a double is open until the next call"),
    ("hilfe", "common"): M("the Hilfe as commonly played: ten or twenty more, without a count"),
    ("matsch_target", 257): M("a Matsch counts 257 target points (with the Matsch bonus)"),
    ("doubling", False): M("no doubling or kontern"),
    ("weis", False): M("no Weis"), ("stoeck", False): M("no Stöck"),
}


def rule_words(key: str, value: Any, lang: str) -> str:
    words = RULE_WORDS.get((key, value))
    return words.text(lang) if words else f"{key}: {_flow(value)}"


def _rules_spec(spec: Any, base: str | None) -> Any:
    """A ``rules`` value as the engine takes it: a file path relative to the drill file."""
    if isinstance(spec, str) and (spec.endswith((".yaml", ".yml")) or "/" in spec) and base:
        p = Path(spec)
        if not p.is_absolute():
            p = Path(base).parent / p
        return str(p)
    return spec


def solve(f: DrillFile, d: Drill, engine, rules, lang: str = "de") -> Solution:
    """Recompute a drill's answer with the engine and check the drill's answer key
    against it: raises TutorError with what disagrees."""
    t = d.type
    evidence = d.get("evidence") if getattr(engine, "game", None) == GAME else None
    if t == "bid" and evidence is not None:   # a judgement's key: the simulation's stored evidence
        answer = _normalize(engine, d.answer, rules, "answer")
        accept = tuple(_normalize(engine, a, rules, "accept") for a in d.accept)
        best = _best(engine, evidence, rules)
        if answer not in best:
            raise _Disagree("answer", M("the answer key says {answer!r}, the simulation's evidence finds best: "
                                        "{best}", answer=answer, best=", ".join(best)))
        if answer in accept:
            raise _Disagree("accept", M("{call!r} is the answer itself, not an alternative", call=answer))
        return Solution(answer, engine.judged_text(d.hand, d.auction, answer, evidence, rules, lang), accept,
                        seat=seat_in_turn(engine, d.auction, rules))
    if t == "bid":
        call, text = engine.bid(d.hand, d.auction, rules, lang)
        answer = _normalize(engine, d.answer, rules, "answer")
        accept = tuple(_normalize(engine, a, rules, "accept") for a in d.accept)
        seat = seat_in_turn(engine, d.auction, rules)
        if call is None:
            raise _Disagree("answer", M("the engine recommends no call here, so {answer!r} cannot be "
                                        "checked (make it a check drill)", answer=answer))
        if answer != call:
            raise _Disagree("answer", M("the answer key says {answer!r}, the engine recommends "
                                        "{call!r}: {text}", answer=answer, call=call, text=text))
        if call in accept:
            raise _Disagree("accept", M("{call!r} is the answer itself, not an alternative", call=call))
        return Solution(call, text, accept, seat=seat)
    if t == "explain":
        n = len(entries_of(engine, d.auction, rules))
        ask = d.get("ask", n)
        if not 1 <= ask <= n:
            raise _Disagree("ask", Mn("ask: {ask} is not a call of this auction (it has {n} call)",
                                      "ask: {ask} is not a call of this auction (it has {n} calls)",
                                      n, ask=ask))
        kind, promises, text = engine.explain(d.auction, ask, rules, lang)
        if d.answer not in engine.kinds:
            raise _Disagree("answer", M("{answer!r} is not a kind of call (one of {kinds})",
                                        answer=d.answer, kinds=", ".join(engine.kinds)))
        if d.answer != kind:
            raise _Disagree("answer", M("the answer key says {answer!r}, the engine reads {kind!r}: {text}",
                                        answer=d.answer, kind=kind, text=text))
        if "promises" in d.fields:
            norm = getattr(engine, "normalize_promises", lambda ps: list(ps))
            try:
                mine = norm(d.get("promises"))
            except TutorError as e:
                raise _Disagree("promises", e.message) from None
            theirs = norm(promises)
            if mine != theirs:
                a, b = json.dumps(mine, ensure_ascii=False), json.dumps(theirs, ensure_ascii=False)
                raise _Disagree("promises", M("the answer key says {mine}, the engine reads {theirs}",
                                              mine=a, theirs=b))
        given_away = getattr(engine, "gives_away", lambda *a: None)(d.auction, ask, rules)
        if given_away:
            raise _Disagree("ask", given_away)
        seat = entries_of(engine, d.auction, rules)[ask - 1][0]
        if choices(engine, d.auction, ask, rules) and kind not in choices(engine, d.auction, ask, rules):
            raise _Disagree("answer", M("{kind!r} is not among the choices the quiz offers here", kind=kind))
        return Solution(kind, text, promises=tuple(promises), seat=seat, ask=ask)
    if t == "check":
        question = d.get("question", "best")
        if question == "best" and evidence is not None:   # a judgement: is the call among the best?
            ok, text = engine.check_judged(d.hand, d.auction, d.get("call"), _best(engine, evidence, rules),
                                           evidence, rules, lang)
        elif question == "best":   # the engine's check answers the plain question
            ok, text = engine.check(d.hand, d.auction, d.get("call"), rules, lang)
        elif hasattr(engine, "check_question"):
            ok, text = engine.check_question(d.hand, d.auction, d.get("call"), rules, lang, question)
        else:
            raise _Disagree("question", M("question: {game} check drills ask only whether the call is the best",
                                          game=getattr(engine, "game", "?")))
        if d.answer != ok:
            raise _Disagree("answer", M("the answer key says {answer}, the engine says {ok}: {text}",
                                        answer=_yes(d.answer), ok=_yes(ok), text=text))
        return Solution(ok, text, seat=seat_in_turn(engine, d.auction, rules))
    if t in PLAY_TYPES:
        if not hasattr(engine, t):
            raise _Disagree("type", M("{type} drills are for the Jass cards (Sidi-Barrani), not for {game}",
                                      type=t, game=getattr(engine, "game", "?")))
        try:
            answer, text = getattr(engine, t)(d.fields, lang)
        except TutorError as e:
            raise _Disagree(t, e.message) from None
        mine = str(d.answer).strip().upper() if isinstance(d.answer, str) else d.answer
        if mine != answer:
            raise _Disagree("answer", M("the answer key says {answer!r}, the rules of play give {right!r}: {text}",
                                        answer=d.answer, right=answer, text=text))
        return Solution(answer, text)
    if t == "score":
        board, text = engine.score(d.fields, rules, lang)
        mine = {str(k).upper(): v for k, v in d.answer.items()}
        order = teams_of(engine, board)
        # the engine's own keys (AC/BD, Tarneeb's bidders/defenders), as the quiz reads an answer
        theirs = {k: board[k] for k in sorted(board, key=lambda k: order.index(k) if k in order else 99)}
        if mine != {str(k).upper(): v for k, v in theirs.items()}:
            show = lambda b: ", ".join(f"{k} {v}" for k, v in b.items())
            raise _Disagree("answer", M("the answer key says {mine}, the engine writes {theirs}: {text}",
                                        mine=show(mine), theirs=show(theirs), text=text))
        return Solution(theirs, text)
    raise _Disagree("type", M("unknown drill type {type!r}", type=t))


def _best(engine, evidence: Mapping, rules) -> list[str]:
    """The evidence's best calls, each read as the engine writes it (``nothing``, a seat
    out of turn saying nothing, as it stands)."""
    out = []
    for c in evidence.get("best", ()):
        out.append(c if c == "nothing" else _normalize(engine, c, rules, "evidence"))
    return out


class _Disagree(TutorError):
    """A drill's field that disagrees with the engine; ``reason`` is the engine's own
    message, without the field's name."""

    def __init__(self, field_name: str, message: object, reason: object = None) -> None:
        self.field = field_name
        self.reason = reason
        super().__init__(message)


def _yes(v: bool) -> str:
    return "true" if v else "false"


def _normalize(engine, text: str, rules, where: str) -> str:
    try:
        try:
            return engine.normalize_call(text, rules)
        except TypeError:
            return engine.normalize_call(text)
    except TutorError as e:
        raise _Disagree(where, join(f"{where}: ", e.message), reason=e.message) from None


def check_reading(reading: Reading, lang: str = "de", default_rules: Any = None,
                  only: "set[str] | None" = None) -> tuple[list[Checked], list[Problem]]:
    """Every drill of a reading recomputed with the engine: the drills that agree, and a
    problem for each that does not (the reading's own problems first). ``default_rules``
    are the table rules of a file that names none (else the game's default); ``only``
    names the drills to recompute (default: all)."""
    problems = list(reading.problems)
    f = reading.file
    if f is None:
        return [], problems
    try:
        engine = engine_for(f.game)
    except TutorError as e:
        return [], problems + [Problem(f.name, 1, None, _of(e))]
    rules_cache: dict[str, Any] = {}
    good: list[Checked] = []
    for d in f.drills:
        if only is not None and d.id not in only:
            continue
        # the command line's --rules stands for a file that names none: a file it names is
        # found from where the command runs, and its error names the option (as every command's)
        optional = "rules" not in d.fields and f.rules is None and default_rules is not None
        spec = d.get("rules", f.rules if f.rules is not None else default_rules)
        # a profile's name is its own key (most drills); a mapping is written out
        key = ("name", spec) if isinstance(spec, str) else ("json", json.dumps(spec, sort_keys=True, default=str))
        key = (optional, *key)   # --rules FILE is found from the command's folder, a drill's FILE beside it
        try:
            if key not in rules_cache:
                rules_cache[key] = engine.load_rules(spec if optional else _rules_spec(spec, f.path))
            rules = rules_cache[key]
        except TutorError as e:
            line = d.line_of("rules") if "rules" in d.fields else 1
            problems.append(Problem(f.name, line, d.id if "rules" in d.fields else None,
                                    join("--rules: " if optional else "rules: ", e.message)))
            continue
        try:
            sol = solve(f, d, engine, rules, lang)
        except _Disagree as e:
            problems.append(Problem(f.name, d.line_of(e.field), d.id, _of(e)))
            continue
        except TutorError as e:
            problems.append(Problem(f.name, d.line, d.id, _of(e)))
            continue
        good.append(Checked(f, Drill(d.id, d.type, d.fields, d.line, d.lines, rules), sol, engine))
    # a rules problem of the file is reported once
    seen: set = set()
    unique = [p for p in problems if not (str(p) in seen or seen.add(str(p)))]
    return good, unique


def check_paths(paths: Iterable["str | Path"], lang: str = "de", default_rules: Any = None):
    """Check files and folders: (checked drills, problems, unreadable files as
    ParseErrors). Nothing is raised for a file's content."""
    checked: list[Checked] = []
    problems: list[Problem] = []
    unreadable: list[ParseError] = []
    for p in collect(paths):
        try:
            reading = read_path(p)
        except ParseError as e:
            unreadable.append(e)
            continue
        good, bad = check_reading(reading, lang, default_rules)
        checked += good
        problems += bad
    return checked, problems, unreadable


@dataclass
class Deep:
    """What ``tutor drills check --deep`` did: the problems it found, how many judgement drills
    it was asked to check (``total``), how many it simulated and how many it took from its
    cache, the drills the budget left unchecked (``left``: (file, id)), and whether every
    result could be kept (``kept``)."""

    problems: list
    total: int = 0
    simulated: int = 0
    cached: int = 0
    left: list = field(default_factory=list)
    kept: bool = True


def _now() -> float:
    """The deep check's clock (seconds)."""
    import time

    return time.monotonic()


def judgement_drills(checked: Sequence[Checked]) -> list[Checked]:
    """The drills among ``checked`` whose key rests on the simulation's evidence
    (:func:`tutor.course.evidence.needs_evidence`): what ``--deep`` simulates."""
    from tutor.course import evidence as ev

    return [c for c in checked if getattr(c.engine, "game", None) == GAME and ev.needs_evidence(c.drill, c.drill.rules)]


def deep_check(checked: Sequence[Checked], nodes: int | None = None, write: bool = False, progress=None,
               only: Iterable[str] | None = None, cache: "str | Path | None" = None,
               budget: float | None = None, clock=None) -> Deep:
    """``tutor drills check --deep``: every drill among ``checked`` that carries the
    simulation's evidence (:func:`judgement_drills`) simulated again with its stored
    samples, seed and node budget (``nodes`` overrides the budget): a problem for a key the
    simulation does not share, for evidence it no longer gives, and for a judgement drill
    without evidence. ``write`` stores the fresh evidence in the files where the key agrees
    with it (each file rewritten once, every other line as written).

    ``only``: the ids of the drills to check (TutorError for an id that is no judgement drill
    of ``checked``). ``cache``: a folder where each drill's fresh evidence is kept under the
    digest of what decides it (:func:`tutor.course.evidence.cache_key`: the position, the key,
    the rules, what was asked and the engine), so a second run simulates only what changed.
    ``budget``: seconds (``clock()``, by default :func:`time.monotonic`) after which no further
    simulation is started; the drills left are reported in ``left``, kept results are still
    used. The drills are simulated the cheapest first (by the node budget asked), so that a
    budget checks as many as it can; problems and ``left`` are in the files' order.
    ``progress(done, total, drill_id, from_cache)`` is called after each drill."""
    from tutor.course import evidence as ev

    clock = clock or _now
    todo = judgement_drills(checked)
    if only is not None:
        wanted = list(dict.fromkeys(only))
        known = {c.drill.id for c in todo}
        unknown = [i for i in wanted if i not in known]
        if unknown:     # the first ten named (20,000 unknown ids made a line of 180,000 characters)
            raise TutorError(M("--only: no judgement drill {ids} in these files",
                               ids=", ".join(unknown[:10]) + (", ..." if len(unknown) > 10 else "")))
        todo = [c for c in todo if c.drill.id in wanted]
    out = Deep([], total=len(todo))
    texts: dict[str, str] = {}
    version = ev.engine_version() if cache is not None else None
    place = {id(c): i for i, c in enumerate(todo)}
    found_at: dict[int, list] = {}

    def asked_nodes(c) -> int:
        return nodes or (c.drill.get("evidence") or {}).get("nodes") or 0
    # the cheapest first (the node budget asked: the simulation's work), so that a budget checks
    # as many drills as it can; the problems are reported in the files' order
    todo = sorted(todo, key=asked_nodes)
    start = clock()
    for i, c in enumerate(todo, 1):
        d, rules = c.drill, c.drill.rules
        stored = d.get("evidence")
        samples, seed = (stored or {}).get("samples"), (stored or {}).get("seed")
        asked = asked_nodes(c) or None
        key = ev.cache_key(d, rules, samples, seed, asked, version) if cache is not None else None
        found_kept, new = ev.kept(cache, key) if cache is not None else (False, None)
        normalize = lambda text: _normalize(c.engine, text, rules, "evidence")
        if found_kept and not ev.calls_read(new, normalize):
            found_kept, new = False, None       # a kept file naming calls of no such game: simulated anew
        if found_kept:
            out.cached += 1
        elif budget is not None and clock() - start >= budget:
            out.left.append((c.file.name, d.id, place[id(c)]))
            if progress:
                progress(i, len(todo), d.id, None)
            continue
        else:
            new = ev.fresh(d, rules, samples=samples, seed=seed, nodes=asked)
            out.simulated += 1
            if cache is not None:
                out.kept = ev.keep(cache, key, new, d.id) and out.kept
        ok = ev.call_ok(d, rules)
        found = ev.problems_of(d, stored, new, ok, normalize)
        if write and new is not None and ev.key_agrees(d, new, ok, normalize) and c.file.path:
            path = c.file.path
            if path not in texts:
                from tutor.files import read_text

                texts[path] = read_text(Path(path))
            texts[path] = ev.store(texts[path], d.id, new)
            found = []
        found_at[place[id(c)]] = [Problem(c.file.name, d.line_of("evidence") if stored else d.line, d.id, m)
                                  for m in found]
        if progress:
            progress(i, len(todo), d.id, found_kept)
    out.problems = [p for i in sorted(found_at) for p in found_at[i]]
    out.left.sort(key=lambda left: left[2])
    out.left = [(name, drill_id) for name, drill_id, _place in out.left]
    if texts:
        from tutor.files import write_file

        for path, text in texts.items():
            write_file(path, text)
    return out


def verified(paths: Iterable["str | Path"], lang: str = "de", default_rules: Any = None) -> list[Checked]:
    """The drills of ``paths`` for a learner: every file must be readable and every
    answer must agree with the engine, or nothing is returned (DrillProblems /
    ParseError)."""
    checked, problems, unreadable = check_paths(paths, lang, default_rules)
    if unreadable:
        raise unreadable[0]
    if problems:
        raise DrillProblems(problems)
    return checked
