"""One tap position from pygame's touch and mouse events, never two for one tap.

SDL reports a finger on a touch screen twice: as FINGERDOWN (coordinates normalised
to 0..1) and as a MOUSEBUTTONDOWN it synthesises from it (pygame marks those with
``event.touch``). We take the finger event and drop the synthesised mouse event; a
real mouse (no touch screen, e.g. on a desktop) still works through MOUSEBUTTONDOWN.
"""

from __future__ import annotations

import pygame

LEFT_BUTTON = 1


def tap_position(event: pygame.event.Event, size: tuple[int, int]) -> tuple[int, int] | None:
    """Where ``event`` tapped on a screen of ``size`` pixels, or None if it is not a tap."""
    if event.type == pygame.FINGERDOWN:
        width, height = size
        x = min(max(float(event.x), 0.0), 1.0)
        y = min(max(float(event.y), 0.0), 1.0)
        return min(int(x * width), width - 1), min(int(y * height), height - 1)
    if event.type == pygame.MOUSEBUTTONDOWN:
        if getattr(event, "touch", False) or getattr(event, "button", LEFT_BUTTON) != LEFT_BUTTON:
            return None
        x, y = event.pos
        return int(x), int(y)
    return None
