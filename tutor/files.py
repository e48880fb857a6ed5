"""Reading and writing the user's files within bounds: the one place that does it.

Every file the tutor reads (drill files, rules files, match files, lessons, game and deal
files) goes through :func:`read_text`, and every YAML document through :func:`load_yaml`.
What is refused, and why (the README's "Limits"):

- a file that is not a regular file (``/dev/zero``, a FIFO, a folder): it may never end;
- a file larger than :data:`MAX_FILE_BYTES` (1 MB; the largest shipped file has 12 kB);
- text that is not UTF-8, or holds a NUL byte;
- YAML nested deeper than :data:`MAX_DEPTH` levels (50; a drill file needs 4);
- YAML with more than :data:`MAX_NODES` values (100,000), counting every alias ``*a``
  as the values it repeats, so that an "alias bomb" of a few hundred bytes that would
  expand to billions of values is refused before it is built;
- a mapping key that is not a word or a number (a date, a list).

Each refusal is one :class:`~tutor.errors.ParseError` naming the file (and the line)
and the limit, in the language of the user. Output files are written by :func:`write_atomic`:
to a temporary file beside the target, then renamed over it, so a failed write leaves
the old file (or none) and never a half-written one, and a symbolic link named as the
target is replaced by the file, its target left alone.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from tutor.errors import ParseError, TutorError
from tutor.i18n import M, Number, join

MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 50
MAX_NODES = 100_000


def read_text(path: "str | Path", *, error: type = ParseError, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit`` bytes; anything
    else is one ``error`` naming the file."""
    p = str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; reading regular files ignores it
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise error(M("{p}: no such file", p=p)) from None
    except OSError as e:
        raise error(M("{p}: cannot read: {value}", p=p, value=e.strerror or e)) from None
    # the kind of file asked before os.fdopen: opening a folder's descriptor as a file
    # object raises IsADirectoryError (a traceback) before any check inside the block
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise error(M("{p}: cannot read: a folder", p=p) if stat.S_ISDIR(mode)
                    else M("{p}: cannot read: not a regular file", p=p))
    with os.fdopen(fd, "rb") as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as e:
            raise error(M("{p}: cannot read: {value}", p=p, value=e.strerror or e)) from None
    if len(data) > limit:
        raise error(M("{p}: refused: larger than {limit} bytes (the limit for input files)",
                      p=p, limit=Number(limit)))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise error(M("{p}:{line}: cannot read: not UTF-8 text", p=p, line=line)) from None
    check_text(text, p, error=error)
    return text


def read_stdin(where: str = "<stdin>", *, limit: int = MAX_FILE_BYTES) -> str:
    """Standard input as text, at most ``limit`` characters (one line naming it when more)."""
    import sys

    from tutor.text import unicode_text

    try:
        text = sys.stdin.read(limit + 1)
        if unicode_text(text) is not text:   # the bytes surrogateescape kept
            raise UnicodeDecodeError("utf-8", b"", 0, 1, "surrogates")
    except UnicodeDecodeError:
        raise ParseError(M("{where}: cannot read: not UTF-8 text", where=where)) from None
    if len(text) > limit:
        raise ParseError(_too_large(where, limit))
    check_text(text, where)
    return text


def _too_large(where: object, limit: int) -> M:
    return M("{where}: refused: larger than {limit} characters (the limit for input files)",
             where=where, limit=Number(limit))


def check_text(text: str, where: str, *, error: type = ParseError, line_offset: int = 0) -> None:
    """Refuse text with a NUL byte (no text file holds one): one line naming where."""
    i = text.find("\x00")
    if i >= 0:
        line = text.count("\n", 0, i) + 1 + line_offset
        raise error(M("{where}:{line}: cannot read: a NUL byte (not a text file)", where=where, line=line))


# -- YAML ------------------------------------------------------------------------------
_LOADER = None


