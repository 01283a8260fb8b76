"""Where the Shadows over Normandie battlefield goes inside the board panel.

The geometry depends only on the panel rectangle, the battlefield's size in spaces
and how many moves the legend lists, never on the words shown, so the app can tell
which space a finger touched (:func:`space_at`) from the same numbers the screen drew
with. The grid goes above its legend or beside it, whichever gives the bigger squares.

Under the grid the legend is promised room for every move at the smallest text size
(two lines a move), the squares giving way down to 70 % of their size: with a fixed
share the legend dropped the third move at 720×1280 and 800×480 while the grid sat
between wide empty margins.

Around the squares runs a band one square wide on every side for the coordinates
(column letters above and below, row numbers left and right): every line on the
screen names squares ("D3", "Cursor: U5"), so the grid says which is which at each
edge. The sizes are counted with the band, so the squares shrink to make its room.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from display.flow import LINE_SPACING
from rules.normandie.battlefield import Space, column_letters, parse_space

GRID_SHARE_BELOW = 0.62  # legend under the grid: the grid's share of the height at most
GRID_SHARE_BESIDE = 0.6  # legend right of the grid: the grid's share of the width at most
MIN_CELL = 4  # pixels; below this a battlefield cannot be drawn legibly at all
SMALLEST_SHARE = 0.7  # the legend's room may shrink the squares to this share, no further
LINES_PER_MOVE = 2  # a move's sentence at the smallest text size, as measured at 480-720 px
# display/layout.py: padding is 6 px and the smallest text 18 px at scale 1, so the
# smallest text is three paddings; the grid knows the padding, not the text sizes.
FLOOR_PX_PER_PAD = 3
PARA_GAP = 0.2  # display/flow.py Para.gap_before, in font sizes
# The coordinates' band is a square wide; left and right never narrower than three
# paddings (the smallest text): row numbers such as "14" need that much beside squares of a
# few pixels. Above and below, a column's letter needs only a square's height.
EDGE_PADS = 3


@dataclass(frozen=True)
class Grid:
    """Squares of ``cell`` pixels, ``columns`` × ``rows``, top-left at ``left``, ``top``."""

    left: int
    top: int
    cell: int
    columns: int
    rows: int
    edge: int = 0  # pixels of the coordinates' band left and right (above and below: cell)

    @property
    def area(self) -> pygame.Rect:
        return pygame.Rect(self.left, self.top, self.cell * self.columns, self.cell * self.rows)

    @property
    def framed(self) -> pygame.Rect:
        """The squares and the coordinates' band around them."""
        return self.area.inflate(2 * self.edge, 2 * self.cell)

    def edges(self) -> list[tuple[str, pygame.Rect]]:
        """Each coordinate and the piece of band it is written in: a column's letters above
        and below it, a row's number left and right of it."""
        area, cell, edge = self.area, self.cell, self.edge
        found = []
        for col in range(self.columns):
            x = area.x + col * cell
            for y in (area.top - cell, area.bottom):
                found.append((column_letters(col), pygame.Rect(x, y, cell, cell)))
        for row in range(self.rows):
            y = area.y + row * cell
            for x in (area.left - edge, area.right):
                found.append((str(row + 1), pygame.Rect(x, y, edge, cell)))
        return found

    def rect(self, space: Space) -> pygame.Rect:
        return pygame.Rect(
            self.left + space.col * self.cell,
            self.top + space.row * self.cell,
            self.cell,
            self.cell,
        )

    def centre(self, space: Space) -> tuple[int, int]:
        return self.rect(space).center

    def space_at(self, pos: tuple[int, int]) -> Space | None:
        x, y = pos
        if not self.area.collidepoint(x, y):
            return None
        return Space((x - self.left) // self.cell, (y - self.top) // self.cell)

    def spaces(self) -> list[Space]:
        return [Space(col, row) for row in range(self.rows) for col in range(self.columns)]


@dataclass(frozen=True)
class Layout:
    grid: Grid
    legend: pygame.Rect


def size_of(state: Mapping[str, Any]) -> tuple[int, int]:
    """The battlefield's width and height in spaces, from the state JSON (0, 0 if none)."""
    field_ = state.get("battlefield") or {}
    return int(field_.get("width", 0)), int(field_.get("height", 0))


def shown_moves(state: Mapping[str, Any]) -> tuple[list[Any], list[Any]]:
    """The moves the legend lists: (made, still to come). In the Order Phase a look ahead
    replaces the last phase's arrows rather than adding to them."""
    phase = state.get("zombies_phase") or {}
    planned = list(state.get("preview") or [])
    last_phase_only = bool(phase.get("done")) and bool(planned)
    done = [] if last_phase_only else list(phase.get("moves") or [])
    return done, planned


def legend_room(state: Mapping[str, Any], pad: int) -> int:
    """Pixels the legend needs below the grid for its heading and every move."""
    done, planned = shown_moves(state)
    moves = len(done) + len(planned)
    if not moves:
        return 0
    px = FLOOR_PX_PER_PAD * pad
    lines = 1 + LINES_PER_MOVE * moves
    return lines * round(px * LINE_SPACING) + moves * round(px * PARA_GAP)


def layout(inner: pygame.Rect, gap: int, columns: int, rows: int, room: int = 0) -> Layout:
    """The grid and the legend's box inside ``inner`` (the panel less its padding);
    ``room``: the height the legend needs under the grid (:func:`legend_room`)."""
    columns, rows = max(1, columns), max(1, rows)
    least = EDGE_PADS * gap
    below = _cell(inner.w, int(inner.h * GRID_SHARE_BELOW), columns, rows, least)
    beside = _cell(int(inner.w * GRID_SHARE_BESIDE), inner.h, columns, rows, least)
    if below >= beside:  # chosen as if no words were shown; then the words get their room
        leaves_room = (inner.h - gap - room) // (rows + 2)
        below = max(MIN_CELL, round(below * SMALLEST_SHARE), min(below, leaves_room))
        left = inner.x + (inner.w - below * columns) // 2
        grid = Grid(left, inner.y + below, below, columns, rows, max(below, least))
        top = grid.framed.bottom + gap
        return Layout(grid, pygame.Rect(inner.x, top, inner.w, max(0, inner.bottom - top)))
    edge = max(beside, least)
    top = inner.y + (inner.h - beside * rows) // 2
    grid = Grid(inner.x + edge, top, beside, columns, rows, edge)
    left = grid.framed.right + gap
    return Layout(grid, pygame.Rect(left, inner.y, max(0, inner.right - left), inner.h))


def _cell(width: int, height: int, columns: int, rows: int, least: int) -> int:
    """The largest square for ``columns`` × ``rows`` with the coordinates' band round them
    (a square wide; left and right at least ``least`` pixels) inside ``width`` × ``height``."""
    cell = min(width // (columns + 2), height // (rows + 2))
    edge = max(cell, least)
    return max(MIN_CELL, min(cell, (width - 2 * edge) // columns))


def panel_layout(panel: pygame.Rect, pad: int, state: Mapping[str, Any]) -> Layout:
    """The layout the board panel uses for ``state`` (the same one for drawing and for taps)."""
    columns, rows = size_of(state)
    inner = panel.inflate(-2 * pad, -2 * pad)
    return layout(inner, pad, columns, rows, legend_room(state, pad))


def space_at(
    panel: pygame.Rect, pad: int, state: Mapping[str, Any], pos: tuple[int, int]
) -> str | None:
    """The name of the space drawn at ``pos`` ("C5"), or None outside the grid."""
    if size_of(state) == (0, 0):
        return None
    found = panel_layout(panel, pad, state).grid.space_at(pos)
    return None if found is None else found.name


def space(name: object) -> Space | None:
    """A space from its name in the state JSON; None for anything else."""
    return parse_space(name) if isinstance(name, str) else None


def column_name(col: int) -> str:
    return column_letters(col)
