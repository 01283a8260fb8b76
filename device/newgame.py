"""A new game from the buttons: map, factions in seating order, sides (T3, T4, D1).

The table's settings (Agony die, Silence at start, Tome refresh) carry over from the
current game; they come from the configuration file in the first place.
"""

from __future__ import annotations

from device.steps import DONE, ListStep, Option, StepResult
from rules.commands import NewGame
from rules.factions import FACTIONS, MAX_PLAYERS, MIN_PLAYERS
from rules.maps import map_spec
from rules.setup import CTHULHU_WARS_MAPS
from rules.state import GameState
from rules.text import text

EVERYONE = "everyone"


def new_game_wizard(state: GameState) -> ListStep:
    options = [Option(text(f"map.{name}"), name) for name in CTHULHU_WARS_MAPS]
    return ListStep(text("prompt.which_map"), options, lambda name: seat(state, name, ()))


def seat(state: GameState, map_name: str, chosen: tuple[str, ...]) -> StepResult:
    if len(chosen) == MAX_PLAYERS:
        return sides(state, map_name, chosen)
    options = [Option(text(f"faction.{f}"), f) for f in FACTIONS if f not in chosen]
    if len(chosen) >= MIN_PLAYERS:
        options.insert(0, Option(text("prompt.that_is_everyone"), EVERYONE))

    def pick(faction: str) -> StepResult:
        if faction == EVERYONE:
            return sides(state, map_name, chosen)
        return seat(state, map_name, (*chosen, faction))

    names = [text(f"faction.{f}") for f in chosen]
    return ListStep(text("prompt.seat", n=len(chosen) + 1, chosen=names), options, pick)


def sides(state: GameState, map_name: str, factions: tuple[str, ...]) -> StepResult:
    """T4: only 4 players choose which board gets the 5-player side."""
    if len(factions) != 4:
        return confirm(state, NewGame(map_name, factions, None, state.settings))
    boards = map_spec(map_name).boards
    options = [
        Option(
            text(f"board.{five}"), NewGame(map_name, factions, {five: 5, other: 3}, state.settings)
        )
        for five, other in (boards, boards[::-1])
    ]
    return ListStep(text("prompt.which_board_five"), options, lambda cmd: confirm(state, cmd))


def confirm(state: GameState, cmd: NewGame) -> ListStep:
    names = [text(f"faction.{f}") for f in cmd.factions]
    return ListStep(
        text("prompt.start_new_game", map=text(f"map.{cmd.map}"), factions=names),
        [
            Option(text("prompt.start"), cmd, text("detail.old_game_kept")),
            Option(text("prompt.cancel"), DONE),
        ],
        lambda answer: answer,
    )
