"""A QR code in place of the board, for the menu's "Show on phones" (the phone view).

segno makes the code (a maintained encoder, not ours); this module only draws its
modules as black squares on a white ground with the four-module quiet zone the
standard asks for, as large as the board's region allows in whole pixels per module,
so a phone can read it at arm's length. The address is written under it on one line:
a single word to the layout, which never breaks it and draws it smaller where the line
is short. A code may instead have lines of its own under it (the Wi-Fi join code: the
network's name and passphrase, for cameras that do not join), each unbroken likewise.
"""

from __future__ import annotations

import pygame

from display.ink import colours
from display.ink.runs import Para, Span
from display.layout.canvas import Canvas
from display.panels.shared import Panel
from display.view import View
from rules.text import render_fragment

QUIET_ZONE = 4  # modules of white round the code (ISO/IEC 18004)
DARK: colours.Colour = (0, 0, 0)
LIGHT: colours.Colour = (255, 255, 255)


def modules(data: str) -> list[list[bool]]:
    """The code's dark modules, row by row (error correction M: readable when a little
    of the screen glares)."""
    import segno  # on use: the encoder (and the XML and HTTP modules it imports) costs a start

    code = segno.make(data, error="m", micro=False)
    return [[bool(cell) for cell in row] for row in code.matrix]


def draw(canvas: Canvas, data: str, lines: tuple[str, ...] = ()) -> pygame.Rect:
    """Draw the code centred in the top of the canvas, ``lines`` under it (none: the
    code's text); return where it went."""
    canvas.background()
    rows = modules(data)
    count = len(rows) + 2 * QUIET_ZONE
    inner = canvas.inner
    said = lines or (data,)
    # Room for the lines (about 1.35 body sizes each), the code takes all the rest.
    body = canvas.sizes.px("body", 1.0)
    caption_h = max(int(body * (1.35 * len(said) + 0.65)), inner.h // 8)
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
    canvas.text(caption(*said), below, "center", "center")
    return area


def caption(*lines: str) -> list[Para]:
    """The address (or each line) in words: one unbroken span each (a URL or a
    passphrase may not break just anywhere)."""
    return [Para((Span(line, colours.TEXT, atomic=True),), "body") for line in lines]


def lines(view: View) -> tuple[str, ...]:
    """The lines under the prompt's code, in the view's language."""
    return tuple(render_fragment(line, view.lang) for line in view.prompt.qr_caption)


def whole(canvas: Canvas, view: View) -> bool:
    """Whether the prompt's code, drawn on ``canvas``, has each line under it whole and
    unbroken (a passphrase or an address split or cut short is typed wrong)."""
    said = lines(view) or (view.prompt.qr or "",)
    draw(canvas, view.prompt.qr or "", lines(view))
    drawn = [label for label in canvas.labels if label.text]
    return [label.text for label in drawn] == list(said) and not any(
        label.truncated for label in drawn
    )


def with_qr(board: Panel) -> Panel:
    """The board panel, showing the prompt's QR code instead while it has one."""

    def key(view: View) -> object:
        return ("qr", view.prompt.qr, lines(view)) if view.prompt.qr else board.key(view)

    def draw_panel(canvas: Canvas, view: View) -> None:
        if view.prompt.qr:
            draw(canvas, view.prompt.qr, lines(view))
        else:
            board.draw(canvas, view)

    return Panel(key, draw_panel)
