"""What a game's front end on the device is.

A game's device package describes itself with one :class:`FrontEnd`; ``device/games.py``
lists them. The app asks the current game's front end for a controller and the New game
menu asks every game what it offers; neither asks which game it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from device.ui.controller import BaseController
from device.ui.steps import Option
from display.view import Prompt
from rules.game import State
from rules.journal import Played
from rules.text import Text, Words
from rules.values import Record


class FrontEnd(Record):
    """- ``controller(lang)``: a fresh controller for this game's states;
    - ``new_game_options(state)``: the lines this game adds to the New game menu; each
      option's value is what picking it leads to (``state`` is the latest game of this kind
      the journal holds, or None, so a game may carry its own settings over);
    - ``still_prompt(played, result, lang)``: what a screenshot of the game ``played``
      shows as the question, outside a running app (its history included, as the running
      app's controller follows it: a game may propose from what the table answered before);
    - ``words``: its catalogue sections, added when the game is loaded."""

    game: str  # the rules' Game.name
    controller: Callable[[str], BaseController[State]]
    new_game_options: Callable[[State | None], Sequence[Option]]
    still_prompt: Callable[[Played[State], Text, str], Prompt]
    words: tuple[Words, ...] = ()
