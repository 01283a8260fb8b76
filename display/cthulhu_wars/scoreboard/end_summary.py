"""The end of a scoreboard game on the screen (K13, K14), in the board panel in place of the
board state, which no longer matters: who won — or that nobody has six spellbooks — and
why; each faction's final Doom with every Elder Sign it revealed and its spellbooks; then
each faction's Doom round by round (:mod:`display.cthulhu_wars.scoreboard.doom_chart`).

The revealed signs wrap between signs in a column of their own, so a long list never
squeezes the faction names; the chart keeps at least two fifths of the height, the table's
type shrinking first. Where the chart has no room at the screen's least type (a small
screen), the winners and the table stay whole and the chart is left to its own view
(:func:`draw_chart`, PHASE), which a line under the table names: who won and why come
first, and no word is set below the floor to squeeze the chart in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from display.cthulhu_wars import names
from display.cthulhu_wars.scoreboard import doom_chart
from display.cthulhu_wars.scoreboard.standings import (
    counted,
    end_table,
    ending,
    marker,
    order,
    shown,
)
from display.ink import colours
from display.ink.runs import Para, Span
from display.layout import flow, table
from display.layout.canvas import Canvas
from rules.text import translate
from rules.values import Record

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON, ScoreboardJSON

CHART_SHARE = 0.4  # of the box's height, at least
# the chart's least height, in lines of its type: its title, the 0-30 Doom lines far
# enough apart to tell which line is higher, the rounds under it
CHART_LINES = 7
NAME_SHARE = 0.45  # of the width: the names' column may take less only if they fit in it


class _Sized(Record, frozen=False):
    fits: bool
    factor: float
    top: flow.Laid
    laid: table.Table
    rows: list[list[Para]]  # the table's paragraphs: every sign, counted, or none
    whole: bool = True  # every sign said (apart or counted), the chart drawn or named
    note: flow.Laid | None = None  # the chart left to its own view, said in this line


def draw(canvas: Canvas, state: CthulhuWarsStateJSON, lang: str, box: pygame.Rect) -> None:
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return
    lines = list(ending(state, lang))
    rows = end_table(state, board, lang)
    short = _counted(state, board, rows)
    sized = _sized(canvas, rows, short, _unsigned(short), lines, box, _elsewhere(lang))
    canvas.dropped = canvas.dropped or not sized.whole  # the screen may find it more room
    gap = canvas.pad
    canvas.draw_laid(sized.top, pygame.Rect(box.x, box.y, box.w, sized.top.height))
    y = box.y + sized.top.height + gap // 2
    laid_out = sized.laid
    for cells, height in zip(laid_out.cells, laid_out.heights, strict=True):
        x = box.x
        for index, (laid, width) in enumerate(zip(cells, laid_out.widths, strict=True)):
            # Figures line up on the right; names and the signs (which wrap) on the left.
            shift = max(0, width - laid.width) if index in (1, 3) else 0
            canvas.draw_laid(laid, pygame.Rect(x + shift, y, width - shift, height))
            x += width + (2 * gap if index == 1 else gap)  # Doom, then its signs: apart
        y += height
    if sized.note is not None:  # the chart on a view of its own
        canvas.draw_laid(sized.note, pygame.Rect(box.x, y + gap // 2, box.w, sized.note.height))
        return
    pygame.draw.line(canvas.surface, colours.DIM, (box.x, y + gap // 2), (box.right, y + gap // 2))
    chart = pygame.Rect(box.x, y + gap, box.w, box.bottom - y - gap)
    doom_chart.draw(canvas, state, lang, chart, sized.factor)


def draw_chart(canvas: Canvas, state: CthulhuWarsStateJSON, lang: str, box: pygame.Rect) -> None:
    """The Doom chart alone in the whole box (the end's second view): a key of each
    faction's shape with its final Doom, the chart under it."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return
    key = flow.layout([_key(state, board, lang)], box.w, canvas.sizes, 1.0)
    canvas.draw_laid(key, pygame.Rect(box.x, box.y, box.w, key.height))
    top = key.height + canvas.pad
    chart = pygame.Rect(box.x, box.y + top, box.w, box.h - top)
    doom_chart.draw(canvas, state, lang, chart, 1.0)


def draw_condensed(
    canvas: Canvas, state: CthulhuWarsStateJSON, lang: str, box: pygame.Rect
) -> None:
    """The end beside a list that needs the board's room (a menu, a question of undo):
    who won and why, and each faction's final Doom; the whole summary is back when the
    list closes. Left out (:attr:`Canvas.dropped`) where even that has no room."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return
    paras = [*ending(state, lang), replace(_key(state, board, lang), gap_before=0.3)]
    laid = flow.fit(paras, box.w, box.h, canvas.sizes)
    if laid.truncated:
        canvas.dropped = True
        return
    canvas.draw_laid(laid, pygame.Rect(box.x, box.y, box.w, laid.height))


def _key(state: CthulhuWarsStateJSON, board: ScoreboardJSON, lang: str) -> Para:
    """Each faction by the shape its chart line is marked with (never by colour alone)
    and its final Doom; a line breaks between factions, never inside one."""
    spans = []
    for faction in order(board):
        doom = board.get("doom", {}).get(faction, 0)
        words = f"{names.faction(faction, lang)} {doom}"
        icon_colour = colours.faction(faction)
        spans.append(Span(words, icon=marker(state, faction), icon_colour=icon_colour, atomic=True))
        spans.append(Span("  "))
    return Para(tuple(spans[:-1]), "small", gap_before=0.0)


def _elsewhere(lang: str) -> Para:
    """The line that names the chart's own view, when the chart is left out."""
    return Para((Span(translate("screen.sb.chart_press", lang), colours.DIM),), "small")


def _counted(
    state: CthulhuWarsStateJSON, board: ScoreboardJSON, rows: list[list[Para]]
) -> list[list[Para]]:
    """The table with each faction's signs counted by value, when there are signs to count."""
    revealed = board.get("revealed")
    if not isinstance(revealed, Mapping):
        return rows
    factions = order(board)
    return [rows[0]] + [
        [row[0], row[1], replace(row[2], spans=(Span(counted(revealed.get(f, ()))),)), row[3]]
        for f, row in zip(factions, rows[1:], strict=True)
    ]


def _unsigned(rows: list[list[Para]]) -> list[list[Para]]:
    """The table without its signs column: in a column too narrow for the signs even
    counted, the names, Doom and spellbooks stay whole rather than the signs spilling out."""
    return [[row[0], row[1], replace(row[2], spans=()), row[3]] for row in rows]


def _unboxed(para: Para) -> Para:
    spans = tuple(
        replace(span, chip=None, colour=colours.LIT, icon_colour=colours.LIT)
        if span.chip is not None
        else span
        for span in para.spans
    )
    return replace(para, spans=spans)


def _sized(
    canvas: Canvas,
    rows: list[list[Para]],
    short: list[list[Para]],
    unsigned: list[list[Para]],
    lines: Sequence[Para],
    box: pygame.Rect,
    elsewhere: Para,
) -> _Sized:
    """The largest size at which the lines, the table and the chart's share all fit; if
    none does, with half the chart's share, then with the signs counted by value
    (``short``); then the lines and the table whole with ``elsewhere`` naming the chart's
    own view in its place, every sign apart, then counted; then, cut, without the signs
    (``unsigned``)."""
    tries: tuple[tuple[list[list[Para]], float | None], ...] = (
        (rows, CHART_SHARE),
        (rows, CHART_SHARE / 2),
        (short, CHART_SHARE / 2),
        (rows, None),
        (short, None),
        (unsigned, None),
    )
    sizes = [(shape, share, factor) for shape, share in tries for factor in flow.SHRINK_FACTORS]
    sized, fitted = flow.shrink_to_fit(
        lambda size: _at(canvas, size[0], lines, box, size[2], size[1], elsewhere),
        lambda sized: sized.fits,
        sizes,
    )
    return replace(sized, whole=fitted and sized.rows is not unsigned)


def _at(
    canvas: Canvas,
    rows: list[list[Para]],
    lines: Sequence[Para],
    box: pygame.Rect,
    factor: float,
    chart_share: float | None,
    elsewhere: Para,
) -> _Sized:
    """The table at ``factor`` with the chart's share of the height, or (None) with the
    line ``elsewhere`` in the chart's place."""
    gap, sizes = canvas.pad, canvas.sizes
    top = flow.layout(lines, box.w, sizes, factor)
    if top.width > box.w:  # a chip never breaks: many winners are named in lit words instead
        top = flow.layout([_unboxed(para) for para in lines], box.w, sizes, factor)

    names_w, doom_w, _, books_w = table.widths_of(rows, box.w, sizes, factor)
    # The names first, whole where they can be; the signs wrap, three to a line at least.
    signs = any(row[2].spans for row in rows)
    three = flow.layout([Para((Span(shown((3, 3, 3))),), "body")], box.w, sizes, factor).width
    room = box.w - doom_w - books_w - 4 * gap
    name_w = min(names_w, max(room - three, round(box.w * NAME_SHARE)))
    if not signs:  # the names have the signs' room too
        name_w = min(names_w, room)
    shown_w = room - name_w
    laid = table.lay_rows(rows, [name_w, doom_w, max(1, shown_w), books_w], sizes, factor)
    note = None
    if chart_share is None:
        note = flow.layout([elsewhere], box.w, sizes, factor)
        chart_h = note.height
    else:
        chart_h = max(round(box.h * chart_share), CHART_LINES * sizes.px("small", factor))
    fits = (
        (shown_w > 0 or not signs)
        and not top.truncated
        and top.width <= box.w
        and laid.within()
        and (note is None or (not note.truncated and note.width <= box.w))
        and top.height + sum(laid.heights) + 2 * gap + chart_h <= box.h
    )
    return _Sized(fits, factor, top, laid, rows, note=note)
