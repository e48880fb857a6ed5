"""Reading a number and showing text: the two helpers every input and output uses.

A number is written with the digits 0-9. Python's own tests accept more: ``"²".isdigit()``
is true (and ``int("²")`` fails), ``int("٣")`` is 3. The tutor reads only ASCII digits,
everywhere a number is read (command options, ``--weis AC=50``, ``--set key=value``,
lesson numbers, quiz answers), so every other character is the same one clear line.

Text that comes from a file or a user (drill notes, lesson titles, team names) is shown
through :func:`printable`: terminal control characters (ESC, BEL, the C1 controls such as
CSI, carriage return, ...) are shown escaped (``\\x1b``), so a file cannot retitle the
terminal window, recolour it or hide a line.
"""
from __future__ import annotations

import re

from tutor.errors import ParseError
from tutor.i18n import M

#: the longest number the tutor reads (a billion is plenty for points and counts)
MAX_DIGITS = 9

_UNSIGNED = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")


def is_number(text: str, *, signed: bool = False) -> bool:
    """Whether ``text`` (spaces around allowed) is a whole number in ASCII digits."""
    return bool((_SIGNED if signed else _UNSIGNED).fullmatch(text.strip()))


def parse_int(text: object, what: object, *, low: "int | None" = None,
              high: "int | None" = None, signed: bool = False, error: type = ParseError) -> int:
    """The whole number written in ``text`` with the digits 0-9, from ``low`` to ``high``;
    anything else is one ``error`` naming ``what`` (an option, or a message)."""
    t = str(text).strip()
    if not (_SIGNED if signed else _UNSIGNED).fullmatch(t):
        raise error(M("{what}: {number} is not a whole number (write the digits 0-9)",
                      what=what, number=printable(repr(clip(t)))))   # a long text quoted cut
    short = t if len(t) <= 20 else t[:17] + "..."
    span = (M("from {low} to {high}", low=low, high=high) if low is not None and high is not None
            else M("at least {low}", low=low) if low is not None else M("at most {high}", high=high))
    # a range bounds the digits it can hold (a seed of 10 digits, 1 to 5000 deals); without one, MAX_DIGITS
    bounded = low is not None and high is not None
    most = len(str(max(abs(low), abs(high)))) if bounded else MAX_DIGITS
    if len(t.lstrip("+-").lstrip("0") or "0") > most:
        if bounded:
            raise error(M("{what}: {number} is out of range ({span})", what=what, number=short, span=span))
        raise error(M("{what}: {number} is too large (at most {digits} digits)",
                      what=what, number=short, digits=MAX_DIGITS))
    n = int(t)
    if (low is not None and n < low) or (high is not None and n > high):
        raise error(M("{what}: {number} is out of range ({span})", what=what, number=n, span=span))
    return n


# C0 controls but tab and newline, DEL, and the C1 controls (U+0080-U+009F: CSI, OSC ...)
_CONTROLS = {c: f"\\x{c:02x}" for c in [*range(0x00, 0x20), *range(0x7F, 0xA0)]
             if c not in (0x09, 0x0A)}
# the line and paragraph separators and the bidirectional overrides, which reorder text
_CONTROLS.update({c: f"\\u{c:04x}" for c in (0x2028, 0x2029, *range(0x202A, 0x202F),
                                              *range(0x2066, 0x206A))})


#: the longest error line the command line prints (a message quoting a huge value is cut)
MAX_LINE = 2000


def unicode_text(text: str) -> str:
    """``text`` with every lone surrogate (the bytes that were not UTF-8, as Python's
    ``surrogateescape`` keeps them in ``sys.argv`` and ``sys.stdin``) shown as U+FFFD:
    text that can be printed, stored and compared. Clean text is returned as it is."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:   # the bytes as they came (one U+FFFD each run of bad bytes), else the surrogates' own
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


#: the longest line of input a program's loop keeps (practice, the quiz, the table companion)
MAX_INPUT = 1000


def read_line(stream, limit: int = MAX_INPUT) -> str | None:
    """One line of ``stream`` (a pipe, a file, a terminal read plainly) without its newline,
    None at the end of the input. At most ``limit + 1`` characters are kept: the rest of a
    longer line is read and dropped in pieces, so an endless line takes no unbounded memory,
    and the caller, seeing more than ``limit``, says the line is too long. Bytes that were not
    UTF-8 are shown as U+FFFD (:func:`unicode_text`)."""
    try:
        line = stream.readline(limit + 1)
    except UnicodeDecodeError:   # a stream that decodes strictly: the line is unreadable
        line = "\ufffd\n"
    if not line:
        return None
    if len(line) > limit and not line.endswith("\n"):   # the rest of an endless line: dropped
        try:
            while (rest := stream.readline(1 << 16)) and not rest.endswith("\n"):
                pass
        except UnicodeDecodeError:
            pass
    return unicode_text(line.rstrip("\r\n"))


def clip(text: object, n: int = 60) -> str:
    """``text`` cut to ``n`` characters (the cut marked ``...``): a value quoted in a
    message, however long the input was."""
    t = str(text)
    return t if len(t) <= n else t[:n - 3] + "..."


def one_line(text: object) -> str:
    """An error message as one printable line of at most MAX_LINE characters."""
    t = printable(" ".join(str(text).split("\n")))
    return t if len(t) <= MAX_LINE else t[:MAX_LINE - 3] + "..."


def printable(text: object) -> str:
    """``text`` with every terminal control character shown escaped (``\\x1b``):
    what is safe to write to a terminal. Tab and newline stay."""
    return str(text).translate(_CONTROLS)


#: the longest name of a player (or a team's player) the tutor keeps
MAX_NAME = 30


def player_name(text: object, where: object) -> str:
    """A player's name as typed (spaces around dropped): at most MAX_NAME characters and
    no control character (a newline, ESC, a bidirectional override ... would break the
    board's lines or the terminal); anything else is one ParseError naming ``where``."""
    import unicodedata

    name = str(text).strip()
    if not name:
        raise ParseError(M("{where}: a name is empty", where=where))
    if len(name) > MAX_NAME:
        raise ParseError(M("{where}: the name {name} is too long (at most {n} characters)",
                           where=where, name=printable(repr(name[:MAX_NAME] + "...")), n=MAX_NAME))
    if any(unicodedata.category(c)[0] == "C" or unicodedata.category(c) in ("Zl", "Zp") for c in name):
        raise ParseError(M("{where}: the name {name} holds a control character", where=where,
                           name=printable(repr(name))))
    return name
