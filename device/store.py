"""The journal on disk: every game is its list of commands, kept in SQLite.

A command is stored as the exact JSON text the caller hands over (one line of the
spec's JSON Lines, rules/cthulhu_wars/JOURNAL.md); the store never parses it. The journal is
append-only: undo is itself a command, and a new game never erases earlier ones.

Durability: WAL mode with ``synchronous=FULL`` makes every commit reach the disk
(an fsync of the WAL) before :meth:`Store.append` returns, so a command the screen
shows survives a pulled plug. A database that cannot be trusted when it is opened
(not SQLite, failing ``quick_check``, a schema from a newer version, another
program's file, an empty file) is renamed aside, a fresh one is created and
:attr:`Store.notice` says what happened: the device starts instead of crash-looping.

The store belongs to the one thread that calls rules/ (sqlite3's default
same-thread check stays on).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal, Self

SCHEMA_VERSION = 1
# Owner writes, group reads: the phone view (celaeno web) runs as another user in the
# journal's group and may read it, never write it. SQLite gives its -wal and -shm files
# the database's mode when it creates them, so setting the database's mode before the
# first connection is enough under any umask.
FILE_MODE = 0o640
# "CeLa": marks the file as ours in the SQLite header (PRAGMA application_id).
APPLICATION_ID = 0x43654C61

_SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL
);
CREATE TABLE commands (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    command TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""

Reason = Literal["not_sqlite", "damaged", "future_schema", "foreign", "empty"]
_REASONS: dict[Reason, str] = {
    "not_sqlite": "it is not an SQLite database",
    "damaged": "it is damaged",
    "future_schema": "it was written by a newer version of celaeno",
    "foreign": "it belongs to another program",
    "empty": "it was empty",
}


_CORRUPTION_CODES: dict[int, Reason] = {
    sqlite3.SQLITE_NOTADB: "not_sqlite",
    sqlite3.SQLITE_CORRUPT: "damaged",
}


class StoreError(Exception):
    """The journal cannot be used at all (e.g. the state directory is not writable)."""


class UnknownGame(StoreError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"there is no game {game_id}")
        self.game_id = game_id


@dataclass(frozen=True)
class StoreNotice:
    """Why the database found at start was moved aside, for the screen and the log."""

    reason: Reason
    moved_to: Path
    detail: str  # SQLite's own words, for the log

    def message(self) -> str:
        return (
            f"The journal could not be opened because {_REASONS[self.reason]}; "
            f"it was moved to {self.moved_to} and a new journal was started."
        )


@dataclass(frozen=True)
class GameInfo:
    id: int
    created: str  # ISO 8601, UTC
    commands: int
    first: str | None  # the first command (its new_game), as stored


class _Untrusted(Exception):
    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(detail)
        self.reason: Reason = reason
        self.detail = detail


class Store:
    """The journal database; see the module docstring."""

    def __init__(
        self, connection: sqlite3.Connection, path: Path, notice: StoreNotice | None
    ) -> None:
        self._db = connection
        self.path = path
        self.notice = notice

    @classmethod
    def open(cls, path: str | os.PathLike[str], busy_timeout: float = 5.0) -> Self:
        """Open (or create) the journal; ``busy_timeout``: seconds to wait for another
        process's write (``celaeno import`` beside the running device) before giving up."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            notice = _set_aside_if_untrusted(path, busy_timeout)
            return cls(_connect(path, busy_timeout), path, notice)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"cannot open the journal {path}: {error}") from error

    def new_game(self) -> int:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._transaction():
            cursor = self._db.execute("INSERT INTO games (created) VALUES (?)", (created,))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def append(self, game_id: int, command_json: str) -> int:
        """Store one command; it is durably committed when this returns its sequence number."""
        if "\n" in command_json or "\r" in command_json:
            raise ValueError("a journal command is one line of JSON")
        with self._transaction():
            self._require_game(game_id)
            (seq,) = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM commands WHERE game_id = ?", (game_id,)
            ).fetchone()
            self._db.execute(
                "INSERT INTO commands (game_id, seq, command) VALUES (?, ?, ?)",
                (game_id, seq, command_json),
            )
        return int(seq)

    def current_game(self) -> int | None:
        """The latest game, or None before the first."""
        (game_id,) = self._db.execute("SELECT MAX(id) FROM games").fetchone()
        return None if game_id is None else int(game_id)

    def games(self) -> list[GameInfo]:
        rows = self._db.execute(
            "SELECT g.id, g.created, COUNT(c.seq),"
            " (SELECT command FROM commands WHERE game_id = g.id AND seq = 1)"
            " FROM games g LEFT JOIN commands c ON c.game_id = g.id"
            " GROUP BY g.id ORDER BY g.id"
        ).fetchall()
        return [GameInfo(*row) for row in rows]

    def commands(self, game_id: int) -> list[str]:
        self._require_game(game_id)
        rows = self._db.execute(
            "SELECT command FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [command for (command,) in rows]

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _require_game(self, game_id: int) -> None:
        if self._db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise UnknownGame(game_id)

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK when the block raises."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *rest: object) -> None:
        self._db.execute("ROLLBACK" if exc_type is not None else "COMMIT")


def _connect(path: Path, busy_timeout: float) -> sqlite3.Connection:
    new = not path.exists()
    _share_with_readers(path, new)
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a commit is exactly
    # where the code says it is.
    connection = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
    try:
        mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode != "wal":
            raise sqlite3.OperationalError(f"journal_mode is {mode}, not wal")
        connection.execute("PRAGMA synchronous = FULL")  # per connection, not stored
        connection.execute("PRAGMA foreign_keys = ON")
        if _user_version(connection) == 0:
            _create_schema(connection)
    except BaseException:
        connection.close()
        raise
    if new:
        _sync_directory(path.parent)  # the new file's name must survive a power cut too
    return connection


def _share_with_readers(path: Path, new: bool) -> None:
    """Give the journal (and a -wal/-shm left by an older version) :data:`FILE_MODE`."""
    if new:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    for file in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            if file.exists() and file.stat().st_mode & 0o777 != FILE_MODE:
                file.chmod(FILE_MODE)  # also undoes the umask on a new file
        except PermissionError:  # another user's journal (root's export reads it): leave it
            pass


def _create_schema(connection: sqlite3.Connection) -> None:
    connection.execute("BEGIN IMMEDIATE")
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    for statement in filter(str.strip, _SCHEMA.split(";")):
        connection.execute(statement)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    connection.execute("COMMIT")


def _user_version(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def _set_aside_if_untrusted(path: Path, busy_timeout: float) -> StoreNotice | None:
    if not path.exists():
        return None
    try:
        _inspect(path, busy_timeout)
    except _Untrusted as untrusted:
        moved_to = _move_aside(path)
        return StoreNotice(untrusted.reason, moved_to, untrusted.detail)
    return None


def _inspect(path: Path, busy_timeout: float) -> None:
    """Raise :class:`_Untrusted` unless ``path`` is a sound journal of ours (or new)."""
    if path.stat().st_size == 0 and not _has_content(Path(f"{path}-wal")):
        raise _Untrusted("empty", "zero-length file")
    connection = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
    try:
        _inspect_connection(connection)
    except sqlite3.DatabaseError as error:
        # Only SQLite's verdicts on the file itself; "locked", "busy" or "cannot open"
        # say nothing about its contents and must never get a journal moved aside.
        reason = _CORRUPTION_CODES.get(getattr(error, "sqlite_errorcode", -1))
        if reason is None:
            raise
        raise _Untrusted(reason, str(error)) from error
    finally:
        connection.close()


def _inspect_connection(connection: sqlite3.Connection) -> None:
    result = [row[0] for row in connection.execute("PRAGMA quick_check")]
    if result != ["ok"]:
        raise _Untrusted("damaged", "; ".join(map(str, result))[:500])
    (application_id,) = connection.execute("PRAGMA application_id").fetchone()
    version = _user_version(connection)
    if application_id not in (0, APPLICATION_ID) or (application_id == 0 and version != 0):
        raise _Untrusted("foreign", f"application_id {application_id}, user_version {version}")
    if version > SCHEMA_VERSION:
        raise _Untrusted("future_schema", f"schema version {version} > {SCHEMA_VERSION}")
    if version == 0 and _has_tables(connection):
        raise _Untrusted("foreign", "tables without a celaeno schema version")


def _has_tables(connection: sqlite3.Connection) -> bool:
    return connection.execute("SELECT 1 FROM sqlite_schema LIMIT 1").fetchone() is not None


def _has_content(path: Path) -> bool:
    return path.exists() and path.stat().st_size > 0


def _move_aside(path: Path) -> Path:
    """Rename the database (and its -wal and -shm files) to a dated name beside it."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.unreadable-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.unreadable-{stamp}-{counter}")
    for suffix in ("-wal", "-shm"):
        companion = Path(f"{path}{suffix}")
        if companion.exists():
            companion.rename(f"{target}{suffix}")
    path.rename(target)
    _sync_directory(path.parent)
    return target


def _sync_directory(directory: Path) -> None:
    descriptor = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
