"""The last few events, newest first and brightest, under the prompt.

They get the room the prompt leaves (at least ``MIN_SHARE`` of the column, unless the
choices need it). Older events are dropped before anything shrinks, and an event that
does not fit whole is not shown at all rather than cut (the history shows every one).
"""

from __future__ import annotations

import pygame

from display import colours
from display.canvas import Canvas
from display.flow import layout
from display.runs import Para, Span
from display.view import View
from rules.text import render

SHOWN = 6
MIN_SHARE = 0.2  # of the prompt column kept for events


def key(view: View) -> object:
    return (view.events[-SHOWN:], view.lang)


def paras(view: View) -> list[Para]:
    """The events, newest first (what the reader last sent is in the status line)."""
    found: list[Para] = []
    for age, event in enumerate(reversed(view.events[-SHOWN:])):
        colour = colours.TEXT if age == 0 else colours.DIM
        found.append(Para((Span(render(event, view.lang), colour),), "small", gap_before=0.3))
    return found


def draw(canvas: Canvas, view: View, box: pygame.Rect) -> None:
    shown = paras(view)
    if not shown or box.h <= 0:
        return
    pygame.draw.line(
        canvas.surface, colours.PANEL_EDGE, box.topleft, box.topright, max(1, canvas.pad // 3)
    )
    inner = box.inflate(0, -canvas.pad)
    while shown and not _fits_unshrunk(canvas, shown, inner):
        shown.pop()
    if shown:
        canvas.text(shown, inner)


def _fits_unshrunk(canvas: Canvas, shown: list[Para], box: pygame.Rect) -> bool:
    laid = layout(shown, box.w, canvas.sizes)
    return laid.height <= box.h and laid.width <= box.w
