"""The header's phase track: one tab per phase, the lit one always the most readable.

Equal tabs while every name fits its tab at the body size (the lit one with its ▶).
When one does not, each tab gets the width its name needs on one line; if even that
is too much, the lit tab takes what its ▶ and name need and the others share the rest
(each keeping room for its longest word), wrapping or shrinking: the marker must never
take the room the current phase's name needed ("▶Gather …"). Only if the lit tab is
still too narrow does ▶ go above the name.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display.ink import colours
from display.ink.runs import Para, Span
from display.layout import flow
from display.layout.canvas import Canvas


def draw_track(canvas: Canvas, track: pygame.Rect, names: Sequence[str], lit: int | None) -> None:
    """Draw one tab per name across ``track``; ``lit`` is the index of the current phase."""
    gap = canvas.pad
    x = track.x
    for index, width in enumerate(tab_widths(canvas, track.w, names, lit)):
        box = pygame.Rect(x, track.y, width, track.h)
        _draw_tab(canvas, box, names[index], index == lit)
        x += width + gap


def tab_widths(canvas: Canvas, track_w: int, names: Sequence[str], lit: int | None) -> list[int]:
    """Equal widths while the lit name fits; otherwise each what it needs, the lit one first."""
    gap = canvas.pad
    room = track_w - gap * (len(names) - 1)
    equal = room // len(names)
    needs = [_need(canvas, name, index == lit) for index, name in enumerate(names)]
    if lit is None or all(need <= equal for need in needs):  # every name whole at body size
        return [equal] * len(names)
    if sum(needs) <= room:  # every name fits on one line: share out what is left over
        spare = (room - sum(needs)) // len(names)
        return [need + spare for need in needs]
    return _lit_first(canvas, room, names, needs, lit)


def _lit_first(
    canvas: Canvas, room: int, names: Sequence[str], needs: list[int], lit: int
) -> list[int]:
    """The lit tab takes what it needs, leaving each other tab room for its longest word at
    the smallest size; what is left goes to the others by how much more they would like."""
    least = [_least(canvas, name) for name in names]
    others = [index for index in range(len(names)) if index != lit]
    lit_w = max(least[lit], min(needs[lit], room - sum(least[i] for i in others)))
    spare = room - lit_w - sum(least[i] for i in others)
    wishes = {i: max(0, needs[i] - least[i]) for i in others}
    total = sum(wishes.values())
    widths = [lit_w] * len(names)
    for i in others:
        share = spare * wishes[i] // total if total else spare // len(others)
        widths[i] = least[i] + share
    return widths


def _need(canvas: Canvas, name: str, lit: bool) -> int:
    """The tab width ``name`` needs on one line at the body size (its text box is padded)."""
    laid = flow.layout(_one_line(name, lit), 1 << 16, canvas.sizes)
    return laid.width + canvas.pad + 1


def _least(canvas: Canvas, name: str) -> int:
    """The tab width ``name`` needs for its longest word at the smallest legible size."""
    factor = canvas.sizes.minimum / canvas.sizes.roles["body"]
    laid = flow.layout(_one_line(name, False), 1, canvas.sizes, factor)
    return laid.width + canvas.pad + 1


def _one_line(name: str, lit: bool) -> list[Para]:
    if lit:
        return [Para((Span(name, colours.LIT_TEXT, icon="arrow"),), "body")]
    return [Para((Span(name, colours.DIM),), "body")]


def _draw_tab(canvas: Canvas, box: pygame.Rect, name: str, lit: bool) -> None:
    """The current phase is lit, framed thick and marked ▶: not told by colour alone."""
    inside = box.inflate(-canvas.pad, -2)
    if not lit:
        canvas.box(box, colours.PANEL, colours.PANEL_EDGE, 1)
        canvas.text(_one_line(name, False), inside, "center", "center")
        return
    canvas.box(box, colours.LIT, colours.TEXT, max(2, canvas.pad // 2))
    found = _one_line(name, True)
    if flow.fit(found, inside.w, inside.h, canvas.sizes).truncated:  # narrow: ▶ above the name
        found = [
            Para((Span("", colours.LIT_TEXT, icon="arrow"),), "body"),
            Para((Span(name, colours.LIT_TEXT),), "body"),
        ]
    canvas.text(found, inside, "center", "center")
