"""The list of games: every game the companion plays, with its part in every layer.

Each layer keeps its part of each game in its own ``games`` module, by where each part
lives (``rules.games.RULES``, ``display.games.SCREENS``, ``display.web.games.PHONE_PARTS``);
this module adds the device's (``FRONT_ENDS``) and puts them together as :data:`GAMES`, the
one value the entry points (``device.cli``, the benchmarks, the tests) pass in. Only the
parts of the game being played are loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.ui.front_end import FrontEnd
from display.games import SCREENS
from display.web.games import PHONE_PARTS, PhonePart
from rules.game import Game, GameRules, State
from rules.games import RULES
from rules.journal import Played
from rules.parts import Parts
from rules.values import Record

if TYPE_CHECKING:  # the screen's types need pygame, which the phone view never loads
    from display.panels.game_screen import GameScreen

FRONT_ENDS = Parts[FrontEnd](
    "front end",
    {
        "cthulhu_wars": "device.cthulhu_wars.ui:CTHULHU_WARS_UI",
        "normandie": "device.normandie.ui:NORMANDIE_UI",
    },
)


class Games(Record):
    """The games, by each layer's part of them: the rules, the device's front ends, the
    screens and the phone parts. Built once; a test that plugs in a game of its own uses
    :meth:`plus`."""

    rules: GameRules
    front_ends: Parts[FrontEnd]
    screens: Parts[GameScreen]
    phone_parts: Parts[PhonePart]

    def front_end(self, played: Played[State]) -> FrontEnd:
        return self.front_ends.get(played.game.name)

    def plus(self, game: Game[State], ui: FrontEnd, screen: GameScreen, phone: PhonePart) -> Games:
        return Games(
            self.rules.plus(game),
            self.front_ends.plus(game.name, ui),
            self.screens.plus(game.name, screen),
            self.phone_parts.plus(game.name, phone),
        )


GAMES = Games(RULES, FRONT_ENDS, SCREENS, PHONE_PARTS)
