"""The current game: its rules state and its journal on disk, always in step.

Every accepted command is committed to the journal before the caller gets the new
state, so nothing the screen has shown can be lost to a pulled plug. On start the
latest game is rebuilt by replaying its journal, pending decisions included.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from device.storage.store import Store
from rules.codec import parse_json
from rules.commands import Command
from rules.errors import RulesError
from rules.game import GameRules, State
from rules.journal import (
    Outcome,
    Played,
    ReplayError,
    apply,
    dump_command,
    parse,
    parse_line,
    replay_to_last,
    start,
)
from rules.text import Text, text
from rules.values import Record

# One short line per durable commit, after the commit: a line in the log (the journal, the
# console) is proof the command is on disk, so a power-cut test can count what survived.
log = logging.getLogger("celaeno.journal")


class GameSession(Record, frozen=False):
    store: Store
    game_id: int
    played: Played[State]  # the game and its history (undo, redo), as the engine keeps them
    rules: GameRules
    # The newest command and what it did: after a restart the screen shows it again, so a
    # board instruction on the screen survives a pulled plug.
    last: tuple[Command, tuple[Text, ...]] | None = None

    @property
    def state(self) -> State:
        """The current game's state."""
        return self.played.state

    @classmethod
    def resume(
        cls, store: Store, default_game: Command, rules: GameRules
    ) -> tuple[GameSession, Text | None]:
        """The latest game, rebuilt; or a new one from the defaults, with a notice why."""
        game_id = store.current_game()
        if game_id is None:
            return cls.start(store, default_game, rules), None
        journal = store.commands(game_id)
        if not journal:  # the plug was pulled between creating a game and its first command
            return cls._first_command(store, game_id, default_game, rules), None
        try:
            last = replay_to_last(journal, rules)
        except ReplayError as error:
            notice = text(
                "device.resume_failed", game=game_id, line=error.line, reason=error.error.reason
            )
            return cls.start(store, default_game, rules), notice
        assert last is not None
        cmd, outcome = last
        return cls(store, game_id, outcome.played, rules, (cmd, outcome.events)), None

    @classmethod
    def start(cls, store: Store, new_game: Command, rules: GameRules) -> GameSession:
        """A new game; earlier games stay in the journal."""
        outcome = start(new_game, rules)  # refuse a bad new_game before a row exists
        game_id = store.start_game(dump_command(new_game))
        _committed(game_id, 1, new_game.TYPE)
        return cls(store, game_id, outcome.played, rules, (new_game, outcome.events))

    @classmethod
    def _first_command(
        cls, store: Store, game_id: int, new_game: Command, rules: GameRules
    ) -> GameSession:
        outcome = start(new_game, rules)
        _committed(game_id, store.append(game_id, dump_command(new_game)), new_game.TYPE)
        return cls(store, game_id, outcome.played, rules, (new_game, outcome.events))

    def latest(self, game: str) -> State | None:
        """The latest game of kind ``game`` the journal holds, for a New game to carry its
        settings over: the current game's state when it is of that kind, otherwise the state
        an earlier one started in (settings are given once, at the start); None when there is
        none. Another game played in between, or a restart, so forgets nothing."""
        if self.played.game.name == game:
            return self.state
        opens_with = self.rules.get(game).starts_with.TYPE
        for line in self.store.openings():
            try:
                found = parse_json(line)
                # Other games' openings are passed over unread, so none of their rules load.
                if isinstance(found, Mapping) and found.get("type") == opens_with:
                    return start(parse(found, self.rules), self.rules).state
            except RulesError:  # a game the journal cannot replay carries nothing over
                continue
        return None

    def submit(self, cmd: Command) -> Outcome[State]:
        """Apply ``cmd`` and commit it durably, or raise RulesError and change nothing.

        A command that starts a game (``new_game``, ``nz_new_battle``) starts a new game in
        the journal; the old one is kept.
        """
        if self.rules.started_by(cmd) is not None:
            outcome = start(cmd, self.rules)
            self.game_id = self.store.start_game(dump_command(cmd))
            _committed(self.game_id, 1, cmd.TYPE)
        else:
            outcome = apply(self.played, cmd)
            seq = self.store.append(self.game_id, dump_command(cmd))
            _committed(self.game_id, seq, cmd.TYPE)
        self.played, self.last = outcome.played, (cmd, outcome.events)
        return outcome

    def submit_line(self, line: str) -> Outcome[State] | None:
        """A journal line (as ``celaeno import`` reads it); None for blanks and comments."""
        cmd = parse_line(line, self.rules, self.played.game)
        return None if cmd is None else self.submit(cmd)


def _committed(game_id: int, seq: int, kind: str) -> None:
    log.info("committed %d of game %d: %s", seq, game_id, kind)
