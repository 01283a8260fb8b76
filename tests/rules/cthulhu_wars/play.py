"""Helpers to drive the rules from tests the way a journal does."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from rules.commands import Command
from rules.cthulhu_wars.game import CTHULHU_WARS, state_to_json
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.games import RULES
from rules.journal import Outcome, Played, apply, parse, start
from rules.text import Text

THREE = ["great_cthulhu", "crawling_chaos", "yellow_sign"]


def cmd(obj: dict[str, Any] | Command) -> Command:
    return obj if isinstance(obj, Command) else parse(obj, RULES, CTHULHU_WARS)


def step(state: GameState | None, item: dict[str, Any] | Command) -> Outcome:
    """One command through the engine, on ``state`` (a game with no history) or to start."""
    if state is None:
        return start(cmd(item), RULES)
    return apply(Played(CTHULHU_WARS, state), cmd(item))


def play(*commands: dict[str, Any] | Command, state: GameState | None = None) -> GameState:
    played = None if state is None else Played(CTHULHU_WARS, state)
    for item in commands:
        played = (start(cmd(item), RULES) if played is None else apply(played, cmd(item))).played
    assert played is not None
    return played.state  # type: ignore[no-any-return]


def events(state: GameState | None, item: dict[str, Any] | Command) -> list[str]:
    return [str(event) for event in step(state, item).events]


def refused(state: GameState | None, item: dict[str, Any] | Command, rule: str) -> RulesError:
    """Assert the rules refuse ``item`` citing ``rule``, and that nothing changed."""
    before = state_to_json(state) if state is not None else None
    with pytest.raises(RulesError) as caught:
        step(state, item)
    assert caught.value.rule == rule, caught.value.describe()
    if state is not None:
        assert state_to_json(state) == before
    return caught.value


def new_game(factions: Iterable[str] = THREE, **extra: Any) -> GameState:
    return play({"type": "new_game", "map": "celaeno", "factions": list(factions), **extra})


def phases(n: int) -> list[dict[str, Any]]:
    return [{"type": "next_phase"}] * n


def to_round_two_action(state: GameState) -> GameState:
    """Round 1 Action → round 2 Gather Power → First Player → Doom → Action (T1, T2)."""
    return play(*phases(4), state=state)


def gate(area: str, controller: str | None, present: bool = True) -> dict[str, Any]:
    return {"type": "set_gate", "area": area, "gate": present, "controller": controller}


def activate(monster: str, by: str, area: str) -> dict[str, Any]:
    return {"type": "activate", "monster": monster, "by": by, "area": area}


def roll(*values: int) -> dict[str, Any]:
    return {"type": "roll", "values": list(values)}


def assign(present: dict[str, int], split: dict[str, int]) -> dict[str, Any]:
    return {"type": "assign_agony", "present": present, "assign": split}


def satisfy(
    faction: str, units: int = 0, doom: int = 0, tomes: list[str] | None = None
) -> dict[str, Any]:
    return {
        "type": "satisfy",
        "faction": faction,
        "units": units,
        "doom": doom,
        "tomes": tomes or [],
    }


def as_json(state: GameState) -> dict[str, Any]:
    return json.loads(json.dumps(state_to_json(state)))


def words(texts: Iterable[Text]) -> list[str]:
    return [str(t) for t in texts]
