"""Commands parsed and journals replayed as the engine does, for tests that do not care
which game's.

``KNOWN`` is every type in the engine's table and in every listed game's: a journal
parses against the engine's and its own game's only (``rules.journal.parse``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from rules.commands import ENGINE, Command, parse_command
from rules.game import State
from rules.games import RULES
from rules.journal import replay
from rules.text import Text


def known_types() -> Mapping[str, type[Command]]:
    return {
        **ENGINE.types,
        **{kind: cls for game in RULES.parts for kind, cls in game.commands.types.items()},
    }


def parse_any(obj: object) -> Command:
    """A command of any listed game (or the engine's) from its JSON object."""
    return parse_command(obj, known_types())


def replay_game(lines: Iterable[str]) -> tuple[State | None, list[Text]]:
    """``rules.journal.replay`` of every listed game, giving the game's state."""
    played, events = replay(lines, RULES)
    return (None if played is None else played.state), events


def parse_any_line(line: str) -> Command:
    """A journal line of any listed game as its command (a test's line is never blank)."""
    return parse_any(json.loads(line))