def loader_class():
    """The YAML loader every file is read with: PyYAML's safe loader (libyaml when it is
    there), whose mapping keys must be words or numbers."""
    global _LOADER
    if _LOADER is None:
        import yaml

        base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        class Loader(base):  # type: ignore[misc, valid-type]
            def construct_mapping(self, node, deep=False):
                for key_node, _ in node.value:
                    key = self.construct_object(key_node, deep=True)
                    if not isinstance(key, (str, int, float, type(None))):
                        raise _KeyError(key_node.start_mark, key)
                return super().construct_mapping(node, deep=deep)

        _LOADER = Loader
    return _LOADER


class _KeyError(Exception):
    def __init__(self, mark, key) -> None:
        self.mark, self.key = mark, key


def _where(where: object, line: int | None, column: int | None, style: str) -> object:
    """The place of a value: ``FILE:3`` ("colon"), or ``FILE line 3 column 5`` in words."""
    if line is None:
        return where
    if style == "colon":
        return join(where, f":{line}")
    if column:
        return M("{where} line {line} column {column}", where=where, line=line, column=column)
    return M("{where} line {line}", where=where, line=line)


def _scan(yaml, text: str, loader, place, build: bool = False):
    """Walk the document's events once, without building it: refuse it when it nests
    deeper than MAX_DEPTH, holds more than MAX_NODES values with every alias expanded,
    or repeats a collection inside itself.

    With ``build``, the same walk also builds a plain document (no anchors, aliases or
    tags, words and numbers as keys: every drill file) as :func:`load_yaml_lines` returns
    it, ``(data, lines, twice)``, so it is parsed once; None for any other document (it is
    then composed and constructed by PyYAML as before)."""
    sizes: dict[str, int] = {}    # anchor -> the values it stands for
    stack: list[tuple] = []       # (anchor, values before it) of each open collection
    values = 0
    builder = _Builder() if build else None
    for ev in yaml.parse(text, Loader=loader):
        if isinstance(ev, yaml.AliasEvent):
            if any(a == ev.anchor for a, _ in stack):
                raise ParseError(M("{where}: refused: the alias *{anchor} repeats a value inside itself",
                                   where=place(ev.start_mark), anchor=ev.anchor))
            values += sizes.get(ev.anchor, 1)
        elif isinstance(ev, yaml.ScalarEvent):
            values += 1
            if ev.anchor:
                sizes[ev.anchor] = 1
        elif isinstance(ev, yaml.CollectionStartEvent):
            stack.append((ev.anchor, values))
            values += 1
            if len(stack) > MAX_DEPTH:
                raise ParseError(_too_deep(place(ev.start_mark)))
        elif isinstance(ev, yaml.CollectionEndEvent):
            anchor, before = stack.pop()
            if anchor:
                sizes[anchor] = values - before
        if values > MAX_NODES:
            raise ParseError(M("{where}: refused: more than {limit} values, counting what "
                               "each alias (*name) repeats (the limit for YAML files)",
                               where=place(ev.start_mark), limit=Number(MAX_NODES)))
        if builder is not None and not builder.add(yaml, ev):
            builder = None
    return None if builder is None else (builder.data, builder.lines, builder.twice)


# the scalar tags a plain document's values may have, besides strings
_PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("null", "bool", "int", "float"))
_STR_TAG = "tag:yaml.org,2002:str"


