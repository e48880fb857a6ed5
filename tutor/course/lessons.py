"""Lessons (``lessons/*.md``): Markdown with a small YAML front matter::

    ---
    id: hilfe
    title: Die Hilfe
    order: 6
    drills: [exercises/hilfe.yaml]        # relative to the repo root
    key_rule: "Die beiden kleinsten Zehner über dem laufenden Gebot: ..."
    game: sidi-barrani                    # optional: the course it belongs to
    ---
    # Die Hilfe
    ...

The lessons folder is ``lessons/`` beside the package (the repository's root) unless
another is given; the drill paths are relative to the folder's parent. Markdown is
rendered by markdown-it-py (HTML, for the worksheets) and by rich (the terminal), both
imported only when a lesson is rendered.

Every example of a lesson (an auction, a hand, a trick, a game on the board) is also
written machine-readable, in an HTML comment the reader never sees::

    <!-- beispiel
    hand: "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
    auction: "60 Eichel, 70 Schellen"
    bid: "90 Eichel"                      # the call the rules text gives this hand
    -->

:meth:`Lesson.examples` reads them (a mapping, or a list of them, per comment);
``tests/test_lesson_examples.py`` runs each through the engine. The comments are taken
out of the body, so neither the terminal nor the worksheet shows them.

Each game has its own course: a lesson's optional ``game`` (default ``sidi-barrani``)
names it, and :func:`load_all` returns one game's lessons (the order numbers count within
a course; the ids are unique in the folder). Tarneeb's lessons are not part of the
Sidi-Barrani course.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from tutor.errors import ParseError, TutorError
from tutor.i18n import M, either
from tutor.text import clip, is_number

REQUIRED = ("id", "title", "order", "drills", "key_rule")
OPTIONAL = ("game",)
GAME = "sidi-barrani"    # the course of a lesson that names no game


@dataclass(frozen=True)
class Example:
    """One machine-readable example: where its comment starts and its cases (mappings)."""
    line: int
    cases: tuple


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    order: int
    drills: tuple[str, ...]        # as written: relative to the root
    key_rule: str
    body: str                      # Markdown
    path: str | None = None
    root: str | None = None        # the folder the drill paths are relative to
    game: str = GAME               # the course the lesson belongs to
    example_texts: tuple = ()      # (line, YAML text) of each example comment

    def drill_paths(self) -> list[Path]:
        base = Path(self.root) if self.root else Path(".")
        return [base / p for p in self.drills]

    def examples(self) -> list[Example]:
        """The lesson's machine-readable examples, read (a broken one: ParseError with
        the lesson's file and line)."""
        from tutor.files import load_yaml

        out = []
        where = self.path or "<lesson>"
        for line, text in self.example_texts:
            data = load_yaml(text, where, line_offset=line, style="colon")
            cases = data if isinstance(data, list) else [data]
            if not cases or not all(isinstance(c, dict) and c for c in cases):
                raise ParseError(M("{where}:{line}: an example is a mapping or a list of mappings",
                                   where=where, line=line))
            out.append(Example(line, tuple(cases)))
        return out


def default_dir() -> Path:
    """``lessons/`` in the repository the package lives in."""
    return Path(__file__).resolve().parents[2] / "lessons"


def lessons_dir(explicit: "str | Path | None" = None) -> Path:
    d = Path(explicit) if explicit else default_dir()
    if not d.is_dir():
        raise TutorError(M("no lessons folder at {folder} (give one with --lessons DIR)", folder=d))
    return d


_EXAMPLE = re.compile(r"^<!--[ \t]*beispiel[ \t]*\r?\n(.*?)^-->[ \t]*(?:\r?\n|\Z)", re.S | re.M)


def _split_examples(body: str, first_line: int) -> tuple[str, tuple]:
    """(the body without its example comments, ((line of the comment, its YAML), ...))."""
    found = []
    for m in _EXAMPLE.finditer(body):
        found.append((first_line + body.count("\n", 0, m.start()), m.group(1)))
    return _EXAMPLE.sub("", body), tuple(found)


_FRONT = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)


