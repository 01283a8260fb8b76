"""Journals: JSON Lines of commands; a game is its journal.

This is the front door for everything outside rules/: parse a line, start a game or apply
a command to one, undo and redo, replay a whole journal, and print a state. Which games
exist is the list the caller hands in (``rules.games.GAMES``, or a test's own); the
engine knows none of them.

The engine keeps each game's history (:class:`Played`), as python-chess keeps its move
stack: a game's state holds only the game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic

from rules.codec import dump_json, parse_json
from rules.commands import ENGINE, Command, Redo, Undo, command_to_json, parse_command
from rules.errors import RulesError
from rules.game import Game, Games, S, State
from rules.text import Text, text

if TYPE_CHECKING:
    from rules.json_types import StateJSON


@dataclass(frozen=True)
class HistoryStep(Generic[S]):
    """One accepted command and the state it was applied to; ``earlier``, the step before."""

    before: S
    command: Command
    earlier: HistoryStep[S] | None = None


@dataclass(frozen=True)
class Played(Generic[S]):
    """A game as the engine keeps it: whose rules, the current state, the steps that led
    there (newest first: what undo takes back) and the steps undone since the last new
    command (newest first: what redo brings back). Both are linked lists, so a command
    costs the same at the 10,000th as at the first."""

    game: Game[S]
    state: S
    done: HistoryStep[S] | None = None
    undone: HistoryStep[S] | None = None

    def history(self) -> Iterator[HistoryStep[S]]:
        """The commands that led here, newest first (the device's history view)."""
        step = self.done
        while step is not None:
            yield step
            step = step.earlier


@dataclass(frozen=True)
class Outcome(Generic[S]):
    played: Played[S]
    events: tuple[Text, ...]

    @property
    def state(self) -> S:
        return self.played.state


def parse_line(line: str, games: Games, game: Game[State] | None = None) -> Command | None:
    """One journal line as a command of ``game`` (or one that starts a game); None for blank
    lines and ``#`` comments."""
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return None
    return parse(parse_json(stripped), games, game)


def parse(obj: object, games: Games, game: Game[State] | None = None) -> Command:
    """A command from its JSON object: the engine's, ``game``'s, or one that starts a game
    (only that game is loaded)."""
    kind = obj.get("type") if isinstance(obj, Mapping) else None
    return parse_command(obj, _types_for(kind, games, game))


def _types_for(kind: object, games: Games, game: Game[State] | None) -> Mapping[str, type[Command]]:
    """The table that knows ``kind``: a command that starts a game, then ``game``'s own, then
    the engine's. One lookup each, rather than a merged copy of all three for every line of a
    journal; a kind none knows gets the engine's table, and parse_command names the type."""
    if not isinstance(kind, str):
        return ENGINE.types
    starts = games.starting(kind)
    if starts is not None:
        return {kind: starts.starts_with}
    if game is not None:
        if kind in game.commands.types:
            return game.commands.types
        if kind not in ENGINE.types and games.knows(kind):
            raise RulesError("journal", "error.journal.not_this_game", type=kind)
    return ENGINE.types


def dump_command(cmd: Command) -> str:
    return dump_json(command_to_json(cmd))


def start(cmd: Command, games: Games) -> Outcome[State]:
    """A new game from its first command, or RulesError."""
    game = games.started_by(cmd)
    if game is None:
        raise RulesError("journal", "error.journal.first_new_game")
    started, events = game.apply(None, cmd)
    return Outcome(Played(game, started), tuple(events))


def apply(played: Played[S], cmd: Command) -> Outcome[S]:
    """Apply ``cmd`` to ``played``'s game; RulesError if refused, and nothing changed.

    ``undo`` — the same for every game — takes back the last command not itself undone,
    dice included; ``redo`` brings it back until another command is entered.
    """
    if isinstance(cmd, Undo):
        return _undo(played)
    if isinstance(cmd, Redo):
        return _redo(played)
    after, events = played.game.apply(played.state, cmd)
    done = HistoryStep(played.state, cmd, played.done)
    return Outcome(Played(played.game, after, done), tuple(events))


def _undo(played: Played[S]) -> Outcome[S]:
    step = played.done
    if step is None:
        raise RulesError("journal", "error.nothing_to_undo")
    undone = HistoryStep(step.before, step.command, played.undone)
    back = Played(played.game, step.before, step.earlier, undone)
    return Outcome(back, (text("event.undone", what=text(f"command.{step.command.TYPE}")),))


def _redo(played: Played[S]) -> Outcome[S]:
    step = played.undone
    if step is None:
        raise RulesError("journal", "error.nothing_to_redo")
    # The rules are deterministic and the dice are in the command: applying it again to
    # the same state gives the same state and the same events.
    after, events = played.game.apply(step.before, step.command)
    again = Played(
        played.game, after, HistoryStep(step.before, step.command, played.done), step.earlier
    )
    redone = text("event.redone", what=text(f"command.{step.command.TYPE}"))
    return Outcome(again, (redone, *events))


def submit(played: Played[State] | None, cmd: Command, games: Games) -> Outcome[State]:
    """What a journal line does: start a game (the first line) or apply to the game."""
    return start(cmd, games) if played is None else apply(played, cmd)


class ReplayError(Exception):
    """A journal line that could not be read or was refused, with its line number."""

    def __init__(self, line: int, error: RulesError) -> None:
        self.line = line
        self.error = error
        super().__init__(f"line {line}: {error.describe()}")


def replayed(lines: Iterable[str], games: Games) -> Iterator[tuple[Command, Outcome[State]]]:
    """Each command of a journal with what it did, in order; ReplayError names the first
    bad line."""
    played: Played[State] | None = None
    for number, line in enumerate(lines, start=1):
        try:
            cmd = parse_line(line, games, None if played is None else played.game)
            if cmd is None:
                continue
            outcome = submit(played, cmd, games)
        except RulesError as error:
            raise ReplayError(number, error) from None
        played = outcome.played
        yield cmd, outcome


def replay(lines: Iterable[str], games: Games) -> tuple[Played[State] | None, list[Text]]:
    """Apply a whole journal; ReplayError names the first bad line."""
    played: Played[State] | None = None
    events: list[Text] = []
    for _, outcome in replayed(lines, games):
        played = outcome.played
        events.extend(outcome.events)
    return played, events


def replay_to_last(lines: Iterable[str], games: Games) -> tuple[Command, Outcome[State]] | None:
    """Apply a whole journal and keep its last command with what it did: after a restart
    the device shows that result again, as it did before the plug was pulled. None for a
    journal with no command."""
    newest = deque(replayed(lines, games), maxlen=1)  # the states before it are not kept
    return newest[0] if newest else None


def state_json(played: Played[State]) -> StateJSON:
    """The public state JSON of ``played``'s game (rules/<game>/JOURNAL.md); its ``game``
    field names the game, and every front end finds the game's parts by it."""
    found = played.game.to_json(played.state)
    if found.get("game") != played.game.name:
        raise ValueError(f"the state JSON of {played.game.name!r} must name its game")
    return found
