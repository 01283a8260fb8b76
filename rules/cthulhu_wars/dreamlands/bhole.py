"""The Bhole (D7–D12): its end-of-Doom attack, its die, and Battles against it."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from rules.cthulhu_wars.checks import require_dreamlands
from rules.cthulhu_wars.commands import BholeResult
from rules.cthulhu_wars.dreamlands.common import D6, change_gate_quietly
from rules.cthulhu_wars.dreamlands.record import changed, of
from rules.cthulhu_wars.maps.dreamlands import VALE_OF_PNATH, citadel_for_roll
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.state import GameState, RollPending
from rules.errors import RulesError
from rules.text import text

How = Literal["moves", "stays", "returns"]
PASSION = "yellow_sign"  # D8: the Bhole's victims count as eliminated by an enemy


def act(state: GameState) -> Applied:
    """D12 respawn, or D8: destroy the Gate where it stands, or ask for its die."""
    if of(state).bhole_killed:
        state = changed(state, bhole=VALE_OF_PNATH, bhole_killed=False)
        return _attack(state, VALE_OF_PNATH, "returns")
    where = of(state).bhole
    assert where is not None  # on the map unless killed (D7, D12)
    if where in state.gates:
        return _attack(state, where, "stays")
    state = replace(state, pending=RollPending("bhole", 1, D6))
    return state, [text("event.bhole_roll")]


def rolled(state: GameState, value: int) -> Applied:
    """D8: to the Underworld Citadel whose label shows ``value``; its Gate is destroyed."""
    target = citadel_for_roll("underworld", value)
    how: How = "stays" if target == of(state).bhole else "moves"
    state, events = _attack(replace(changed(state, bhole=target), pending=None), target, how)
    return state, [text("event.bhole_rolled", value=value), *events]  # what the die showed


def _attack(state: GameState, area: str, how: How) -> Applied:
    """The Bhole arrives (or stays) in ``area``: D9 Yog-Sothoth dies, D8 the Gate goes."""
    gate = state.gates.get(area)
    events: Events = []
    if gate is None:
        events.append(text(f"event.bhole_{how}", area=area))
    elif gate.controller is None:
        events.append(text(f"event.bhole_{how}_gate", area=area))
    else:
        events.append(text(f"event.bhole_{how}_gate_unit", area=area, faction=gate.controller))
        if gate.controller == PASSION:
            events.append(text("event.bhole_passion", faction=gate.controller))
    # D9: the Area the Bhole attacks is the one it acts in (stays in, moves to, reappears
    # in). Interpretation: Yog-Sothoth there dies even if that Area has no Gate.
    if of(state).yog_sothoth == area:
        state = changed(state, yog_sothoth=None)
        events.append(text("event.bhole_kills_yog", area=area))
    if gate is not None:
        state, follow = change_gate_quietly(state, area, None)
        events += follow
    return state, events


def battle_result(state: GameState, cmd: BholeResult) -> Applied:
    """D10: one Kill destroys it (back at the next Doom, D12); a Pain sends it to the Vale."""
    require_dreamlands(state, "D10")
    if state.phase != "action":
        raise RulesError("D10", "error.battle_action_only")
    if of(state).bhole is None:
        raise RulesError("D12", "error.bhole_not_on_map")
    if cmd.event == "killed":
        state = changed(state, bhole=None, bhole_killed=True)
        return state, [text("event.bhole_killed", area=VALE_OF_PNATH)]
    if of(state).bhole == VALE_OF_PNATH:
        return state, [text("event.bhole_pain_ignored", area=VALE_OF_PNATH)]
    return changed(state, bhole=VALE_OF_PNATH), [text("event.bhole_pained", area=VALE_OF_PNATH)]
