"""The Citadels (D4–D6), Yog-Sothoth (D6, D9, D17) and who may control a Gate (D16)."""

from __future__ import annotations

from dataclasses import replace

from rules.cthulhu_wars.checks import require_area, require_dreamlands
from rules.cthulhu_wars.commands import YogSothoth
from rules.cthulhu_wars.dreamlands.common import change_gate_quietly
from rules.cthulhu_wars.dreamlands.record import changed, of
from rules.cthulhu_wars.factions import OPENER, YOG_SOTHOTH
from rules.cthulhu_wars.maps.dreamlands import citadels
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.state import GameState, Gate
from rules.errors import RulesError
from rules.text import Text, text


def check_control(state: GameState, area: str, controller: str | None, unit: str | None) -> None:
    """D16: no control in a Zoog Area, except by Yog-Sothoth (D17), who must be there."""
    if state.map != "dreamlands" or controller is None:
        return
    with_yog = unit == YOG_SOTHOTH  # gates has checked that only Opener names it
    if with_yog and of(state).yog_sothoth != area:
        raise RulesError("D17", "error.yog_not_there", area=area)
    zoogs = of(state).zoogs.get(area, 0)
    if zoogs and not with_yog:
        raise RulesError("D16", "error.zoogs_block_gate", n=zoogs, area=area)


def counts_for(state: GameState, area: str, faction: str) -> bool:
    """D5, D6: a Citadel counts for the controller of its Gate, and for Opener of the
    Way while Yog-Sothoth stands there (even if another faction controls that Gate)."""
    if faction == OPENER and of(state).yog_sothoth == area:
        return True
    return state.controller(area) == faction


def check_victory(state: GameState) -> Applied:
    """D5: all four Citadels of one board win at once, on either board."""
    if state.map != "dreamlands" or state.winner is not None:
        return state, []
    for board in state.sides:
        for faction in state.factions:
            if all(counts_for(state, area, faction) for area in citadels(board)):
                return replace(state, winner=faction), [_victory(state, board, faction)]
    return state, []


def _victory(state: GameState, board: str, faction: str) -> Text:
    yog = of(state).yog_sothoth
    if faction == OPENER and yog in citadels(board) and state.controller(yog) != faction:
        return text("event.citadel_victory_yog", faction=faction, board=board, area=yog)
    return text("event.citadel_victory", faction=faction, board=board)


def move_yog_sothoth(state: GameState, cmd: YogSothoth) -> Applied:
    """Where Yog-Sothoth stands (D6, D9, D17); a Gate it held elsewhere loses it."""
    require_dreamlands(state, "D6")
    if OPENER not in state.factions:
        raise RulesError("D6", "error.no_opener")
    if cmd.area is not None:
        require_area(state, cmd.area)
    state = changed(state, yog_sothoth=cmd.area)
    moved = text("event.yog_moves", area=cmd.area) if cmd.area else text("event.yog_off_map")
    events: Events = [moved]
    for area, gate in list(state.gates.items()):
        if gate.unit == YOG_SOTHOTH and area != cmd.area:
            state, more = _yog_leaves_gate(state, area)
            events += more
    state, won = check_victory(state)
    return state, events + won


def _yog_leaves_gate(state: GameState, area: str) -> Applied:
    """Zoogs there: abandoned (D16). Otherwise Opener keeps it until the table says not."""
    if of(state).zoogs.get(area, 0):
        state, follow = change_gate_quietly(state, area, Gate())
        return state, [text("event.yog_leaves_gate_zoogs", area=area), *follow]
    state, follow = change_gate_quietly(state, area, Gate(OPENER))
    return state, [text("event.yog_leaves_gate", area=area, faction=OPENER), *follow]
