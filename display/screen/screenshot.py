"""Render one View to a PNG without opening a window (``celaeno replay --screenshot``)."""

from __future__ import annotations

from pathlib import Path

import pygame

from display.games import SCREENS
from display.panels.game_screen import GameScreen
from display.screen.screen import Screen
from display.view import View
from rules.parts import Parts

DEFAULT_SIZE = (800, 480)  # the official 7" display


def render_surface(
    view: View, size: tuple[int, int] = DEFAULT_SIZE, screens: Parts[GameScreen] = SCREENS
) -> pygame.Surface:
    """The whole frame on an off-screen surface (needs no video mode, only the font module)."""
    width, height = size
    if width <= 0 or height <= 0:
        raise ValueError(f"screen size must be positive, got {width}x{height}")
    surface = pygame.Surface(size)
    Screen(surface, screens).render(view)
    return surface


def save_screenshot(
    view: View,
    path: str | Path,
    size: tuple[int, int] = DEFAULT_SIZE,
    screens: Parts[GameScreen] = SCREENS,
) -> Path:
    """Write the frame for ``view`` to ``path`` (PNG) and return the path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(render_surface(view, size, screens), str(target))
    return target
