"""Shapes drawn beside words, so that no state is told by colour alone.

They are drawn with ``pygame.draw`` rather than taken from the font, so they look the
same in both languages and never show as an empty box.

- ``swatch``: a faction's colour square (with a light edge so dark colours show).
- ``disc`` / ``ring``: a Silence token held / not held.
- ``warning``: a triangle with "!" (Overdue, three-Citadel warning).
- ``face_down``: a hatched card (a Tome turned face down).
- ``arrow``: ▶ (current phase, selected choice, the faction to act).
- ``cross`` / ``check``: refused input / done (reader connected, journal saved).
- ``zoog``: a small dot; ``monster``: a diamond; ``star``: a winner.
- ``up`` / ``down``: more choices above / below.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from display.ink import colours
from display.ink.colours import Colour

ICON_SCALE = 0.9  # icon size / font size


def width(px: int) -> int:
    return max(6, round(px * ICON_SCALE))


def draw(surface: pygame.Surface, name: str, rect: pygame.Rect, colour: Colour) -> None:
    _SHAPES.get(name, _monster)(surface, rect, colour)


def _line_w(rect: pygame.Rect) -> int:
    return max(2, rect.w // 7)


def _swatch(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    pygame.draw.rect(surface, colour, rect)
    pygame.draw.rect(surface, colours.TEXT, rect, max(1, rect.w // 12))


def _disc(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    pygame.draw.circle(surface, colour, rect.center, rect.w // 2)


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    pygame.draw.circle(surface, colour, rect.center, rect.w // 2, _line_w(rect))


def _warning(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    points = [(rect.centerx, rect.top), (rect.right, rect.bottom), (rect.left, rect.bottom)]
    pygame.draw.polygon(surface, colour, points)
    stroke = max(2, rect.w // 8)
    mark = pygame.Rect(0, 0, stroke, rect.h // 3)
    mark.midtop = (rect.centerx, rect.top + rect.h * 3 // 8)
    pygame.draw.rect(surface, colours.LIT_TEXT, mark)
    dot = pygame.Rect(0, 0, stroke, stroke)
    dot.midbottom = (rect.centerx, rect.bottom - max(1, rect.h // 10))
    pygame.draw.rect(surface, colours.LIT_TEXT, dot)


def _face_down(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    card = rect.inflate(-rect.w // 4, 0)
    previous = surface.get_clip()
    surface.set_clip(card.clip(previous))
    step = max(3, card.w // 3)
    for x in range(card.left - card.h, card.right, step):
        pygame.draw.line(
            surface, colour, (x, card.bottom), (x + card.h, card.top), max(1, rect.w // 10)
        )
    surface.set_clip(previous)
    pygame.draw.rect(surface, colour, card, _line_w(rect))


def _arrow(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    points = [(rect.left, rect.top), (rect.right, rect.centery), (rect.left, rect.bottom)]
    pygame.draw.polygon(surface, colour, points)


def _cross(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    stroke = max(2, rect.w // 5)
    inner = rect.inflate(-rect.w // 5, -rect.h // 5)
    pygame.draw.line(surface, colour, inner.topleft, inner.bottomright, stroke)
    pygame.draw.line(surface, colour, inner.topright, inner.bottomleft, stroke)


def _check(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    stroke = max(2, rect.w // 5)
    points = [
        (rect.left, rect.centery),
        (rect.left + rect.w // 3, rect.bottom - rect.h // 6),
        (rect.right, rect.top + rect.h // 6),
    ]
    pygame.draw.lines(surface, colour, False, points, stroke)


def _zoog(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    pygame.draw.circle(surface, colour, rect.center, max(3, rect.w // 3))


def _monster(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    points = [rect.midtop, rect.midright, rect.midbottom, rect.midleft]
    pygame.draw.polygon(surface, colour, points)


def _star(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    radius = rect.w / 2
    points = [
        (
            rect.centerx + math.sin(i * math.pi / 5) * radius * (1 if i % 2 == 0 else 0.45),
            rect.centery - math.cos(i * math.pi / 5) * radius * (1 if i % 2 == 0 else 0.45),
        )
        for i in range(10)
    ]
    pygame.draw.polygon(surface, colour, points)


def _up(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    pygame.draw.polygon(surface, colour, [rect.midtop, rect.bottomright, rect.bottomleft])


def _down(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    pygame.draw.polygon(surface, colour, [rect.topleft, rect.topright, rect.midbottom])


_SHAPES: dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]] = {
    "swatch": _swatch,
    "disc": _disc,
    "ring": _ring,
    "warning": _warning,
    "face_down": _face_down,
    "arrow": _arrow,
    "cross": _cross,
    "check": _check,
    "zoog": _zoog,
    "monster": _monster,
    "star": _star,
    "up": _up,
    "down": _down,
}
NAMES = frozenset(_SHAPES)
