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

The grid's marks (coordinates, units' letters, moves' numbers) are never under the
screen's floor (:func:`mark_px`). Where the whole battlefield would leave squares too small
for them (a long battlefield on a 3.5-inch screen or at 800×480, Chapter 3 at 1920×1080
with its moves listed), the screen draws a window of it instead, squares large enough for
them, around what matters now (:func:`focus`): the cursor, the Assault waiting for its die,
the Zombie that moves. Its edges name the rows and columns shown; the legend says which
part it is. The phones draw the whole battlefield: they can be zoomed.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from display.layout.flow import LINE_SPACING
from display.layout.regions import MIN_PX_AT_DEFAULT, SMALL_MIN_PX
from rules.normandie.battlefield import Space, column_letters, parse_space
from rules.normandie.state import normandie_json

if TYPE_CHECKING:
    from rules.json_types import StateJSON
    from rules.normandie.json_types import MoveJSON, NormandieStateJSON
from rules.values import Record

GRID_SHARE_BELOW = 0.62  # legend under the grid: the grid's share of the height at most
GRID_SHARE_BESIDE = 0.6  # legend right of the grid: the grid's share of the width at most
MIN_CELL = 4  # pixels; below this a battlefield cannot be drawn legibly at all
SMALLEST_SHARE = 0.7  # the legend's room may shrink the squares to this share, no further
LINES_PER_MOVE = 2  # a move's sentence at the smallest text size, as measured at 480-720 px
# display/layout/regions.py: padding is 6 px and the smallest text 18 px at scale 1, so the
# smallest text is three paddings; the grid knows the padding, not the text sizes.
FLOOR_PX_PER_PAD = 3
PARA_GAP = 0.2  # display/layout/flow.py Para.gap_before, in font sizes
# The coordinates' band is a square wide; left and right never narrower than three
# paddings (the smallest text): row numbers such as "14" need that much beside squares of a
# few pixels. Above and below, a column's letter needs only a square's height.
EDGE_PADS = 3
EDGE_SHARE = 0.8  # a coordinate's type, in squares: as large as the square lets it be
# A row's number of two digits, a pixel clear each side, in type sizes (20 px at 14 px).
EDGE_PER_PX = 10 / 7
# Past the 26th column a column's name is two letters ("AW" is 1.8 type sizes of ink), and
# past the 19th row a number is wider ("30" is 1.5): their squares and band grow to hold them.
TWO_LETTERS_PER_PX, TWO_DIGITS_PER_PX = 1.8, 1.5
PAD_AT_DEFAULT = 6  # display/layout/regions.py: the padding at 800×480, where the floor is 18 px
A1 = Space(0, 0)
# A window's rows, at least, where the panel has them: the legend under it gives way first
# (its least needed lines), a window of a row or two would say nothing of the ground.
FEWEST_ROWS = 5


class Grid(Record):
    """Squares of ``cell`` pixels, ``columns`` × ``rows``, top-left at ``left``, ``top``."""

    left: int
    top: int
    cell: int
    columns: int
    rows: int
    edge: int = 0  # pixels of the coordinates' band left and right (above and below: cell)
    first: Space = A1  # the top-left square shown: not A1 in a window
    whole: tuple[int, int] = (0, 0)  # the battlefield's columns and rows (0, 0: all shown)

    @property
    def windowed(self) -> bool:
        return self.whole != (0, 0) and self.whole != (self.columns, self.rows)

    def shows(self, space: Space) -> bool:
        col, row = space.col - self.first.col, space.row - self.first.row
        return 0 <= col < self.columns and 0 <= row < self.rows

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
                found.append((column_letters(self.first.col + col), pygame.Rect(x, y, cell, cell)))
        for row in range(self.rows):
            y = area.y + row * cell
            for x in (area.left - edge, area.right):
                found.append((str(self.first.row + row + 1), pygame.Rect(x, y, edge, cell)))
        return found

    def rect(self, space: Space) -> pygame.Rect:
        """Where ``space`` is drawn; outside :attr:`area` for a square a window leaves out."""
        return pygame.Rect(
            self.left + (space.col - self.first.col) * self.cell,
            self.top + (space.row - self.first.row) * self.cell,
            self.cell,
            self.cell,
        )

    def centre(self, space: Space) -> tuple[int, int]:
        return self.rect(space).center

    def space_at(self, pos: tuple[int, int]) -> Space | None:
        x, y = pos
        if not self.area.collidepoint(x, y):
            return None
        col, row = (x - self.left) // self.cell, (y - self.top) // self.cell
        return Space(self.first.col + col, self.first.row + row)

    def spaces(self) -> list[Space]:
        """The squares shown."""
        col0, row0 = self.first.col, self.first.row
        return [Space(col0 + col, row0 + row)
                for row in range(self.rows) for col in range(self.columns)]  # fmt: skip


