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

from display import colours, prompt, qr, typeface
from display.canvas import Canvas, Label
from display.game_screen import GameScreen
from display.games import SCREENS
from display.layout import DEFAULT_BOARD_SHARE, Regions, regions
from display.panels import Panel
from display.view import View
from rules.parts import Parts

_NOTHING = object()


class Screen:
    """One surface and what is drawn on it, nothing of the game's life.

    It owns: the surface (the app swaps in a resized window's), the layout of its regions
    for the game's board share, the game's panels (chosen by the state's ``"game"``), and
    what each panel last drew — the key of its part of the view, its labels and, for the
    prompt, where each choice is — so that a render redraws only what changed and a tap
    finds its choice or grid space. Everything it shows comes in the :class:`View`.
    """

    def __init__(self, surface: pygame.Surface, screens: Parts[GameScreen] = SCREENS) -> None:
        typeface.init()
        self.surface = surface
        self.screens = screens
        self._share = DEFAULT_BOARD_SHARE
        self._regions = regions(surface.get_size(), self._share)
        self._keys: dict[str, object] = {}
        self._labels: dict[str, list[Label]] = {}
        self._marks: dict[str, list[Label]] = {}
        self._choices: list[tuple[int, pygame.Rect]] = []
        self._game: GameScreen | None = None
        self._panels: dict[str, Panel] = {}
        self._state: Mapping[str, Any] = {}
        self._asked: object = None  # what the last list share was measured for
        self._list_share = DEFAULT_BOARD_SHARE

    @property
    def regions(self) -> Regions:
        return self._regions

    def render(self, view: View) -> list[pygame.Rect]:
        """Draw the panels whose part of ``view`` changed; return the rectangles drawn."""
        game = self.screens.get(view.state["game"])
        share = self._share_for(game, view)
        if (self.surface.get_size(), share) != (self._regions.size, self._share):
            self._regions, self._share = regions(self.surface.get_size(), share), share
            self.invalidate()
        if game is not self._game:  # another game: every panel draws something else
            self._game = game
            # Its board shows the prompt's QR code instead while the prompt has one.
            self._panels = {**game.panels, "board": qr.with_qr(game.panels["board"])}
            self.invalidate()
        panels = self._panels
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

    def _share_for(self, game: GameScreen, view: View) -> float:
        """The game's board share, or none at all while a list needs the whole width to
        show its fewest choices (the History's long lines); measured once per
        prompt, so that an idle table measures nothing."""
        share = game.board_share(view.state)
        asked = (self.surface.get_size(), share, prompt.key(view))
        if self._asked != asked:
            self._asked = asked
            self._list_share = share
            rect = regions(self.surface.get_size(), share).prompt
            if share > 0 and prompt.needs_room(self._canvas("prompt", rect), view):
                self._list_share = 0.0
        return self._list_share

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
        """The grid space drawn at ``pos`` ("C5") on a game with a grid, or None."""
        if self._game is None:
            return None
        return self._game.space_at(self._regions.board, self._regions.pad, self._state, pos)

    def shown_choices(self) -> list[int]:
        """Indexes of the choices on screen (a long menu shows a window around the selection)."""
        return [index for index, _rect in self._choices]

    def labels(self) -> list[Label]:
        """Every piece of text on screen with the box it had to fit (for tests and checks)."""
        return [label for name in self._panel_names() for label in self._labels.get(name, [])]

    def marks(self) -> list[Label]:
        """Text drawn as part of a picture (see :attr:`Canvas.marks`), for tests and checks."""
        return [mark for name in self._panel_names() for mark in self._marks.get(name, [])]

    def _panel_names(self) -> list[str]:
        return list(self._game.panels) if self._game else []

    def _panel(self, name: str) -> Panel:
        return self._panels[name]  # render chose the game before drawing

    def _canvas(self, name: str, rect: pygame.Rect) -> Canvas:
        return Canvas(self.surface, name, rect, self._regions.sizes(), self._regions.pad)

    def _draw(self, name: str, view: View) -> pygame.Rect:
        rect = self._regions.panels()[name]
        if rect.w <= 0 or rect.h <= 0:  # the board while a list has its room: nothing
            self._labels[name] = []
            self._marks[name] = []
            return rect.copy()
        canvas = self._canvas(name, rect)
        previous = self.surface.get_clip()
        self.surface.set_clip(rect)
        self._panel(name).draw(canvas, view)
        self.surface.set_clip(previous)
        self._labels[name] = canvas.labels
        self._marks[name] = canvas.marks
        if name == "prompt":
            self._choices = canvas.choice_rects
        return rect.copy()