class _Builder:
    """A plain YAML document built from its parse events: the values as PyYAML's safe
    loader constructs them, the line of every path and the keys written twice as
    :func:`_walk_lines` finds them. ``add`` returns False at anything else (an anchor,
    an alias, a tag, a key that is not a scalar or not a word or number, a second
    document): that document goes the full way."""

    def __init__(self) -> None:
        self.data: Any = None
        self.lines: dict[tuple, int] = {}
        self.twice: list[tuple[tuple, int]] = []
        self.frames: list[list] = []   # [container, path, key waiting for its value, raw key, keys seen]
        self.documents = 0
        self.resolved: dict[tuple, str] = {}
        self.resolver = self.constructor = None

    def _scalar(self, yaml, ev) -> Any:
        key = (ev.value, ev.implicit)
        tag = self.resolved.get(key)
        if tag is None:
            if self.resolver is None:
                self.resolver = yaml.resolver.Resolver()
            tag = self.resolved[key] = self.resolver.resolve(yaml.ScalarNode, ev.value, ev.implicit)
        if tag == _STR_TAG:
            return ev.value
        if tag not in _PLAIN_TAGS:
            raise _NotPlain
        if self.constructor is None:
            self.constructor = yaml.constructor.SafeConstructor()
        node = yaml.ScalarNode(tag, ev.value, ev.start_mark, ev.end_mark)
        try:
            return self.constructor.yaml_constructors[tag](self.constructor, node)
        except Exception:    # its error comes from PyYAML's own way, after the whole scan
            raise _NotPlain from None

    def add(self, yaml, ev) -> bool:
        try:
            self._add(yaml, ev)
            return True
        except _NotPlain:
            return False

    def _place(self, value: Any, line: int) -> tuple:
        """Put a value where the document is: the path it gets."""
        if not self.frames:
            self.data = value
            path: tuple = ()
        else:
            frame = self.frames[-1]
            container = frame[0]
            if isinstance(container, list):
                path = frame[1] + (len(container),)
                container.append(value)
            else:
                path = frame[1] + (frame[3],)
                container[frame[2]] = value
                frame[2] = frame[3] = _NO_KEY
        self.lines.setdefault(path, line)
        return path

    def _add(self, yaml, ev) -> None:
        kind = type(ev)
        if kind is yaml.ScalarEvent:
            if ev.anchor or ev.tag not in (None, "!"):
                raise _NotPlain
            line = ev.start_mark.line + 1
            frame = self.frames[-1] if self.frames else None
            if frame is not None and frame[3] is _NO_KEY and isinstance(frame[0], dict):
                key = self._scalar(yaml, ev)   # a key
                if not isinstance(key, (str, int, float, type(None))) or isinstance(key, bool):
                    raise _NotPlain
                raw = ev.value
                if raw in frame[4]:
                    self.twice.append((frame[1] + (raw,), line))
                frame[4].add(raw)
                self.lines[frame[1] + (raw,)] = line
                frame[2], frame[3] = key, raw
                return
            self._place(self._scalar(yaml, ev), line)
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            if ev.anchor or ev.tag not in (None, "!"):
                raise _NotPlain
            frame = self.frames[-1] if self.frames else None
            if frame is not None and frame[3] is _NO_KEY and isinstance(frame[0], dict):
                raise _NotPlain   # a collection as a key
            container: Any = {} if kind is yaml.MappingStartEvent else []
            path = self._place(container, ev.start_mark.line + 1)
            self.frames.append([container, path, _NO_KEY, _NO_KEY, set()])
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            self.frames.pop()
        elif kind is yaml.DocumentStartEvent:
            self.documents += 1
            if self.documents > 1:
                raise _NotPlain
        elif kind is yaml.AliasEvent:
            raise _NotPlain


def _too_deep(where) -> M:
    return M("{where}: refused: nested deeper than {depth} levels (the limit for YAML files)",
             where=where, depth=MAX_DEPTH)


class _NotPlain(Exception):
    """A document the builder leaves to PyYAML."""


_NO_KEY = object()