class Layout(Record):
    grid: Grid
    legend: pygame.Rect


def size_of(state: NormandieStateJSON) -> tuple[int, int]:
    """The battlefield's width and height in spaces, from the state JSON (0, 0 if none)."""
    field_ = state.get("battlefield") or {}
    return int(field_.get("width", 0)), int(field_.get("height", 0))


def shown_moves(state: NormandieStateJSON) -> tuple[list[MoveJSON], list[MoveJSON]]:
    """The moves the legend lists: (made, still to come). In the Order Phase a look ahead
    replaces the last phase's arrows rather than adding to them."""
    phase = state.get("zombies_phase")
    planned = list(state.get("preview") or [])
    last_phase_only = bool(phase and phase.get("done")) and bool(planned)
    done = [] if last_phase_only or not phase else list(phase.get("moves") or [])
    return done, planned


def mark_px(pad: int) -> int:
    """The least type size of the grid's marks on a screen of padding ``pad``: the
    screen's floor up to 800×480 (14 px on a 3.5-inch screen, 18 px at 800×480); past it
    growing as the square root of the screen (28 px at 1920×1080), where the words' floor
    grows with the screen: squares for marks that large would leave no standard
    battlefield whole on a large screen."""
    scale = pad / PAD_AT_DEFAULT
    return max(SMALL_MIN_PX, math.ceil(MIN_PX_AT_DEFAULT * min(scale, math.sqrt(scale))))


def mark_cell(px: int, columns: int = 1) -> int:
    """The least square whose coordinate is written at ``px``, of ``columns`` columns."""
    cell = math.ceil(px / EDGE_SHARE)
    return cell if columns <= 26 else max(cell, math.ceil(px * TWO_LETTERS_PER_PX) + 2)


def mark_edge(px: int, rows: int = 1) -> int:
    """The least band left and right of the squares for a row's number at ``px``, of
    ``rows`` rows."""
    edge = round(px * EDGE_PER_PX)
    return edge if rows < 20 else max(edge, math.ceil(px * TWO_DIGITS_PER_PX) + 2)


def _text_px(pad: int) -> int:
    """The legend's smallest text, as the grid reckons it from the padding."""
    return max(SMALL_MIN_PX, FLOOR_PX_PER_PAD * pad)


def legend_room(state: NormandieStateJSON, pad: int) -> int:
    """Pixels the legend needs below the grid for its heading and every move."""
    done, planned = shown_moves(state)
    moves = len(done) + len(planned)
    if not moves:
        return 0
    px = _text_px(pad)
    lines = 1 + LINES_PER_MOVE * moves
    return lines * round(px * LINE_SPACING) + moves * round(px * PARA_GAP)


