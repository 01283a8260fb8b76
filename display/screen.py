"""The screen: draws a :class:`~display.view.View` on a pygame surface, only what changed.

Usage by the app::

    screen = Screen(pygame.display.set_mode((800, 480)))
    rects = screen.render(view)        # [] when nothing changed
    if rects:
        pygame.display.update(rects)
    index = screen.choice_at(tap)      # a tap on a choice, or None

The first render draws everything; later ones redraw only the panels whose part of
the view changed (see :mod:`display.panels`), so an idle table costs no drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from display import battlefield, colours, qr, typeface
from display.battlefield_grid import space_at
from display.canvas import Canvas, Label
from display.layout import BOARD_SHARE, DEFAULT_BOARD_SHARE, Regions, regions
from display.panels import PANELS, Panel
from display.view import View

_NOTHING = object()


class Screen:
    def __init__(self, surface: pygame.Surface) -> None:
        typeface.init()
        self.surface = surface
        self._share = DEFAULT_BOARD_SHARE
        self._regions = regions(surface.get_size(), self._share)
        self._keys: dict[str, object] = {}
        self._labels: dict[str, list[Label]] = {}
        self._choices: list[tuple[int, pygame.Rect]] = []
        self._panels: dict[str, Panel] = _CTHULHU_WARS
        self._state: Mapping[str, Any] = {}

    @property
    def regions(self) -> Regions:
        return self._regions

    def render(self, view: View) -> list[pygame.Rect]:
        """Draw the panels whose part of ``view`` changed; return the rectangles drawn."""
        panels, share = _panels_for(view.state)
        if (self.surface.get_size(), share) != (self._regions.size, self._share):
            self._regions, self._share = regions(self.surface.get_size(), share), share
            self.invalidate()
        if panels is not self._panels:  # another game: every panel draws something else
            self._panels = panels
            self.invalidate()
        self._state = view.state
        if not self._keys:
            self.surface.fill(colours.BACKGROUND)
        dirty: list[pygame.Rect] = []
        for name, panel in panels.items():
            key = panel.key(view)
            if self._keys.get(name, _NOTHING) == key:
                continue
            dirty.append(self._draw(name, view))
            self._keys[name] = key
        return dirty

    def invalidate(self) -> None:
        """Forget what is on screen: the next render draws everything (e.g. after a new window)."""
        self._keys.clear()

    def choice_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the choice drawn at ``pos`` (a tap), or None."""
        for index, rect in self._choices:
            if rect.collidepoint(pos):
                return index
        return None

    def space_at(self, pos: tuple[int, int]) -> str | None:
        """The battlefield space drawn at ``pos`` ("C5") on a Normandie screen, or None."""
        if not battlefield.is_normandie(self._state):
            return None
        return space_at(self._regions.board, self._regions.pad, self._state, pos)

    def shown_choices(self) -> list[int]:
        """Indexes of the choices on screen (a long menu shows a window around the selection)."""
        return [index for index, _rect in self._choices]

    def labels(self) -> list[Label]:
        """Every piece of text on screen with the box it had to fit (for tests and checks)."""
        return [label for name in self._panels for label in self._labels.get(name, [])]

    def _draw(self, name: str, view: View) -> pygame.Rect:
        rect = self._regions.panels()[name]
        canvas = Canvas(self.surface, name, rect, self._regions.sizes(), self._regions.pad)
        previous = self.surface.get_clip()
        self.surface.set_clip(rect)
        self._panels[name].draw(canvas, view)
        self.surface.set_clip(previous)
        self._labels[name] = canvas.labels
        if name == "prompt":
            self._choices = canvas.choice_rects
        return rect.copy()


def _with_qr(panels: dict[str, Panel]) -> dict[str, Panel]:
    """The menu's Show on phones puts its QR code where the board is (display.qr)."""
    return {**panels, "board": qr.with_qr(panels["board"])}


_CTHULHU_WARS = _with_qr(PANELS)
_NORMANDIE = _with_qr(battlefield.NORMANDIE_PANELS)


def _panels_for(state: Mapping[str, Any]) -> tuple[dict[str, Panel], float]:
    """A Shadows over Normandie battle draws its battlefield; Cthulhu Wars its board."""
    if battlefield.is_normandie(state):
        return _NORMANDIE, battlefield.BOARD_SHARE
    return _CTHULHU_WARS, BOARD_SHARE.get(str(state.get("map")), DEFAULT_BOARD_SHARE)
