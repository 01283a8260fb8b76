"""Master of the dead (Z9, Z10), Reanimator serum (Z11), Serum dart gun (Z12), Bind Zombies (Z13).

Line of sight cannot be seen from the companion's data: the players check it on
the table, and the commands say that they did. Everything the companion can
count (tokens left, the bag, ranges, phases, kinds) it checks.
"""

from __future__ import annotations

from dataclasses import replace

from rules.errors import RulesError
from rules.normandie import bag, binding
from rules.normandie.bookkeeping import eliminate
from rules.normandie.sentences import label, side
from rules.normandie.state import (
    ACTIVATION,
    ORDERS,
    Gear,
    NormandieState,
)
from rules.normandie.units import MARKS, MASTER, Unit
from rules.text import Text, text
from rules.values import frozen


def unit_of(state: NormandieState, unit_id: str, rule: str) -> Unit:
    unit = state.units.get(unit_id)
    if unit is None:
        raise RulesError(rule, "error.normandie.no_such_unit", unit=unit_id)
    return unit


def zombie_of(state: NormandieState, unit_id: str, rule: str) -> Unit:
    unit = unit_of(state, unit_id, rule)
    if not unit.is_zombies:
        raise RulesError(rule, "error.normandie.not_zombies", unit=label(state, unit_id))
    return unit


def master_of(state: NormandieState, unit_id: str, rule: str) -> Unit:
    unit = unit_of(state, unit_id, rule)
    if unit.kind != MASTER:
        raise RulesError(rule, "error.normandie.not_master", unit=label(state, unit_id))
    return unit


def require_phase(state: NormandieState, phase: str, rule: str) -> None:
    if state.phase != phase:
        raise RulesError(rule, f"error.normandie.only_in_{phase}")


def control(
    state: NormandieState, master_id: str, zombie_id: str
) -> tuple[NormandieState, list[Text]]:
    """Z9: in the Order Phase a Master gives an Order to one (and only one) Zombies unit."""
    require_phase(state, ORDERS, "Z9")
    master_of(state, master_id, "Z9")
    zombie_of(state, zombie_id, "Z9")
    if master_id in state.controlled.values():
        raise RulesError("Z9", "error.normandie.master_busy", master=label(state, master_id))
    holder = state.controlled.get(zombie_id)
    if holder is not None:
        raise RulesError(
            "Z9",
            "error.normandie.zombie_taken",
            zombie=label(state, zombie_id),
            master=label(state, holder),
        )
    state = replace(state, controlled=frozen({**state.controlled, zombie_id: master_id}))
    return state, [
        text(
            "event.normandie.controlled",
            master=label(state, master_id),
            zombie=label(state, zombie_id),
        )
    ]


def create(
    state: NormandieState, master_id: str, grave_id: str
) -> tuple[NormandieState, list[Text]]:
    """Z10: a Master with an Order and no Suppressed token creates Zombies at a Mass Grave."""
    require_phase(state, ACTIVATION, "Z10")
    master = master_of(state, master_id, "Z10")
    grave = next((g for g in state.mass_graves if g.id == grave_id), None)
    if grave is None:
        raise RulesError("Z10", "error.normandie.no_such_grave", grave=grave_id)
    if master.space not in grave.spaces:
        raise RulesError(
            "Z10", "error.normandie.not_at_grave", master=label(state, master_id), grave=grave_id
        )
    if state.suppressed.get(master_id, 0):
        raise RulesError("Z10", "error.normandie.suppressed", master=label(state, master_id))
    spaces = bag.free_spaces(state, grave.spaces, include_own=True)
    state = bag.open_draw(state, "creation", master_id, spaces, "Z10")
    graves = tuple(g for g in state.mass_graves if not (g.id == grave_id and g.single_use))
    state = replace(
        state,
        mass_graves=graves,
        suppressed=frozen({**state.suppressed, master_id: 1}),  # Z10: the Master is Suppressed
    )
    events = [text("event.normandie.create", master=label(state, master_id), grave=grave_id)]
    if grave.single_use:  # X1: discarded after creating one Zombies unit
        events.append(text("event.normandie.grave_used_up", grave=grave_id))
    return state, events


