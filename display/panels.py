"""The panels every game shares (prompt, hints, status): what part of the View each depends
on, and how each is drawn. Each game adds its header and board (see ``game_screen``).

``key(view)`` is a comparable snapshot of exactly the part of the view a panel shows;
the screen redraws a panel only when its key changed (dirty regions). State parts are
snapshotted as JSON text, so an app that mutates its state dict in place still gets
the change drawn.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from display import colours, prompt
from display.canvas import Canvas
from display.runs import Para, Span
from display.view import Hint, View
from rules.text import render, translate


@dataclass(frozen=True)
class Panel:
    key: Callable[[View], object]
    draw: Callable[[Canvas, View], None]


def snapshot(state: Mapping[str, Any], leave_out: tuple[str, ...] = ()) -> str:
    return json.dumps(
        {k: v for k, v in state.items() if k not in leave_out}, sort_keys=True, default=str
    )


def _hints_key(view: View) -> object:
    return (view.prompt.hints, view.lang)


def _draw_hints(canvas: Canvas, view: View) -> None:
    """Each button as a light keycap with its name, then what it does now.

    Buttons that do the same thing share one entry ("Up Down choose").
    """
    canvas.surface.fill(colours.BACKGROUND, canvas.rect)
    spans: list[Span] = []
    for buttons, action in _grouped(view.prompt.hints, view.lang):
        for button in buttons:
            name = translate(f"screen.button.{button}", view.lang)
            spans.append(Span(name, colours.KEYCAP_TEXT, chip=colours.KEYCAP))
        spans.append(Span(action + "  ", colours.TEXT, atomic=True))
    canvas.text([Para(tuple(spans), "body")], canvas.strip, "left", "center")


def _grouped(hints: tuple[Hint, ...], lang: str) -> list[tuple[list[str], str]]:
    groups: list[tuple[list[str], str]] = []
    for hint in hints:
        action = render(hint.action, lang)
        if groups and groups[-1][1] == action:
            groups[-1][0].append(hint.button)
        else:
            groups.append(([hint.button], action))
    return groups


def _status_key(view: View) -> object:
    status = view.status
    return (status.reader, status.saved, status.rejected, status.dice, status.dice_trouble,
            view.lang)  # fmt: skip


_READER_LOOK = {
    "connected": ("check", colours.GOOD, colours.TEXT),
    "simulated": ("ring", colours.DIM, colours.DIM),
    "disconnected": ("cross", colours.BAD, colours.BAD),
    "absent": ("ring", colours.DIM, colours.TEXT),  # nothing wrong: none is plugged in
}


def _draw_status(canvas: Canvas, view: View) -> None:
    canvas.surface.fill(colours.BACKGROUND, canvas.rect)
    status, lang = view.status, view.lang
    icon, icon_colour, colour = _READER_LOOK[status.reader]
    spans = [
        Span(
            translate(f"screen.reader.{status.reader}", lang) + "  ",
            colour,
            icon=icon,
            icon_colour=icon_colour,
            atomic=True,
        )
    ]
    if status.saved:
        spans.append(
            Span(
                translate("screen.saved", lang) + "  ",
                colours.DIM,
                icon="check",
                icon_colour=colours.GOOD,
                atomic=True,
            )
        )
    else:
        spans.append(
            Span(translate("screen.unsaved", lang) + "  ", colours.BAD, icon="cross", atomic=True)
        )
    if status.dice is not None:
        look = (colours.WARNING, "warning") if status.dice_trouble else (colours.TEXT, "check")
        spans.append(Span(render(status.dice, lang) + "  ", look[0], icon=look[1], atomic=True))
    if status.rejected:
        spans.append(
            Span(
                translate("screen.rejected", lang, n=status.rejected),
                colours.WARNING,
                icon="warning",
                atomic=True,
            )
        )
    canvas.text([Para(tuple(spans), "small")], canvas.strip, "left", "center")


# The panels every game shares; a game adds its own "header" and "board" in front of them.
SHARED_PANELS: dict[str, Panel] = {
    "prompt": Panel(prompt.key, prompt.draw),
    "hints": Panel(_hints_key, _draw_hints),
    "status": Panel(_status_key, _draw_status),
}
