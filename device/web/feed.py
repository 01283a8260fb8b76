"""Following the journal from another process, read-only: the phone view's only source.

The table (``celaeno run``) is the journal's one writer. The phone view opens the same
SQLite file with ``mode=ro`` as a different user who may only read it (the files are
``0640`` and its directory ``0750``, see :mod:`device.storage.store` and the systemd units), so
it could not change the game even if it tried. In WAL mode such a reader needs the
``-wal`` and ``-shm`` files; it maps the ``-shm`` file read-only (SQLite 3.22 and later).
Whether the table is running is not read from whether the journal can be read (a
stopped table's journal still can be): :mod:`device.web.liveness` asks the kernel
whether another process holds the journal open.

A view starting (after a crash, a restart, an upgrade) reads the journal before it
serves anyone (:meth:`device.web.hub.Hub.catch_up`), so its first answer is the committed
state, never an empty one; the journal is named by its file's inode, the same for
every view that reads it, so a page can tell a restarted view from a new journal.

Why the journal rather than a snapshot file the table writes: the journal is the truth
the table commits before it shows anything, it carries the position for free (the
number of commands ever committed, which only grows, undo included), and reading it
costs the table nothing: WAL readers never block the writer.

Changes are noticed with ``PRAGMA data_version`` (it changes when another connection
commits), so a poll that finds nothing reads no rows.

Whether the table runs is looked at every :data:`LIVENESS_INTERVAL` seconds, but not on the
way from a commit to the pages while the table was running at the last look: the table is
the journal's one writer, so its commit says it ran, and the look (``/proc/locks``, which
lists every lock on the machine) would only delay the pages. The look comes at the next poll
that finds no commit, as it would have without one; a table that stops, crashes or is killed
commits nothing more, so it is seen as soon as before. A table not running at the last look,
or a journal that is another file, is looked at with the commit: its start is seen at once.

The page shows the latest state, so the view keeps little history: the engine keeps
every command of a game (``Played.done``, for undo), a chain that would grow by one state
per command for the whole game. The view keeps the latest :data:`HISTORY` to
``2 * HISTORY`` commands of it, enough to follow undos at once; an undo that goes back
further sends the view to the game's first command, replayed from the journal (the
table replays whole journals at its start too).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import field, replace
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from device.games import Games
from device.ui.controller import with_overlay
from device.ui.history import entry
from device.web.liveness import PROC_LOCKS, table_running
from display.web.page import HistoryLine
from rules.errors import RulesError
from rules.game import Game, State
from rules.journal import Applied, Played, parse_line, state_json, submit
from rules.text import Text
from rules.values import Record

if TYPE_CHECKING:
    from rules.json_types import StateJSON

log = logging.getLogger(__name__)

RECENT_COMMANDS = 6  # the events of this many latest commands are kept for the page
SHOWN_HISTORY = 30  # the newest commands the page lists in words (fewer than HISTORY)
HISTORY = 32  # states before the latest kept for undo (at least; twice as many at most)
LIVENESS_INTERVAL = 1.0  # seconds between looks whether the table is running
# ... and at most between two looks, commits or not: commits that never stop coming (only a
# table can write them) must not put off the look for ever.
LIVENESS_LONGEST = 2 * LIVENESS_INTERVAL


class Snapshot(Record):
    """What the page shows, as of journal position ``position``."""

    position: int  # commands committed in the whole journal: grows by one per command
    journal: str  # which journal file: positions compare only within one
    game: int | None
    state: StateJSON | None  # state JSON (+ "preview" on Normandie); None: no game
    recent: tuple[tuple[Text, ...], ...]  # events of the latest commands, newest last
    undone: bool  # the latest command was an undo: the state went back
    table_running: bool
    problem: str | None = None  # a journal the view cannot read or follow (in the log too)
    # The game's commands in words, newest first, as the screen's history view lists them
    # (an undone command is not among them).
    history: tuple[HistoryLine, ...] = ()


class _Game(Record, frozen=False):
    game_id: int
    seq: int = 0  # commands of this game applied so far
    played: Played[State] | None = None
    recent: list[tuple[Text, ...]] = field(default_factory=list)
    undone: bool = False
    broken: str | None = None
    cut: bool = False  # states before the oldest one kept were let go
    # Each kept command in words (by its Applied's identity): a command is said once, not
    # once per update; they are frozen, so one seen again says the same.
    said: dict[int, tuple[Applied[State], HistoryLine]] = field(default_factory=dict)


class Feed:
    """The latest game, rebuilt from the journal and kept up to date incrementally."""

    def __init__(self, path: Path, games: Games, locks: Path = PROC_LOCKS) -> None:
        self.path = path
        self.games = games
        self._locks = locks  # where the machine's locks are listed (liveness.table_running)
        # One cursor for every query: each new one leaves a weak reference in the
        # connection that lingers for 200 more (CPython's sqlite3), per look at the journal.
        # Its connection is the view's one read-only connection to the journal.
        self._cursor: sqlite3.Cursor | None = None
        self._version: int | None = None
        self._game: _Game | None = None
        self._position = 0
        self._json: StateJSON | None = None
        self._journal = ""
        self._unreadable: str | None = None  # why the last read failed
        self._looked = -LIVENESS_INTERVAL  # when liveness was last looked at (monotonic)
        self.table_running = False

    @property
    def position(self) -> int:
        """Commands committed in the whole journal, as of the last refresh."""
        return self._position

    @property
    def played(self) -> Played[State] | None:
        """The latest game (for the server's words about it)."""
        return None if self._game is None else self._game.played

    def refresh(self) -> bool:
        """Read what the table committed since the last call, and whether it runs; True
        when anything changed. A journal that cannot be read keeps what was read last."""
        another = self._follow_the_file()
        try:
            committed = self._refresh()
            unreadable = None
        except sqlite3.Error as error:
            self._close()
            committed = False
            unreadable = str(error) if self._journal else None  # no journal: nothing to read
            if unreadable is not None and unreadable != self._unreadable:
                log.info("the journal cannot be read (%s); trying again", error)
        changed = committed or unreadable != self._unreadable
        self._unreadable = unreadable
        if another or not committed or self._look_is_due():
            running = self._look_at_the_table()
            changed = changed or running != self.table_running
            self.table_running = running
        return changed

    def _look_is_due(self) -> bool:
        """With a commit: whether the table must be looked at all the same (see above)."""
        waited = time.monotonic() - self._looked
        return not self.table_running or waited >= LIVENESS_LONGEST

    def may_have_changed(self) -> bool:
        """A cheap look (no rows read, no lock taken) whether :meth:`refresh` has work:
        the server asks this 20 times a second and calls refresh only on a yes."""
        if self._cursor is None or time.monotonic() - self._looked >= LIVENESS_INTERVAL:
            return True
        try:
            (version,) = self._cursor.execute("PRAGMA data_version").fetchone()
        except sqlite3.Error:
            return True
        return bool(version != self._version)

    def _look_at_the_table(self) -> bool:
        self._looked = time.monotonic()
        return table_running(self.path, self._locks)

    def _follow_the_file(self) -> bool:
        """A journal set aside and started afresh is another file: positions restart. True
        when the journal is another file than at the last refresh."""
        try:
            journal = str(self.path.stat().st_ino)
        except OSError:
            journal = ""
        if journal == self._journal:
            return False
        self._close()
        self._game, self._position, self._journal = None, 0, journal
        return True

    def snapshot(self) -> Snapshot:
        game = self._game
        problem = None if self._unreadable is None else "the journal cannot be read"
        if game is None:
            return Snapshot(
                self._position, self._journal, None, None, (), False, self.table_running, problem
            )
        return Snapshot(
            self._position,
            self._journal,
            game.game_id,
            self._public_state(),
            tuple(game.recent),
            game.undone,
            self.table_running,
            game.broken or problem,
            _history(game),
        )

    def close(self) -> None:
        self._close()

    def _refresh(self) -> bool:
        cursor = self._connection()
        (version,) = cursor.execute("PRAGMA data_version").fetchone()
        if version == self._version:
            return False
        self._version = version
        cursor.execute("BEGIN")  # one read snapshot for the position and the rows
        try:
            return self._read(cursor)
        finally:
            cursor.execute("COMMIT")

    def _read(self, cursor: sqlite3.Cursor) -> bool:
        (position,) = cursor.execute("SELECT COUNT(*) FROM commands").fetchone()
        (latest,) = cursor.execute("SELECT MAX(id) FROM games").fetchone()
        if position < self._position:  # not the journal we followed (set aside, replaced)
            self._game, self._position = None, 0
        if position == self._position and (latest is None or self._game is not None):
            return False
        self._position = int(position)
        if latest is None:
            return True
        if self._game is None or self._game.game_id != latest:
            self._game = _Game(int(latest))
        if not self._apply(self._game, _commands(cursor, self._game.game_id, self._game.seq)):
            # An undo went back past the states this view kept: follow the game again.
            self._game = _Game(self._game.game_id)
            self._apply(self._game, _commands(cursor, self._game.game_id, 0))
        return True

    def _apply(self, game: _Game, rows: Sequence[tuple[int, str]]) -> bool:
        """Apply the game's next commands; False when an undo needs a state let go."""
        for seq, line in rows:
            game.seq = seq
            if game.broken is not None:
                continue
            try:
                command = parse_line(line, self.games.rules, _game_of(game.played))
                if command is None:
                    continue
                if command.TYPE == "undo" and game.cut and _oldest_kept(game.played):
                    return False
                outcome = submit(game.played, command, self.games.rules)
            except RulesError as error:  # the table refuses such a journal at its start too
                game.broken = f"command {seq} of game {game.game_id}: {error.describe()}"
                log.error("cannot follow the journal: %s", game.broken)
                continue
            game.undone = command.TYPE == "undo"
            game.played = outcome.played
            game.recent = [*game.recent, outcome.events][-RECENT_COMMANDS:]
        if game.played is not None:
            game.played, cut = kept_history(game.played, HISTORY)
            game.cut = game.cut or cut
        self._json = None
        return True

    def _public_state(self) -> StateJSON | None:
        game = self._game
        if game is None or game.played is None:
            return None
        if self._json is None:
            # What the game's screen adds to the state (Normandie: the Zombies' moves still
            # to come), as a fresh controller sees it: no cursor, no open menu.
            played = game.played
            overlay = self.games.front_end(played).controller("en").overlay(played.state)
            overlay.pop("cursor", None)
            self._json = with_overlay(state_json(played), overlay)
        return self._json

    def _connection(self) -> sqlite3.Cursor:
        if self._cursor is None:
            uri = f"{self.path.resolve().as_uri()}?mode=ro"
            db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            try:
                db.execute("PRAGMA query_only = ON")  # belt and braces: read-only anyway
                db.execute("SELECT 1 FROM commands LIMIT 1").fetchall()
            except sqlite3.Error:
                db.close()
                raise
            self._cursor = db.cursor()
            self._version = None
        return self._cursor

    def _close(self) -> None:
        if self._cursor is not None:
            self._cursor.connection.close()
            self._cursor = None
        self._version = None


def _history(game: _Game) -> tuple[HistoryLine, ...]:
    """The game's newest commands in words, newest first; each said once (``game.said``)."""
    if game.played is None:
        return ()
    said: dict[int, tuple[Applied[State], HistoryLine]] = {}
    for applied in islice(game.played.history(), SHOWN_HISTORY):
        known = game.said.get(id(applied))
        if known is None or known[0] is not applied:
            words = entry(game.played, applied)
            known = (applied, HistoryLine(words.said, words.how))
        said[id(applied)] = known
    game.said = said
    return tuple(words for _applied, words in said.values())


def kept_history(played: Played[State], keep: int) -> tuple[Played[State], bool]:
    """``played`` with its ``keep`` latest commands if it has more than ``2 * keep`` (then
    True: the rest was let go), else itself. Cut only now and then, as the kept commands are
    made anew: frozen, each names the one before it."""
    newest = list(islice(played.history(), 2 * keep + 1))
    if len(newest) <= 2 * keep:
        return played, False
    done: Applied[State] | None = None
    for applied in reversed(newest[:keep]):
        done = Applied(applied.before, applied.command, done)
    return replace(played, done=done), True


def _oldest_kept(played: Played[State] | None) -> bool:
    return played is not None and played.done is None


def _game_of(played: Played[State] | None) -> Game[State] | None:
    return None if played is None else played.game


def _commands(cursor: sqlite3.Cursor, game_id: int, after: int) -> list[tuple[int, str]]:
    """The game's commands after its ``after``-th, in order."""
    rows = cursor.execute(
        "SELECT seq, command FROM commands WHERE game_id = ? AND seq > ? ORDER BY seq",
        (game_id, after),
    ).fetchall()
    return [(int(seq), str(line)) for seq, line in rows]
