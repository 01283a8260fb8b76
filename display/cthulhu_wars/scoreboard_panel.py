"""The scoreboard drawn at the top of the board panel, sized with the board state below it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from display import colours, flow
from display.canvas import Canvas
from display.cthulhu_wars.scoreboard import ending, table, track
from display.runs import Para


def draw(
    canvas: Canvas,
    state: Mapping[str, Any],
    lang: str,
    box: pygame.Rect,
    below_it: Sequence[Para],
) -> pygame.Rect:
    """The scoreboard at the top of ``box``, in the largest size that leaves room for
    ``below_it`` (the board state) at that size too; returns the box left for the board."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return box
    over = state.get("game_over")
    lines = [*ending(state, lang)] if over else [*track(state, board, lang)]
    rows = table(state, board, lang)
    fits, cells, widths, heights, below = _sized(canvas, rows, lines, box, below_it)
    if not fits and not over:  # a crowded board keeps its words; the table keeps its figures
        lines = []
        fits, cells, widths, heights, below = _sized(canvas, rows, lines, box, below_it)
    gap = canvas.pad
    y = box.y
    for row, cells_of_row, height in zip(rows, cells, heights, strict=True):
        x = box.x
        for index, (cell, laid) in enumerate(zip(row, cells_of_row, strict=True)):
            width = widths[index]
            cell_box = pygame.Rect(x, y, width, height)
            _draw_cell(canvas, laid, [cell], cell_box, "left" if index == 0 else "right")
            x += width + (2 * gap if index == 0 else gap)
        y += height
    canvas.text(lines, pygame.Rect(box.x, y, box.w, min(below.height, box.bottom - y)))
    used = y + below.height + canvas.pad - box.y
    rule_y = box.y + used - canvas.pad // 2
    pygame.draw.line(canvas.surface, colours.DIM, (box.x, rule_y), (box.right, rule_y))
    return pygame.Rect(box.x, box.y + used, box.w, max(0, box.h - used))


Sized = tuple[bool, list[list[flow.Laid]], list[int], list[int], flow.Laid]


def _sized(
    canvas: Canvas,
    rows: list[list[Para]],
    lines: Sequence[Para],
    box: pygame.Rect,
    below_it: Sequence[Para],
) -> Sized:
    """The table's cells at the largest size where it, ``lines`` and the board below all fit
    (at the smallest if none does: then the first item says False)."""
    gap = canvas.pad
    fits = False
    for factor in flow.SHRINK_STEPS:
        figures = [
            [flow.layout([cell], box.w, canvas.sizes, factor) for cell in row[1:]] for row in rows
        ]
        widths = [max(row[i].width for row in figures) for i in range(len(rows[0]) - 1)]
        name_w = max(1, box.w - sum(widths) - gap * (len(widths) + 1))  # names wrap, figures never
        cells = [
            [flow.layout(row[:1], name_w, canvas.sizes, factor), *laid]
            for row, laid in zip(rows, figures, strict=True)
        ]
        widths = [min(name_w, max(row[0].width for row in cells)), *widths]
        heights = [max(cell.height for cell in row) for row in cells]
        below = flow.layout(lines, box.w, canvas.sizes, factor)
        rest = flow.layout(below_it, box.w, canvas.sizes, factor)
        fits = (
            all(row[0].width <= name_w for row in cells)
            and not rest.truncated
            and sum(heights) + below.height + rest.height + 2 * gap <= box.h
        )
        if fits:
            break
    return fits, cells, widths, heights, below


def _draw_cell(
    canvas: Canvas, laid: flow.Laid, paras: Sequence[Para], box: pygame.Rect, align: str
) -> None:
    if laid.width <= box.w and laid.height <= box.h:
        canvas.draw_laid(laid, box, align)
    else:
        canvas.text(paras, box, align)
