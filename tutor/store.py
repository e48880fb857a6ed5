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


def connect(path: "str | Path | None" = None) -> sqlite3.Connection:
    """Open (creating when missing) and migrate the database."""
    p = Path(path) if path is not None else default_path()
    try:
        if path is None:
            p.parent.mkdir(parents=True, exist_ok=True)   # the data folder, on first use
        elif not p.parent.is_dir():
            raise TutorError(f"cannot open the database {p}: the folder {p.parent} does not exist",
                             de=f"Datenbank {p} nicht zu öffnen: der Ordner {p.parent} fehlt")
        conn = sqlite3.connect(p, timeout=30, isolation_level=None)
    except (OSError, sqlite3.Error) as e:
        raise TutorError(f"cannot open the database {p}: {e}",
                         de=f"Datenbank {p} nicht zu öffnen: {e}") from None
    conn.row_factory = sqlite3.Row
    deadline = time.monotonic() + 30
    while True:
        try:
            conn.execute("PRAGMA busy_timeout=30000")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA foreign_keys=ON")
            _migrate(conn)
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
                raise TutorError(f"the database {p} is busy (another tutor is writing): try again",
                                 de=f"die Datenbank {p} ist belegt (ein anderer Tutor schreibt): "
                                    "bitte nochmals versuchen") from None
            raise TutorError(f"cannot use the database {p}: {e}",
                             de=f"Datenbank {p} nicht nutzbar: {e}") from None
        except sqlite3.DatabaseError as e:
            conn.close()
            raise TutorError(f"{p} is not a tutor database: {e}",
                             de=f"{p} ist keine Tutor-Datenbank: {e}") from None


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error: all of a change or nothing."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    else:
        conn.execute("COMMIT")


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
