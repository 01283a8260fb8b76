"""The Dreamlands map: the Bhole, the Zoogs and the Citadel victory (D1–D20).

Hooks the engine calls (keep their signatures):
- ``setup(state)`` at new_game (D7);
- ``end_of_doom(state)`` when the Doom Phase ends (D8, D12, D14): returns a state with a
  pending roll, or with ``pending`` None when nothing is left to roll — the engine then
  starts the Action Phase;
- ``resolve_roll(state, values)`` for rolls whose purpose is "bhole" or "zoogs";
- ``check_control(state, area, controller, unit)`` before a Gate changes hands (D16);
- ``after_gate_change(state)`` after any Gate change (D5, D6);
- ``HANDLERS`` for the commands ``bhole``, ``zoogs_removed`` and ``yog_sothoth``.
"""

from __future__ import annotations

from dataclasses import replace

from rules.commands import Command
from rules.outcome import Handler, Step
from rules.state import GameState

VALE_OF_PNATH = "vale_of_pnath"


def setup(state: GameState) -> GameState:
    return replace(state, bhole=VALE_OF_PNATH)  # D7


def end_of_doom(state: GameState) -> Step:
    return state, []


def resolve_roll(state: GameState, values: tuple[int, ...]) -> Step:
    return state, []


def check_control(state: GameState, area: str, controller: str | None, unit: str | None) -> None:
    return None


def after_gate_change(state: GameState) -> Step:
    return state, []


HANDLERS: dict[type[Command], Handler] = {}
