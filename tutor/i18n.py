"""Languages: every text the tutor writes comes from one gettext catalog per language.

The messages are written in the code in English, with named placeholders::

    raise ParseError(M("unknown suit {name!r} (Eichel, Schellen, Rosen, Schilten)", name=t))
    _("{seat} holds {cards}", lang, seat=s, cards=c)

The English text is the message's id (``msgid``); the German and French texts live in
``tutor/locale/<lang>/LC_MESSAGES/tutor.po`` (extracted and updated with Babel, see the
README's development section) and are read from the compiled ``tutor.mo`` by the
standard library's :mod:`gettext`: no Babel at run time. English needs no catalog.

- :func:`_` translates and fills in now, in ``lang`` (or the current language).
- :func:`M` is a lazy message (:class:`Msg`): it is translated when it is shown, in the
  language asked for then. Errors carry one, so ``TutorError.text("fr")`` is French.
- :func:`ngettext` and :func:`Mn` choose the plural form of the language (``{n}``).
- :func:`pgettext` and :func:`Mp` tell apart the same English words that another
  language writes in two ways (a context: German's cases, a heading against a verb).

Only the language in use is loaded, on its first message. A ``tutor.mo`` is built from
its ``.po`` when the package is built (``setup.py``); where it is missing or older than
its ``.po`` (a source checkout, an editable install after a ``git pull``) the ``.po`` is
compiled on first use (:mod:`tutor._msgfmt`, the standard library only) and the result is
kept beside it, or in memory where the package folder is read-only.
"""
from __future__ import annotations

import gettext as _gettext
import os
import re

#: the languages the tutor speaks; German is the command line's default
LANGS = ("de", "en", "fr")
DEFAULT = "de"
#: the language of the msgids: it needs no catalog
SOURCE = "en"
DOMAIN = "tutor"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")

_catalogs: dict[str, _gettext.NullTranslations] = {}
_current = SOURCE


def env_lang(default: str = DEFAULT) -> str:
    """The language ``TUTOR_LANG`` names, or ``default`` (an unknown value is ignored:
    ``TUTOR_LANG=de_CH.UTF-8`` reads as ``de``)."""
    value = os.environ.get("TUTOR_LANG", "").strip().lower()[:2]
    return value if value in LANGS else default


def use(lang: str) -> str:
    """Make ``lang`` the current language (what a lazy message shows in ``str()``);
    returns the one it replaces. The library's own default is English; the command line
    sets the user's choice."""
    global _current
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} ({', '.join(LANGS)})")
    previous, _current = _current, lang
    return previous


def current() -> str:
    return _current


def po_file(lang: str) -> str:
    return os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", DOMAIN + ".po")


def mo_file(lang: str) -> str:
    return os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", DOMAIN + ".mo")


def _fresh(mo: str, po: str) -> bool:
    try:
        m = os.stat(mo).st_mtime_ns
    except OSError:
        return False
    try:
        return m >= os.stat(po).st_mtime_ns
    except OSError:
        return True   # an installed package may ship the .mo alone


def catalog(lang: str) -> _gettext.NullTranslations:
    """The translations of ``lang``, read on first use and kept."""
    found = _catalogs.get(lang)
    if found is not None:
        return found
    if lang == SOURCE:
        found = _gettext.NullTranslations()
    elif lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} ({', '.join(LANGS)})")
    else:
        mo, po = mo_file(lang), po_file(lang)
        fresh = _fresh(mo, po)
        # the compiled catalog when it is current, else the source catalog (compiled now);
        # a damaged or missing one falls back to the other, then to English: one line on
        # stderr, never a traceback that stops every command of the language
        readers = ((mo, _read_mo), (po, _read_po))
        problems = []
        for path, read in readers if fresh else readers[::-1]:
            try:
                found = read(mo, po)
                break
            except Exception as e:   # OSError, Bad magic number, struct.error, PoError ...
                problems.append(f"{path}: {_reason(e)}")
        else:
            found = _gettext.NullTranslations()
        if problems:
            _warn(lang, problems, english=len(problems) == len(readers))
    _catalogs[lang] = found
    return found


