"""A QR code in place of the board, for the menu's "Show on phones" (the phone view).

segno makes the code (a maintained encoder, not ours); this module only draws its
modules as black squares on a white ground with the four-module quiet zone the
standard asks for, as large as the board's region allows in whole pixels per module,
so a phone can read it at arm's length. The address is written under it on one line:
a single word to the layout, which never breaks it and draws it smaller where the line
is short.
"""

from __future__ import annotations

import pygame

from display import colours
from display.canvas import Canvas
from display.panels import Panel
from display.runs import Para, Span
from display.view import View

QUIET_ZONE = 4  # modules of white round the code (ISO/IEC 18004)
DARK: colours.Colour = (0, 0, 0)
LIGHT: colours.Colour = (255, 255, 255)


def modules(data: str) -> list[list[bool]]:
    """The code's dark modules, row by row (error correction M: readable when a little
    of the screen glares)."""
    import segno  # on use: the encoder (and the XML and HTTP modules it imports) costs a start

    code = segno.make(data, error="m", micro=False)
    return [[bool(cell) for cell in row] for row in code.matrix]


def draw(canvas: Canvas, data: str) -> pygame.Rect:
    """Draw the code centred in the top of the canvas; return where it went."""
    canvas.background()
    rows = modules(data)
    count = len(rows) + 2 * QUIET_ZONE
    inner = canvas.inner
    caption_h = max(canvas.sizes.px("body", 1.0) * 2, inner.h // 8)
    module = max(1, min(inner.w, inner.h - caption_h) // count)
    side = module * count
    area = pygame.Rect(inner.centerx - side // 2, inner.y, side, side)
    pygame.draw.rect(canvas.surface, LIGHT, area)
    origin = (area.x + QUIET_ZONE * module, area.y + QUIET_ZONE * module)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                square = (origin[0] + x * module, origin[1] + y * module, module, module)
                pygame.draw.rect(canvas.surface, DARK, square)
    below = pygame.Rect(inner.x, area.bottom, inner.w, inner.bottom - area.bottom)
    canvas.text(caption(data), below, "center", "center")
    return area


def caption(data: str) -> list[Para]:
    """The address in words: one unbroken span (a URL may not break just anywhere)."""
    return [Para((Span(data, colours.TEXT, atomic=True),), "body")]


def with_qr(board: Panel) -> Panel:
    """The board panel, showing the prompt's QR code instead while it has one."""

    def key(view: View) -> object:
        return ("qr", view.prompt.qr) if view.prompt.qr else board.key(view)

    def draw_panel(canvas: Canvas, view: View) -> None:
        if view.prompt.qr:
            draw(canvas, view.prompt.qr)
        else:
            board.draw(canvas, view)

    return Panel(key, draw_panel)
