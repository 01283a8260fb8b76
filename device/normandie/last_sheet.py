"""The sheet of the last battle of our own, kept so that the next one starts from it.

A table that makes its own battles tends to play the same one again, or with a change or
two: Start keeps the sheet's choices (the size, which tile lies where and how it is
turned, the sides, the initiative, the Zombies tokens and their movement, the gear) in
the state directory as one small JSON file, and the next battle of our own opens its
sheet from them. It is written whole or not at all (device/durable.py). The file is a
convenience, not a record (the journal is): one that is missing, unreadable, or says
anything the sheet could not offer counts as none (the defaults), and one that cannot be
written leaves the battle to start all the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from device.durable import replace_durably
from device.normandie.draft import Draft, offered
from rules.normandie.commands import GearSpec
from rules.normandie.tiles import Placement

FILE = "normandie-last-battle.json"
PART = FILE + ".part"  # a save under way; never read
GEAR_ITEMS = ("reanimator_serum", "serum_dart_gun")


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


def _json(draft: Draft) -> dict[str, Any]:
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
    }


def _draft(data: dict[str, Any]) -> Draft:
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
    )
    if not offered(draft):
        raise ValueError("not a sheet the battle of our own offers")
    return draft


def _placement(data: dict[str, Any]) -> Placement:
    return Placement(
        _str(data["tile"]), _int(data["column"]), _int(data["row"]), _int(data["turn"])
    )


def _int(value: object) -> int:
    if type(value) is not int:  # not a bool either
        raise ValueError(f"not a whole number: {value!r}")
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not words: {value!r}")
    return value
