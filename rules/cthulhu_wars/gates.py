"""Gates the players report from the board (``set_gate``), and what follows from them."""

from __future__ import annotations

from dataclasses import replace

from rules.cthulhu_wars.checks import require_area, require_faction
from rules.cthulhu_wars.commands import SetGate
from rules.cthulhu_wars.expansions import expansion
from rules.cthulhu_wars.factions import OPENER, YOG_SOTHOTH
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.state import GameState, Gate
from rules.errors import RulesError
from rules.text import Text, text
from rules.values import frozen


def set_gate(state: GameState, cmd: SetGate) -> Applied:
    require_area(state, cmd.area)
    if cmd.gate:
        _check_new_control(state, cmd)
        gate: Gate | None = Gate(cmd.controller, cmd.unit)
    else:
        if cmd.controller is not None or cmd.unit is not None:
            raise RulesError("T4", "error.no_gate_no_controller", area=cmd.area)
        if cmd.area not in state.gates:
            raise RulesError("T4", "error.no_gate_there", area=cmd.area)
        gate = None
    return change_gate(state, cmd.area, gate)


def change_gate(state: GameState, area: str, gate: Gate | None) -> Applied:
    """Put ``gate`` in ``area`` (None removes it) and run every rule that follows."""
    before = state
    gates = dict(state.gates)
    if gate is None:
        gates.pop(area, None)
    else:
        gates[area] = gate
    state = replace(state, gates=frozen(gates))
    events: Events = [_gate_event(area, gate)]
    state, follow = expansion(state.map).after_gate_change(before, state)  # C6, C7; D5, D6
    return state, events + follow


def _gate_event(area: str, gate: Gate | None) -> Text:
    if gate is None:
        return text("event.gate_removed", area=area)
    if gate.controller is None:
        return text("event.gate_abandoned", area=area)
    return text("event.gate_controlled", area=area, faction=gate.controller)


def _check_new_control(state: GameState, cmd: SetGate) -> None:
    if cmd.controller is None:
        if cmd.unit is not None:
            raise RulesError("D6", "error.unit_without_controller", area=cmd.area)
        return
    require_faction(state, cmd.controller)
    if cmd.unit is not None and (cmd.unit != YOG_SOTHOTH or cmd.controller != OPENER):
        raise RulesError("D6", "error.gate_unit", unit=cmd.unit)
    already = state.controller(cmd.area) == cmd.controller
    for monster, rule in (("custodian", "C14"), ("librarian", "C18")):
        if getattr(state, monster) == cmd.area and not already:
            raise RulesError(rule, "error.monster_blocks_gate", monster=monster, area=cmd.area)
    expansion(state.map).check_control(state, cmd.area, cmd.controller, cmd.unit)  # D16, D17
