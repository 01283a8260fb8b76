"""What one Zombies unit does when it activates (Z4–Z7, Z12, Z13, I3, I4).

Pure questions about a state: which infantry units are closest, which one the
game prefers, the path it walks and the Assault bonus it gets. The phase
(``zombies_phase``) asks them one Zombie at a time, because each move changes
what the next Zombie sees.
"""

from __future__ import annotations

from rules.normandie.battlefield import Space
from rules.normandie.pathing import distances_from, shortest_path
from rules.normandie.state import BY_THE_GAME, NormandieState, ZombieMove
from rules.normandie.units import RAGE, Unit
from rules.values import Record

ASSAULT_BONUS_PER_ZOMBIE = 2  # Z7


class Prey(Record):
    """The equally closest infantry units a Zombie could go for, at ``distance``."""

    distance: int
    units: tuple[str, ...]


def closest_prey(state: NormandieState, zombie: str) -> Prey | None:
    """Z4/I4: the infantry units at the shortest walking distance; None if none is reachable.

    Mythos creatures, Masters of the dead and vehicles never attract (Z4); other
    units block the way but can be walked up to.
    """
    mover = state.units[zombie]
    reach = distances_from(state.battlefield, mover.space, state.occupied(but=zombie))
    found = [
        (reach[unit.space], unit.id)
        for unit in state.units.values()
        if unit.attracts_zombies and unit.space in reach
    ]
    if not found:
        return None
    nearest = min(distance for distance, _ in found)
    return Prey(nearest, tuple(sorted(uid for distance, uid in found if distance == nearest)))


def narrow_ties(state: NormandieState, prey: Prey) -> tuple[str, ...]:
    """Z6/I3: when the game runs the Zombies it prefers the initiative player's units.

    What is left after that (or every tie, when a player controls them, Z5) is
    for the players to settle.
    """
    if state.controller != BY_THE_GAME:
        return prey.units
    preferred = tuple(uid for uid in prey.units if state.units[uid].owner == state.initiative)
    return preferred or prey.units


def assault_bonus(state: NormandieState, zombie: str, target: Space) -> int:
    """Z7: +2 for every *other* Zombies unit adjacent to the target.

    A paralysed Zombie cannot fight (Z13), so it lends no bonus either.
    """
    helpers = [
        unit
        for unit in state.units.values()
        if unit.is_zombies
        and unit.id != zombie
        and not state.paralysed(unit.id)
        and _adjacent(unit.space, target)
    ]
    return ASSAULT_BONUS_PER_ZOMBIE * len(helpers)


def _adjacent(a: Space, b: Space) -> bool:
    return abs(a.col - b.col) + abs(a.row - b.row) == 1


def plan_move(
    state: NormandieState, zombie: str, target: str | None, tie: bool = False
) -> ZombieMove:
    """I4: walk a shortest path toward ``target``, up to the movement; Z7: Assault on arrival."""
    mover = state.units[zombie]
    if target is None:
        return ZombieMove(zombie, mover.space, (), None, None, assault=False)
    goal = state.units[target].space
    path = shortest_path(state.battlefield, mover.space, goal, state.occupied(but=zombie))
    if path is None:  # cannot happen for a target chosen by closest_prey
        return ZombieMove(zombie, mover.space, (), None, None, assault=False)
    movement = mover.effective_movement()  # Z12 Faster
    assault = len(path) <= movement
    walked = (
        path[:-1] if assault else path[:movement]
    )  # the target's own space is entered by the Assault
    return ZombieMove(
        zombie,
        mover.space,
        walked,
        target,
        len(path),
        assault=assault,
        bonus=assault_bonus(state, zombie, goal) if assault else 0,
        rage=assault and RAGE in mover.marks,
        tie=tie,
        at=goal,
    )


def paralysed_move(unit: Unit) -> ZombieMove:
    """Z13: a bound Zombie neither moves nor fights this phase."""
    return ZombieMove(unit.id, unit.space, (), None, None, assault=False, paralysed=True)