class MoCatalog(_gettext.NullTranslations):
    """A compiled catalog (``.mo``) that translates a message when it is asked for.

    The standard library's ``GNUTranslations`` decodes all of the catalog's some 3,000
    messages and their translations when it is read, on every start of every command,
    for the dozen a command shows (a quarter of a bare interpreter's start). This one
    keeps the file's bytes and a table from each message's bytes to its place: a
    message is decoded when it is shown, once. The same file format and the same
    answers as ``GNUTranslations`` (plural forms from the header's ``Plural-Forms``,
    contexts as ``context\x04message``); a file that is not a catalog raises ``OSError``
    (or ``struct.error``), as ``GNUTranslations`` does."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        import struct
        from operator import add

        magic = struct.unpack_from("<I", data)[0]
        order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
        if order is None:
            raise OSError(0, "Bad magic number")
        version, n, originals, translations = struct.unpack_from(order + "4I", data, 4)
        if version >> 16 not in (0, 1):
            raise OSError(0, f"Bad version number {version >> 16}")
        table = struct.unpack_from(f"{order}{2 * n}I", data, originals)
        starts = table[1::2]
        keys = map(data.__getitem__, map(slice, starts, map(add, starts, table[0::2])))
        self._data = data
        self._index = dict(zip(keys, range(n)))
        self._places = struct.unpack_from(f"{order}{2 * n}I", data, translations)
        self._found: dict[bytes, "str | None"] = {}
        self.plural = lambda n: int(n != 1)   # English's rule until the header says
        header = self._lookup(b"")
        if header:
            for line in header.splitlines():
                name, _sep, value = line.partition(":")
                if name.strip().lower() == "plural-forms":
                    self.plural = _gettext.c2py(value.split(";")[1].split("plural=")[1])

    def _lookup(self, key: bytes) -> "str | None":
        found = self._found.get(key, False)
        if found is False:
            i = self._index.get(key)
            if i is None:
                found = None
            else:
                length, start = self._places[2 * i], self._places[2 * i + 1]
                found = self._data[start:start + length].decode("utf-8")
            self._found[key] = found
        return found

    def gettext(self, message: str) -> str:
        found = self._lookup(message.encode("utf-8", "surrogatepass"))
        return message if found is None else found

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._plural("", msgid1, msgid2, n)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._plural(context + "\x04", msgid1, msgid2, n)

    def _plural(self, prefix: str, msgid1: str, msgid2: str, n: int) -> str:
        found = self._lookup((prefix + msgid1 + "\0" + msgid2).encode("utf-8", "surrogatepass"))
        if found is not None:
            forms = found.split("\0")
            i = self.plural(n)
            if 0 <= i < len(forms):
                return forms[i]
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        found = self._lookup((context + "\x04" + message).encode("utf-8", "surrogatepass"))
        return message if found is None else found


def _read_mo(mo: str, po: str) -> _gettext.NullTranslations:
    with open(mo, "rb") as f:
        return MoCatalog(f.read())


def _read_po(mo: str, po: str) -> _gettext.NullTranslations:
    from tutor._msgfmt import compile_po, write_atomic

    with open(po, encoding="utf-8") as f:
        data = compile_po(f.read())
    found = MoCatalog(data)
    try:
        write_atomic(mo, data)   # for the next start (source checkout, editable)
    except OSError:
        pass                     # a read-only package folder: memory only
    return found


def _reason(e: Exception) -> str:
    text = " ".join(str(e.strerror if isinstance(e, OSError) and e.strerror else e).split())
    return (text or type(e).__name__)[:120]


def _warn(lang: str, problems: list, english: bool) -> None:
    """One line on stderr: the catalog of ``lang`` could not be read (in English: the
    language's own catalog is what failed)."""
    import sys

    then = "the messages stay English" if english else "read the other catalog"
    try:
        sys.stderr.write(f"tutor: the {lang} catalog cannot be read ({'; '.join(problems)}): {then}\n")
    except (OSError, ValueError, AttributeError):
        pass


def _render(value, lang: str):
    """A placeholder's value in ``lang``: a message, an error or a reading that has
    ``text(lang)`` shows in it; anything else as it is."""
    text = getattr(value, "text", None)
    return text(lang) if callable(text) else value


class _Shown:
    """The placeholders' values as a message's text asks for them, each shown in ``lang``
    when used: a message is often given more than it says (a convention's headline gets
    every value any of them may name), and showing each one costs as much as the text."""

    __slots__ = ("params", "lang")

    def __init__(self, params: dict, lang: str) -> None:
        self.params, self.lang = params, lang

    def __getitem__(self, key: str):
        return _render(self.params[key], self.lang)


# French elides "de" before a vowel: a suit or kind filled into "de {suit}" that starts with one
# reads "le bour et le nell d'Eichel", "d'Obenabe" (the catalog's own words are written so)
_FR_ELISION = re.compile(r"\b([Dd])e (?=(?:Eichel|Obenabe|Undenufe)\b)")


#: the characters of an input value a message quotes ({value!r}), the cut marked "..."
QUOTED = 60


def _quoted(value) -> str:
    """``repr(value)`` for a message, at most about QUOTED characters: a string cut inside its
    quotes ('ZZZ...'), anything else cut at the end. A value read from a YAML or JSON file that
    is not a string is written as the file writes it, not in Python's words ("trump: null",
    "unknown seat [A]", not "None", "['A']": QA s36)."""
    if isinstance(value, str) and len(value) > QUOTED:
        return repr(value[:QUOTED - 3] + "...")
    text = repr(value) if isinstance(value, str) else _as_written(value, [QUOTED + 3], 0)
    return text if len(text) <= QUOTED + 2 else text[:QUOTED - 3] + "..."


# a string inside a list or mapping written without quotes, as YAML does, where it reads the same so
_PLAIN = re.compile(r"[A-Za-z0-9À-ÖØ-öø-ÿ_][A-Za-z0-9À-ÖØ-öø-ÿ_ .+-]*")
_YAML_WORDS = frozenset({"null", "true", "false", "yes", "no", "on", "off", "y", "n", "~"})


def _as_written(value, left: list, depth: int) -> str:
    """``value`` (from a YAML or JSON file) in YAML's flow notation: null, true, [A, B], {a: 1};
    only the first ``left[0]`` characters or so are built (a list of a million items, a list
    nested a thousand deep), the rest "..."."""
    if left[0] <= 0 or depth > 8:
        return "..."
    if value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, float) and value != value:
        text = ".nan"
    elif isinstance(value, float) and value in (float("inf"), float("-inf")):
        text = ".inf" if value > 0 else "-.inf"
    elif isinstance(value, str):
        text = value if _PLAIN.fullmatch(value) and value.lower() not in _YAML_WORDS else repr(value)
    elif isinstance(value, (list, tuple)):
        parts = []
        for v in value:
            if left[0] <= 0:
                parts.append("...")
                break
            parts.append(_as_written(v, left, depth + 1))
        return "[" + ", ".join(parts) + "]"
    elif isinstance(value, dict):
        parts = []
        for k, v in value.items():
            if left[0] <= 0:
                parts.append("...")
                break
            parts.append(_as_written(k, left, depth + 1) + ": " + _as_written(v, left, depth + 1))
        return "{" + ", ".join(parts) + "}"
    elif hasattr(value, "isoformat"):     # a date YAML read (2026-12-06)
        text = value.isoformat()
    else:
        text = repr(value)
    left[0] -= len(text) + 2
    return text


