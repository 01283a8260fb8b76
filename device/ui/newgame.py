"""New game: every game offers its own lines (a map, a battle), in one list.

An option's value is a function that makes what picking it leads to, so no game's
wizard is built before the table picks it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from device.ui.front_end import FrontEnd
from device.ui.steps import ListStep, StepResult
from rules.game import State
from rules.text import text


def new_game_step(
    state: State | None,
    front_ends: Iterable[FrontEnd],
    latest: Callable[[str], State | None] | None = None,
) -> ListStep:
    """``state``: the game being left (its settings may carry over to a game of its kind);
    ``front_ends``: every game's (the app's list, ``device.games``); ``latest``: the latest
    game of a kind the journal holds (``GameSession.latest``), so each game carries over its
    own last settings whatever was played in between; without it only ``state`` is seen."""
    options = [
        option
        for ui in front_ends
        for option in ui.new_game_options(state if latest is None else latest(ui.game))
    ]
    return ListStep(text("prompt.which_map"), options, _follow)


def _follow(make: Callable[[], StepResult]) -> StepResult:
    return make()
