"""Each game's front end on the device, found by the game a state belongs to.

A game's device package describes itself with one :class:`GameUI` and registers it
(``device/games.py`` lists them). The app asks the state's game for a controller and
the new-game menu asks every game what it offers; neither asks which game it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from device.ui.controller import Controller
from device.ui.steps import Option
from display.view import Prompt
from rules.game import game_of
from rules.text import Text


@dataclass(frozen=True)
class GameUI:
    """- ``controller(lang)``: a fresh controller for this game's states;
    - ``new_game_options(state)``: the lines this game adds to the New game menu; each
      option's value is what picking it leads to (``state`` is the game being left, of
      any game, so a game may carry its own settings over);
    - ``still_prompt(state, result, lang)``: what a screenshot of ``state`` shows as the
      question, outside a running app."""

    game: str  # the rules' Game.name
    controller: Callable[[str], Controller]
    new_game_options: Callable[[Any], Sequence[Option]]
    still_prompt: Callable[[Any, Text, str], Prompt]


_UIS: dict[str, GameUI] = {}


def register(ui: GameUI) -> None:
    if _UIS.get(ui.game, ui) is not ui:
        raise ValueError(f"two front ends for the game {ui.game!r}")
    _UIS[ui.game] = ui


def unregister(game: str) -> None:
    """Take a game's front end out again (tests that plug in a game of their own)."""
    _UIS.pop(game, None)


def ui_of(state: object) -> GameUI:
    return _UIS[game_of(state).name]


def uis() -> tuple[GameUI, ...]:
    return tuple(_UIS.values())
