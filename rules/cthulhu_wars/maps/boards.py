"""The maps of Cthulhu Wars this companion knows, and the Areas a game's boards put in play.

A game's map is a map name plus the side chosen for each of its two boards (T4, D1).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from rules.cthulhu_wars.maps.celaeno import CELAENO
from rules.cthulhu_wars.maps.dreamlands import DREAMLANDS
from rules.cthulhu_wars.maps.spec import Area, MapSpec

_MAPS: dict[str, MapSpec] = {spec.name: spec for spec in (CELAENO, DREAMLANDS)}


def map_spec(name: str) -> MapSpec:
    return _MAPS[name]


def map_names() -> tuple[str, ...]:
    return tuple(_MAPS)


@cache
def layout(map_name: str, sides: tuple[tuple[str, int], ...]) -> Mapping[str, Area]:
    """The Areas in play, by id, for a map and its ``(board, side)`` choices."""
    spec = map_spec(map_name)
    found: dict[str, Area] = {}
    for board, side in sides:
        for area in spec.areas[(board, side)]:
            found[area.id] = area
    return found


def all_areas() -> tuple[Area, ...]:
    """Every Area printed on any side of any board (for names and lookups)."""
    return tuple(area for spec in _MAPS.values() for group in spec.areas.values() for area in group)
