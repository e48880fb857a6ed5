"""The tutor's SQLite database: quiz progress and Tafel sessions live in one file.

One schema, versioned migrations: every ``tutor/migrations/NNNN_name.sql`` is applied
once, in order, inside a transaction, and recorded in ``schema_version``. The database
is in the user's data folder unless a path is given (``--db``):
``$TUTOR_DB``, else ``$XDG_DATA_HOME/tutor/tutor.sqlite3`` (``~/.local/share`` when
unset; ``%APPDATA%`` on Windows).
"""
from __future__ import annotations

import os
import re
import sqlite3
import time
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Iterator

from tutor.errors import TutorError
from tutor.i18n import M


def default_path() -> Path:
    if os.environ.get("TUTOR_DB"):
        return Path(os.environ["TUTOR_DB"])
    if os.name == "nt" and os.environ.get("APPDATA"):
        base = Path(os.environ["APPDATA"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tutor" / "tutor.sqlite3"


def migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) for every migration shipped in the package, in order."""
    found = []
    for entry in resources.files("tutor.migrations").iterdir():
        m = re.fullmatch(r"(\d{4})_(\w+)\.sql", entry.name)
        if m:
            found.append((int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    return sorted(found)


class StoreError(TutorError):
    """The database failed under a command: read-only, full, damaged, or changed outside
    the tutor. Every change is one transaction, so what was stored before stays."""


def database_error(path: "str | Path", e: BaseException) -> StoreError:
    """One line for a failure of the database ``path``, in the user's language."""
    text = " ".join(str(e).split())
    low = text.lower()
    if "readonly" in low or "read-only" in low:
        what = M("it is read-only, nothing more can be saved")
    elif "full" in low or "disk i/o" in low:
        what = M("cannot write ({error}: is the disk full?), nothing more can be saved", error=text)
    elif "malformed" in low or "not a database" in low or "corrupt" in low:
        what = M("it is damaged ({error})", error=text)
    else:
        what = text
    return StoreError(M("database {path}: {problem} (what was saved before is kept)", path=path, problem=what))


def _translated(conn, e: sqlite3.DatabaseError) -> Exception:
    if not conn.guarded:    # while connecting: connect() handles busy and damaged files
        return e
    err = database_error(conn.path, e)
    err.__cause__ = e
    err.__suppress_context__ = True
    return err


def _guarded(method):
    """``method`` of a cursor, its database errors a StoreError naming the database."""
    def call(self, *args):
        try:
            return method(self, *args)
        except sqlite3.DatabaseError as e:
            raise _translated(self.connection, e)
    call.__name__ = method.__name__
    return call


class _Cursor(sqlite3.Cursor):
    """A cursor whose every failure is a StoreError naming the database."""

    execute = _guarded(sqlite3.Cursor.execute)
    executemany = _guarded(sqlite3.Cursor.executemany)
    fetchone = _guarded(sqlite3.Cursor.fetchone)
    fetchall = _guarded(sqlite3.Cursor.fetchall)
    __next__ = _guarded(sqlite3.Cursor.__next__)


class _Connection(sqlite3.Connection):
    """The tutor's connection: errors of its statements are one line (StoreError)."""

    path = "?"
    guarded = False

    def cursor(self, factory=_Cursor):
        return super().cursor(factory)

    def execute(self, sql, parameters=()):
        return self.cursor().execute(sql, parameters)

    def executemany(self, sql, parameters):
        return self.cursor().executemany(sql, parameters)


def absent(path: "str | Path | None" = None) -> bool:
    """Whether ``path`` (the default where None) names no database yet: no file, or an empty
    one. A question (a board shown, practice's --stats, bid's --tafel) reads a database, it
    never makes one: a mistyped --db left a new 70 KB file behind and answered "no Partie on
    the board yet" of the board the player meant. An empty file is no one's board. ``--db ""``
    and a folder are not absent: :func:`connect` says what is wrong with them."""
    if path is not None and not str(path).strip():
        return False
    p = Path(path) if path is not None else default_path()
    try:
        return not p.is_dir() and (not p.exists() or p.stat().st_size == 0)
    except OSError:
        return False


def connect(path: "str | Path | None" = None) -> sqlite3.Connection:
    """Open (creating when missing) and migrate the database."""
    if path is not None and not str(path).strip():   # Path("") is the current folder: say what was given
        raise TutorError(M("--db: no file named: give the database's file"))
    p = Path(path) if path is not None else default_path()
    if p.is_dir():     # sqlite's "unable to open database file" does not say why (--db, TUTOR_DB)
        raise TutorError(M("cannot open the database {p}: it is a folder, not a file", p=p))
    try:
        if path is None:
            p.parent.mkdir(parents=True, exist_ok=True)   # the data folder, on first use
        elif not p.parent.is_dir():
            raise TutorError(M("cannot open the database {p}: the folder {parent} does not exist", p=p, parent=p.parent))
        conn = sqlite3.connect(p, timeout=30, isolation_level=None, factory=_Connection)
        conn.path = str(p)
    except (OSError, sqlite3.Error) as e:
        raise TutorError(M("cannot open the database {p}: {e}", p=p, e=e)) from None
    conn.row_factory = sqlite3.Row
    deadline = time.monotonic() + 30
    while True:
        try:
            conn.execute("PRAGMA busy_timeout=30000")
            _refuse_foreign(conn, p)   # before WAL: another program's file stays as it was
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA foreign_keys=ON")
            _migrate(conn)
            conn.guarded = True
            return conn
        except sqlite3.OperationalError as e:
            busy = "locked" in str(e) or "busy" in str(e)
            if busy and time.monotonic() < deadline:
                # Another tutor is creating or migrating the file: SQLite does not wait
                # for every lock (changing the journal mode, say), so wait here.
                time.sleep(0.05)
                continue
            conn.close()
            if busy:
                raise TutorError(M("the database {p} is busy (another tutor is writing): try again", p=p)) from None
            raise TutorError(M("cannot use the database {p}: {e}", p=p, e=e)) from None
        except sqlite3.DatabaseError as e:
            conn.close()
            raise TutorError(M("{p} is not a tutor database: {e}", p=p, e=e)) from None


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error: all of a change or nothing."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except (TutorError, sqlite3.Error):
            pass   # SQLite rolled back already (a full disk, a damaged file)
        raise
    else:
        conn.execute("COMMIT")


def _refuse_foreign(conn: sqlite3.Connection, p: Path) -> None:
    """A SQLite file with tables but no ``schema_version`` belongs to another program:
    the tutor does not add its tables to it."""
    tables = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    if tables and "schema_version" not in tables:
        conn.close()
        shown = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "")
        raise TutorError(M("{path} is another program's database (tables: {tables}); the tutor leaves "
                           "it alone: choose another --db", path=p, tables=shown))


def _pending(conn: sqlite3.Connection) -> bool:
    """Whether any shipped migration is not applied yet (read without taking a lock)."""
    try:
        done = {row[0] for row in conn.execute("SELECT version FROM schema_version")}
    except sqlite3.OperationalError:
        return True   # no schema_version table: a new database
    return any(version not in done for version, _, _ in migrations())


def _migrate(conn: sqlite3.Connection) -> None:
    if not _pending(conn):
        return   # readers never wait for a writer's lock just to learn nothing is to do
    with transaction(conn):
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                     "version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                     "applied TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)")
        done = {row[0] for row in conn.execute("SELECT version FROM schema_version")}
        for version, name, sql in migrations():
            if version in done:
                continue
            for statement in (s.strip() for s in sql.split(";")):
                if statement:
                    conn.execute(statement)
            conn.execute("INSERT INTO schema_version(version, name) VALUES (?, ?)", (version, name))
