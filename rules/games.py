"""The rules' part of each game the companion plays, handed to the engine by its callers.

Each entry says where the game's rules live and which command opens its journal, so a
journal finds its game while only that game is loaded. The engine itself never imports
this module, so it knows no game; the front ends (the device, the command line) pass
:data:`RULES` in, as part of the list of games (``device.games.GAMES``).
"""

from __future__ import annotations

from rules.game import Game, GameRules, State
from rules.parts import Parts

RULES = GameRules(
    Parts[Game[State]](
        "rules",
        {
            "cthulhu_wars": "rules.cthulhu_wars.game:CTHULHU_WARS",
            "normandie": "rules.normandie.game:NORMANDIE",
        },
    ),
    starting={"new_game": "cthulhu_wars", "nz_new_battle": "normandie"},
)