def serum(state: NormandieState, unit_id: str) -> tuple[NormandieState, list[Text]]:
    """Z11: discard a Reanimator serum token to create a Zombies unit next to the user."""
    require_phase(state, ACTIVATION, "Z11")
    user = unit_of(state, unit_id, "Z11")
    gear = _gear_of(state, user, "Z11")
    if gear.reanimator_serum < 1:
        raise RulesError("Z11", "error.normandie.no_serum", player=side(user.owner))
    spaces = bag.free_spaces(state, [user.space], include_own=False)
    state = bag.open_draw(state, "serum", unit_id, spaces, "Z11")
    gear = replace(gear, reanimator_serum=gear.reanimator_serum - 1)
    state = _with_gear(state, user, gear)
    return state, [
        text("event.normandie.serum", unit=label(state, unit_id), left=gear.reanimator_serum)
    ]


def dart(
    state: NormandieState, unit_id: str, zombie_id: str, mark: str
) -> tuple[NormandieState, list[Text]]:
    """Z12: discard a Serum dart gun token to mark a Zombies unit for the rest of the game."""
    require_phase(state, ACTIVATION, "Z12")
    user = unit_of(state, unit_id, "Z12")
    zombie = zombie_of(state, zombie_id, "Z12")
    if mark not in MARKS:
        raise RulesError("Z12", "error.normandie.unknown_mark", mark=mark, marks=list(MARKS))
    gear = _gear_of(state, user, "Z12")
    if gear.serum_dart_gun < 1:
        raise RulesError("Z12", "error.normandie.no_darts", player=side(user.owner))
    if mark in zombie.marks:
        raise RulesError(
            "Z12",
            "error.normandie.already_marked",
            zombie=label(state, zombie_id),
            mark=_mark(mark),
        )
    _check_range(state, user, zombie)
    marked = replace(zombie, marks=zombie.marks | {mark})
    gear = replace(gear, serum_dart_gun=gear.serum_dart_gun - 1)
    state = _with_gear(replace(state, units=frozen({**state.units, zombie_id: marked})), user, gear)
    event = text(
        "event.normandie.dart",
        unit=label(state, unit_id),
        zombie=label(state, zombie_id),
        mark=_mark(mark),
    )
    return state, [event]


def _mark(mark: str) -> Text:
    return text(f"normandie.mark.{mark}")


def _check_range(state: NormandieState, user: Unit, zombie: Unit) -> None:
    """Z12: the seed lost the range number; the setting gives it, counted in spaces."""
    most = state.settings.dart_gun_range
    if most is None:
        return
    spaces = abs(user.space.col - zombie.space.col) + abs(user.space.row - zombie.space.row)
    if spaces > most:
        raise RulesError(
            "Z12",
            "error.normandie.out_of_range",
            zombie=label(state, zombie.id),
            spaces=spaces,
            most=most,
        )


def _gear_of(state: NormandieState, user: Unit, rule: str) -> Gear:
    if user.owner is None or user.owner not in state.gear:
        raise RulesError(rule, "error.normandie.no_gear", unit=label(state, user.id))
    return state.gear[user.owner]


def _with_gear(state: NormandieState, user: Unit, gear: Gear) -> NormandieState:
    assert user.owner is not None
    return replace(state, gear=frozen({**state.gear, user.owner: gear}))


def bind(
    state: NormandieState, caster_id: str, zombie_id: str
) -> tuple[NormandieState, list[Text]]:
    """Z13: the Zombies unit is paralysed; casting again moves the caster's token."""
    require_phase(state, ACTIVATION, "Z13")
    caster = unit_of(state, caster_id, "Z13")
    zombie_of(state, zombie_id, "Z13")
    if caster.is_zombies:
        raise RulesError("Z13", "error.normandie.zombie_caster", unit=label(state, caster_id))
    bound, moved = binding.cast(state, caster_id, zombie_id)
    state = replace(
        state,
        bound=bound,
        suppressed=frozen({**state.suppressed, caster_id: state.suppressed.get(caster_id, 0) + 1}),
    )
    cast = text(
        "event.normandie.bound", caster=label(state, caster_id), zombie=label(state, zombie_id)
    )
    return state, [cast, *moved]


def engage(
    state: NormandieState, zombie_id: str, by: str | None
) -> tuple[NormandieState, list[Text]]:
    """Z13: a paralysed Zombies unit engaged in melee is eliminated automatically."""
    zombie_of(state, zombie_id, "Z13")
    if not state.paralysed(zombie_id):
        raise RulesError("Z13", "error.normandie.not_paralysed", zombie=label(state, zombie_id))
    return eliminate(state, zombie_id, by)
