"""Helpers to play a Cthulhu Wars game with the scoreboard (K1–K15) through the journal."""

from __future__ import annotations

from typing import Any

from rules.cthulhu_wars.game import state_to_json
from rules.cthulhu_wars.state import GameState
from tests.rules.cthulhu_wars.play import new_game, play

FOUR = ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"]


def scored_game(factions: list[str] = FOUR, **extra: Any) -> GameState:
    return new_game(factions, settings={"scoreboard": True}, **extra)


def board(state: GameState) -> dict[str, Any]:
    score: dict[str, Any] = state_to_json(state)["scoreboard"]
    return score


def pending(state: GameState) -> dict[str, Any] | None:
    found: dict[str, Any] | None = state_to_json(state)["pending"]
    return found


def gather(**power: int) -> dict[str, Any]:
    return {"type": "gather_power", "power": power}


def choose(faction: str, direction: str = "clockwise") -> dict[str, Any]:
    return {"type": "first_player", "faction": faction, "direction": direction}


def ritual(faction: str, great_old_ones: int | None = None) -> dict[str, Any]:
    if great_old_ones is None:
        return {"type": "ritual", "faction": faction, "perform": False}
    return {"type": "ritual", "faction": faction, "perform": True, "great_old_ones": great_old_ones}


def everyone(state: GameState, power: int) -> dict[str, Any]:
    return gather(**{f: power for f in state.factions})


def to_doom(state: GameState, power: dict[str, int] | None = None) -> GameState:
    """From an Action Phase through Gather Power and First Player to the first Ritual."""
    state = play({"type": "next_phase"}, state=state)
    state = play(gather(**(power or {f: 8 for f in state.factions})), state=state)
    state = play({"type": "next_phase"}, state=state)
    chooser = pending(state)
    assert chooser is not None
    state = play(choose(chooser["candidates"][0]), state=state)
    return play({"type": "next_phase"}, state=state)


def pass_all(state: GameState) -> GameState:
    while (asked := pending(state)) is not None and asked["kind"] == "ritual":
        state = play(ritual(asked["faction"]), state=state)
    return state
