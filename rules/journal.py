"""Journals: JSON Lines of commands (spec/journal.md); a game is its journal.

This is the front door for everything outside rules/: parse a line, apply a command
to whatever game it belongs to, replay a whole journal, and print a state.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from rules import engine
from rules.commands import Command, command_to_json, parse_command
from rules.errors import JournalError, RulesError
from rules.state import GameState, state_to_json
from rules.text import Text

State = GameState


@dataclass(frozen=True)
class Outcome:
    state: State
    events: tuple[Text, ...]


def parse_line(line: str) -> Command | None:
    """One journal line as a command; None for blank lines and ``#`` comments."""
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return None
    try:
        obj = json.loads(stripped)
    except json.JSONDecodeError as error:
        raise JournalError("error.journal.bad_json", detail=error.msg, column=error.colno) from None
    return parse_command(obj)


def dump_command(cmd: Command) -> str:
    return json.dumps(command_to_json(cmd), ensure_ascii=False)


def apply(state: State | None, cmd: Command) -> Outcome:
    new_state, events = engine.apply(state, cmd)
    return Outcome(new_state, tuple(events))


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
    return state_to_json(state)
