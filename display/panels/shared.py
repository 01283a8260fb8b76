"""The panels every game shares (prompt, hints, status): what part of the View each depends
on, and how each is drawn. Each game adds its header and board (see ``game_screen``).

``key(view)`` is a comparable snapshot of exactly the part of the view a panel shows;
the screen redraws a panel only when its key changed (dirty regions). State parts are
snapshotted as JSON text, so an app that mutates its state dict in place still gets
the change drawn.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace

from display.ink import colours
from display.ink.runs import Para, Span
from display.layout import flow
from display.layout.canvas import Canvas
from display.panels import prompt
from display.view import Hint, View
from rules.text import render, render_fragment, translate
from rules.values import Record

# The footer's entries: the buttons that do one thing, and what they do.
Groups = list[tuple[list[str], str]]


class Panel(Record):
    key: Callable[[View], object]
    draw: Callable[[Canvas, View], None]


def snapshot(state: Mapping[str, object], leave_out: tuple[str, ...] = ()) -> str:
    return json.dumps(
        {k: v for k, v in state.items() if k not in leave_out}, sort_keys=True, default=str
    )


def _hints_key(view: View) -> object:
    return (view.prompt.hints, view.lang)


def _draw_hints(canvas: Canvas, view: View) -> None:
    """Each button as a light keycap with its name, then what it does now.

    Buttons that do the same thing share one entry ("Up Down choose"), so no label is
    shown twice; a button that does what its name says shows only its keycap ("Back").
    A line holds whole entries: a keycap never ends a line whose next one says what it
    does. Where the entries do not fit on the bar even at the smallest size, entries are
    left out whole, undo's first (it is the same on every screen, and in the menu), then
    the last ones: a cut entry ("Back …") says nothing of what the button does.
    """
    canvas.surface.fill(colours.BACKGROUND, canvas.rect)
    strip, sizes = canvas.strip, canvas.sizes
    for groups in _giving_way(_grouped(view.prompt.hints, view.lang)):
        bar = _bar(groups, view.lang, strip.w, sizes)
        if not flow.fit(bar, strip.w, strip.h, sizes).truncated:
            break
    canvas.text(bar, strip, "left", "center")


def hint_lines(view: View, width: int, sizes: flow.Sizes) -> int:
    """The lines the footer needs at the floor in ``width`` (a small screen's, which may
    give it two): one where its entries fit one, or would without undo's (a second line
    would push the status line off the screen for the one entry every screen has), else
    two."""
    every = _grouped(view.prompt.hints, view.lang)
    if len(_packed(every, view.lang, width, sizes)) <= 1:
        return 1
    kept = _without_undo(every)
    return 1 if kept != every and len(_packed(kept, view.lang, width, sizes)) == 1 else 2


def _without_undo(groups: Groups) -> Groups:
    return [group for group in groups if "undo" not in group[0]] or groups


def _giving_way(groups: Groups) -> Iterator[Groups]:
    """The entries, then fewer and fewer of them: undo's first, then from the last, down
    to the first alone."""
    yield groups
    kept = _without_undo(groups)
    if kept != groups:
        yield kept
    while len(kept) > 1:
        kept = kept[:-1]
        yield kept


def _bar(groups: Groups, lang: str, width: int, sizes: flow.Sizes) -> list[Para]:
    """The footer's lines, each a paragraph of whole entries, one under the other as the
    lines of one paragraph are."""
    lines = _packed(groups, lang, width, sizes)
    return [replace(_hint_spans(line, lang), gap_before=0.0) for line in lines]


def _packed(groups: Groups, lang: str, width: int, sizes: flow.Sizes) -> list[Groups]:
    """The entries in lines of ``width`` at the floor, each entry whole on one line."""
    lines: list[Groups] = []
    for group in groups:
        joined = [*lines[-1], group] if lines else [group]
        laid = flow.layout([_hint_spans(joined, lang)], 1 << 16, sizes, 0.0)
        if lines and laid.width <= width:
            lines[-1] = joined
        else:
            lines.append([group])
    return lines


def _hint_spans(groups: Groups, lang: str) -> Para:
    """Each button's keycap, then what it does (the next keycap sets it apart: one space
    after it, so that a small screen's footer keeps to one line)."""
    spans: list[Span] = []
    for buttons, action in groups:
        names = [translate(f"screen.button.{button}", lang) for button in buttons]
        spans += [Span(name, colours.KEYCAP_TEXT, chip=colours.KEYCAP) for name in names]
        said = [name.casefold() for name in names] == [action.casefold()]
        spans.append(Span(" " if said else action + " ", colours.TEXT, atomic=True))
    return Para(tuple(spans), "body")


