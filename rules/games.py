"""The one list of games: importing this module registers every game the companion plays.

Front ends (the device, the command line, the tests) import it once; the engine
itself never does, so it knows no game.
"""

from __future__ import annotations

from rules.cthulhu_wars.game import CTHULHU_WARS
from rules.game import Game, register
from rules.normandie.game import NORMANDIE

GAMES: tuple[Game, ...] = (CTHULHU_WARS, NORMANDIE)
for _game in GAMES:
    register(_game)
