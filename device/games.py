"""The one list of the games the device plays: importing it registers every game's rules
(``rules.games``), screen (``display.games``) and front end. The entry points
(``device.cli``, the benchmarks, the tests) import it; the app itself never does, so it
knows no game."""

from __future__ import annotations

from device.cthulhu_wars.ui import CTHULHU_WARS_UI
from device.normandie.ui import NORMANDIE_UI
from device.ui.games import GameUI, register
from display import games as _display_games  # noqa: F401 (registers the games' screens)
from rules import games as _rules_games  # noqa: F401 (registers the games' rules)

FRONT_ENDS: tuple[GameUI, ...] = (CTHULHU_WARS_UI, NORMANDIE_UI)
for _ui in FRONT_ENDS:
    register(_ui)
