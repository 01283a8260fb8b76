"""Each game's part of the phone view, found the way the screen finds its panels: the
game whose screen draws the state (:func:`display.game_screen.screen_for`) names it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from display.cthulhu_wars import web as cthulhu_wars
from display.game_screen import screen_for
from display.normandie import web as normandie

GameHtml = Callable[[Mapping[str, Any], str, Mapping[str, str]], str]

PARTS: dict[str, GameHtml] = {
    "cthulhu_wars": cthulhu_wars.game_html,
    "normandie": normandie.game_html,
}


def game_html(state: Mapping[str, Any], lang: str, citadel_names: Mapping[str, str]) -> str:
    """The state's game header and board; nothing for a game without a web part."""
    part = PARTS.get(screen_for(state).name)
    return "" if part is None else part(state, lang, citadel_names)