class _Quoting:
    """str.format's rules, where a value converted by ``!r`` (an input value a message quotes:
    "unknown seat 'E'") is cut to about QUOTED characters: however long the input, the message
    keeps what it says after the quote (a 3,000-character contract in a game file had cut off
    the reason and the choices at the line's 2,000 characters)."""

    _formatter = None

    @classmethod
    def format(cls, text: str, params) -> str:
        if cls._formatter is None:
            import string

            class Formatter(string.Formatter):
                def convert_field(self, value, conversion):
                    return _quoted(value) if conversion == "r" else super().convert_field(value, conversion)

            cls._formatter = Formatter()
        return cls._formatter.vformat(text, (), params)


def _fill(text: str, lang: str, params: dict) -> str:
    # always formatted, so a catalog text writes a brace the same way everywhere: {{ }}
    if not params:
        return text.format()
    shown = _Shown(params, lang)
    filled = _Quoting.format(text, shown) if "!r}" in text else text.format_map(shown)
    return _FR_ELISION.sub(r"\1'", filled) if lang == "fr" else filled


def _(msgid: str, lang: "str | None" = None, /, **params) -> str:
    """``msgid`` in ``lang`` (default: the current language), placeholders filled in."""
    lang = lang or _current
    text = catalog(lang).gettext(msgid)
    try:
        return _fill(text, lang, params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return _fallback(text, msgid, lang, params)


def ngettext(singular: str, plural: str, n: int, lang: "str | None" = None, /, **params) -> str:
    """The plural form of ``lang`` for ``n`` (``{n}`` is filled in too)."""
    lang = lang or _current
    text = catalog(lang).ngettext(singular, plural, n)
    try:
        return _fill(text, lang, {"n": n, **params})
    except (KeyError, IndexError, ValueError, AttributeError):
        return _fallback(text, singular if n == 1 else plural, lang, {"n": n, **params})


def pgettext(context: str, msgid: str, lang: "str | None" = None, /, **params) -> str:
    """``msgid`` in ``lang`` where the same English words need different translations
    (``context`` tells them apart, e.g. a suit's name after a number)."""
    lang = lang or _current
    text = catalog(lang).pgettext(context, msgid)
    try:
        return _fill(text, lang, params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return _fallback(text, msgid, lang, params)


def _fallback(text: str, msgid: str, lang: str, params: dict) -> str:
    """A translation whose placeholders do not fit the message (a tampered catalog): the
    English text instead. An error in the English text itself is the code's own."""
    if text == msgid:
        raise
    return _fill(msgid, lang, params)


class Msg:
    """A message translated when it is shown: ``text(lang)``, or ``str()`` in the
    current language. Placeholders may hold messages too; they show in the same language."""

    __slots__ = ("msgid", "plural", "n", "params", "context")

    def __init__(self, msgid: str, plural: "str | None" = None, n: "int | None" = None,
                 params: "dict | None" = None, context: "str | None" = None) -> None:
        self.msgid, self.plural, self.n, self.params = msgid, plural, n, params or {}
        self.context = context

    def text(self, lang: "str | None" = None) -> str:
        if self.plural is not None:
            return ngettext(self.msgid, self.plural, self.n, lang, **self.params)
        if self.context is not None:
            return pgettext(self.context, self.msgid, lang, **self.params)
        return _(self.msgid, lang, **self.params)

    def __call__(self, **params) -> "Msg":
        """The same message with (more) placeholders filled in: a table of messages
        written once, filled where it is shown (``TITLE(seat="A")``)."""
        return Msg(self.msgid, self.plural, self.n, {**self.params, **params}, self.context)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Msg({self.msgid!r}, params={self.params!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return (self.msgid, self.plural, self.n, self.params, self.context) == \
                (other.msgid, other.plural, other.n, other.params, other.context)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural, self.n))


def M(msgid: str, /, **params) -> Msg:
    """A lazy message: ``msgid`` with its placeholders, translated when shown."""
    return Msg(msgid, params=params)


def Mn(singular: str, plural: str, n: int, /, **params) -> Msg:
    """A lazy message with a plural form chosen by ``n``."""
    return Msg(singular, plural, n, params)


def Mp(context: str, msgid: str, /, **params) -> Msg:
    """A lazy message with a context (:func:`pgettext`): the same English words that
    other languages write differently (German's cases: "den Puur", "dem Puur")."""
    return Msg(msgid, params=params, context=context)


def semicolon(lang: "str | None" = None) -> str:
    """"; " between the parts of a sentence in ``lang``: French sets a space before it
    (docs/french.md, "Typography"; QA s38 F5.6: "le nell cinquième ou plus; Rosen : ...")."""
    return " ; " if (lang or current()) == "fr" else "; "


def join(*parts: object) -> Msg:
    """Messages and plain strings one after the other, each shown in the same language
    (an error's place before its message: ``join(where, ": ", error)``)."""
    return Joined(parts)


def both(items) -> Msg:
    """``a and b`` (``a, b and c``) in the language shown."""
    return _series(list(items), lambda head, last: M("{items} and {last}", items=head, last=last))


def _series(items: list, pair) -> Msg:
    if len(items) == 1:
        return Joined(items)
    return pair(Joined(sum(([x, ", "] for x in items[:-2]), []) + [items[-2]]), items[-1])


class Joined(Msg):
    __slots__ = ("parts",)

    def __init__(self, parts) -> None:
        super().__init__("")
        self.parts = tuple(parts)

    def text(self, lang: "str | None" = None) -> str:
        lang = lang or _current
        return "".join(str(_render(p, lang)) for p in self.parts)

    def __repr__(self) -> str:
        return f"join{self.parts!r}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and self.parts == other.parts

    def __hash__(self) -> int:
        return hash(self.parts)


class Number:
    """A whole number written the way the language groups its digits: 100,000 in English,
    100'000 in Swiss German and Swiss French."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def text(self, lang: "str | None" = None) -> str:
        shown = f"{self.n:,}"
        return shown if (lang or _current) == "en" else shown.replace(",", "'")

    def __str__(self) -> str:
        return self.text()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Number) and other.n == self.n

    def __hash__(self) -> int:
        return hash(self.n)


def either(items) -> Msg:
    """``a or b`` (``a, b or c``) in the language shown."""
    return _series(list(items), lambda head, last: M("{items} or {last}", items=head, last=last))
