"""Each faction's Doom round by round, drawn on the screen (the end screen's chart).

The data is :func:`display.cthulhu_wars.scoreboard.standings.doom_chart`, from the state alone. One
line per faction in its colour with its own shape at every round, the shape that leads its
row in the table above (never by colour alone); the 30 Doom that ends the game (K13) is a
lit dashed line. Every number is laid out and recorded like other text, so the tests see it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from display.cthulhu_wars.scoreboard.standings import doom_chart, first_round, marker
from display.ink import colours, icons
from display.ink.runs import Para, Span
from display.layout import flow
from display.layout.canvas import Canvas
from rules.text import translate

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON

END = 30  # K13
DOOM_LINE_EVERY = 10


def _small(words: str, colour: colours.Colour = colours.DIM) -> Para:
    return Para((Span(words, colour, atomic=True),), "small", gap_before=0.0)


def draw(
    canvas: Canvas, state: CthulhuWarsStateJSON, lang: str, box: pygame.Rect, factor: float
) -> None:
    lines = doom_chart(state)
    if not lines or box.h <= 0:
        return
    title = flow.layout([_small(translate("screen.sb.chart", lang))], box.w, canvas.sizes, factor)
    canvas.draw_laid(title, pygame.Rect(box.x, box.y, box.w, title.height))
    top = -(-max(END, *(max(doom) for _, doom in lines)) // DOOM_LINE_EVERY) * DOOM_LINE_EVERY
    rounds = max(len(doom) for _, doom in lines)
    sized = flow.layout([_small(str(top))], box.w, canvas.sizes, factor)
    line_h, margin = sized.height, sized.width + canvas.pad
    size = max(6, round(canvas.sizes.px("small", factor) * 0.75))  # a round's mark
    plot = pygame.Rect(box.x + margin + size // 2, box.y + title.height + line_h // 2, 0, 0)
    plot.w = box.right - plot.x - max(canvas.pad, size // 2)
    plot.h = box.bottom - line_h - line_h // 2 - plot.y  # the round numbers, below "0"
    if plot.w <= 0 or plot.h <= line_h:
        canvas.dropped = True  # titled but not drawn: the screen may find it more room
        return
    _doom_lines(canvas, plot, top, pygame.Rect(box.x, 0, margin, 0), factor)
    _round_numbers(canvas, plot, rounds, first_round(state, rounds), factor)
    weight = max(2, round(canvas.sizes.px("small", factor) / 6))
    for faction, doom in reversed(lines):  # the first seat's line on top
        colour = colours.faction(faction)
        points = [_point(plot, i, rounds, d, top) for i, d in enumerate(doom)]
        if len(points) > 1:
            pygame.draw.lines(canvas.surface, colour, False, points, weight)
        for x, y in points:
            mark = pygame.Rect(0, 0, size, size)
            mark.center = (x, y)
            icons.draw(canvas.surface, marker(state, faction), mark, colour)


def _point(plot: pygame.Rect, index: int, rounds: int, doom: int, top: int) -> tuple[int, int]:
    x = plot.x + (plot.w * index // (rounds - 1) if rounds > 1 else plot.w // 2)
    return x, plot.bottom - round(plot.h * doom / top)


def _doom_lines(
    canvas: Canvas, plot: pygame.Rect, top: int, numbers: pygame.Rect, factor: float
) -> None:
    """A line every 10 Doom, numbered in the column ``numbers`` (its x and width) at the
    left; as many numbers as have room."""
    margin = numbers.w
    count = top // DOOM_LINE_EVERY
    label_h = flow.layout([_small("0")], margin, canvas.sizes, factor).height
    every = max(1, -(-label_h * count // max(1, plot.h)))
    for index in range(count + 1):
        doom = index * DOOM_LINE_EVERY
        y = plot.bottom - round(plot.h * doom / top)
        if doom == END:
            _dashed(canvas.surface, colours.LIT, (plot.x, y), plot.right, max(3, canvas.pad))
        else:
            pygame.draw.line(canvas.surface, colours.PANEL_EDGE, (plot.x, y), (plot.right, y))
        if (count - index) % every:  # counted from the top line, so the top is numbered
            continue
        laid = flow.layout([_small(str(doom))], margin, canvas.sizes, factor)
        width = margin - canvas.pad // 2
        cell = pygame.Rect(numbers.x + width - laid.width, y - laid.height // 2, 0, 0)
        cell.size = (laid.width, laid.height)
        canvas.draw_laid(laid, cell)


def _dashed(
    surface: pygame.Surface, colour: colours.Colour, start: tuple[int, int], end_x: int, dash: int
) -> None:
    x, y = start
    while x < end_x:
        pygame.draw.line(surface, colour, (x, y), (min(end_x, x + dash), y), 2)
        x += 2 * dash


def _round_numbers(
    canvas: Canvas, plot: pygame.Rect, rounds: int, first: int, factor: float
) -> None:
    """The rounds under the chart, as many as fit side by side without touching, the last
    (the round the game is in, or ended in) always among them."""
    sized = flow.layout([_small(str(first + rounds - 1))], plot.w, canvas.sizes, factor)
    widest, label_h = sized.width, sized.height
    room = plot.w / max(1, rounds - 1) if rounds > 1 else plot.w
    every = max(1, -(-(widest + canvas.pad) // max(1, int(room))))
    for index in range(rounds - 1, -1, -every):  # counted from the last: the round now
        laid = flow.layout([_small(str(first + index))], plot.w, canvas.sizes, factor)
        x, _ = _point(plot, index, rounds, 0, 1)
        below = plot.bottom + label_h // 2 + 1  # clear of the "0" beside the axis
        cell = pygame.Rect(x - laid.width // 2, below, laid.width, laid.height)
        canvas.draw_laid(laid, cell, "center")