def layout(
    inner: pygame.Rect,
    gap: int,
    columns: int,
    rows: int,
    room: int = 0,
    focus: tuple[Space, ...] = (),
) -> Layout:
    """The grid and the legend's box inside ``inner`` (the panel less its padding);
    ``room``: the height the legend needs under the grid (:func:`legend_room`); where the
    squares would be too small for a letter, a window round ``focus`` (most wanted first)."""
    columns, rows = max(1, columns), max(1, rows)
    px = mark_px(gap)
    least = EDGE_PADS * gap if rows < 10 else max(EDGE_PADS * gap, mark_edge(px, rows))
    whole = _whole(inner, gap, columns, rows, room, least)
    if whole.grid.cell >= mark_cell(px, columns):
        return whole
    held = _whole_at(inner, gap, (columns, rows), room, (mark_cell(px, columns), least))
    if held is not None:
        return held
    return _window(inner, gap, (columns, rows), room, focus)


def _whole(inner: pygame.Rect, gap: int, columns: int, rows: int, room: int, least: int) -> Layout:
    below = _cell(inner.w, int(inner.h * GRID_SHARE_BELOW), columns, rows, least)
    beside = _cell(int(inner.w * GRID_SHARE_BESIDE), inner.h, columns, rows, least)
    if below >= beside:  # chosen as if no words were shown; then the words get their room
        leaves_room = (inner.h - gap - room) // (rows + 2)
        below = max(MIN_CELL, round(below * SMALLEST_SHARE), min(below, leaves_room))
        left = inner.x + (inner.w - below * columns) // 2
        grid = Grid(left, inner.y + below, below, columns, rows, max(below, least))
        return _under(inner, gap, grid)
    edge = max(beside, least)
    top = inner.y + (inner.h - beside * rows) // 2
    grid = Grid(inner.x + edge, top, beside, columns, rows, edge)
    left = grid.framed.right + gap
    return Layout(grid, pygame.Rect(left, inner.y, max(0, inner.right - left), inner.h))


def _whole_at(
    inner: pygame.Rect, gap: int, size: tuple[int, int], room: int, least: tuple[int, int]
) -> Layout | None:
    """The whole battlefield in squares of the marks' least size, the legend under it,
    where the panel holds both with the legend's ``room`` and a line: beyond the grid's
    usual share of the height, rather than a window of a battlefield that fits."""
    (columns, rows), (cell, edge) = size, least
    edge = max(cell, edge)
    line = round(_text_px(gap) * LINE_SPACING)
    if columns * cell + 2 * edge > inner.w or (rows + 2) * cell + gap + room + line > inner.h:
        return None
    left = inner.x + (inner.w - cell * columns) // 2
    return _under(inner, gap, Grid(left, inner.y + cell, cell, columns, rows, edge))


def _under(inner: pygame.Rect, gap: int, grid: Grid) -> Layout:
    top = grid.framed.bottom + gap
    return Layout(grid, pygame.Rect(inner.x, top, inner.w, max(0, inner.bottom - top)))


