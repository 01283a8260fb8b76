"""A new game from the buttons: map, factions in seating order, sides (T3, T4, D1).

The table's settings (Agony die, Silence at start, Tome refresh, the scoreboard) carry over
from the latest Cthulhu Wars game the journal holds, however many battles of another game
were played since and across restarts; they come from the configuration file in the first
place. The last
screen asks whether to keep the scoreboard (I12) without a press of its own: Start keeps the
last game's answer, the line below it starts with the other one.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from device.ui.steps import DONE, ListStep, Option, StepResult
from rules.cthulhu_wars.commands import NewGame, Settings
from rules.cthulhu_wars.factions import FACTIONS, MAX_PLAYERS, MIN_PLAYERS
from rules.cthulhu_wars.maps.boards import map_spec
from rules.cthulhu_wars.setup import CTHULHU_WARS_MAPS
from rules.cthulhu_wars.state import GameState
from rules.text import Text, text

EVERYONE = "everyone"


def new_game_options(state: object) -> list[Option]:
    """One line per map (New game); the latest Cthulhu Wars game passes on its settings."""
    settings = state.settings if isinstance(state, GameState) else Settings()
    return [
        Option(text(f"map.{name}"), partial(seat, settings, name, ())) for name in CTHULHU_WARS_MAPS
    ]


def seat(settings: Settings, map_name: str, chosen: tuple[str, ...]) -> StepResult:
    if len(chosen) == MAX_PLAYERS:
        return sides(settings, map_name, chosen)
    options = [Option(text(f"faction.{f}"), f) for f in FACTIONS if f not in chosen]
    if len(chosen) >= MIN_PLAYERS:
        options.insert(0, Option(text("prompt.that_is_everyone"), EVERYONE))

    def pick(faction: str) -> StepResult:
        if faction == EVERYONE:
            return sides(settings, map_name, chosen)
        return seat(settings, map_name, (*chosen, faction))

    names = [text(f"faction.{f}") for f in chosen]
    title = (
        text("prompt.seat", n=len(chosen) + 1, chosen=names)
        if chosen
        else text("prompt.seat_first")
    )
    return ListStep(title, options, pick)


def sides(settings: Settings, map_name: str, factions: tuple[str, ...]) -> StepResult:
    """T4: only 4 players choose which board gets the 5-player side."""
    if len(factions) != 4:
        return confirm(NewGame(map_name, factions, None, settings))
    boards = map_spec(map_name).boards
    options = [
        Option(text(f"board.{five}"), NewGame(map_name, factions, {five: 5, other: 3}, settings))
        for five, other in (boards, boards[::-1])
    ]
    return ListStep(text("prompt.which_board_five"), options, lambda cmd: confirm(cmd))


def confirm(cmd: NewGame) -> ListStep:
    """Each of the two starts says what it does with the scoreboard (I12), the one the last
    game chose first: a plain "Start" said nothing of it, and "keeping the scoreboard" read as
    carrying this game's scores over."""
    names = [text(f"faction.{f}") for f in cmd.factions]
    settings = cmd.settings or Settings()
    keep = bool(settings.scoreboard)
    other = replace(cmd, settings=replace(settings, scoreboard=None if keep else True))
    return ListStep(
        text("prompt.start_new_game", map=text(f"map.{cmd.map}"), factions=names),
        [
            Option(start_words(keep), cmd, text("detail.old_game_kept")),
            Option(start_words(not keep), other),
            Option(text("prompt.cancel"), DONE),
        ],
        lambda answer: answer,
    )


def start_words(scoreboard: bool) -> Text:
    """A start, with what it does: the companion counts Power, Doom and Rituals, or not."""
    return text("prompt.start_scoreboard." + ("on" if scoreboard else "off"))
