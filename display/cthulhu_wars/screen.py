"""Cthulhu Wars on the screen: its panels, and the board's share of the screen per map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from display.cthulhu_wars import words as display_words
from display.cthulhu_wars.panels import PANELS, condensed
from display.layout.regions import DEFAULT_BOARD_SHARE
from display.panels.game_screen import GameScreen
from rules.cthulhu_wars.state import cthulhu_wars_json

if TYPE_CHECKING:
    from rules.json_types import StateJSON

# Eight Citadels need more room than the Library's rows.
BOARD_SHARE: dict[str, float] = {"dreamlands": 0.64}
# The scoreboard's table sits over the board state: the prompt gives up some width for it.
SCOREBOARD_SHARE = 0.1


# The end's summary (its table and the Doom chart) takes most of the width: the prompt
# then only says the game is over and offers the menu.
END_SHARE = 0.68


def board_share(any_state: StateJSON) -> float:
    state = cthulhu_wars_json(any_state)
    if state.get("scoreboard") and state.get("game_over"):
        return END_SHARE
    share = BOARD_SHARE.get(str(state.get("map")), DEFAULT_BOARD_SHARE)
    return share + SCOREBOARD_SHARE if state.get("scoreboard") else share


CTHULHU_WARS_SCREEN = GameScreen(
    name="cthulhu_wars",
    panels=PANELS,
    board_share=board_share,
    words=(display_words.WORDS, display_words.SCOREBOARD_WORDS),
    # the end's summary fits beside its own list ("Something else happened") at the
    # screen's least type; beside a longer one it condenses to who won, then steps aside
    condensed=condensed,
)
