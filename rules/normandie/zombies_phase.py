"""The Zombies phase at the start of the Activation Phase (Z3–Z8, I3).

The phase proposes an activation order and waits for the players to confirm or
change it, then activates the Zombies one at a time: a tie the game cannot break
(I3) or an Assault (Z7) stops it until the players answer. Every Zombie that has
activated gets an Activate token (Z8); then the Activation Phase goes on.
"""

from __future__ import annotations

from dataclasses import replace

from rules.normandie.sentences import move_event
from rules.normandie.state import (
    ACTIVATION,
    ZOMBIES,
    NormandieState,
    PendingAssault,
    PendingOrder,
    PendingTarget,
    ZombieMove,
    ZombiesRun,
)
from rules.normandie.units import Unit
from rules.normandie.zombies import closest_prey, narrow_ties, paralysed_move, plan_move
from rules.text import Text, text
from rules.values import frozen


def activating(state: NormandieState) -> list[Unit]:
    """Z3/Z9: every Zombies unit on the battlefield except those a Master gave an Order to."""
    return [u for u in state.units.values() if u.is_zombies and u.id not in state.controlled]


def propose_order(state: NormandieState) -> tuple[str, ...]:
    """Z6/I3: Zombies hunting the initiative player's units first, then the next player's …

    Within one player's, the Zombie nearest its prey goes first; Zombies with no
    prey in reach come last; the space (top row first, then left) settles the rest.
    """
    turn_order = _turn_order(state)

    def key(unit: Unit) -> tuple[int, int, int, int, str]:
        prey = closest_prey(state, unit.id)
        if prey is None:
            return (len(turn_order), 0, unit.space.row, unit.space.col, unit.id)
        owners = [state.units[uid].owner for uid in narrow_ties(state, prey)]
        seat = min(turn_order.index(owner) for owner in owners if owner in turn_order)
        return (seat, prey.distance, unit.space.row, unit.space.col, unit.id)

    movers = [u for u in activating(state) if not state.paralysed(u.id)]
    return tuple(unit.id for unit in sorted(movers, key=key))


def _turn_order(state: NormandieState) -> list[str]:
    start = state.players.index(state.initiative)
    return [*state.players[start:], *state.players[:start]]


def start(state: NormandieState) -> tuple[NormandieState, list[Text]]:
    """Z3: open the Zombies phase; paralysed Zombies stay put at once (Z13)."""
    events = [text("event.normandie.zombies_phase", turn=state.turn)]
    frozen = [paralysed_move(u) for u in activating(state) if state.paralysed(u.id)]
    events += [move_event(state, move) for move in frozen]
    state = replace(
        state,
        phase=ZOMBIES,
        activated=state.activated | {move.zombie for move in frozen},
        run=ZombiesRun(order=(), moves=tuple(frozen)),
        moves=(),
    )
    proposed = propose_order(state)
    if len(proposed) > 1:
        return replace(state, pending=PendingOrder(proposed)), events
    return advance(_with_order(state, proposed), events)


def _with_order(state: NormandieState, order: tuple[str, ...]) -> NormandieState:
    assert state.run is not None
    done = tuple(move.zombie for move in state.run.moves)
    return replace(state, run=replace(state.run, order=done + order), pending=None)


def confirm_order(
    state: NormandieState, order: tuple[str, ...]
) -> tuple[NormandieState, list[Text]]:
    events = [text("event.normandie.order", order=list(order))]
    return advance(_with_order(state, order), events)


def choose_target(state: NormandieState, target: str) -> tuple[NormandieState, list[Text]]:
    assert state.run is not None
    state = replace(state, run=replace(state.run, chosen=target), pending=None)
    return advance(state, [])


def assault_done(state: NormandieState) -> tuple[NormandieState, list[Text]]:
    return advance(replace(state, pending=None), [])


def advance(state: NormandieState, events: list[Text]) -> tuple[NormandieState, list[Text]]:
    """Activate Zombies in order until one needs the players, or all are done (Z8)."""
    while state.run is not None and state.run.waiting:
        zombie = state.run.waiting[0]
        target = _target(state, zombie)
        if isinstance(target, PendingTarget):
            return replace(state, pending=target), events
        move = plan_move(state, zombie, target)
        state = _apply_move(state, move)
        events.append(move_event(state, move))
        if move.assault:
            return replace(state, pending=PendingAssault(move)), events
    return _finish(state, events)


def _target(state: NormandieState, zombie: str) -> str | PendingTarget | None:
    assert state.run is not None
    if state.run.chosen is not None:
        return state.run.chosen
    prey = closest_prey(state, zombie)
    if prey is None:
        return None
    candidates = narrow_ties(state, prey)
    if len(candidates) == 1:
        return candidates[0]
    return PendingTarget(zombie, candidates, prey.distance)


def _apply_move(state: NormandieState, move: ZombieMove) -> NormandieState:
    assert state.run is not None
    unit = replace(state.units[move.zombie], space=move.end)
    return replace(
        state,
        units=frozen({**state.units, unit.id: unit}),
        activated=state.activated | {unit.id},  # Z8
        run=replace(state.run, moves=(*state.run.moves, move), chosen=None),
    )


def _finish(state: NormandieState, events: list[Text]) -> tuple[NormandieState, list[Text]]:
    """Z8: all Zombies have activated; the Activation Phase goes on as usual."""
    moves = state.run.moves if state.run is not None else ()
    events.append(text("event.normandie.zombies_done"))
    return replace(state, phase=ACTIVATION, run=None, moves=moves, pending=None), events


def preview(state: NormandieState) -> tuple[ZombieMove, ...]:
    """The moves the Zombies still to activate would make, for a screen to draw.

    It plays the rest of the phase on a copy: in the proposed order while the
    order waits, taking the first candidate of a tie (flagged ``tie``) and
    assuming every Assault leaves everyone where they stand.
    """
    if state.run is None:
        return ()
    waiting = state.run.waiting
    if isinstance(state.pending, PendingOrder):
        waiting = state.pending.proposed
    chosen = state.run.chosen
    moves: list[ZombieMove] = []
    for zombie in waiting:
        move = _preview_one(state, zombie, chosen)
        chosen = None
        moves.append(move)
        state = replace(
            state,
            units=frozen({**state.units, zombie: replace(state.units[zombie], space=move.end)}),
        )
    return tuple(moves)


def _preview_one(state: NormandieState, zombie: str, chosen: str | None) -> ZombieMove:
    if chosen is not None:
        return plan_move(state, zombie, chosen)
    prey = closest_prey(state, zombie)
    if prey is None:
        return plan_move(state, zombie, None)
    candidates = narrow_ties(state, prey)
    return plan_move(state, zombie, candidates[0], tie=len(candidates) > 1)
