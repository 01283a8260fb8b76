"""What the Dreamlands keep beside the core's state: the Bhole, the Zoogs and Yog-Sothoth.

The core's ``GameState`` holds a map's own record in ``map_state`` and never looks inside
it; on the Dreamlands it is a :class:`Monsters`. :func:`of` reads it, :func:`changed`
writes it, and :func:`to_json` adds its keys to the state JSON (rules/cthulhu_wars/JOURNAL.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from typing import TYPE_CHECKING

from rules.cthulhu_wars.state import GameState
from rules.values import Record, frozen

if TYPE_CHECKING:
    from typing import TypedDict, Unpack

    from rules.cthulhu_wars.json_types import MapKeysJSON

    class Changes(TypedDict, total=False):
        """The fields of :class:`Monsters` one change may set."""

        bhole: str | None
        bhole_killed: bool
        zoogs: Mapping[str, int]
        yog_sothoth: str | None


class Monsters(Record):
    bhole: str | None = None  # its Area; None while killed (D12)
    bhole_killed: bool = False
    zoogs: Mapping[str, int] = field(default_factory=lambda: frozen({}))  # Area -> Zoogs (D13)
    yog_sothoth: str | None = None  # Opener of the Way's Great Old One, if on the map (D6)


def of(state: GameState) -> Monsters:
    found = state.map_state
    assert isinstance(found, Monsters), "a Dreamlands game keeps its monsters (setup)"
    return found


def changed(state: GameState, **fields: Unpack[Changes]) -> GameState:
    """``state`` with the Dreamlands' own fields changed (``bhole=…``, ``zoogs=…``)."""
    return replace(state, map_state=replace(of(state), **fields))


def to_json(state: GameState) -> MapKeysJSON:
    monsters = of(state)
    return {
        "bhole": monsters.bhole,
        "zoogs": dict(monsters.zoogs),
        "yog_sothoth": monsters.yog_sothoth,
    }
