"""The phones paired as seats, in a table of the journal's database beside the games.

The companion writes it (it alone writes the journal); the phone view reads it with its
read-only connection to tell a seat's phone from any other. A phone keeps a credential
(random, 256 bits) in a cookie; only its SHA-256 is kept here, so neither the journal nor
an exported copy can be used to act as a seat. A seat belongs to a game: a New game with the
same factions carries the seats over, any other ends them. The table is made the first time
a phone pairs: a database without it is read as "no seats", by old companions too (the
schema's version and its two tables are unchanged).
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
from datetime import UTC, datetime

from rules.values import Record

CREDENTIAL_BYTES = 32  # 256 bits from the system's random source

_SCHEMA = """
CREATE TABLE IF NOT EXISTS seats (
    id INTEGER PRIMARY KEY,
    credential TEXT NOT NULL UNIQUE,
    game_id INTEGER NOT NULL REFERENCES games (id),
    faction TEXT NOT NULL,
    phone INTEGER NOT NULL,
    paired TEXT NOT NULL,
    ended TEXT
)
"""
_COLUMNS = "id, faction, phone, game_id, paired, ended"


class SeatRow(Record):
    """One phone paired as ``faction``'s seat (its ``phone``-th) in game ``game_id``."""

    id: int
    faction: str
    phone: int
    game_id: int
    paired: str  # ISO 8601, UTC
    ended: str | None = None

    def acts_in(self, game_id: int | None) -> bool:
        """Whether this phone may act in the game ``game_id`` (the journal's latest)."""
        return self.ended is None and self.game_id == game_id


def credential_hash(credential: str) -> str:
    return hashlib.sha256(credential.encode("utf-8", "replace")).hexdigest()


def new_credential() -> str:
    return secrets.token_urlsafe(CREDENTIAL_BYTES)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SeatBook:
    """The seats' table on a connection to the journal (the companion's, or the view's
    read-only one: then only :meth:`find` and :meth:`active` are asked)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def create(self) -> None:
        with self._transaction():
            self._db.execute(_SCHEMA)

    def pair(self, game_id: int, faction: str) -> tuple[str, SeatRow]:
        """A new phone for ``faction``'s seat: its credential (given once, never kept) and row."""
        credential = new_credential()
        with self._transaction():
            (phone,) = self._db.execute(
                "SELECT COALESCE(MAX(phone), 0) + 1 FROM seats WHERE game_id = ? AND faction = ?",
                (game_id, faction),
            ).fetchone()
            cursor = self._db.execute(
                "INSERT INTO seats (credential, game_id, faction, phone, paired)"
                " VALUES (?, ?, ?, ?, ?)",
                (credential_hash(credential), game_id, faction, phone, _now()),
            )
        row = self._row("WHERE id = ?", (cursor.lastrowid,))
        assert row is not None
        return credential, row

    def find(self, credential: str) -> SeatRow | None:
        """The seat a phone's credential names (ended ones too), or None."""
        if not credential or not self._exists():
            return None
        return self._row("WHERE credential = ?", (credential_hash(credential),))

    def active(self, game_id: int | None) -> list[SeatRow]:
        """The phones that may act in ``game_id``, in the order they paired."""
        if game_id is None or not self._exists():
            return []
        rows = self._db.execute(
            f"SELECT {_COLUMNS} FROM seats WHERE game_id = ? AND ended IS NULL ORDER BY id",
            (game_id,),
        ).fetchall()
        return [SeatRow(*row) for row in rows]

    def end(self, seat_id: int) -> None:
        """Unpair one phone: its credential opens nothing any more."""
        with self._transaction():
            self._db.execute(
                "UPDATE seats SET ended = ? WHERE id = ? AND ended IS NULL", (_now(), seat_id)
            )

    def end_game(self, game_id: int) -> None:
        """Every phone of ``game_id`` unpaired (a New game with other factions)."""
        with self._transaction():
            self._db.execute(
                "UPDATE seats SET ended = ? WHERE game_id = ? AND ended IS NULL", (_now(), game_id)
            )

    def carry(self, from_game: int, to_game: int) -> None:
        """The phones of ``from_game`` are seats of ``to_game`` now (the same factions)."""
        with self._transaction():
            self._db.execute(
                "UPDATE seats SET game_id = ? WHERE game_id = ? AND ended IS NULL",
                (to_game, from_game),
            )

    def _exists(self) -> bool:
        found = self._db.execute(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'seats'"
        ).fetchone()
        return found is not None

    def _row(self, where: str, params: tuple[object, ...]) -> SeatRow | None:
        row = self._db.execute(f"SELECT {_COLUMNS} FROM seats {where}", params).fetchone()
        return None if row is None else SeatRow(*row)

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, ROLLBACK when the block raises (as the journal's)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *rest: object) -> None:
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
                return
            except sqlite3.Error:
                self._rollback()
                raise
        self._rollback()

    def _rollback(self) -> None:
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")
