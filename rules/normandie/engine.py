"""``apply(state, command)``: the one door into a Shadows over Normandie battle.

A refused command raises :class:`~rules.errors.RulesError` naming the rule and
changes nothing (states are frozen values). While a decision is pending only the
command that answers it is accepted; the lead's journal code handles ``undo``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules.commands import Command
from rules.errors import RulesError
from rules.normandie import gear, zombies_phase
from rules.normandie.bag import draw
from rules.normandie.battlefield import passable_space
from rules.normandie.bookkeeping import eliminate, end_turn, wound
from rules.normandie.commands import (
    NzAssault,
    NzBind,
    NzChooseTarget,
    NzControl,
    NzCreate,
    NzDart,
    NzDraw,
    NzEliminate,
    NzEngage,
    NzInitiative,
    NzMoveUnit,
    NzNewBattle,
    NzNextPhase,
    NzOrder,
    NzPlaceUnit,
    NzSerum,
    NzSuppressed,
    NzTerrain,
    NzWound,
)
from rules.normandie.sentences import label, side
from rules.normandie.setup import new_battle, place_unit
from rules.normandie.state import (
    ACTIVATION,
    ORDERS,
    SETUP,
    SUPPLY,
    NormandieState,
    PendingAssault,
    PendingDraw,
    PendingOrder,
    PendingTarget,
)
from rules.normandie.terrain import set_terrain
from rules.text import Text, text
from rules.values import frozen

Result = tuple[NormandieState, list[Text]]
DIE_FACES = range(1, 7)  # Assaults roll one six-sided die (Z7)

# The command that answers each kind of pending decision.
ANSWERS: dict[type, type[Command]] = {
    PendingOrder: NzOrder,
    PendingTarget: NzChooseTarget,
    PendingAssault: NzAssault,
    PendingDraw: NzDraw,
}


def apply(
    state: NormandieState | None, command: Command
) -> tuple[NormandieState, tuple[Text, ...]]:
    """The state after ``command`` and the events it caused, or a RulesError."""
    if isinstance(command, NzNewBattle):
        if state is not None:
            raise RulesError("setup", "error.normandie.battle_running")
        new, events = new_battle(command)
        return new, tuple(events)
    if state is None:
        raise RulesError("setup", "error.normandie.no_battle")
    _check_accepted(state, command)
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise RulesError("journal", "error.normandie.not_normandie", type=command.TYPE)
    new, events = handler(state, command)
    return new, tuple(events)


def _check_accepted(state: NormandieState, command: Command) -> None:
    if state.over:
        raise RulesError("setup", "error.normandie.over")
    if state.pending is not None:
        wanted = ANSWERS[type(state.pending)]
        if not isinstance(command, wanted):
            raise RulesError(
                "pending", "error.normandie.pending", wanted=wanted.TYPE, got=command.TYPE
            )
    elif type(command) in ANSWERS.values():
        raise RulesError("pending", "error.normandie.nothing_pending", got=command.TYPE)


def _next_phase(state: NormandieState, _: NzNextPhase) -> Result:
    if state.phase == SETUP:
        state = replace(state, phase=ORDERS, turn=1)
        return state, [text("event.normandie.turn", turn=1)]
    if state.phase == ORDERS:
        return zombies_phase.start(state)  # Z3: the Activation Phase opens with the Zombies
    if state.phase == ACTIVATION:
        return replace(state, phase=SUPPLY), [text("event.normandie.supply", turn=state.turn)]
    return end_turn(state)


def _order(state: NormandieState, cmd: NzOrder) -> Result:
    assert isinstance(state.pending, PendingOrder)
    proposed = state.pending.proposed
    if sorted(cmd.order) != sorted(proposed):
        raise RulesError("Z5", "error.normandie.order", order=list(proposed))
    return zombies_phase.confirm_order(state, cmd.order)


def _choose_target(state: NormandieState, cmd: NzChooseTarget) -> Result:
    pending = state.pending
    assert isinstance(pending, PendingTarget)
    if cmd.target not in pending.candidates:
        names = [label(state, uid) for uid in pending.candidates]
        raise RulesError("I3", "error.normandie.not_a_candidate", unit=cmd.target, candidates=names)
    return zombies_phase.choose_target(state, cmd.target)


def _assault(state: NormandieState, cmd: NzAssault) -> Result:
    pending = state.pending
    assert isinstance(pending, PendingAssault)
    move = pending.move
    if cmd.roll not in DIE_FACES:
        raise RulesError("Z7", "error.normandie.die", roll=cmd.roll)
    fighters = {move.zombie, move.target}
    if not set(cmd.eliminated) <= fighters or len(set(cmd.eliminated)) != len(cmd.eliminated):
        raise RulesError(
            "Z7",
            "error.normandie.assault_losers",
            units=[label(state, u) for u in sorted(f for f in fighters if f)],
        )
    events = [
        text(
            "event.normandie.assault_roll",
            zombie=move.zombie,
            roll=cmd.roll,
            bonus=move.bonus,
            total=cmd.roll + move.bonus,
        )
    ]
    for loser in cmd.eliminated:
        # Nobody scores here: the Zombies belong to no side, on either end of the fight.
        state, more = eliminate(state, loser, None)
        events += more
        if state.over:
            return state, events
    state, more = zombies_phase.assault_done(state)
    return state, events + more


def _draw(state: NormandieState, cmd: NzDraw) -> Result:
    assert isinstance(state.pending, PendingDraw)
    return draw(state, state.pending, cmd.token, cmd.space)


def _place(state: NormandieState, cmd: NzPlaceUnit) -> Result:
    return place_unit(state, cmd)


def _move_unit(state: NormandieState, cmd: NzMoveUnit) -> Result:
    unit = gear.unit_of(state, cmd.unit, "setup")
    space = passable_space(state.battlefield, cmd.space)
    occupant = state.occupied(but=unit.id).get(space)
    if occupant is not None:
        raise RulesError(
            "setup", "error.normandie.space_taken", space=space.name, unit=label(state, occupant)
        )
    state = replace(state, units=frozen({**state.units, unit.id: replace(unit, space=space)}))
    return state, [text("event.normandie.moved", unit=label(state, unit.id), space=space.name)]


def _player_or_none(state: NormandieState, player: str | None) -> None:
    if player is not None and player not in state.players:
        raise RulesError("setup", "error.normandie.not_a_player", player=player)


def _eliminate(state: NormandieState, cmd: NzEliminate) -> Result:
    gear.unit_of(state, cmd.unit, "setup")
    _player_or_none(state, cmd.by)
    return eliminate(state, cmd.unit, cmd.by)


def _wound(state: NormandieState, cmd: NzWound) -> Result:
    gear.unit_of(state, cmd.unit, "chapter3")
    _player_or_none(state, cmd.by)
    return wound(state, cmd.unit, cmd.life_points, cmd.by)


def _initiative(state: NormandieState, cmd: NzInitiative) -> Result:
    if cmd.player not in state.players:
        raise RulesError("Z6", "error.normandie.not_a_player", player=cmd.player)
    state = replace(state, initiative=cmd.player)
    return state, [text("event.normandie.initiative", player=side(cmd.player))]


def _suppressed(state: NormandieState, cmd: NzSuppressed) -> Result:
    gear.unit_of(state, cmd.unit, "Z10")
    if cmd.count < 0:
        raise RulesError("Z10", "error.normandie.negative", count=cmd.count)
    counts = {**state.suppressed, cmd.unit: cmd.count}
    state = replace(state, suppressed=frozen({u: n for u, n in counts.items() if n}))
    return state, [text("event.normandie.suppressed", unit=label(state, cmd.unit), count=cmd.count)]


def _control(state: NormandieState, cmd: NzControl) -> Result:
    return gear.control(state, cmd.master, cmd.zombie)


def _create(state: NormandieState, cmd: NzCreate) -> Result:
    return gear.create(state, cmd.master, cmd.grave)


def _serum(state: NormandieState, cmd: NzSerum) -> Result:
    return gear.serum(state, cmd.unit)


def _dart(state: NormandieState, cmd: NzDart) -> Result:
    return gear.dart(state, cmd.unit, cmd.zombie, cmd.mark)


def _bind(state: NormandieState, cmd: NzBind) -> Result:
    return gear.bind(state, cmd.caster, cmd.zombie)


def _engage(state: NormandieState, cmd: NzEngage) -> Result:
    _player_or_none(state, cmd.by)
    return gear.engage(state, cmd.zombie, cmd.by)


# Each handler takes the one command type it is listed for: a pairing this table makes and
# Python's types cannot say (a dict's values share one type): the command's type is left open.
HANDLERS: dict[type[Command], Callable[[NormandieState, Any], Result]] = {
    NzNextPhase: _next_phase,
    NzOrder: _order,
    NzChooseTarget: _choose_target,
    NzAssault: _assault,
    NzDraw: _draw,
    NzTerrain: set_terrain,
    NzPlaceUnit: _place,
    NzMoveUnit: _move_unit,
    NzEliminate: _eliminate,
    NzWound: _wound,
    NzInitiative: _initiative,
    NzSuppressed: _suppressed,
    NzControl: _control,
    NzCreate: _create,
    NzSerum: _serum,
    NzDart: _dart,
    NzBind: _bind,
    NzEngage: _engage,
}
