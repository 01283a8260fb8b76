"""Cthulhu Wars on the device: its controller, its New game lines and its still prompt."""

from __future__ import annotations

from device.cthulhu_wars import words as device_words
from device.cthulhu_wars.controller import Controller
from device.cthulhu_wars.newgame import new_game_options
from device.ui.front_end import GameUI
from display.view import Prompt
from rules.cthulhu_wars.state import GameState
from rules.text import Text, Words


def still_prompt(state: GameState, result: Text, lang: str) -> Prompt:
    """The question a fresh controller asks of ``state`` (pending decisions included)."""
    return Controller(lang).prompt(state, result)


CTHULHU_WARS_UI = GameUI(
    game="cthulhu_wars",
    controller=Controller,
    new_game_options=new_game_options,
    still_prompt=still_prompt,
    words=(Words("cthulhu_wars.device", device_words.EN, device_words.JA),),
)
