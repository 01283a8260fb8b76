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

The rules themselves live in ``dreamlands_bhole`` (D7–D12), ``dreamlands_zoogs``
(D13–D20) and ``dreamlands_citadels`` (D4–D6, D16, D17).
"""

from __future__ import annotations

from dataclasses import replace

from rules import dreamlands_bhole as bhole
from rules import dreamlands_citadels as citadels
from rules import dreamlands_zoogs as zoogs
from rules.commands import BholeResult, Command, YogSothoth, ZoogsRemoved
from rules.maps.dreamlands import VALE_OF_PNATH
from rules.outcome import Handler, Step
from rules.state import GameState, RollPending


def setup(state: GameState) -> GameState:
    return replace(state, bhole=VALE_OF_PNATH)  # D7; the six Zoogs start off the map (D13)


def end_of_doom(state: GameState) -> Step:
    """The Bhole first (D8, D12), then the Zoogs (D14); each may wait for its dice."""
    state, events = bhole.act(state)
    if state.pending is not None:
        return state, events
    state, more = zoogs.call(state)
    return state, events + more


def resolve_roll(state: GameState, values: tuple[int, ...]) -> Step:
    pending = state.pending
    assert isinstance(pending, RollPending)  # the engine checked count and faces
    if pending.purpose == "zoogs":
        return zoogs.rolled(state, values)
    state, events = bhole.rolled(state, values[0])
    state, more = zoogs.call(state)  # D14: after the Bhole's die
    return state, events + more


def check_control(state: GameState, area: str, controller: str | None, unit: str | None) -> None:
    citadels.check_control(state, area, controller, unit)  # D16, D17


def after_gate_change(state: GameState) -> Step:
    return citadels.check_victory(state)  # D5, D6


HANDLERS: dict[type[Command], Handler] = {
    BholeResult: bhole.battle_result,
    ZoogsRemoved: zoogs.removed,
    YogSothoth: citadels.move_yog_sothoth,
}
