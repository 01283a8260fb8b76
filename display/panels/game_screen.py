"""What a game's part of the screen is.

A game's display package describes itself with one :class:`GameScreen`;
``display/games.py`` lists them. The screen finds the game's part by the name the state
JSON gives (``"game"``) and never asks which game it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from display.panels.shared import Panel
from rules.text import Words
from rules.values import Record

if TYPE_CHECKING:
    # any game's state JSON: each game reads it as its own type (rules/<game>/json_types.py)
    from rules.json_types import StateJSON as State


def _no_grid(panel: pygame.Rect, pad: int, state: State, pos: tuple[int, int]) -> str | None:
    return None


def _not_condensed(state: State, about: str | None = None) -> tuple[Panel, ...]:
    return ()


def _steps_aside(state: State) -> bool:
    return False


class GameScreen(Record):
    """- ``panels``: every panel, in drawing order (the game's own and ``SHARED_PANELS``);
    - ``board_share(state)``: how much of the screen the board panel takes;
    - ``space_at(board, pad, state, pos)``: the grid space under a finger, for games with one;
    - ``words``: its catalogue sections, added when the game is loaded;
    - ``condensed(state, about)``: what the board condenses to in a narrow column beside a
      list that needs the board's room (what the table must keep in sight: a scoreboard's
      standings), the first that is whole there; if none is, the board steps aside;
      ``about``: what the question is about (``Prompt.about``), where it says;
    - ``keeps(state)``: whether the board is what a list beside it is about (a grid its
      lines name squares of): it condenses, never steps aside."""

    name: str  # the rules' Game.name, as the state JSON's "game" gives it
    panels: dict[str, Panel]
    board_share: Callable[[State], float]
    space_at: Callable[[pygame.Rect, int, State, tuple[int, int]], str | None] = _no_grid
    words: tuple[Words, ...] = ()
    condensed: Callable[[State, str | None], tuple[Panel, ...]] = _not_condensed
    keeps: Callable[[State], bool] = _steps_aside
