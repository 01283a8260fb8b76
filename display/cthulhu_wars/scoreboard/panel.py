"""The scoreboard drawn at the top of the board panel, sized with the board state below it.

A faction's name is read at one glance only on one line: the table shrinks before a name
breaks, and where even the floor leaves a name too little room beside the figures (a
small screen, a narrow column beside a list), each name has a line of its own across the
table, its figures under it in their columns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from display.cthulhu_wars.scoreboard.standings import ending, table, track
from display.ink import colours
from display.ink.runs import Para
from display.layout import flow
from display.layout.canvas import Canvas, columns_fit
from display.layout.table import lay_rows, widest
from rules.values import Record

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON, ScoreboardJSON


def draw(
    canvas: Canvas,
    state: CthulhuWarsStateJSON,
    lang: str,
    box: pygame.Rect,
    below_it: Sequence[Para],
    columns: Sequence[Sequence[Para]] = (),
    fewest: bool = False,
) -> pygame.Rect:
    """The scoreboard at the top of ``box``, in the largest size that leaves room for
    ``below_it`` (the board state) and its ``columns`` side by side under it (as
    :meth:`Canvas.text_with_columns` draws them: a Dreamlands board's two boards) at that
    size too; returns the box left for the board. ``fewest``: only each faction's Doom
    and Power (:data:`FEWEST`), for a column too narrow for the whole table."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return box
    under = Board(below_it, columns)
    rows, lines, sized = _fitted(canvas, state, board, lang, box, under, fewest)
    y = _draw_table(canvas, rows, sized, box)
    below = sized.below
    canvas.text(lines, pygame.Rect(box.x, y, box.w, min(below.height, box.bottom - y)))
    used = y + below.height + canvas.pad - box.y
    rule_y = box.y + used - canvas.pad // 2
    pygame.draw.line(canvas.surface, colours.DIM, (box.x, rule_y), (box.right, rule_y))
    return pygame.Rect(box.x, box.y + used, box.w, max(0, box.h - used))


def fits(
    canvas: Canvas,
    state: CthulhuWarsStateJSON,
    lang: str,
    box: pygame.Rect,
    below_it: Sequence[Para],
    columns: Sequence[Sequence[Para]] = (),
) -> bool:
    """Whether the table and the board state under it (as :func:`draw` is given them) are
    whole in ``box``, the lines under the table left out if need be."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return True
    return _fitted(canvas, state, board, lang, box, Board(below_it, columns))[2].fits


# The table's first columns, kept where the whole table has no room (a narrow column beside
# a long list on a small screen): each faction's name (the First Player's arrow on it),
# its Doom and its Power, what a Ritual is weighed by; the rest is back when the list closes.
FEWEST = 3


def whole(canvas: Canvas, state: CthulhuWarsStateJSON, lang: str, box: pygame.Rect) -> bool:
    """Whether the whole table and every line under it (the First Player, the next Ritual,
    the pool) fit ``box`` with nothing below them: the standings beside a list."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping) or state.get("game_over"):
        return True
    lines = [*track(state, board, lang)]
    return _sized(canvas, table(state, board, lang), lines, box, Board(())).fits


class Board(Record):
    """The board state under the table: paragraphs across, then columns side by side."""

    top: Sequence[Para]
    columns: Sequence[Sequence[Para]] = ()


class Sized(Record):
    """The table laid out: whether it and the board below fit, each row's cells, the
    columns' widths, each row's height, the lines under it, and whether each name has a
    line of its own."""

    fits: bool
    cells: list[list[flow.Laid]]
    widths: list[int]
    heights: list[int]
    below: flow.Laid
    stacked: bool = False
    gap: int = 0
    staggered: bool = False  # the headings on two lines, alternately (see _stagger)


def _fitted(
    canvas: Canvas,
    state: CthulhuWarsStateJSON,
    board: ScoreboardJSON,
    lang: str,
    box: pygame.Rect,
    under: Board,
    fewest: bool = False,
) -> tuple[list[list[Para]], list[Para], Sized]:
    """The table's rows, the lines under it and how they are laid out in ``box`` above
    ``under``: a crowded board keeps its words and the table its figures, so the lines
    under the table go where the board would not be whole with them (not the end's,
    which say who won)."""
    over = state.get("game_over")
    lines = [*ending(state, lang)] if over else [*track(state, board, lang)]
    rows = table(state, board, lang)
    if fewest:
        rows = [row[:FEWEST] for row in rows]
    sized = _sized(canvas, rows, lines, box, under)
    if not sized.fits and not over:
        lines = []
        sized = _sized(canvas, rows, lines, box, under)
    return rows, lines, sized


def _draw_table(canvas: Canvas, rows: list[list[Para]], sized: Sized, box: pygame.Rect) -> int:
    """Draw the table's rows from the top of ``box``; return the y under them."""
    gap = sized.gap
    y = box.y
    for row, cells_of_row, height in zip(rows, sized.cells, sized.heights, strict=True):
        x, top = box.x, y
        for index, (cell, laid) in enumerate(zip(row, cells_of_row, strict=True)):
            width = sized.widths[index]
            if index == 0 and sized.stacked:  # the name across the table, the figures under it
                _draw_cell(canvas, laid, [cell], pygame.Rect(x, y, box.w, laid.height), "left")
                top = y + laid.height
                x += width
                continue
            cell_box = pygame.Rect(x, top, width, y + height - top)
            if sized.staggered and y == box.y and index > 0:  # a heading, on its line
                line = laid.height * ((index - 1) % 2)
                cell_box = pygame.Rect(x, top + line, laid.width, laid.height)
            _draw_cell(canvas, laid, [cell], cell_box, "left" if index == 0 else "right")
            x += width + (2 * gap if index == 0 else gap)
        y += height
    return y


def _sized(
    canvas: Canvas,
    rows: list[list[Para]],
    lines: Sequence[Para],
    box: pygame.Rect,
    below_it: Board,
) -> Sized:
    """The table's cells at the largest size where it, ``lines`` and the board below all fit
    with every name on one line beside its figures, or else with each name on a line of
    its own, or else with the headings staggered over narrower columns (else the names on
    lines of their own at the smallest: then ``fits`` is False). Remembered: a screen
    weighs the same table in each room it tries, and again when it draws it."""
    key = (
        canvas.sizes,
        canvas.pad,
        box.size,
        tuple(map(tuple, rows)),
        tuple(lines),
        tuple(below_it.top),
        tuple(map(tuple, below_it.columns)),
    )
    return flow.remembered(
        _SIZED, SIZED_KEPT, key, lambda: _sized_anew(canvas, rows, lines, box, below_it)
    )


# Tables sized (:func:`_sized`), forgotten all at once when full.
SIZED_KEPT = 64
_SIZED: dict[tuple[object, ...], Sized] = {}


def _sized_anew(
    canvas: Canvas,
    rows: list[list[Para]],
    lines: Sequence[Para],
    box: pygame.Rect,
    below_it: Board,
) -> Sized:

    def at(stacked: bool, staggered: bool = False) -> tuple[Sized, bool]:
        return flow.shrink_to_fit(
            lambda factor: _laid(canvas, rows, lines, box, below_it, factor, stacked, staggered),
            lambda sized: sized.fits,
            flow.SHRINK_FACTORS,
        )

    found, fitted = at(stacked=False)
    if fitted or all(_one_line(row[0]) for row in found.cells):
        return found  # else nothing fits, but the names are whole beside their figures
    found, fitted = at(stacked=True)
    if fitted:
        return found
    # the figures' columns as narrow as their figures, the headings over them alternately
    # on two lines: a line taller, but the whole table in a column beside a long list
    staggered, fitted = at(stacked=True, staggered=True)
    return staggered if fitted else found


def _laid(
    canvas: Canvas,
    rows: list[list[Para]],
    lines: Sequence[Para],
    box: pygame.Rect,
    below_it: Board,
    factor: float,
    stacked: bool,
    staggered: bool = False,
) -> Sized:
    sizes, pad = canvas.sizes, canvas.pad
    figures = lay_rows([row[1:] for row in rows], [box.w] * (len(rows[0]) - 1), sizes, factor)
    sized_by = figures.cells[1:] if staggered else figures.cells  # the headings stand aside
    widths = [widest(sized_by, i) for i in range(len(rows[0]) - 1)]
    gap = _gap(pad, box.w - sum(widths), len(widths) - 1) if stacked else pad
    if staggered:
        widths, gap = _staggered(widths, [head.width for head in figures.cells[0]], pad, box.w)
    # what the figures leave the names (stacked: the room left of the figures, no gap)
    room = box.w - sum(widths) - gap * (len(widths) - 1 if stacked else len(widths) + 1)
    name_w = max(1, room)
    if stacked:  # the names across the table, the figures in their columns at its right
        names = [flow.layout(row[:1], box.w, sizes, factor) for row in rows]
        cells = [[name, *laid] for name, laid in zip(names, figures.cells, strict=True)]
        widths = [name_w, *widths]
        heights = [
            row[0].height + max((cell.height for cell in row[1:]), default=0) for row in cells
        ]
        if staggered:  # the headings' second line
            heights[0] += max((cell.height for cell in cells[0][1:]), default=0)
        names_fit = room >= 0 and all(row[0].width <= box.w and _one_line(row[0]) for row in cells)
    else:
        cells = [
            [flow.layout(row[:1], name_w, sizes, factor), *laid]
            for row, laid in zip(rows, figures.cells, strict=True)
        ]
        widths = [min(name_w, max(row[0].width for row in cells)), *widths]
        heights = [max(cell.height for cell in row) for row in cells]
        names_fit = all(row[0].width <= name_w and _one_line(row[0]) for row in cells)
    below = flow.layout(lines, box.w, sizes, factor)
    if below.width > box.w:  # a narrow column: the Ritual's words break rather than be cut
        below = flow.layout(lines, box.w, sizes, factor, break_atomic=True)
    under = (box.w, box.h - sum(heights) - below.height - 2 * pad)  # the board's room
    fits = names_fit and columns_fit(below_it.top, below_it.columns, under, sizes, factor, pad)
    return Sized(fits, cells, widths, heights, below, stacked, gap, staggered)


def _staggered(
    widths: Sequence[int], heads: Sequence[int], pad: int, room: int
) -> tuple[list[int], int]:
    """The columns under headings on two lines, and the gap between them: the figures'
    columns (all but Silence's) evenly as wide as the widest figure, so that no two
    figures read as one number ("6 9"), the gap the widest that leaves them in ``room``."""
    even = max(widths[:-1], default=0)
    widths = [*(even for _ in widths[:-1]), *widths[-1:]]
    for gap in range(pad, max(2, pad // 2) - 1, -1):
        found = _stagger(widths, heads, gap)
        if sum(found) + gap * (len(found) - 1) <= room:
            break
    return found, gap


def _stagger(widths: Sequence[int], heads: Sequence[int], gap: int) -> list[int]:
    """The figures' column ``widths`` widened just enough that each heading, set at its
    column's left on the line its neighbours are not on, ends a ``gap`` before the column
    two after it (and inside the table)."""
    lefts: list[int] = []
    for index in range(len(widths)):
        after = lefts[-1] + widths[index - 1] + gap if lefts else 0
        clear = lefts[index - 2] + heads[index - 2] + gap if index >= 2 else 0
        lefts.append(max(after, clear))
    spans = zip(lefts, widths, heads, strict=True)
    end = max(left + max(width, head) for left, width, head in spans)
    return [right - gap - left for left, right in zip(lefts, [*lefts[1:], end + gap], strict=True)]


def _gap(pad: int, spare: int, gaps: int) -> int:
    """The room between the figures' columns under names on lines of their own: the pad,
    or where a narrow column has not that much, as little as half of it (the headings
    still a space apart), so that the figures close up before the lines under them go."""
    least = max(2, pad // 2)
    return max(least, min(pad, spare // max(1, gaps)))


def _one_line(laid: flow.Laid) -> bool:
    """Whether ``laid`` is on one line (a name broken over two is read twice)."""
    return len({item.rect.y for item in laid.items}) <= 1


def _draw_cell(
    canvas: Canvas, laid: flow.Laid, paras: Sequence[Para], box: pygame.Rect, align: str
) -> None:
    if laid.width <= box.w and laid.height <= box.h:
        canvas.draw_laid(laid, box, align)
    else:
        canvas.text(paras, box, align)