def _grouped(hints: tuple[Hint, ...], lang: str) -> Groups:
    """The buttons of each action, in the order the actions first appear."""
    groups: dict[str, list[str]] = {}
    for hint in hints:
        groups.setdefault(render(hint.action, lang), []).append(hint.button)
    return [(buttons, action) for action, buttons in groups.items()]


def status_key(view: View) -> object:
    status = view.status
    return (status.reader, status.saved, status.rejected, status.last_rejected, status.dice,
            status.dice_trouble, view.lang)  # fmt: skip


_READER_LOOK = {
    "connected": ("check", colours.GOOD, colours.TEXT),
    "simulated": ("ring", colours.DIM, colours.DIM),
    "disconnected": ("cross", colours.BAD, colours.BAD),
    "absent": ("ring", colours.DIM, colours.TEXT),  # nothing wrong: none is plugged in
}


def _draw_status(canvas: Canvas, view: View) -> None:
    """The reader, the journal, the smart dice, then what the reader last sent that did
    not count. The status line is one line at every size and never gives way to the
    prompt, so the last read is always seen; when the whole line does not fit, the words
    of a journal that is saved (the usual case, still said by its ✓) go first, then the
    reader's (its ✓, ○ or ✗ stays: a reader whose line is shown is sending), then the
    count of misread lines (the last one is the one to read)."""
    canvas.surface.fill(colours.BACKGROUND, canvas.rect)
    box = canvas.strip
    for words in (3, 2, 1, 0):
        spans = _status_spans(view, words >= 3, words >= 2, words >= 1)
        laid = flow.fit([Para(tuple(spans), "small")], box.w, box.h, canvas.sizes)
        if not laid.truncated:
            break
    canvas.text([Para(tuple(spans), "small")], box, "left", "center")


def status_least(view: View) -> list[Para]:
    """The status line in its fewest words (what a small screen measures its lines by)."""
    return [Para(tuple(_status_spans(view, False, False, False)), "small")]


def _status_spans(
    view: View, saved_words: bool, reader_words: bool = True, count: bool = True
) -> list[Span]:
    status, lang = view.status, view.lang
    icon, icon_colour, colour = _READER_LOOK[status.reader]
    reader = translate(f"screen.reader.{status.reader}", lang) + "  " if reader_words else " "
    spans = [Span(reader, colour, icon=icon, icon_colour=icon_colour, atomic=True)]
    if not status.saved:
        spans.append(
            Span(translate("screen.unsaved", lang) + "  ", colours.BAD, icon="cross", atomic=True)
        )
    elif status.in_memory:  # accepted, but gone at power off: never "saved" with a ✓
        said = translate("screen.in_memory", lang) + "  "
        spans.append(Span(said, colours.WARNING, icon="warning", atomic=True))
    elif saved_words:
        saved = translate("screen.saved", lang) + "  "
        spans.append(Span(saved, colours.DIM, icon="check", icon_colour=colours.GOOD, atomic=True))
    else:
        spans.append(Span(" ", colours.DIM, icon="check", icon_colour=colours.GOOD, atomic=True))
    if status.dice is not None:
        look = (colours.WARNING, "warning") if status.dice_trouble else (colours.TEXT, "check")
        spans.append(Span(render(status.dice, lang) + "  ", look[0], icon=look[1], atomic=True))
    counted = bool(status.rejected) and count
    if counted:
        said = translate("screen.rejected", lang, n=status.rejected) + "  "
        spans.append(Span(said, colours.WARNING, icon="warning", atomic=True))
    if status.last_rejected is not None:
        reason = render_fragment(status.last_rejected, lang)
        words = translate("screen.last_rejected", lang, reason=reason)
        marker = None if counted else "warning"  # one ⚠ for the reader's trouble
        spans.append(Span(words, colours.WARNING, icon=marker))
    return spans


# The panels every game shares; a game adds its own "header" and "board" in front of them.
SHARED_PANELS: dict[str, Panel] = {
    "prompt": Panel(prompt.key, prompt.draw),
    "hints": Panel(_hints_key, _draw_hints),
    "status": Panel(status_key, _draw_status),
}
