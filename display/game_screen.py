"""Each game's part of the screen, found by the state it is handed.

A game's display package describes itself with one :class:`GameScreen` and registers
it (``display/games.py`` lists them). The screen hands each game the state JSON and
asks which one draws it; it never asks which game it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from display.panels import Panel

State = Mapping[str, Any]


def _no_grid(panel: pygame.Rect, pad: int, state: State, pos: tuple[int, int]) -> str | None:
    return None


@dataclass(frozen=True)
class GameScreen:
    """- ``draws(state)``: whether this game's state JSON is ``state``;
    - ``panels``: every panel, in drawing order (the game's own and ``SHARED_PANELS``);
    - ``board_share(state)``: how much of the screen the board panel takes;
    - ``space_at(board, pad, state, pos)``: the grid space under a finger, for games with one."""

    name: str
    draws: Callable[[State], bool]
    panels: dict[str, Panel]
    board_share: Callable[[State], float]
    space_at: Callable[[pygame.Rect, int, State, tuple[int, int]], str | None] = _no_grid


_SCREENS: dict[str, GameScreen] = {}


def register(screen: GameScreen) -> None:
    if _SCREENS.get(screen.name, screen) is not screen:
        raise ValueError(f"two screens for the game {screen.name!r}")
    _SCREENS[screen.name] = screen


def unregister(name: str) -> None:
    """Take a game's screen out again (tests that plug in a game of their own)."""
    _SCREENS.pop(name, None)


def screen_for(state: State) -> GameScreen:
    """The game that draws ``state``; the first registered one for a state no game claims
    (an empty state before any game, a state from a newer version)."""
    for screen in _SCREENS.values():
        if screen.draws(state):
            return screen
    return next(iter(_SCREENS.values()))