def load_yaml(text: str, where: object, *, loader=None, with_node: bool = False,
              line_offset: int = 0, style: str = "words", with_lines: bool = False) -> Any:
    """The YAML document of ``text`` (None when empty), read within the limits above.

    ``where`` names the input in messages (a file name, or a message); ``style`` "words"
    writes "FILE line 3 column 5", "colon" writes "FILE:3"; ``line_offset`` is added to
    every line (for a document inside a larger file). ``loader`` is a subclass of
    :func:`loader_class` with more constructors. With ``with_node``, returns
    ``(data, node)``: the composed node gives every value's line."""
    import yaml

    loader = loader or loader_class()

    def place(mark):
        if mark is None:
            return where
        return _where(where, mark.line + 1 + line_offset, mark.column + 1, style)

    if len(text) > MAX_FILE_BYTES:
        raise ParseError(_too_large(where, MAX_FILE_BYTES))
    check_text(text, where, line_offset=line_offset)
    try:
        built = _scan(yaml, text, loader, place, build=with_lines)
        if built is not None:
            return built
        ld = loader(text)
        try:
            node = ld.get_single_node()
            data = ld.construct_document(node) if node is not None else None
        finally:
            ld.dispose()
    except yaml.MarkedYAMLError as e:
        problem = " ".join(str(e.problem or e.context or "cannot read").split())
        if "maximum nesting depth" in problem:   # the scanner's own limit, met before ours (MAX_DEPTH)
            raise ParseError(_too_deep(place(e.problem_mark or e.context_mark))) from None
        raise ParseError(M("{where}: not valid YAML: {problem}",
                           where=place(e.problem_mark or e.context_mark), problem=problem)) from None
    except _KeyError as e:
        raise ParseError(M("{where}: a key is a word or a number, not {key}",
                           where=place(e.mark), key=_shown(e.key))) from None
    except (yaml.YAMLError, ValueError, OverflowError, RecursionError) as e:
        if isinstance(e, TutorError):
            raise
        if isinstance(e, ValueError) and "integer string conversion" in str(e):
            # Python's limit on the digits of a number read from text, said in the tool's words
            # (not "use sys.set_int_max_str_digits() to increase the limit")
            import sys

            raise ParseError(M("{where}: refused: a number of more than {limit} digits (the limit for YAML "
                               "files)", where=where, limit=Number(sys.get_int_max_str_digits()))) from None
        problem = " ".join(str(e).split())[:200]
        raise ParseError(M("{where}: not valid YAML: {problem}", where=where, problem=problem)) from None
    if with_lines:
        lines: dict[tuple, int] = {}
        twice: list[tuple[tuple, int]] = []
        if node is not None:
            _walk_lines(node, (), lines, twice)
        return data, lines, twice
    return (data, node) if with_node else data


def load_yaml_lines(text: str, where: object):
    """``(data, lines, twice)``: the YAML document of ``text`` read as :func:`load_yaml`
    does (messages ``FILE:LINE``), the line (1-based) of every path in it (a path is the
    tuple of keys and indexes, ``("drills", 2, "answer")``), and the keys written twice
    as ``(path, line)``, which YAML would silently collapse. The walk is bounded by the
    limits the document was read within. A plain document (no anchors, aliases or
    tags) is built from the events of that one walk, not parsed a second time."""
    return load_yaml(text, where, style="colon", with_lines=True)


def _walk_lines(node, path: tuple, lines: dict, twice: list) -> None:
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
            _walk_lines(v, path + (key,), lines, twice)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk_lines(item, path + (i,), lines, twice)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def load_yaml_file(path: "str | Path", *, error: type = ParseError, **kw) -> Any:
    """:func:`read_text` then :func:`load_yaml`, messages naming ``path``; a refusal is
    raised as ``error`` (e.g. RulesError for a rules file)."""
    text = read_text(path, error=error)
    try:
        return load_yaml(text, str(path), **kw)
    except ParseError as e:
        if error is ParseError or isinstance(e, error):
            raise
        raise error(e.message) from None


# -- writing ---------------------------------------------------------------------------
def write_atomic(path: "str | Path", text: str, *, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder renamed
    over it: a reader sees the old file or the new one, never a part, and a failed
    write leaves no file behind. A symbolic link at ``path`` is replaced by the file
    (its target stays as it was). A device or FIFO (``/dev/stdout``, also through a
    link) is a stream, not a file: it is written straight. OSError when the folder
    cannot be written or the disk is full."""
    import tempfile

    p = Path(path)
    try:
        st = os.stat(p)           # follows a link: what would be written to
    except OSError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode):
        with open(p, "w", encoding=encoding, newline="") as fh:
            fh.write(text)
        return
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        keep = st is not None and not p.is_symlink()
        os.chmod(tmp, stat.S_IMODE(st.st_mode) if keep else 0o666 & ~_umask())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_file(path: "str | Path", text: str) -> None:
    """:func:`write_atomic`, its failure one TutorError naming the file."""
    try:
        write_atomic(path, text)
    except OSError as e:
        raise TutorError(M("{path}: cannot write: {value}", path=path, value=e.strerror or e)) from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
