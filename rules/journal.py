"""Journals: JSON Lines of commands; a game is its journal.

This is the front door for everything outside rules/: parse a line, start a game or apply
a command to one, undo and redo, replay a whole journal, and print a state. Which games
exist is what the caller hands in (``rules.games.RULES``, or a test's own); the
engine knows none of them.

The engine keeps each game's history (:class:`Played`), as python-chess keeps its move
stack: a game's state holds only the game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Generic

from rules.codec import dump_json, parse_json
from rules.commands import ENGINE, Command, Redo, Undo, command_to_json, parse_command
from rules.errors import RulesError
from rules.game import Game, GameRules, S, State
from rules.text import Text, text
from rules.values import Record

if TYPE_CHECKING:
    from rules.json_types import SecretsJSON, StateJSON


class Applied(Generic[S], Record):
    """One accepted command and the state it was applied to; ``earlier``, the command
    applied before it."""

    before: S
    command: Command
    earlier: Applied[S] | None = None


class Played(Generic[S], Record):
    """A game as the engine keeps it: whose rules, the current state, the commands that led
    there (newest first: what undo takes back) and the commands undone since the last new
    command (newest first: what redo brings back). Both are linked lists, so a command
    costs the same at the 10,000th as at the first."""

    game: Game[S]
    state: S
    done: Applied[S] | None = None
    undone: Applied[S] | None = None

    def history(self) -> Iterator[Applied[S]]:
        """The commands that led here, newest first (the device's history view)."""
        applied = self.done
        while applied is not None:
            yield applied
            applied = applied.earlier


class Outcome(Generic[S], Record):
    played: Played[S]
    events: tuple[Text, ...]

    @property
    def state(self) -> S:
        return self.played.state


def parse_line(line: str, rules: GameRules, game: Game[State] | None = None) -> Command | None:
    """One journal line as a command of ``game`` (or one that starts a game); None for blank
    lines and ``#`` comments."""
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return None
    return parse(parse_json(stripped), rules, game)


def parse(obj: object, rules: GameRules, game: Game[State] | None = None) -> Command:
    """A command from its JSON object: the engine's, ``game``'s, or one that starts a game
    (only that game is loaded)."""
    kind = obj.get("type") if isinstance(obj, Mapping) else None
    return parse_command(obj, _types_for(kind, rules, game))


def _types_for(
    kind: object, rules: GameRules, game: Game[State] | None
) -> Mapping[str, type[Command]]:
    """The table that knows ``kind``: a command that starts a game, then ``game``'s own, then
    the engine's. One lookup each, rather than a merged copy of all three for every line of a
    journal; a kind none knows gets the engine's table, and parse_command names the type."""
    if not isinstance(kind, str):
        return ENGINE.types
    starts = rules.starting(kind)
    if starts is not None:
        return {kind: starts.starts_with}
    if game is not None:
        if kind in game.commands.types:
            return game.commands.types
        if kind not in ENGINE.types and rules.knows(kind):
            raise RulesError("journal", "error.journal.not_this_game", type=kind)
    return ENGINE.types


def dump_command(cmd: Command) -> str:
    return dump_json(command_to_json(cmd))


def start(cmd: Command, rules: GameRules) -> Outcome[State]:
    """A new game from its first command, or RulesError."""
    game = rules.started_by(cmd)
    if game is None:
        raise RulesError("journal", "error.journal.first_new_game")
    if cmd.seat is not None:  # a game starts at the table (I13)
        raise RulesError("journal", "error.journal.no_seat", type=cmd.TYPE)
    started, events = game.apply(None, cmd)
    return Outcome(Played(game, started), tuple(events))


def apply(played: Played[S], cmd: Command) -> Outcome[S]:
    """Apply ``cmd`` to ``played``'s game; RulesError if refused, and nothing changed.

    ``undo`` — the same for every game — takes back the last command not itself undone,
    dice included; ``redo`` brings it back until another command is entered.
    """
    if cmd.seat is not None and (isinstance(cmd, Undo | Redo) or played.game.secrets is None):
        # A phone tells what happened to its own faction; undo stays with the table (I13).
        raise RulesError("journal", "error.journal.no_seat", type=cmd.TYPE)
    if isinstance(cmd, Undo):
        return _undo(played)
    if isinstance(cmd, Redo):
        return _redo(played)
    after, events = played.game.apply(played.state, cmd)
    done = Applied(played.state, cmd, played.done)
    return Outcome(Played(played.game, after, done), tuple(events))


def _undo(played: Played[S]) -> Outcome[S]:
    last = played.done
    if last is None:
        raise RulesError("journal", "error.nothing_to_undo")
    undone = Applied(last.before, last.command, played.undone)
    back = Played(played.game, last.before, last.earlier, undone)
    return Outcome(back, (text("event.undone", what=text(f"command.{last.command.TYPE}")),))


def _redo(played: Played[S]) -> Outcome[S]:
    undone = played.undone
    if undone is None:
        raise RulesError("journal", "error.nothing_to_redo")
    # The rules are deterministic and the dice are in the command: applying it again to
    # the same state gives the same state and the same events.
    after, events = played.game.apply(undone.before, undone.command)
    again = Played(
        played.game, after, Applied(undone.before, undone.command, played.done), undone.earlier
    )
    redone = text("event.redone", what=text(f"command.{undone.command.TYPE}"))
    return Outcome(again, (redone, *events))


def submit(played: Played[State] | None, cmd: Command, rules: GameRules) -> Outcome[State]:
    """What a journal line does: start a game (the first line) or apply to the game."""
    return start(cmd, rules) if played is None else apply(played, cmd)


class ReplayError(Exception):
    """A journal line that could not be read or was refused, with its line number."""

    def __init__(self, line: int, error: RulesError) -> None:
        self.line = line
        self.error = error
        super().__init__(f"line {line}: {error.describe()}")


def replayed(lines: Iterable[str], rules: GameRules) -> Iterator[tuple[Command, Outcome[State]]]:
    """Each command of a journal with what it did, in order; ReplayError names the first
    bad line."""
    played: Played[State] | None = None
    for number, line in enumerate(lines, start=1):
        try:
            cmd = parse_line(line, rules, None if played is None else played.game)
            if cmd is None:
                continue
            outcome = submit(played, cmd, rules)
        except RulesError as error:
            raise ReplayError(number, error) from None
        played = outcome.played
        yield cmd, outcome


def replay(lines: Iterable[str], rules: GameRules) -> tuple[Played[State] | None, list[Text]]:
    """Apply a whole journal; ReplayError names the first bad line."""
    played: Played[State] | None = None
    events: list[Text] = []
    for _, outcome in replayed(lines, rules):
        played = outcome.played
        events.extend(outcome.events)
    return played, events


def replay_to_last(lines: Iterable[str], rules: GameRules) -> tuple[Command, Outcome[State]] | None:
    """Apply a whole journal and keep its last command with what it did: after a restart
    the device shows that result again, as it did before the plug was pulled. None for a
    journal with no command."""
    newest = deque(replayed(lines, rules), maxlen=1)  # the states before it are not kept
    return newest[0] if newest else None


def secrets_json(played: Played[State], seat: str) -> SecretsJSON:
    """What only ``seat``'s phone may see of ``played``'s game (a faction's Elder Signs'
    values, rules/cthulhu_wars/JOURNAL.md); never part of :func:`state_json`."""
    secrets = played.game.secrets
    return {} if secrets is None else secrets(played.state, seat)


def state_json(played: Played[State]) -> StateJSON:
    """The public state JSON of ``played``'s game (rules/<game>/JOURNAL.md); its ``game``
    field names the game, and every front end finds the game's parts by it."""
    found = played.game.to_json(played.state)
    if found.get("game") != played.game.name:
        raise ValueError(f"the state JSON of {played.game.name!r} must name its game")
    return found
