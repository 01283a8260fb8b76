"""The one list of the games the screen draws: importing it registers each game's screen.
The entry points import it; the screen itself never does, so it knows no game."""

from __future__ import annotations

from display.cthulhu_wars.screen import CTHULHU_WARS_SCREEN
from display.game_screen import GameScreen, register
from display.normandie.battlefield import NORMANDIE_SCREEN

SCREENS: tuple[GameScreen, ...] = (CTHULHU_WARS_SCREEN, NORMANDIE_SCREEN)
for _screen in SCREENS:
    register(_screen)
