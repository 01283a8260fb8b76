"""Map expansions: what the Library at Celaeno and the Dreamlands add to Cthulhu Wars.

The core of the game (engine, phases, gates, setup) calls these hooks for the map
being played and never imports an expansion: ``MAPS`` names where each map's hooks
live, so adding a map is a folder and a line there, and no expansion can close an import
cycle through the core.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field
from types import MappingProxyType
from typing import TYPE_CHECKING

from rules.commands import Command
from rules.cthulhu_wars.outcome import Applied, Handler
from rules.cthulhu_wars.state import GameState
from rules.parts import Parts
from rules.values import Record

if TYPE_CHECKING:
    from typing import TypeVar

    from rules.cthulhu_wars.json_types import MapKeysJSON

    K = TypeVar("K")
    V = TypeVar("V")

# Rolls: a pending roll's purpose → (the rule that asks for it, what the dice do).
RollResolver = Callable[[GameState, tuple[int, ...]], Applied]


def _unchanged(state: GameState) -> GameState:
    return state


def _no_events(state: GameState) -> Applied:
    return state, []


def _no_doom_end(state: GameState) -> Applied | None:
    return None


def _any_control(state: GameState, area: str, controller: str | None, unit: str | None) -> None:
    return None


def _nothing_follows(before: GameState, after: GameState) -> Applied:
    return after, []


def _no_keys(state: GameState) -> MapKeysJSON:
    return {}


def _empty() -> Mapping[K, V]:
    return MappingProxyType({})


class Expansion(Record):
    """The hooks of one map; every hook has a default that changes nothing."""

    map: str
    setup: Callable[[GameState], GameState] = _unchanged  # at new_game
    doom_begins: Callable[[GameState], Applied] = _no_events  # the Doom Phase has just begun
    # The Doom Phase is ending: an Applied (maybe with a roll pending) replaces the move to
    # the Action Phase, or None lets the round go on as usual.
    doom_ends: Callable[[GameState], Applied | None] = _no_doom_end
    check_control: Callable[[GameState, str, str | None, str | None], None] = _any_control
    after_gate_change: Callable[[GameState, GameState], Applied] = _nothing_follows
    rolls: Mapping[str, tuple[str, RollResolver]] = field(default_factory=_empty)
    # The keys the map adds to the state JSON, after the core's (its own record's).
    state_json: Callable[[GameState], MapKeysJSON] = _no_keys
    handlers: Mapping[type[Command], Handler] = field(default_factory=_empty)


# The maps, each named by where its hooks live: the core loads a map's hooks when a game
# on that map asks for them and never imports an expansion module itself.
MAPS = Parts[Expansion](
    "map",
    {
        "celaeno": "rules.cthulhu_wars.library.hooks:LIBRARY",
        "dreamlands": "rules.cthulhu_wars.dreamlands.hooks:DREAMLANDS",
    },
)


def expansion(map_name: str) -> Expansion:
    """The hooks of ``map_name``."""
    return MAPS.get(map_name)


def handler_for(kind: type[Command]) -> Handler | None:
    """The handler of a map's own command, whatever map is played: the handler itself
    refuses a command of another map, naming its rule (C16 on the Dreamlands, D16 …)."""
    for listed in MAPS:
        if kind in listed.handlers:
            return listed.handlers[kind]
    return None


def roll(purpose: str) -> tuple[str, RollResolver]:
    """The rule that asks for a roll of ``purpose`` and what its dice do."""
    for listed in MAPS:
        if purpose in listed.rolls:
            return listed.rolls[purpose]
    raise KeyError(purpose)
