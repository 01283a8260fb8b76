"""Journals: JSON Lines of commands; a game is its journal.

This is the front door for everything outside rules/: parse a line, apply a command
to whatever game it belongs to (``rules.game``), replay a whole journal, and print a
state. The games themselves are registered by ``rules.games``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from rules.codec import dump_json, parse_json
from rules.commands import Command, Undo, command_to_json, parse_command
from rules.errors import RulesError
from rules.game import game_of, game_started_by
from rules.text import Text, text

# A state of any registered game: each game's own frozen dataclass (see rules.game).
State = Any


@dataclass(frozen=True)
class Outcome:
    state: State
    events: tuple[Text, ...]


def parse_line(line: str) -> Command | None:
    """One journal line as a command; None for blank lines and ``#`` comments."""
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return None
    return parse_command(parse_json(stripped))


def dump_command(cmd: Command) -> str:
    return dump_json(command_to_json(cmd))


def apply(state: State | None, cmd: Command) -> Outcome:
    """Apply ``cmd`` to whichever game ``state`` is (or start one); RulesError if refused.

    Every accepted command keeps the state before it (``previous``), so ``undo`` — the
    same for every game — takes back the last command not itself undone, dice included.
    """
    if isinstance(cmd, Undo):
        return _undo(state)
    if state is None:
        game = game_started_by(cmd)
        if game is None:
            raise RulesError("journal", "error.journal.first_new_game")
        started, events = game.apply(None, cmd)
        return Outcome(started, tuple(events))
    after, events = game_of(state).apply(state, cmd)
    return Outcome(replace(after, previous=state, last_command=cmd), tuple(events))


def _undo(state: State | None) -> Outcome:
    if state is None or state.previous is None or state.last_command is None:
        raise RulesError("journal", "error.nothing_to_undo")
    undone = text("event.undone", what=text(f"command.{state.last_command.TYPE}"))
    return Outcome(state.previous, (undone,))


def read_journal(lines: Iterable[str]) -> Iterator[tuple[int, Command]]:
    """(line number, command) for each command line; JournalError carries no line number."""
    for number, line in enumerate(lines, start=1):
        cmd = parse_line(line)
        if cmd is not None:
            yield number, cmd


class ReplayError(Exception):
    """A journal line that could not be read or was refused, with its line number."""

    def __init__(self, line: int, error: RulesError) -> None:
        self.line = line
        self.error = error
        super().__init__(f"line {line}: {error.describe()}")


def replay(lines: Iterable[str]) -> tuple[State | None, list[Text]]:
    """Apply a whole journal; ReplayError names the first bad line."""
    state: State | None = None
    events: list[Text] = []
    for number, line in enumerate(lines, start=1):
        try:
            cmd = parse_line(line)
            if cmd is None:
                continue
            outcome = apply(state, cmd)
        except RulesError as error:
            raise ReplayError(number, error) from None
        state = outcome.state
        events.extend(outcome.events)
    return state, events


def state_json(state: State) -> dict[str, Any]:
    """The public state JSON of ``state``'s game (rules/<game>/JOURNAL.md)."""
    found: dict[str, Any] = game_of(state).to_json(state)
    return found
