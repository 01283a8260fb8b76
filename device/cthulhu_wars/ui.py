"""Cthulhu Wars on the device: its controller, its New game lines and its still prompt."""

from __future__ import annotations

from device.cthulhu_wars import words as device_words
from device.cthulhu_wars.controller import CthulhuWarsController
from device.cthulhu_wars.newgame import new_game_options
from device.ui.front_end import FrontEnd
from display.view import Prompt
from rules.cthulhu_wars.state import GameState
from rules.journal import Played
from rules.text import Text, Words, words_on_use


def still_prompt(played: Played[GameState], result: Text, lang: str) -> Prompt:
    """The question a fresh controller asks of the game (pending decisions included),
    following it as the running app's does, so the scoreboard proposes from the table's
    earlier answers (I10) on a screenshot too."""
    controller = CthulhuWarsController(lang)
    controller.follow(played)
    return controller.prompt(played.state, result)


CTHULHU_WARS_UI = FrontEnd(
    game="cthulhu_wars",
    controller=CthulhuWarsController,
    new_game_options=new_game_options,
    still_prompt=still_prompt,
    words=(
        Words("cthulhu_wars.device", device_words.EN, device_words.JA),
        # The scoreboard's questions: most tables never keep it (I12).
        words_on_use("cthulhu_wars.scoreboard.device", "device.cthulhu_wars.scoreboard.words"),
    ),
)
