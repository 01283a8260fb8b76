"""What a battle's setup reads from, and writes to, the kept tiles (device/normandie/tilestore.py).

Which of the battle's tiles still need their terrain marked, and, once the table says
Done, which tiles to keep: the named tiles not kept yet that the table described are kept
at once (that is what describing a tile once means). A tile is described once the grid's
cursor has stood on it or a square of it is marked: Done on the first tile must not keep
the others, never looked at, as open ground for every later battle. A kept tile marked
differently in this battle (a scenario's extra piece, or a correction) is kept only if the
table says so. A battle of our own's blank places have no tile to keep their marks: they
are kept with its sheet instead (device/normandie/last_sheet.py).
"""

from __future__ import annotations

from collections.abc import Callable, Set
from pathlib import Path

from device.normandie.draft import marks_of, marks_where
from device.normandie.tilestore import TileStore
from device.ui.steps import ListStep, Option, StepResult
from rules.normandie.battlefield import TILE_SIZE, Space
from rules.normandie.state import NormandieState
from rules.normandie.tiles import Terrain, Tile, tile_from_board
from rules.text import Text, text


def kept_tiles(files: Path | None) -> dict[str, Tile]:
    if files is None:
        return {}
    try:
        return TileStore(files).tiles()
    except OSError:  # an unreadable folder: every tile is to be described
        return {}


def undescribed(state: NormandieState, kept: dict[str, Tile]) -> tuple[str, ...] | None:
    """The battle's named tiles not kept yet (an empty tuple when only blank places are
    left to mark), or None when every place is known."""
    field_ = state.battlefield
    blank = field_.columns * field_.rows - len(state.layout)
    named = tuple(p.tile for p in state.layout if p.tile not in kept)
    return named if named or blank else None


def as_marked(state: NormandieState, kept: dict[str, Tile]) -> tuple[list[Tile], list[Tile]]:
    """The battle's named tiles as the grid shows them: (not kept yet, kept but changed)."""
    graves = {s: g.single_use for g in state.mass_graves for s in g.spaces}
    marked = [tile_from_board(p, state.battlefield.impassable, graves) for p in state.layout]
    new = [t for t in marked if t.name not in kept]
    changed = [t for t in marked if t.name in kept and kept[t.name] != t]
    return new, changed


def place_of(space: Space) -> tuple[int, int]:
    """The place (tile column, tile row) a square lies in."""
    return space.col // TILE_SIZE, space.row // TILE_SIZE


def described(state: NormandieState, looked: Set[tuple[int, int]]) -> frozenset[str]:
    """The battle's named tiles the table described: the cursor stood on them (``looked``,
    places) or a square of them is marked."""
    marked = {place_of(s) for s in state.battlefield.impassable}
    marked |= {place_of(s) for grave in state.mass_graves for s in grave.spaces}
    seen = marked | set(looked)
    return frozenset(p.tile for p in state.layout if (p.column, p.row) in seen)


def blank_marks(state: NormandieState) -> Terrain:
    """The terrain the grid shows on the battle's blank places (no named tile lies there):
    impassable squares, and each Mass Grave square with its X1 flag."""
    named = {(p.column, p.row) for p in state.layout}
    marked = marks_of(
        state.battlefield.impassable,
        ((s, grave.single_use) for grave in state.mass_graves for s in grave.spaces),
    )
    return marks_where(marked, lambda place: place not in named)


def keep(files: Path | None, tiles: list[Tile]) -> tuple[Text | None, Text | None]:
    """Save ``tiles``: (what to tell the table, or why they could not be kept)."""
    if not tiles or files is None:
        return None, None
    try:
        TileStore(files).save_all(tiles)
    except OSError as error:
        return None, text("nz_device.tiles_not_kept", why=error.strerror or str(error))
    return text("nz_device.tiles_kept", tiles=[t.name for t in tiles]), None


def keep_changes_step(
    changed: list[Tile], keep_them: Callable[[], StepResult], leave: Callable[[], StepResult]
) -> ListStep:
    """A kept tile marked differently in this battle: keep the change, or this battle only."""
    return ListStep(
        text("nz_device.tiles_changed", tiles=[t.name for t in changed]),
        [
            Option(text("nz_device.tiles_keep"), "keep"),
            Option(text("nz_device.tiles_this_battle"), "no"),
        ],
        lambda answer: keep_them() if answer == "keep" else leave(),
    )
