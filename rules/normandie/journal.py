"""Replaying a Normandie journal (JSON Lines) from its text: what ``celaeno replay`` needs.

Reading the file is the caller's business (rules/ does no I/O); this turns its
lines into the final state and every event, stopping at the first refused or
malformed command with its line number.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from rules.commands import parse_command
from rules.errors import JournalError, RulesError
from rules.normandie.commands import NzNewBattle
from rules.normandie.engine import apply
from rules.normandie.state import NormandieState
from rules.text import Text


class ReplayError(RulesError):
    """A journal line that cannot be replayed; ``line`` is 1-based, ``error`` the cause."""

    def __init__(self, line: int, error: RulesError) -> None:
        self.line = line
        self.error = error
        super().__init__(error.rule, "error.normandie.replay_line", line=line, reason=error.reason)


def is_normandie_journal(first_command: object) -> bool:
    """Whether a journal's first command starts a Normandie battle (for the replay dispatcher)."""
    return isinstance(first_command, dict) and first_command.get("type") == NzNewBattle.TYPE


def replay(lines: Iterable[str]) -> tuple[NormandieState, list[Text]]:
    state: NormandieState | None = None
    events: list[Text] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            state, new = apply(state, parse_command(_json(line)))
        except RulesError as error:
            raise ReplayError(number, error) from error
        events += new
    if state is None:
        raise ReplayError(0, RulesError("setup", "error.normandie.no_battle"))
    return state, events


def _json(line: str) -> object:
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise JournalError("error.normandie.bad_json", column=error.colno) from error
