"""Where the app's frames go: the surface it draws on, how a frame reaches the screen, and
how a tap on the screen finds its pixel on that surface."""

from __future__ import annotations

import pygame


class Window:
    """Where frames go. The app draws on ``canvas``; a rotated screen (``rotation``) shows
    it on ``display`` turned, and taps are turned back the other way. Without a
    ``display`` the canvas is what is shown (the desktop window, the tests' surface).

    A plain class, not a record: every start makes one, and a record's generated methods
    are compiled at every start's import (``device.ui.steps.InTurn``)."""

    def __init__(
        self, canvas: pygame.Surface, display: pygame.Surface | None = None, rotation: int = 0
    ) -> None:
        self.canvas, self.display, self.rotation = canvas, display, rotation

    def present(self, rects: list[pygame.Rect]) -> None:
        """Show the regions drawn in this frame."""
        if self.rotation == 0 or self.display is None:
            pygame.display.update(rects)
            return
        self.display.blit(pygame.transform.rotate(self.canvas, -self.rotation), (0, 0))
        pygame.display.flip()

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A tap on the display, in canvas pixels."""
        if self.display is None:
            return pos
        x, y = pos
        width, height = self.display.get_size()
        if self.rotation == 90:
            return y, width - 1 - x
        if self.rotation == 180:
            return width - 1 - x, height - 1 - y
        if self.rotation == 270:
            return height - 1 - y, x
        return x, y
