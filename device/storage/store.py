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

import contextlib
import os
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Concatenate, Literal, ParamSpec, Self, TypeVar

from device.storage.faults import Fault, classify, message
from rules.values import Record

SCHEMA_VERSION = 1
SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database
TABLES = frozenset({"games", "commands"})
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
    """The journal cannot be used: ``fault`` says why (device.storage.faults), the message
    names the file and what to do."""

    def __init__(self, message: str, fault: Fault = "other") -> None:
        super().__init__(message)
        self.fault: Fault = fault

    @classmethod
    def from_error(cls, error: BaseException, path: Path) -> StoreError:
        fault = classify(error, path)
        detail = getattr(error, "strerror", None) or str(error)
        return cls(message(fault, path, detail), fault)


class NoJournal(StoreError):
    """Reading a journal that was never written (``export`` on a fresh state directory)."""

    def __init__(self, path: Path) -> None:
        super().__init__("the journal holds no game yet")
        self.path = path


class UnknownGame(StoreError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"there is no game {game_id}")
        self.game_id = game_id


class StoreNotice(Record):
    """Why the database found at start was moved aside, for the screen and the log."""

    reason: Reason
    moved_to: Path
    detail: str  # SQLite's own words, for the log

    def message(self) -> str:
        return (
            f"The journal could not be opened because {_REASONS[self.reason]}; "
            f"it was moved to {self.moved_to} and a new journal was started."
        )


class GameInfo(Record):
    id: int
    created: str  # ISO 8601, UTC
    commands: int
    first: str | None  # the first command (its new_game), as stored


class _Untrusted(Exception):
    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(detail)
        self.reason: Reason = reason
        self.detail = detail


