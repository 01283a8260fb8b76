"""Terrain entered after the battle began: impassable spaces (I4) and Mass Graves (Z10).

``nz_new_battle`` can carry the whole terrain, but a table entering it on the device
needs the grid to point at, and the grid exists only once the battle does. So during
setup one command sets what one space is. Each space gets exactly one terrain: marking
it impassable takes it out of any Mass Grave and the other way round; "open" clears
it. A Mass Grave may span several spaces (a terrain element bearing the symbol): a
space named with an existing grave's id joins it, and must agree on X1.
"""

from __future__ import annotations

from dataclasses import replace

from rules.errors import RulesError
from rules.normandie.battlefield import MassGrave, Space, space_on
from rules.normandie.commands import NzTerrain
from rules.normandie.sentences import label
from rules.normandie.state import SETUP, NormandieState
from rules.text import Text, text

OPEN, IMPASSABLE, MASS_GRAVE = "open", "impassable", "mass_grave"
TERRAINS: tuple[str, ...] = (OPEN, IMPASSABLE, MASS_GRAVE)


def set_terrain(state: NormandieState, cmd: NzTerrain) -> tuple[NormandieState, list[Text]]:
    rule = "Z10" if cmd.terrain == MASS_GRAVE else "I4"
    if state.phase != SETUP:
        raise RulesError(rule, "error.normandie.terrain_phase")
    if cmd.terrain not in TERRAINS:
        raise RulesError(rule, "error.normandie.terrain_kind", terrain=cmd.terrain)
    space = space_on(state.battlefield, cmd.space, rule)
    _check_fields(cmd)
    if cmd.terrain == IMPASSABLE:
        _check_can_block(state, space)
    if cmd.terrain == MASS_GRAVE:
        _check_grave(state, space, cmd)
    if terrain_of(state, space) == _wanted(cmd):
        raise RulesError(rule, "error.normandie.terrain_same", space=space.name)
    cleared = _cleared(state, space)
    return _marked(cleared, space, cmd), [_event(space, cmd)]


def terrain_of(state: NormandieState, space: Space) -> tuple[str, str | None]:
    """What ``space`` is now: (terrain, grave id or None)."""
    if space in state.battlefield.impassable:
        return IMPASSABLE, None
    for grave in state.mass_graves:
        if space in grave.spaces:
            return MASS_GRAVE, grave.id
    return OPEN, None


def _wanted(cmd: NzTerrain) -> tuple[str, str | None]:
    return cmd.terrain, cmd.grave if cmd.terrain == MASS_GRAVE else None


def _check_fields(cmd: NzTerrain) -> None:
    """A grave id (and X1) with a Mass Grave, and only then."""
    grave_fields = cmd.grave is not None or cmd.single_use is not None
    if cmd.terrain == MASS_GRAVE and not (cmd.grave or "").strip():
        raise RulesError("Z10", "error.normandie.terrain_grave_id", space=cmd.space)
    if cmd.terrain != MASS_GRAVE and grave_fields:
        raise RulesError("I4", "error.normandie.terrain_grave_fields", space=cmd.space)


def _check_can_block(state: NormandieState, space: Space) -> None:
    """I4: no unit stands on impassable ground, and the jail door stays reachable."""
    occupant = state.occupied().get(space)
    if occupant is not None:
        raise RulesError(
            "I4", "error.normandie.space_taken", space=space.name, unit=label(state, occupant)
        )
    if space == state.door:
        raise RulesError("chapter2", "error.normandie.terrain_door", space=space.name)


def _check_grave(state: NormandieState, space: Space, cmd: NzTerrain) -> None:
    existing = next((g for g in state.mass_graves if g.id == cmd.grave), None)
    if existing is not None and existing.single_use != bool(cmd.single_use):
        raise RulesError(
            "Z10",
            "error.normandie.terrain_grave_x1",
            grave=existing.id,
            kind=text(f"normandie.grave_kind.{'x1' if existing.single_use else 'permanent'}"),
        )


def _cleared(state: NormandieState, space: Space) -> NormandieState:
    """``space`` as open ground; a Mass Grave left without spaces is gone."""
    graves = tuple(
        replace(g, spaces=g.spaces - {space}) for g in state.mass_graves if g.spaces != {space}
    )
    field_ = replace(state.battlefield, impassable=state.battlefield.impassable - {space})
    return replace(state, battlefield=field_, mass_graves=graves)


def _marked(state: NormandieState, space: Space, cmd: NzTerrain) -> NormandieState:
    if cmd.terrain == IMPASSABLE:
        field_ = replace(state.battlefield, impassable=state.battlefield.impassable | {space})
        return replace(state, battlefield=field_)
    if cmd.terrain == OPEN:
        return state
    assert cmd.grave is not None
    graves = list(state.mass_graves)
    for index, grave in enumerate(graves):
        if grave.id == cmd.grave:
            graves[index] = replace(grave, spaces=grave.spaces | {space})
            return replace(state, mass_graves=tuple(graves))
    graves.append(MassGrave(cmd.grave, frozenset({space}), bool(cmd.single_use)))
    return replace(state, mass_graves=tuple(graves))


def _event(space: Space, cmd: NzTerrain) -> Text:
    if cmd.terrain == MASS_GRAVE:
        key = "grave_x1" if cmd.single_use else "grave"
        return text(f"event.normandie.terrain_{key}", space=space.name, grave=cmd.grave)
    return text(f"event.normandie.terrain_{cmd.terrain}", space=space.name)
