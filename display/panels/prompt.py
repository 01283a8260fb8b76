"""The prompt panel: a refused input, what the game waits for, the last result, the menu.

The biggest type on screen: the question, a refusal, the choices and the result's board
instructions come first, never under their own floor (layout.FIRST_ROLES) nor smaller
than the other lines of the result. Everything in the panel shrinks together, one factor
at a time, until it fits; if the menu is still too long at the smallest legible size, a
window of choices around the selected one is shown, "▲ 2 more  ▼ 3 more" under it.
The last result is what the table's last press did: the app shows it until the next
press, so it is always said: whole, or in the History's fewer words (its board
instructions always whole), the list's window showing fewer choices than
:func:`fewest_choices` until the next press where even that leaves no room. Nothing
older than the last press is shown: it would read like an instruction of now; it is in
the History.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import cast

import pygame

from display.ink import colours, icons
from display.ink.runs import Para, Span
from display.layout.canvas import Canvas
from display.layout.flow import LINE_SPACING, SHRINK_FACTORS, Laid, Sizes, layout, shrink_to_fit
from display.layout.regions import MIN_PX_AT_DEFAULT
from display.view import Choice, View
from rules.text import Text, is_board_instruction, render, render_fragment, translate
from rules.values import Record

TITLE_FACTORS: tuple[float, ...] = (1.0, 0.85, 0.72, 0.6, 0.5)
# A list goes on shrinking past the other text's factors (down to list_sizes' floor).
LIST_FACTORS: tuple[float, ...] = (*SHRINK_FACTORS, 0.45, 0.4)
CHOICE_INDENT = 1.3  # room for the ▶ of the selected choice, in font sizes
RESULT = "device.result"  # a command's result: its events, one a line
NAMES = (True, False)  # every Japanese name whole on its line, then where none holds it


def key(view: View) -> object:
    return (view.prompt, view.status.error, view.lang)


class _Measured(Record, frozen=False):
    banner: Laid | None
    title: Laid
    result: Laid | None
    rows: list[Laid]
    factor: float
    sizes: Sizes  # of the choices, the result and the "more" lines
    title_factor: float = 1.0


def fewest_choices(canvas: Canvas) -> int:
    """Choices a list always shows at once, so that long lines never leave it one: 8 on a
    large screen (1920×1080), 5 from 800×480 up, 3 on a small screen."""
    minimum = canvas.sizes.minimum
    return 8 if minimum >= 2 * MIN_PX_AT_DEFAULT else 5 if minimum >= MIN_PX_AT_DEFAULT else 3


def list_sizes(canvas: Canvas) -> Sizes:
    """The sizes beside a long list: on a large screen the result and the "more" lines
    may go below the screen's floor, down to three quarters of it (never below the
    800×480 floor), so that more choices fit; the question first keeps its own floor."""
    sizes = canvas.sizes
    floor = max(min(sizes.minimum, MIN_PX_AT_DEFAULT), sizes.minimum * 3 // 4)
    return replace(sizes, minimum=floor)


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
    _draw_choices(canvas, view, measured, pygame.Rect(inner.x, y, inner.w, inner.bottom - y))


def _result_modes(view: View) -> tuple[str, ...]:
    """How the last result may be shown, roomiest first: whole, then in brief (the
    History's words for it). A result that tells the table to change the board keeps those
    lines whole whatever else goes: whole, then its board instructions alone, then those
    at the result's size rather than the question's (the last mode is the one a list makes
    do with). None of them goes: the list's window shows fewer choices instead."""
    if view.prompt.result is None:
        return ("none",)
    # a refusal on the screen came of a press after the command: the board lines were read
    board = _board_lines(view) if view.status.error is None else ()
    if board:
        modes = ("whole", "board") if len(board) < len(_events(view)) else ("whole",)
        # where many of them and the fewest choices do not fit at the question's size
        # (a small screen), they are set at the result's, whole, rather than hide the list
        return (*modes, "board_small")
    return ("whole", "brief") if view.prompt.brief else ("whole",)


def _events(view: View) -> tuple[Text, ...]:
    result = view.prompt.result
    if result is None or result.key != RESULT:
        return ()
    # a result's one parameter: the command's events, which text() froze into a tuple
    return tuple(cast("Sequence[Text]", result.params.get("events", ())))


def _board_lines(view: View) -> tuple[Text, ...]:
    """The last result's board instructions: what the table must do to the board."""
    return tuple(event for event in _events(view) if is_board_instruction(event))


def needs_room(canvas: Canvas, view: View) -> bool:
    """The list cannot show :func:`fewest_choices` in this panel, even with the result
    as short as it may be (its board instructions; any other result only takes the
    list's room, until the next press, but for the room of one choice beside it): the
    screen gives it the board's width too. So what the board panel shows is chosen by
    the question alone, and stays while the table answers it, but for a column too narrow
    to say what the last press did."""
    wanted = min(fewest_choices(canvas), len(view.prompt.choices))
    result = view.prompt.result
    # a message of the device's own (a fresh game's greeting) is measured as before
    own = result is not None and result.key != RESULT
    least = _result_modes(view)[-1] if _board_lines(view) or own else "none"
    if wanted == len(view.prompt.choices):
        short = _whole_menu(canvas, view, least) is None
    else:
        short = _window_of(canvas, view, wanted, least) is None
    if short or least != "none" or result is None or wanted < 2:
        return short
    # a command's result beside one choice at least: where a narrow column has not even
    # that, the board gives it room too, until the next press (not for a list of one, the
    # end's menu: its board, the game's summary, says who won and why)
    return _window_of(canvas, view, 1, _result_modes(view)[-1]) is None


def _measure_to_fit(canvas: Canvas, view: View) -> _Measured:
    """The biggest title that fits, with the biggest menu that fits under it.

    The title is the one thing every player must read, so the menu shrinks first, and
    the title is as large as it is without the last result: the result takes the list's
    room. Where a list then has no room for :func:`fewest_choices`, the result is said in
    brief (as the History says it); where even that leaves no room for them, the list
    shows fewer until the next press; only board instructions too many for that shrink
    the title too.
    """
    modes = _result_modes(view)
    result = view.prompt.result
    if result is None or result.key != RESULT:  # none, or a message of the device's own
        found = _fitted(canvas, view, modes, TITLE_FACTORS)
        found = found or _fitted(canvas, view, modes, TITLE_FACTORS[-1:], fewer=True)
        return found or _measure(canvas, view, TITLE_FACTORS[-1], LIST_FACTORS[-1], modes[-1])
    bare = _fitted(canvas, view, ("none",), TITLE_FACTORS)
    title = (bare.title_factor,) if bare is not None else TITLE_FACTORS[-1:]
    found = _fitted(canvas, view, modes, title, fewer=True)
    found = found or _fitted(canvas, view, modes, TITLE_FACTORS, fewer=True)
    # no room for it even at its shortest (a grid's question on a small screen): the
    # question and its choices come first, the board instructions whole still
    least = modes[-1] if _board_lines(view) else "none"
    return found or _measure(canvas, view, TITLE_FACTORS[-1], LIST_FACTORS[-1], least)


def _fitted(
    canvas: Canvas,
    view: View,
    modes: Sequence[str],
    titles: Sequence[float],
    fewer: bool = False,
) -> _Measured | None:
    """The first of ``titles`` (largest first) under which the list shows its fewest
    choices with the result in one of ``modes`` (roomiest first); ``fewer``: or, at that
    title, fewer choices, the result whole before it is said in fewer words (the window is
    measured for its tallest rows: with the room it leaves, most show more)."""
    n = len(view.prompt.choices)
    wanted = min(fewest_choices(canvas), n)

    def whole(names: bool, title_factor: float) -> _Measured | None:
        for mode in modes:
            found = _whole_menu(canvas, view, mode, (title_factor,), names)
            if found is None and wanted < n:
                found = _window_of(canvas, view, wanted, mode, (title_factor,), names)
            if found is not None:
                return found
        return None

    def fewer_at(names: bool, title_factor: float) -> _Measured | None:
        for mode in modes:
            for shown in range(wanted - 1, 0, -1):
                found = _window_of(canvas, view, shown, mode, (title_factor,), names)
                if found is not None:
                    return found
        return None

    # every Japanese name whole on its line first: one is broken only where no size holds it
    if not fewer:
        tries = [partial(whole, names, t) for names, t in itertools.product(NAMES, titles)]
    else:  # at each title, its fewest choices before fewer
        tries = [
            partial(way, names, t) for t in titles for way in (whole, fewer_at) for names in NAMES
        ]
    return next((found for attempt in tries if (found := attempt()) is not None), None)


def _whole_menu(
    canvas: Canvas,
    view: View,
    mode: str,
    title_factors: Sequence[float] = TITLE_FACTORS,
    names: bool = False,
) -> _Measured | None:
    """Every choice shown; ``names``: every Japanese name whole on its line."""

    def whole(candidate: _Measured) -> bool:
        rows = range(len(candidate.rows))
        fits_across = _fits_across(canvas, candidate, names)
        return fits_across and _height(canvas, candidate, rows) <= room

    room = canvas.inner.h
    sizes = [
        (title, shrunk) for title in title_factors for shrunk in SHRINK_FACTORS if shrunk <= title
    ]
    found, fitted = shrink_to_fit(
        lambda size: _measure(canvas, view, *size, mode, windowed=False), whole, sizes
    )
    return found if fitted else None


def _window_of(
    canvas: Canvas,
    view: View,
    shown: int,
    mode: str,
    title_factors: Sequence[float] = TITLE_FACTORS,
    names: bool = False,
) -> _Measured | None:
    """Too many choices: a window of ``shown`` of them at least (see _window)."""

    def holds(candidate: _Measured) -> bool:
        # the tallest rows, so that any window of this many fits; a window of one is the
        # selected choice (the next press measures the next)
        rows = sorted(range(len(candidate.rows)), key=lambda i: -candidate.rows[i].height)[:shown]
        if shown == 1 and candidate.rows:
            rows = [min(max(view.prompt.selected or 0, 0), len(candidate.rows) - 1)]
        fits_across = _fits_across(canvas, candidate, names)
        return fits_across and _height(canvas, candidate, rows, windowed=True) <= room

    room = canvas.inner.h
    found, fitted = shrink_to_fit(
        lambda title: _measure(canvas, view, title, LIST_FACTORS[-1], mode), holds, title_factors
    )
    return found if fitted else None


def _fits_across(canvas: Canvas, measured: _Measured, names: bool = False) -> bool:
    """The title across the panel, the boxed lines and the choices inside their boxes;
    ``names``: no Japanese name broken over two lines."""
    boxed = canvas.inner.w - 2 * canvas.pad
    boxes = [laid for laid in (measured.banner, measured.result, *measured.rows) if laid]
    if names and any(laid.split for laid in (measured.title, *boxes)):
        return False
    return measured.title.width <= canvas.inner.w and all(laid.width <= boxed for laid in boxes)


def _measure(
    canvas: Canvas,
    view: View,
    title_factor: float,
    factor: float,
    mode: str,
    windowed: bool = True,
) -> _Measured:
    """Laid out at these sizes; a window of a long list may go below the screen's floor."""
    width, pad, sizes = canvas.inner.w, canvas.pad, canvas.sizes
    small = list_sizes(canvas) if windowed else sizes
    words = _words(view, mode)
    banner = None
    if words.banner is not None:
        banner = layout(words.banner, width - 2 * pad, sizes, title_factor)
    title = layout(words.title, width, sizes, title_factor)
    result = None
    if words.result is not None:
        # the board instructions alone: at the smallest legible size, the list keeps its room
        shrunk = LIST_FACTORS[-1] if mode in ("board", "board_small") else factor
        result = layout(words.result, width - 2 * pad, list_sizes(canvas), shrunk)
    rows = [layout(choice, width - 2 * pad, small, factor) for choice in words.choices]
    return _Measured(banner, title, result, rows, factor, small, title_factor)


class _Words(Record):
    """The prompt's paragraphs, as they are at any size: a refusal, the question, the
    result said in one of the modes, each choice."""

    banner: list[Para] | None
    title: list[Para]
    result: list[Para] | None
    choices: list[list[Para]]


# The last views' words, by mode: a screen measures one view at every size, in each room it
# tries, and the words are the same each time. A view is kept by identity (and held, so
# that no other view takes its id); a new frame's view is put together anew.
_KEPT_WORDS: list[tuple[View, str, _Words]] = []
WORDS_KEPT = 8


def _words(view: View, mode: str) -> _Words:
    for kept, kept_mode, words in _KEPT_WORDS:
        if kept is view and kept_mode == mode:
            return words
    words = _words_anew(view, mode)
    _KEPT_WORDS[:] = [*_KEPT_WORDS[1 - WORDS_KEPT :], (view, mode, words)]
    return words


def _words_anew(view: View, mode: str) -> _Words:
    lang = view.lang
    banner = None
    if view.status.error is not None:
        words = translate("screen.refused", lang, reason=render_fragment(view.status.error, lang))
        banner = [Para((Span(words, colours.ERROR_TEXT, icon="cross"),), "refusal")]
    title = [Para((Span(render(view.prompt.title, lang), colours.TITLE),), "question")]
    result = None
    if view.prompt.result is not None and mode != "none":
        result = _result_said(view, view.prompt.result, mode)
    choices = [
        _choice_paras(choice, index == view.prompt.selected, lang)
        for index, choice in enumerate(view.prompt.choices)
    ]
    return _Words(banner, title, result, choices)


def _result_said(view: View, result: Text, mode: str) -> list[Para]:
    """The last ``result`` in ``mode``'s words: whole, brief, or its board instructions."""
    lang = view.lang
    said = render(result, lang)
    if mode == "brief" and view.prompt.brief is not None:
        said = render(view.prompt.brief, lang)
    paras = [Para((Span(said, colours.TEXT),), "result")]
    if mode == "whole" and _board_lines(view):
        paras = _result_paras(_events(view), lang)
    elif mode in ("board", "board_small"):
        paras = _result_paras(_board_lines(view), lang, mode == "board_small")
    first = paras[0].spans[0]
    paras[0] = replace(paras[0], spans=(replace(first, icon="check", icon_colour=colours.GOOD),))
    return paras


def _result_paras(events: Sequence[Text], lang: str, small: bool = False) -> list[Para]:
    """A result's events, its board instructions set as large as the choices (what the
    table must do now; ``small``: as the other lines), the other lines as a result; each
    run of either one paragraph."""
    runs: list[tuple[str, list[str]]] = []
    for event in events:
        role = "instruction" if is_board_instruction(event) and not small else "result"
        if not runs or runs[-1][0] != role:
            runs.append((role, []))
        runs[-1][1].append(render(event, lang))
    return [Para((Span(" ".join(said), colours.TEXT),), role) for role, said in runs]


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
    return [Para(tuple(spans), "choice", indent=CHOICE_INDENT)]


def _gap(canvas: Canvas) -> int:
    return max(2, canvas.pad // 2)


def _height(
    canvas: Canvas, measured: _Measured, shown: Sequence[int], windowed: bool = False
) -> int:
    pad, gap = canvas.pad, _gap(canvas)
    total = measured.title.height + gap
    for boxed in (measured.banner, measured.result):
        if boxed is not None:
            total += boxed.height + 2 * pad + gap
    total += sum(measured.rows[i].height + 2 * gap + gap for i in shown)
    if windowed or len(shown) < len(measured.rows):
        total += _more_height(canvas, measured)
    return total


def _more_height(canvas: Canvas, measured: _Measured) -> int:
    """The line under the list, the last thing in the panel: it takes the gap under the
    last choice (its line's leading sets it apart), and leaves none after it."""
    return round(measured.sizes.px("more", measured.factor) * LINE_SPACING) - _gap(canvas)


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
    more = _more_height(canvas, measured)
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
    for index in shown:
        y = _draw_row(
            canvas,
            view.prompt.choices[index],
            index,
            index == view.prompt.selected,
            measured.rows[index],
            y,
        )
    hidden = {"up": shown.start, "down": len(measured.rows) - shown.stop}
    if any(hidden.values()):
        y = _draw_more(canvas, hidden, measured, y - _gap(canvas), view.lang)
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


def _draw_more(
    canvas: Canvas, hidden: dict[str, int], measured: _Measured, y: int, lang: str
) -> int:
    """One line under the window for the choices above and below it ("▲ 2 more  ▼ 5
    more"): a line of its own each would take a choice's room on a small screen."""
    spans = tuple(
        Span(translate("screen.more", lang, n=count) + "  ", colours.DIM, icon=direction)
        for direction, count in hidden.items()
        if count
    )
    laid = layout(
        [Para(spans, "more")],
        canvas.inner.w,
        measured.sizes,
        measured.factor,
    )
    box = pygame.Rect(canvas.inner.x, y, canvas.inner.w, laid.height)
    canvas.draw_laid(laid, box, "center")
    return y + _more_height(canvas, measured)
