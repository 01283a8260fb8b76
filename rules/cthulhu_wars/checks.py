"""Small guards shared by the command handlers; each raises a RulesError naming the rule."""

from __future__ import annotations

from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError


def require_faction(state: GameState, faction: str, rule: str = "T3") -> None:
    if faction not in state.factions:
        raise RulesError(rule, "error.faction_not_playing", faction=faction)


def require_area(state: GameState, area: str) -> None:
    if area not in state.areas:
        raise RulesError("T4", "error.unknown_area", area=area, map=state.map)


def require_library(state: GameState, rule: str) -> None:
    if state.map != "celaeno":
        raise RulesError(rule, "error.library_only")


def require_dreamlands(state: GameState, rule: str) -> None:
    if state.map != "dreamlands":
        raise RulesError(rule, "error.dreamlands_only")


def require_count(value: int, rule: str, what: str) -> None:
    if value < 0:
        raise RulesError(rule, "error.negative", what=what, value=value)
