"""The prompt panel: a refused input, what the game waits for, the last result, the menu.

The biggest type on screen. Everything in the panel shrinks together, one step at a
time, until it fits; if the menu is still too long at the smallest legible size, a
window of choices around the selected one is shown with "▲ 2 more" / "▼ 3 more".
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from display import colours, events, icons
from display.canvas import Canvas
from display.flow import LINE_SPACING, SHRINK_STEPS, Laid, layout
from display.runs import Para, Span
from display.view import Choice, View
from rules.text import render, render_fragment, translate

TITLE_STEPS: tuple[float, ...] = (1.0, 0.85, 0.72, 0.6, 0.5)
CHOICE_INDENT = 1.3  # room for the ▶ of the selected choice, in font sizes


def key(view: View) -> object:
    return (view.prompt, view.status.error, view.lang, events.key(view))


@dataclass
class _Measured:
    banner: Laid | None
    title: Laid
    result: Laid | None
    rows: list[Laid]
    factor: float


def draw(canvas: Canvas, view: View) -> None:
    canvas.background()
    measured = _measure_to_fit(canvas, view)
    inner = canvas.inner
    y = inner.y
    if measured.banner is not None:
        y = _draw_boxed(canvas, measured.banner, y, colours.ERROR_BG, colours.ERROR_TEXT)
    y = _draw_plain(canvas, measured.title, y)
    if measured.result is not None:
        y = _draw_boxed(canvas, measured.result, y, colours.BACKGROUND, colours.GOOD)
    bottom = _draw_choices(
        canvas, view, measured, pygame.Rect(inner.x, y, inner.w, _bottom(canvas, view) - y)
    )
    events.draw(canvas, view, pygame.Rect(inner.x, bottom, inner.w, inner.bottom - bottom))


def _bottom(canvas: Canvas, view: View) -> int:
    """Where the prompt must end: events keep at least their share of the column."""
    inner = canvas.inner
    return inner.bottom - (round(inner.h * events.MIN_SHARE) if events.paras(view) else 0)


def _measure_to_fit(canvas: Canvas, view: View) -> _Measured:
    """The biggest title that fits, with the biggest menu that fits under it.

    The title is the one thing every player must read, so the menu shrinks first.
    """
    measured = _measure(canvas, view, SHRINK_STEPS[-1], SHRINK_STEPS[-1])
    room = _bottom(canvas, view) - canvas.inner.y
    for title_factor in TITLE_STEPS:
        for factor in (step for step in SHRINK_STEPS if step <= title_factor):
            candidate = _measure(canvas, view, title_factor, factor)
            fits_across = all(laid.width <= canvas.inner.w for laid in _all(candidate))
            if fits_across and _height(canvas, candidate, range(len(candidate.rows))) <= room:
                return candidate
    for title_factor in TITLE_STEPS:  # too many choices: show a window of them (see _window)
        candidate = _measure(canvas, view, title_factor, SHRINK_STEPS[-1])
        one_row = range(min(1, len(candidate.rows)))
        fits_across = all(laid.width <= canvas.inner.w for laid in _all(candidate))
        if fits_across and _height(canvas, candidate, one_row) <= room:
            return candidate
    return measured


def _all(measured: _Measured) -> list[Laid]:
    return [
        laid for laid in (measured.banner, measured.title, measured.result, *measured.rows) if laid
    ]


def _measure(canvas: Canvas, view: View, title_factor: float, factor: float) -> _Measured:
    width, pad, sizes = canvas.inner.w, canvas.pad, canvas.sizes
    lang = view.lang
    banner = None
    if view.status.error is not None:
        words = translate("screen.refused", lang, reason=render_fragment(view.status.error, lang))
        banner = layout(
            [Para((Span(words, colours.ERROR_TEXT, icon="cross"),), "large")],
            width - 2 * pad,
            sizes,
            title_factor,
        )
    title = layout(
        [Para((Span(render(view.prompt.title, lang), colours.TITLE),), "title")],
        width,
        sizes,
        title_factor,
    )
    result = None
    if view.prompt.result is not None:
        para = Para(
            (
                Span(
                    render(view.prompt.result, lang),
                    colours.TEXT,
                    icon="check",
                    icon_colour=colours.GOOD,
                ),
            )
        )
        result = layout([para], width - 2 * pad, sizes, factor)
    rows = [
        layout(
            _choice_paras(choice, index == view.prompt.selected, lang),
            width - 2 * pad,
            sizes,
            factor,
        )
        for index, choice in enumerate(view.prompt.choices)
    ]
    return _Measured(banner, title, result, rows, factor)


def _choice_paras(choice: Choice, selected: bool, lang: str) -> list[Para]:
    colour = colours.LIT_TEXT if selected else colours.TEXT if choice.enabled else colours.DIM
    spans = [Span(render(choice.label, lang), colour)]
    if choice.detail is not None:  # on the same line when it fits
        detail_colour = colours.LIT_TEXT if selected else colours.DIM
        spans.append(Span("(" + render_fragment(choice.detail, lang) + ")", detail_colour))
    if not choice.enabled:  # said in words, not only greyed out
        spans.append(
            Span(translate("screen.choice_unavailable", lang), colour, icon="cross", atomic=True)
        )
    return [Para(tuple(spans), "large", indent=CHOICE_INDENT)]


def _gap(canvas: Canvas) -> int:
    return max(2, canvas.pad // 2)


def _height(canvas: Canvas, measured: _Measured, shown: range) -> int:
    pad, gap = canvas.pad, _gap(canvas)
    total = measured.title.height + gap
    for boxed in (measured.banner, measured.result):
        if boxed is not None:
            total += boxed.height + 2 * pad + gap
    total += sum(measured.rows[i].height + 2 * gap + gap for i in shown)
    if len(shown) < len(measured.rows):
        total += 2 * _more_height(canvas, measured.factor)
    return total


def _more_height(canvas: Canvas, factor: float) -> int:
    return round(canvas.sizes.px("small", factor) * LINE_SPACING) + _gap(canvas)


def _draw_boxed(
    canvas: Canvas, laid: Laid, y: int, fill: colours.Colour, edge: colours.Colour
) -> int:
    inner, pad = canvas.inner, canvas.pad
    box = pygame.Rect(inner.x, y, inner.w, min(laid.height + 2 * pad, inner.bottom - y))
    canvas.box(box, fill, edge, max(2, pad // 2))
    canvas.draw_laid(laid, box.inflate(-2 * pad, -2 * pad))
    return box.bottom + _gap(canvas)


def _draw_plain(canvas: Canvas, laid: Laid, y: int) -> int:
    inner = canvas.inner
    box = pygame.Rect(inner.x, y, inner.w, min(laid.height, inner.bottom - y))
    canvas.draw_laid(laid, box)
    return box.bottom + _gap(canvas)


def _window(canvas: Canvas, measured: _Measured, room: int, selected: int) -> range:
    """The longest run of choices around ``selected`` that fits in ``room``."""
    rows, gap = measured.rows, _gap(canvas)
    heights = [row.height + 3 * gap for row in rows]
    if sum(heights) <= room:
        return range(len(rows))
    more = 2 * _more_height(canvas, measured.factor)
    low = high = selected
    used = heights[selected] + more
    grew = True
    while grew:
        grew = False
        if high + 1 < len(rows) and used + heights[high + 1] <= room:
            high, used, grew = high + 1, used + heights[high + 1], True
        if low > 0 and used + heights[low - 1] <= room:
            low, used, grew = low - 1, used + heights[low - 1], True
    return range(low, high + 1)


def _draw_choices(canvas: Canvas, view: View, measured: _Measured, area: pygame.Rect) -> int:
    if not measured.rows:
        return area.y
    selected = view.prompt.selected if view.prompt.selected is not None else 0
    selected = min(max(selected, 0), len(measured.rows) - 1)
    shown = _window(canvas, measured, area.h, selected)
    y = area.y
    if shown.start > 0:
        y = _draw_more(canvas, "up", shown.start, measured.factor, y, view.lang)
    for index in shown:
        y = _draw_row(
            canvas,
            view.prompt.choices[index],
            index,
            index == view.prompt.selected,
            measured.rows[index],
            y,
        )
    hidden_below = len(measured.rows) - shown.stop
    if hidden_below > 0:
        y = _draw_more(canvas, "down", hidden_below, measured.factor, y, view.lang)
    return y


def _draw_row(
    canvas: Canvas, choice: Choice, index: int, selected: bool, laid: Laid, y: int
) -> int:
    inner, pad, gap = canvas.inner, canvas.pad, _gap(canvas)
    row = pygame.Rect(inner.x, y, inner.w, laid.height + 2 * gap)
    if selected:
        canvas.box(row, colours.LIT, colours.TEXT, max(3, pad // 2))
        px = laid.items[0].px if laid.items else canvas.sizes.minimum
        size = icons.width(px)
        marker = pygame.Rect(
            row.x + pad, row.y + gap + (round(px * LINE_SPACING) - size) // 2, size, size
        )
        icons.draw(canvas.surface, "arrow", marker, colours.LIT_TEXT)
    elif choice.enabled:
        canvas.box(row, colours.CHIP)
    else:
        canvas.box(row, colours.PANEL, colours.PANEL_EDGE, 1)
    canvas.draw_laid(laid, row.inflate(-2 * pad, -2 * gap))
    canvas.choice_rects.append((index, row))
    return row.bottom + gap


def _draw_more(canvas: Canvas, direction: str, count: int, factor: float, y: int, lang: str) -> int:
    words = translate("screen.more", lang, n=count)
    laid = layout(
        [Para((Span(words, colours.DIM, icon=direction),), "small")],
        canvas.inner.w,
        canvas.sizes,
        factor,
    )
    box = pygame.Rect(canvas.inner.x, y, canvas.inner.w, laid.height)
    canvas.draw_laid(laid, box, "center")
    return y + _more_height(canvas, factor)
