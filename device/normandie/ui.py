"""Shadows over Normandie on the device: its controller, its New game lines and its still
prompt."""

from __future__ import annotations

from device.normandie import words as device_words
from device.normandie.controller import NormandieController
from device.normandie.new_battle import new_battle_options
from device.ui.front_end import FrontEnd
from device.ui.steps import Option
from display.view import Prompt
from rules.normandie.game import NORMANDIE
from rules.text import Text, Words


def new_game_options(state: object) -> list[Option]:
    return new_battle_options()


def still_prompt(played: object, result: Text, lang: str) -> Prompt:
    """Only the latest result: the battle's questions need the table's cursor and dice."""
    return Prompt(result)


NORMANDIE_UI = FrontEnd(
    game="normandie",
    controller=NormandieController,
    new_game_options=new_game_options,
    still_prompt=still_prompt,
    # The game's own words too: its New game lines ask who plays and who has the initiative
    # before a battle (and so the game's rules) is loaded.
    words=(*NORMANDIE.words, Words("normandie.device", device_words.EN, device_words.JA)),
)
