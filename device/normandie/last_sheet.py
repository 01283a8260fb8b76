"""The sheet of the last battle of our own, kept so that the next one starts from it.

A table that makes its own battles tends to play the same one again, or with a change or
two: a battle begun from the sheet keeps its choices (the size, which tile lies where and
how it is turned, the sides, the initiative, the Zombies tokens and their movement, the
gear) in the state directory as one small JSON file, and the next battle of our own opens
its sheet from them. Done on the terrain grid adds the squares marked on the blank places
(impassable, Mass Graves and their X1), so the next battle starts with them marked too. It
is written whole or not at all (device/storage/durable.py). The file is a
convenience, not a record (the journal is): one that is missing, unreadable, or says
anything the sheet could not offer counts as none (the defaults), and one that cannot be
written leaves the battle to start all the same.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from device.normandie.draft import Draft, marks_of, marks_where, offered
from device.storage.durable import replace_durably
from rules.normandie.battlefield import Space, parse_space
from rules.normandie.commands import GearSpec
from rules.normandie.tiles import GRAVE, GRAVE_X1, IMPASSABLE, Placement, Terrain

FILE = "normandie-last-battle.json"
PART = FILE + ".part"  # a save under way; never read
GEAR_ITEMS = ("reanimator_serum", "serum_dart_gun")

if TYPE_CHECKING:
    from typing import NotRequired, TypedDict

    class PlacementJSON(TypedDict):
        tile: str
        column: int
        row: int
        turn: int

    class SheetJSON(TypedDict):
        """The file's one object: the sheet's choices, each read back with a check."""

        columns: int
        rows: int
        layout: list[PlacementJSON]
        players: list[str]
        initiative: str
        tokens: int
        movement: int
        gear: dict[str, dict[str, int]]  # side -> each of GEAR_ITEMS
        marks: NotRequired[dict[str, list[str]]]  # IMPASSABLE, GRAVE, GRAVE_X1 -> squares


def last_draft(files: Path | None) -> Draft | None:
    """The last battle of our own's choices, or None: no battle of our own to start from
    (the first, or one whose sheet could not be read), so the defaults are the sheet's."""
    if files is None:
        return None
    try:
        return _draft(json.loads((files / FILE).read_bytes()))
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None


def keep_draft(files: Path | None, draft: Draft) -> None:
    """Keep ``draft``'s choices for the next battle of our own, if the device has files."""
    if files is None:
        return
    data = json.dumps(_json(draft), ensure_ascii=False, indent=1) + "\n"
    try:
        files.mkdir(parents=True, exist_ok=True)
        replace_durably(files / FILE, data.encode("utf-8"), files / PART)
    except OSError:
        pass  # the battle matters, not its sheet: next time the sheet is the defaults


def keep_marks(files: Path | None, columns: int, rows: int, marks: Terrain) -> None:
    """Keep the terrain marked on a battle of our own's blank places with the last sheet,
    if that sheet is of a battlefield this size; on its named places the tiles lie."""
    draft = last_draft(files)
    if draft is None or (draft.columns, draft.rows) != (columns, rows):
        return  # no sheet of this battlefield to keep them with
    named = {(p.column, p.row) for p in draft.layout}
    keep_draft(files, replace(draft, marks=marks_where(marks, lambda place: place not in named)))


def _json(draft: Draft) -> SheetJSON:
    return {
        "columns": draft.columns,
        "rows": draft.rows,
        "layout": [
            {"tile": p.tile, "column": p.column, "row": p.row, "turn": p.turn} for p in draft.layout
        ],
        "players": list(draft.players),
        "initiative": draft.initiative,
        "tokens": draft.tokens,
        "movement": draft.movement,
        "gear": {
            side: {item: getattr(spec, item) for item in GEAR_ITEMS}
            for side, spec in draft.gear.items()
        },
        "marks": {
            IMPASSABLE: [s.name for s in draft.marks.impassable],
            GRAVE: [s.name for s, x1 in draft.marks.graves if not x1],
            GRAVE_X1: [s.name for s, x1 in draft.marks.graves if x1],
        },
    }


def _draft(data: SheetJSON) -> Draft:
    """The draft ``data`` describes; ValueError (or a lookup's error) where it is wrong."""
    draft = Draft(
        columns=_int(data["columns"]),
        rows=_int(data["rows"]),
        layout=tuple(
            sorted((_placement(p) for p in data["layout"]), key=lambda p: (p.row, p.column))
        ),
        players=tuple(_str(side) for side in data["players"]),
        initiative=_str(data["initiative"]),
        tokens=_int(data["tokens"]),
        movement=_int(data["movement"]),
        gear={
            _str(side): GearSpec(*(_int(spec[item]) for item in GEAR_ITEMS))
            for side, spec in data["gear"].items()
        },
        # a sheet kept before its marks were has none
        marks=_marks(data.get("marks", {IMPASSABLE: [], GRAVE: [], GRAVE_X1: []})),
    )
    if not offered(draft):
        raise ValueError("not a sheet the battle of our own offers")
    return draft


def _placement(data: PlacementJSON) -> Placement:
    return Placement(
        _str(data["tile"]), _int(data["column"]), _int(data["row"]), _int(data["turn"])
    )


def _marks(data: Mapping[str, Sequence[str]]) -> Terrain:
    """The blank places' marks, named as in a tile file: one list of squares a kind."""
    return marks_of(
        (_space(name) for name in data[IMPASSABLE]),
        [(_space(name), False) for name in data[GRAVE]]
        + [(_space(name), True) for name in data[GRAVE_X1]],
    )


def _space(name: object) -> Space:
    space = parse_space(_str(name))
    if space is None or space.name != name:
        raise ValueError(f"not a square: {name!r}")
    return space


def _int(value: object) -> int:
    if type(value) is not int:  # not a bool either
        raise ValueError(f"not a whole number: {value!r}")
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not words: {value!r}")
    return value
