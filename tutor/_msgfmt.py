"""Compile a gettext ``.po`` catalog into the ``.mo`` file the standard library reads.

The standard library only: the package's build (``setup.py``) and the lazy compile on
first use (:mod:`tutor.i18n`) both run it, so neither needs Babel. It reads what Babel
writes: ``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr``/``msgstr[n]``, strings
continued over several lines, comments; fuzzy and untranslated entries are left out (as
``msgfmt`` does: the English text shows, and the catalog test reports them), the header
(with its ``Plural-Forms``) is kept.
"""
from __future__ import annotations

import ast
import os
import struct
import tempfile


class PoError(ValueError):
    """A ``.po`` file that cannot be read (line number and what is wrong)."""


def parse_po(text: str) -> list[dict]:
    """The entries of a ``.po`` file: dicts with ``msgctxt``, ``msgid``,
    ``msgid_plural``, ``msgstr`` (a list: one per plural form), ``flags``, ``line``."""
    entries: list[dict] = []
    entry: dict = {}
    field = None

    def close() -> None:
        nonlocal entry, field
        if "msgid" not in entry or "msgstr" not in entry:
            raise PoError(f"line {entry.get('line')}: an entry needs a msgid and a msgstr")
        entries.append(entry)
        entry, field = {}, None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if "msgstr" in entry:
                close()
            if line.startswith("#,"):
                entry.setdefault("flags", set()).update(f.strip() for f in line[2:].split(","))
            field = None   # obsolete entries (#~) and comments are not read
            continue
        if line.startswith('"'):
            if field is None:
                raise PoError(f"line {number}: a string outside an entry")
            value = _string(line, number)
            if isinstance(field, tuple):
                entry["msgstr"][field[1]] += value
            else:
                entry[field] += value
            continue
        keyword, _, rest = line.partition(" ")
        value = _string(rest.strip(), number)
        if keyword in ("msgctxt", "msgid") and "msgstr" in entry:
            close()
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            entry.setdefault("line", number)
            entry[keyword] = value
            field = keyword
        elif keyword == "msgstr":
            entry["msgstr"] = [value]
            field = ("msgstr", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            forms = entry.setdefault("msgstr", [])
            if keyword[7:-1] != str(len(forms)):
                raise PoError(f"line {number}: {keyword} out of order")
            forms.append(value)
            field = ("msgstr", len(forms) - 1)
        else:
            raise PoError(f"line {number}: unknown keyword {keyword!r}")
    if entry.get("msgid") is not None or "msgstr" in entry:
        close()
    return entries


def _string(token: str, number: int) -> str:
    if len(token) < 2 or not (token.startswith('"') and token.endswith('"')):
        raise PoError(f"line {number}: expected a quoted string, found {token!r}")
    try:
        return ast.literal_eval(token)
    except (SyntaxError, ValueError):
        raise PoError(f"line {number}: a string that cannot be read: {token}") from None


def compile_po(text: str) -> bytes:
    """The ``.mo`` bytes of the catalog ``text``."""
    pairs: dict[bytes, bytes] = {}
    for e in parse_po(text):
        forms = e.get("msgstr") or [""]
        header = e["msgid"] == "" and "msgctxt" not in e
        if not header and ("fuzzy" in e.get("flags", ()) or not all(forms)):
            continue
        key = e["msgid"]
        if "msgid_plural" in e:
            key += "\0" + e["msgid_plural"]
        if "msgctxt" in e:
            key = e["msgctxt"] + "\x04" + key
        pairs[key.encode("utf-8")] = "\0".join(forms).encode("utf-8")
    keys = sorted(pairs)
    ids = strs = b""
    offsets = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(pairs[k])))
        ids += k + b"\0"
        strs += pairs[k] + b"\0"
    n = len(keys)
    start_ids = 7 * 4 + 16 * n          # header, then the two tables
    start_strs = start_ids + len(ids)
    table = b"".join(struct.pack("<2I", length, start_ids + o) for o, length, _, _ in offsets)
    table += b"".join(struct.pack("<2I", length, start_strs + o) for _, _, o, length in offsets)
    head = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    return head + table + ids + strs


def write_atomic(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a reader never sees half a file).
    Not :func:`tutor.files.write_file`: ``setup.py`` loads this module by its path, before
    the package can be imported, so it stays on the standard library."""
    folder = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".mo")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o644 & ~umask)   # mkstemp's 0600 would go into a wheel as it is
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def compile_tree(locale_dir: str, out_dir: "str | None" = None) -> list[str]:
    """Compile every ``<lang>/LC_MESSAGES/*.po`` under ``locale_dir`` (into ``out_dir``,
    the same layout, or beside each ``.po``); returns the ``.mo`` files written."""
    written = []
    for lang in sorted(os.listdir(locale_dir)):
        folder = os.path.join(locale_dir, lang, "LC_MESSAGES")
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".po"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                data = compile_po(f.read())
            target = os.path.join(out_dir or locale_dir, lang, "LC_MESSAGES", name[:-3] + ".mo")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            write_atomic(target, data)
            written.append(target)
    return written
