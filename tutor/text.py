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

#: the longest number the tutor reads (a billion is plenty for points and counts)
MAX_DIGITS = 9

_UNSIGNED = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")


def is_number(text: str, *, signed: bool = False) -> bool:
    """Whether ``text`` (spaces around allowed) is a whole number in ASCII digits."""
    return bool((_SIGNED if signed else _UNSIGNED).fullmatch(text.strip()))


def parse_int(text: object, what: str, what_de: "str | None" = None, *, low: "int | None" = None,
              high: "int | None" = None, signed: bool = False, error: type = ParseError) -> int:
    """The whole number written in ``text`` with the digits 0-9, from ``low`` to ``high``;
    anything else is one ``error`` naming ``what`` (``what_de`` in German)."""
    what_de = what if what_de is None else what_de
    t = str(text).strip()
    if not (_SIGNED if signed else _UNSIGNED).fullmatch(t):
        shown = printable(repr(t))
        raise error(f"{what}: {shown} is not a whole number (write the digits 0-9)",
                    de=f"{what_de}: {shown} ist keine ganze Zahl (schreibe die Ziffern 0-9)")
    if len(t.lstrip("+-")) > MAX_DIGITS:
        shown = t if len(t) <= 20 else t[:17] + "..."
        raise error(f"{what}: {shown} is too large (at most {MAX_DIGITS} digits)",
                    de=f"{what_de}: {shown} ist zu gross (höchstens {MAX_DIGITS} Ziffern)")
    n = int(t)
    if (low is not None and n < low) or (high is not None and n > high):
        span = (f"from {low} to {high}" if low is not None and high is not None
                else f"at least {low}" if low is not None else f"at most {high}")
        span_de = (f"von {low} bis {high}" if low is not None and high is not None
                   else f"mindestens {low}" if low is not None else f"höchstens {high}")
        raise error(f"{what}: {n} is out of range ({span})",
                    de=f"{what_de}: {n} liegt ausserhalb ({span_de})")
    return n


# C0 controls but tab and newline, DEL, and the C1 controls (U+0080-U+009F: CSI, OSC ...)
_CONTROLS = {c: f"\\x{c:02x}" for c in [*range(0x00, 0x20), *range(0x7F, 0xA0)]
             if c not in (0x09, 0x0A)}
# the line and paragraph separators and the bidirectional overrides, which reorder text
_CONTROLS.update({c: f"\\u{c:04x}" for c in (0x2028, 0x2029, *range(0x202A, 0x202F),
                                              *range(0x2066, 0x206A))})


#: the longest error line the command line prints (a message quoting a huge value is cut)
MAX_LINE = 2000


def one_line(text: object) -> str:
    """An error message as one printable line of at most MAX_LINE characters."""
    t = printable(" ".join(str(text).split("\n")))
    return t if len(t) <= MAX_LINE else t[:MAX_LINE - 3] + "..."


def printable(text: object) -> str:
    """``text`` with every terminal control character shown escaped (``\\x1b``):
    what is safe to write to a terminal. Tab and newline stay."""
    return str(text).translate(_CONTROLS)