def _window(
    inner: pygame.Rect, gap: int, size: tuple[int, int], room: int, focus: tuple[Space, ...]
) -> Layout:
    """A window of squares large enough for the marks (:func:`mark_cell`), the legend under
    it: as many columns as the width holds, as many rows as leave the legend its ``room``."""
    columns, rows = size
    px = mark_px(gap)
    least, edge = mark_cell(px, columns), max(mark_edge(px, rows), EDGE_PADS * gap)
    room += round(_text_px(gap) * LINE_SPACING)  # the part shown
    shown_cols = min(columns, max(1, (inner.w - 2 * edge) // least))
    tallest = min(int(inner.h * GRID_SHARE_BELOW), inner.h - gap - room) // least - 2
    shown_rows = min(rows, max(1, inner.h // least - 2), max(FEWEST_ROWS, tallest))
    cell = max(least, min((inner.w - 2 * edge) // shown_cols,
                          (inner.h - gap - room) // (shown_rows + 2)))  # fmt: skip
    cell = min(cell, (inner.w - 2 * edge) // shown_cols) if shown_cols < columns else cell
    edge = max(cell, edge)
    first = Space(_start(columns, shown_cols, [s.col for s in focus]),
                  _start(rows, shown_rows, [s.row for s in focus]))  # fmt: skip
    left = inner.x + (inner.w - cell * shown_cols) // 2
    grid = Grid(left, inner.y + cell, cell, shown_cols, shown_rows, edge, first, size)
    return _under(inner, gap, grid)


def _start(total: int, shown: int, wanted: list[int]) -> int:
    """The first of ``shown`` lines out of ``total`` for a window round ``wanted`` (most
    wanted first: the others are kept in view while the window can hold them)."""
    if not wanted:
        return 0
    low = high = wanted[0]
    for each in wanted[1:]:
        if max(high, each) - min(low, each) < shown:
            low, high = min(low, each), max(high, each)
    start = (low + high + 1) // 2 - shown // 2
    if shown > 2:  # the most wanted a line clear of the window's edges: its number fits
        start = min(max(start, wanted[0] - shown + 2), wanted[0] - 1)
    return min(max(0, start), total - shown)


def _cell(width: int, height: int, columns: int, rows: int, least: int) -> int:
    """The largest square for ``columns`` × ``rows`` with the coordinates' band round them
    (a square wide; left and right at least ``least`` pixels) inside ``width`` × ``height``."""
    cell = min(width // (columns + 2), height // (rows + 2))
    edge = max(cell, least)
    return max(MIN_CELL, min(cell, (width - 2 * edge) // columns))


def focus(state: NormandieStateJSON) -> tuple[Space, ...]:
    """The squares a window of the battlefield is kept round, most wanted first: the
    cursor; else the move that matters now (the Assault waiting for its die, the next
    Zombie to move, the last that moved: where it ends, whom it strikes or walks toward,
    then the squares back to where it began);
    else the units."""
    where = space(state.get("cursor"))
    if where is not None:
        return (where,)
    move = _current_move(state)
    if move is not None:
        return _move_squares(state, move)
    units = (state.get("units") or {}).values()
    return tuple(s for s in (space(unit.get("space")) for unit in units) if s is not None)


def _current_move(state: NormandieStateJSON) -> MoveJSON | None:
    done, planned = shown_moves(state)
    pending = state.get("pending")
    for move in done:
        if pending and pending["kind"] == "assault" and pending["zombie"] == move.get("zombie"):
            return move
    if planned:
        return planned[0]
    return done[-1] if done else None


def _move_squares(state: NormandieStateJSON, move: MoveJSON) -> tuple[Space, ...]:
    path = [move.get("from"), *(move.get("path") or [])]
    names = [path[-1], target_space(state, move), *reversed(path[:-1])]
    return tuple(s for s in (space(name) for name in names) if s is not None)


def target_space(state: NormandieStateJSON, move: MoveJSON) -> str | None:
    """The square of a move's target: where it stood when the Zombie moved (``at``), else
    where it stands now."""
    unit = state.get("units", {}).get(move.get("target") or "")
    return move.get("at") or (unit.get("space") if unit else None)


def panel_layout(panel: pygame.Rect, pad: int, state: NormandieStateJSON) -> Layout:
    """The layout the board panel uses for ``state`` (the same one for drawing and for taps)."""
    columns, rows = size_of(state)
    inner = panel.inflate(-2 * pad, -2 * pad)
    return layout(inner, pad, columns, rows, legend_room(state, pad), focus(state))


def space_at(
    panel: pygame.Rect, pad: int, any_state: StateJSON, pos: tuple[int, int]
) -> str | None:
    """The name of the space drawn at ``pos`` ("C5"), or None outside the grid."""
    state = normandie_json(any_state)
    if size_of(state) == (0, 0):
        return None
    found = panel_layout(panel, pad, state).grid.space_at(pos)
    return None if found is None else found.name


def space(name: object) -> Space | None:
    """A space from its name in the state JSON; None for anything else."""
    return parse_space(name) if isinstance(name, str) else None


def column_name(col: int) -> str:
    return column_letters(col)
