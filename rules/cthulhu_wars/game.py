"""Cthulhu Wars as the engine sees it: one :class:`~rules.game.Game` value.

Its commands, its core and its words; the core loads the map expansions' hooks (the
Library at Celaeno, the Dreamlands) from ``expansions.MAPS`` when a game asks for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.cthulhu_wars import engine
from rules.cthulhu_wars.commands import COMMANDS, NewGame
from rules.cthulhu_wars.dreamlands import words as dreamlands_words
from rules.cthulhu_wars.expansions import expansion
from rules.cthulhu_wars.state import GameState, RollPending, core_to_json
from rules.cthulhu_wars.words import game as game_words
from rules.cthulhu_wars.words import names as name_words
from rules.game import Game, RollWanted
from rules.text import Words, words_on_use

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsSecretsJSON, CthulhuWarsStateJSON


def wanted_roll(state: GameState) -> RollWanted | None:
    """The Agony die (C19) or the Dreamlands d6 (D8, D14), for the reader's EXPECT line."""
    pending = state.pending
    if not isinstance(pending, RollPending):
        return None
    die = "agony" if pending.purpose == "agony" else "d6"
    return RollWanted(pending.dice, die, pending.faces, pending.purpose)


def summary(state: GameState) -> str:
    return f"round {state.round}, {state.phase}"


def secrets(state: GameState, seat: str) -> CthulhuWarsSecretsJSON:
    """What only the seat of faction ``seat`` may see: its Elder Signs' values (I14);
    nothing without the scoreboard."""
    if state.scoreboard is None or seat not in state.factions:
        return {}
    from rules.cthulhu_wars.scoreboard_record import secrets_json

    return secrets_json(state.scoreboard, seat)


def state_to_json(state: GameState) -> CthulhuWarsStateJSON:
    """The state exactly as rules/cthulhu_wars/JOURNAL.md defines it: the core's keys, then
    those of the map's own record (the Dreamlands' monsters)."""
    return {**core_to_json(state), **expansion(state.map).state_json(state)}


CTHULHU_WARS = Game(
    name="cthulhu_wars",
    starts_with=NewGame,
    commands=COMMANDS,
    apply=engine.apply,
    to_json=state_to_json,
    wanted_roll=wanted_roll,
    summary=summary,
    words=(
        Words("cthulhu_wars.names", name_words.EN, name_words.JA),
        Words("cthulhu_wars", game_words.EN, game_words.JA, game_words.BOARD),
        Words("dreamlands", dreamlands_words.EN, dreamlands_words.JA, dreamlands_words.BOARD),
        # The scoreboard's: most tables never keep it (I12).
        words_on_use("scoreboard", "rules.cthulhu_wars.scoreboard.words"),
    ),
    secrets=secrets,
)