def loads(text: str, where: str = "<lesson>", root: "str | Path | None" = None) -> Lesson:
    m = _FRONT.match(text)
    if not m:
        raise ParseError(M("{where}:1: a lesson starts with a YAML header between two '---' lines",
                           where=where))
    from tutor.files import load_yaml

    # the header starts on the file's second line
    head = load_yaml(m.group(1), where, line_offset=1, style="colon")
    if not isinstance(head, dict):
        raise ParseError(M("{where}:2: the lesson's header must be a mapping (id, title, order, "
                           "drills, key_rule)", where=where))
    missing = [k for k in REQUIRED if k not in head]
    if missing:
        raise ParseError(M("{where}: the lesson's header lacks {fields}", where=where,
                           fields=", ".join(missing)))
    unknown = [k for k in head if k not in REQUIRED + OPTIONAL]
    if unknown:
        raise ParseError(M("{where}: unknown header field {field!r} (known: {known})", where=where,
                           field=unknown[0], known=", ".join(REQUIRED + OPTIONAL)))
    for k in ("id", "title", "key_rule") + tuple(k for k in OPTIONAL if k in head):
        if not isinstance(head[k], str) or not head[k].strip():
            raise ParseError(M("{where}: {field} must be a non-empty text", where=where, field=k))
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", head["id"]):
        raise ParseError(M("{where}: id {id!r} must be lower-case letters, digits, - or _",
                           where=where, id=head["id"]))
    if isinstance(head["order"], bool) or not isinstance(head["order"], int):
        raise ParseError(M("{where}: order must be a whole number", where=where))
    drills = head["drills"]
    if isinstance(drills, str):
        drills = [drills]
    if not isinstance(drills, list) or not all(isinstance(x, str) and x for x in drills):
        raise ParseError(M("{where}: drills must be a list of drill file paths", where=where))
    body, examples = _split_examples(text[m.end():], text.count("\n", 0, m.end()) + 1)
    return Lesson(head["id"], head["title"].strip(), head["order"], tuple(drills),
                  " ".join(head["key_rule"].split()), body, where,
                  str(root) if root is not None else None, head.get("game", GAME).strip().lower(),
                  examples)


def load(path: "str | Path", root: "str | Path | None" = None) -> Lesson:
    from tutor.files import read_text

    p = Path(path)
    return loads(read_text(p), str(p), root if root is not None else p.resolve().parent.parent)


def load_all(folder: "str | Path | None" = None, game: "str | None" = GAME) -> list[Lesson]:
    """The lessons of one game's course (``game``; None: every course) in the folder, in
    order; ids are unique in the folder, order numbers within a course."""
    d = lessons_dir(folder)
    everything = [load(p, d.resolve().parent) for p in sorted(d.glob("*.md"))]
    if not everything:
        raise TutorError(M("{folder}: no lessons (*.md) in this folder", folder=d))
    for attr in ("id", "order"):
        seen: dict = {}
        for lesson in everything:
            key = getattr(lesson, attr) if attr == "id" else (lesson.game, lesson.order)
            if key in seen:
                raise ParseError(M("{where}: {field} {value!r} is also used by {other}", where=lesson.path,
                                   field=attr, value=getattr(lesson, attr), other=seen[key]))
            seen[key] = lesson.path
    return sorted((x for x in everything if game is None or x.game == game),
                  key=lambda x: (x.game != GAME, x.game, x.order))


def courses(folder: "str | Path | None" = None) -> dict[str, int]:
    """Each game that has a course in the folder -> its number of lessons (Sidi-Barrani
    first)."""
    out: dict[str, int] = {}
    for lesson in load_all(folder, None):
        out[lesson.game] = out.get(lesson.game, 0) + 1
    return out


def find(lessons: Sequence[Lesson], key: str) -> Lesson:
    """A lesson by id, by its order number, or by an unambiguous start of its id."""
    k = key.strip().lower()
    for lesson in lessons:
        if lesson.id == k or (is_number(k) and len(k) <= 9 and lesson.order == int(k)):
            return lesson
    hits = [x for x in lessons if k and x.id.startswith(k)]     # a blank key starts every id: no lesson
    if len(hits) == 1:
        return hits[0]
    known = ", ".join(x.id for x in lessons)
    if hits:
        raise TutorError(M("lesson {key!r} is ambiguous: {ids}", key=clip(key), ids=either([x.id for x in hits])))
    raise TutorError(M("no lesson {key!r} (lessons: {known})", key=clip(key), known=known))


_LESSON_KEYS: dict[tuple, str | None] = {}   # (path, mtime, size) -> the header's lesson


def clear_caches() -> None:
    _LESSON_KEYS.clear()


