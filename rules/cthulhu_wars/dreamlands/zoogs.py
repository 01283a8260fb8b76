"""The Zoogs (D13–D20): the end-of-Doom dice, arrivals on the Surface Citadels, removal."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from rules.cthulhu_wars.checks import require_area, require_dreamlands
from rules.cthulhu_wars.commands import ZoogsRemoved
from rules.cthulhu_wars.dreamlands.common import D6, change_gate_quietly
from rules.cthulhu_wars.dreamlands.record import changed, of
from rules.cthulhu_wars.factions import YOG_SOTHOTH
from rules.cthulhu_wars.maps.dreamlands import citadel_for_roll, citadels
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.state import GameState, Gate, RollPending
from rules.errors import RulesError
from rules.text import text
from rules.values import frozen

ZOOGS = 6  # D13: six figures in the box


def off_map(state: GameState) -> int:
    return ZOOGS - sum(of(state).zoogs.values())


def call(state: GameState) -> Applied:
    """D14, D20: one die per Zoog off the map (none when all six are on it)."""
    missing = off_map(state)
    if missing == 0:
        return state, [text("event.zoogs_all_on_map")]
    state = replace(state, pending=RollPending("zoogs", missing, D6))
    return state, [text("event.zoogs_roll", n=missing)]


def rolled(state: GameState, values: tuple[int, ...]) -> Applied:
    """D14: each Zoog goes to the Surface Citadel its die names (told in label order)."""
    state = replace(state, pending=None)
    arriving = Counter(citadel_for_roll("surface", value) for value in values)
    events: Events = []
    for area in citadels("surface"):
        if arriving[area]:
            state, more = _arrive(state, area, arriving[area])
            events += more
    return state, events


def _arrive(state: GameState, area: str, count: int) -> Applied:
    """D15: the controller is put off the Gate, unless it is Yog-Sothoth (D17)."""
    zoogs = dict(of(state).zoogs)
    zoogs[area] = zoogs.get(area, 0) + count
    state = _with_zoogs(state, zoogs)
    gate = state.gates.get(area)
    if gate is None or gate.controller is None:
        return state, [text("event.zoogs_arrive", n=count, area=area)]
    if gate.unit == YOG_SOTHOTH:
        return state, [text("event.zoogs_arrive_yog", n=count, area=area)]
    arrival = text("event.zoogs_arrive_abandon", n=count, area=area, faction=gate.controller)
    state, follow = change_gate_quietly(state, area, Gate())
    return state, [arrival, *follow]


def removed(state: GameState, cmd: ZoogsRemoved) -> Applied:
    """D18, D19: Zoogs killed, removed or moved off a Citadel leave the map until D20."""
    require_dreamlands(state, "D18")
    require_area(state, cmd.area)
    here = of(state).zoogs.get(cmd.area, 0)
    if cmd.count < 1:
        raise RulesError("D18", "error.zoogs_count", count=cmd.count)
    if here == 0:
        raise RulesError("D18", "error.no_zoogs_there", area=cmd.area)
    if cmd.count > here:
        raise RulesError("D18", "error.zoogs_too_many", n=here, area=cmd.area, count=cmd.count)
    zoogs = dict(of(state).zoogs)
    zoogs[cmd.area] = here - cmd.count
    events: Events = [text("event.zoogs_removed", n=cmd.count, area=cmd.area)]
    if zoogs[cmd.area] == 0:  # journal spec: Areas without Zoogs are absent (_with_zoogs)
        events.append(text("event.zoogs_cleared", area=cmd.area))
    return _with_zoogs(state, zoogs), events


def _with_zoogs(state: GameState, zoogs: dict[str, int]) -> GameState:
    """Kept in label order, so that the state reads like the board."""
    ordered = {area: zoogs[area] for area in citadels("surface") if zoogs.get(area)}
    return changed(state, zoogs=frozen(ordered))
