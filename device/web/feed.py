"""Following the journal from another process, read-only: the phone view's only source.

The table (``celaeno run``) is the journal's one writer. The phone view opens the same
SQLite file with ``mode=ro`` as a different user who may only read it (the files are
``0640`` and its directory ``0750``, see :mod:`device.store` and the systemd units), so
it could not change the game even if it tried. In WAL mode such a reader needs the
``-wal`` and ``-shm`` files the running table keeps open; it maps the ``-shm`` file
read-only (SQLite 3.22 and later). While the table is not running those files are gone
and the reader cannot open the journal: :attr:`Feed.table_running` says so and the
next :meth:`Feed.refresh` tries again.

Why the journal rather than a snapshot file the table writes: the journal is the truth
the table commits before it shows anything, it carries the position for free (the
number of commands ever committed, which only grows, undo included), and reading it
costs the table nothing: WAL readers never block the writer.

Changes are noticed with ``PRAGMA data_version`` (it changes when another connection
commits), so a poll that finds nothing reads no rows.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.ui.games import ui_of
from rules.errors import RulesError
from rules.journal import State, apply, parse_line, state_json
from rules.text import Text

log = logging.getLogger(__name__)

RECENT_COMMANDS = 6  # the events of this many latest commands are kept for the page


@dataclass(frozen=True)
class Snapshot:
    """What the page shows, as of journal position ``position``."""

    position: int  # commands committed in the whole journal: grows by one per command
    journal: str  # which journal file: positions compare only within one
    game: int | None
    state: dict[str, Any] | None  # state JSON (+ "preview" on Normandie); None: no game
    recent: tuple[tuple[Text, ...], ...]  # events of the latest commands, newest last
    undone: bool  # the latest command was an undo: the state went back
    table_running: bool
    problem: str | None = None  # a journal the view cannot follow (in the log too)


@dataclass
class _Game:
    game_id: int
    seq: int = 0  # commands of this game applied so far
    state: State | None = None
    recent: list[tuple[Text, ...]] = field(default_factory=list)
    undone: bool = False
    broken: str | None = None


class Feed:
    """The latest game, rebuilt from the journal and kept up to date incrementally."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._version: int | None = None
        self._game: _Game | None = None
        self._position = 0
        self._json: dict[str, Any] | None = None
        self._journal = ""
        self.table_running = False

    @property
    def position(self) -> int:
        """Commands committed in the whole journal, as of the last refresh."""
        return self._position

    @property
    def state(self) -> State | None:
        """The latest game's state (for the server's words about it)."""
        return None if self._game is None else self._game.state

    def refresh(self) -> bool:
        """Read what the table committed since the last call; True when anything changed."""
        was_running = self.table_running
        try:
            changed = self._refresh()
            self.table_running = True
        except sqlite3.Error as error:
            self._close()
            self.table_running = False
            if was_running:
                log.info("the journal cannot be read (%s); is the table running?", error)
            changed = False
        return changed or was_running != self.table_running

    def may_have_changed(self) -> bool:
        """A cheap look (no rows read, no lock taken) whether :meth:`refresh` has work:
        the server asks this 20 times a second and calls refresh only on a yes."""
        if self._db is None:
            return True
        try:
            (version,) = self._db.execute("PRAGMA data_version").fetchone()
        except sqlite3.Error:
            return True
        return bool(version != self._version)

    def snapshot(self) -> Snapshot:
        game = self._game
        if game is None:
            return Snapshot(
                self._position, self._journal, None, None, (), False, self.table_running
            )
        return Snapshot(
            self._position,
            self._journal,
            game.game_id,
            self._public_state(),
            tuple(game.recent),
            game.undone,
            self.table_running,
            game.broken,
        )

    def close(self) -> None:
        self._close()

    def _refresh(self) -> bool:
        db = self._connection()
        (version,) = db.execute("PRAGMA data_version").fetchone()
        if version == self._version:
            return False
        self._version = version
        db.execute("BEGIN")  # one read snapshot for the position and the rows
        try:
            return self._read(db)
        finally:
            db.execute("COMMIT")

    def _read(self, db: sqlite3.Connection) -> bool:
        (position,) = db.execute("SELECT COUNT(*) FROM commands").fetchone()
        (latest,) = db.execute("SELECT MAX(id) FROM games").fetchone()
        if position < self._position:  # not the journal we followed (set aside, replaced)
            self._game, self._position = None, 0
        if position == self._position and (latest is None or self._game is not None):
            return False
        self._position = int(position)
        if latest is None:
            return True
        if self._game is None or self._game.game_id != latest:
            self._game = _Game(int(latest))
        rows = db.execute(
            "SELECT seq, command FROM commands WHERE game_id = ? AND seq > ? ORDER BY seq",
            (self._game.game_id, self._game.seq),
        ).fetchall()
        self._apply(self._game, rows)
        return True

    def _apply(self, game: _Game, rows: Sequence[tuple[int, str]]) -> None:
        for seq, line in rows:
            game.seq = seq
            if game.broken is not None:
                continue
            try:
                command = parse_line(line)
                if command is None:
                    continue
                outcome = apply(game.state, command)
            except RulesError as error:  # the table refuses such a journal at its start too
                game.broken = f"command {seq} of game {game.game_id}: {error.describe()}"
                log.error("cannot follow the journal: %s", game.broken)
                continue
            game.undone = command.TYPE == "undo"
            game.state = outcome.state
            game.recent = [*game.recent, outcome.events][-RECENT_COMMANDS:]
        self._json = None

    def _public_state(self) -> dict[str, Any] | None:
        game = self._game
        if game is None or game.state is None:
            return None
        if self._json is None:
            # What the game's screen adds to the state (Normandie: the Zombies' moves still
            # to come), as a fresh controller sees it: no cursor, no open menu.
            overlay = ui_of(game.state).controller("en").overlay(game.state)
            overlay.pop("cursor", None)
            self._json = {**state_json(game.state), **overlay}
        return self._json

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            uri = f"{self.path.resolve().as_uri()}?mode=ro"
            db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            try:
                db.execute("PRAGMA query_only = ON")  # belt and braces: read-only anyway
                db.execute("SELECT 1 FROM commands LIMIT 1").fetchall()
            except sqlite3.Error:
                db.close()
                raise
            self._db = db
            self._version = None
            # A journal set aside and started afresh is another file: positions restart.
            journal = str(self.path.stat().st_ino)
            if journal != self._journal:
                self._game, self._position, self._journal = None, 0, journal
        return self._db

    def _close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
        self._version = None
