"""The screen's part of each game (its :class:`GameScreen`), named by where it lives.

The screen (``display.screen.screen.Screen``) is handed this list and finds a state's game by
the name its JSON gives; only the game being drawn is loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.parts import Parts

if TYPE_CHECKING:  # the screen's types need pygame, which the phone view never loads
    from display.panels.game_screen import GameScreen

SCREENS: Parts[GameScreen] = Parts(
    "screen",
    {
        "cthulhu_wars": "display.cthulhu_wars.screen:CTHULHU_WARS_SCREEN",
        "normandie": "display.normandie.battlefield:NORMANDIE_SCREEN",
    },
)