def _lesson_key(path: Path) -> str | None:
    """The ``lesson:`` of a drill file's header, read without checking the drills (once
    per version of the file: every lesson asks it of every file in ``exercises/``)."""
    try:
        st = path.stat()
    except OSError:
        return None
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _LESSON_KEYS:
        _LESSON_KEYS[key] = _read_lesson_key(path)
    return _LESSON_KEYS[key]


def _read_lesson_key(path: Path) -> str | None:
    import re as _re

    from tutor.files import read_text

    try:
        text = read_text(path)
    except TutorError:
        return None
    for line in text.splitlines():
        if line.startswith("drills:"):
            return None
        m = _re.match(r"lesson:\s*['\"]?([a-z0-9_-]+)['\"]?\s*(#.*)?$", line.rstrip())
        if m:
            return m.group(1)
    return None


def drill_files(lesson: Lesson, listing: "list | None" = None) -> list[Path]:
    """The drill files that practise a lesson: those its header lists, then every file
    in the root's ``exercises/`` whose ``lesson:`` names it (such as the generated
    ``hilfe-gen.yaml``). ``listing``: that folder's :func:`_listing`, when known."""
    out = list(lesson.drill_paths())
    seen = {p.resolve() for p in out}
    if listing is None:
        listing = _listing(_exercises_folder(lesson))
    for p, real, key in listing:
        if real not in seen and key == lesson.id:
            out.append(p)
            seen.add(real)
    return out


def _exercises_folder(lesson: Lesson) -> Path:
    return Path(lesson.root or ".") / "exercises"


def _listing(folder: Path) -> list[tuple[Path, Path, "str | None"]]:
    """(path, resolved path, header's lesson) of each drill file in ``folder``, sorted."""
    if not folder.is_dir():
        return []
    return [(p, p.resolve(), _lesson_key(p)) for p in sorted(folder.glob("*.y*ml"))]


def by_topic(lessons: Iterable[Lesson]) -> dict[str, Lesson]:
    return {x.id: x for x in lessons}


def topic_of_files(lessons: Iterable[Lesson]) -> dict[str, str]:
    """Resolved drill file path -> the lesson that lists it."""
    out: dict[str, str] = {}
    listings: dict[Path, list] = {}    # each lessons' root's exercises/ listed once
    for lesson in lessons:
        folder = _exercises_folder(lesson)
        if folder not in listings:
            listings[folder] = _listing(folder)
        for p in drill_files(lesson, listings[folder]):
            out.setdefault(str(p.resolve()), lesson.id)
    return out


# -- rendering ---------------------------------------------------------------------------
#: French typography: « and » stay with the words they enclose, and : ; ? ! with the word
#: before them (a no-break space in print), so a wrapped line never ends in « nor starts
#: with » or a colon. The spaces a French lesson writes there are tied before rendering.
_FRENCH_TIES = re.compile(r"(?<=«) | (?=[»:;?!])")
#: the terminal's tie: a character rich counts one cell wide and never breaks at (rich
#: breaks at a no-break space), written back as a space after rendering
_TIE = "\ue000"


def tie_french(text: str, tie: str = "\u00a0") -> str:
    """``text`` (a French lesson's Markdown) with the spaces after « and before » : ; ? !
    replaced by ``tie`` (by default a no-break space, which HTML never breaks at)."""
    return _FRENCH_TIES.sub(tie, text)


def to_html(markdown: str) -> str:
    """Markdown to HTML with markdown-it-py (CommonMark and tables). Raw HTML in the
    text is escaped, not passed through: a lesson cannot inject markup."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table")
    return md.render(markdown)


def render_terminal(lesson: Lesson, *, color: bool, width: int | None = None,
                    lang: str = "de") -> str:
    """The lesson for the terminal with rich's Markdown renderer; plain text (no escape
    codes) when ``color`` is False."""
    import io

    from rich.console import Console
    from rich.markdown import Markdown

    buf = io.StringIO()
    console = Console(file=buf, force_terminal=color, no_color=not color, width=width or 88,
                      color_system="standard" if color else None, highlight=False,
                      emoji=False, soft_wrap=False)
    from tutor.text import printable

    # the lesson's own control characters shown escaped; rich adds the styles after
    body = printable(lesson.body)
    tied = lang == "fr" and _TIE not in body
    if tied:
        body = tie_french(body, _TIE)
    console.print(Markdown(body, code_theme="ansi_light", hyperlinks=False))
    text = buf.getvalue().replace(_TIE, " ") if tied else buf.getvalue()
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines).rstrip() + "\n"