def _require_one_line(command_json: str) -> None:
    if "\n" in command_json or "\r" in command_json:
        raise ValueError("a journal command is one line of JSON")


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _classified(
    method: Callable[Concatenate[Store, _P], _R],
) -> Callable[Concatenate[Store, _P], _R]:
    """SQLite's errors while using an open journal become a StoreError in words."""

    def guarded(store: Store, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(store, *args, **kwargs)
        except (sqlite3.Error, UnicodeDecodeError) as error:  # bytes that are not text: damage
            raise StoreError.from_error(error, store.path) from error

    return guarded


class Store:
    """The journal database; see the module docstring."""

    def __init__(
        self, connection: sqlite3.Connection, path: Path, notice: StoreNotice | None
    ) -> None:
        self._db = connection
        self.path = path
        self.notice = notice

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], busy_timeout: float = 5.0, *, read_only: bool = False
    ) -> Self:
        """Open (or create) the journal; ``busy_timeout``: seconds to wait for another
        process's write (``celaeno import`` beside the running device) before giving up.

        ``read_only`` (``export``) never creates, moves or writes anything, so it works on a
        full or read-only disk; a damaged file is reported, not set aside. Every failure is
        a :class:`StoreError` whose message names the file and says what to do.
        """
        path = Path(path)
        try:
            if read_only:
                return cls(_connect_read_only(path, busy_timeout), path, None)
            path.parent.mkdir(parents=True, exist_ok=True)
            notice = _set_aside_if_untrusted(path, busy_timeout)
            return cls(_connect(path, busy_timeout), path, notice)
        except _Untrusted as untrusted:  # read-only: reported, left where it is
            why = f"{_REASONS[untrusted.reason]} ({untrusted.detail})"
            fault_words = message("damaged", path, why)
            raise StoreError(fault_words, "damaged") from None
        except (OSError, sqlite3.Error) as error:
            raise StoreError.from_error(error, path) from error

    @_classified
    def new_game(self) -> int:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._transaction():
            cursor = self._db.execute("INSERT INTO games (created) VALUES (?)", (created,))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    @_classified
    def start_game(self, first_command_json: str) -> int:
        """A new game and its first command in one commit: a game is never left empty."""
        _require_one_line(first_command_json)
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._transaction():
            cursor = self._db.execute("INSERT INTO games (created) VALUES (?)", (created,))
            assert cursor.lastrowid is not None
            self._db.execute(
                "INSERT INTO commands (game_id, seq, command) VALUES (?, 1, ?)",
                (cursor.lastrowid, first_command_json),
            )
        return cursor.lastrowid

    @_classified
    def append(self, game_id: int, command_json: str) -> int:
        """Store one command; it is durably committed when this returns its sequence number."""
        _require_one_line(command_json)
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

    @_classified
    def current_game(self) -> int | None:
        """The latest game, or None before the first."""
        (game_id,) = self._db.execute("SELECT MAX(id) FROM games").fetchone()
        return None if game_id is None else int(game_id)

    @_classified
    def games(self) -> list[GameInfo]:
        rows = self._db.execute(
            "SELECT g.id, g.created, COUNT(c.seq),"
            " (SELECT command FROM commands WHERE game_id = g.id AND seq = 1)"
            " FROM games g LEFT JOIN commands c ON c.game_id = g.id"
            " GROUP BY g.id ORDER BY g.id"
        ).fetchall()
        return [GameInfo(*row) for row in rows]

    @_classified
    def openings(self) -> list[str]:
        """The first command of every game, as stored, newest game first."""
        rows = self._db.execute("SELECT command FROM commands WHERE seq = 1 ORDER BY game_id DESC")
        return [command for (command,) in rows]

    @_classified
    def commands(self, game_id: int) -> list[str]:
        self._require_game(game_id)
        rows = self._db.execute(
            "SELECT command FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [command for (command,) in rows]

    @property
    def connection(self) -> sqlite3.Connection:
        """The journal's connection, for the seats' table beside the games
        (:mod:`device.storage.seat_book`): the same file, the same thread."""
        return self._db

    @_classified
    def has_seats(self, game_id: int) -> bool:
        """Whether a phone is paired as a seat of game ``game_id``: asked at start, without
        loading anything of the seats (a table whose phones never paired has no such table)."""
        exists = self._db.execute(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'seats'"
        ).fetchone()
        if exists is None:
            return False
        found = self._db.execute(
            "SELECT 1 FROM seats WHERE game_id = ? AND ended IS NULL LIMIT 1", (game_id,)
        ).fetchone()
        return found is not None

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
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
                return
            except sqlite3.Error:
                self._rollback()  # e.g. a full disk: the command is not kept, nothing half-kept
                raise
        self._rollback()

    def _rollback(self) -> None:
        if self._db.in_transaction:
            # SQLite may have rolled back already; the first error is the one to report.
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")


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
        _probe_writable(connection)
    except BaseException:
        connection.close()
        raise
    if new:
        _sync_directory(path.parent)  # the new file's name must survive a power cut too
    return connection


def _connect_read_only(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """A connection that only reads (``mode=ro``), inspected like a journal to be written.

    Reading a WAL database needs its shared-memory file, which a full or read-only disk
    may not let SQLite create; when there is no WAL content to read, the file alone is the
    whole journal and is opened ``immutable`` instead.
    """
    if path.parent.is_dir() and not os.access(path.parent, os.R_OK | os.X_OK):
        # Else the journal would look absent ("holds no game yet") to a user outside its group.
        raise StoreError(message("no_access", path, "permission denied"), "no_access")
    if not path.exists():
        raise NoJournal(path)
    _check_header(path)
    try:
        connection = _uri_connect(path, "mode=ro", busy_timeout)
        _inspect_read(connection)
        return connection
    except sqlite3.OperationalError as error:
        if _has_content(Path(f"{path}-wal")) or classify(error, path) == "locked":
            raise
    connection = _uri_connect(path, "mode=ro&immutable=1", busy_timeout)
    _inspect_read(connection)
    return connection


def _uri_connect(path: Path, query: str, busy_timeout: float) -> sqlite3.Connection:
    uri = f"{path.absolute().as_uri()}?{query}"
    return sqlite3.connect(uri, uri=True, timeout=busy_timeout, isolation_level=None)


def _inspect_read(connection: sqlite3.Connection) -> None:
    try:
        _inspect_connection(connection)
    except sqlite3.DatabaseError as error:
        reason = _CORRUPTION_CODES.get(getattr(error, "sqlite_errorcode", -1))
        connection.close()
        if reason is None:
            raise
        raise _Untrusted(reason, str(error)) from error
    except BaseException:
        connection.close()
        raise


def _probe_writable(connection: sqlite3.Connection) -> None:
    """SQLite opens a file it may not write read-only without a word; find out now, not at
    the first command the table enters (a write that is rolled back stores nothing)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    finally:
        connection.execute("ROLLBACK")


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
    _check_header(path)
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
    # A damaged file may hold any bytes where text belongs (SQLite's own messages about it
    # included): read text as bytes while inspecting, so that decoding it cannot fail.
    connection.text_factory = bytes
    try:
        _inspect_contents(connection)
    except UnicodeDecodeError as error:  # SQLite's error message quoted bytes of the damage
        raise _Untrusted("damaged", _words(error.object)[:500]) from None
    finally:
        connection.text_factory = str


def _inspect_contents(connection: sqlite3.Connection) -> None:
    result = [_words(row[0]) for row in connection.execute("PRAGMA quick_check")]
    if result != ["ok"]:
        raise _Untrusted("damaged", "; ".join(result)[:500])
    (application_id,) = connection.execute("PRAGMA application_id").fetchone()
    version = _user_version(connection)
    if application_id not in (0, APPLICATION_ID) or (application_id == 0 and version != 0):
        raise _Untrusted("foreign", f"application_id {application_id}, user_version {version}")
    if version > SCHEMA_VERSION:
        raise _Untrusted("future_schema", f"schema version {version} > {SCHEMA_VERSION}")
    if version == 0 and _has_tables(connection):
        raise _Untrusted("foreign", "tables without a celaeno schema version")
    if version == SCHEMA_VERSION:
        _check_schema(connection)


def _check_header(path: Path) -> None:
    """A file too short for SQLite's header reads to SQLite as a new, empty database (and
    would be written over); ours starts with the header or is empty."""
    with path.open("rb") as file:
        head = file.read(len(SQLITE_HEADER))
    if head and head != SQLITE_HEADER:
        raise _Untrusted("not_sqlite", f"starts with {head[:16]!r}, not the SQLite header")


def _check_schema(connection: sqlite3.Connection) -> None:
    tables = {_words(name) for (name,) in connection.execute("SELECT name FROM sqlite_schema")}
    if not tables >= TABLES:
        raise _Untrusted("damaged", f"missing tables: {', '.join(sorted(TABLES - tables))}")
    (not_text,) = connection.execute(
        "SELECT COUNT(*) FROM commands WHERE typeof(command) != 'text'"
    ).fetchone()
    if not_text:
        raise _Untrusted("damaged", f"{not_text} commands are not text")
    for (command,) in connection.execute("SELECT command FROM commands"):
        try:
            command.decode("utf-8")
        except UnicodeDecodeError:
            raise _Untrusted("damaged", "a command is not UTF-8 text") from None


def _words(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


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
