"""Walking distance and shortest paths on the battlefield (I4).

A unit walks in orthogonal steps around impassable spaces, and it cannot walk
through a space another unit stands in: such a space can be the *end* of a path
(a Zombie enters its target's space to assault it, Z7) but never a step on the way.
Among equal shortest paths the walker takes, at each step, the first direction in
:data:`~rules.normandie.battlefield.DIRECTIONS` (up, right, down, left) that keeps
it on a shortest path: one deterministic path, the same on every replay.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rules.normandie.battlefield import Battlefield, Space


def distances_from(
    battlefield: Battlefield, start: Space, occupied: Iterable[Space]
) -> dict[Space, int]:
    """Walking distance from ``start`` to every space it can reach or enter.

    Occupied spaces get a distance (a walker may end there) but are not walked
    through; ``start`` itself is the walker's own space.
    """
    stops = set(occupied) - {start}
    found = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in stops:
            continue
        for near in battlefield.neighbours(here):
            if near not in found:
                found[near] = found[here] + 1
                queue.append(near)
    return found


def shortest_path(
    battlefield: Battlefield, start: Space, goal: Space, occupied: Iterable[Space]
) -> tuple[Space, ...] | None:
    """The spaces stepped into from ``start`` to ``goal`` (goal included), or None.

    Distances are counted back from the goal, then the walker greedily takes the
    first direction in I4 order that brings it one step closer.
    """
    stops = set(occupied) - {start, goal}
    to_goal = distances_from(battlefield, goal, stops)
    if start not in to_goal:
        return None
    path: list[Space] = []
    here = start
    while here != goal:
        here = next(
            near
            for near in battlefield.neighbours(here)
            if near not in stops and to_goal.get(near) == to_goal[here] - 1
        )
        path.append(here)
    return tuple(path)
