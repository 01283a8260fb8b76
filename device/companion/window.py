"""Where the app's frames go: the surface it draws on, how a frame reaches the screen, and
how a tap on the screen finds its pixel on that surface."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass
class Window:
    """Where frames go. The app draws on ``canvas``; a rotated screen (``rotation``) shows
    it on ``display`` turned, and taps are turned back the other way. Without a
    ``display`` the canvas is what is shown (the desktop window, the tests' surface)."""

    canvas: pygame.Surface
    display: pygame.Surface | None = None
    rotation: int = 0

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
