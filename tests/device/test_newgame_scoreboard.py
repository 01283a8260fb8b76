"""New game asks whether to keep the scoreboard (I12) and remembers the last answer.

The question costs no press: Start keeps what the current game did, the line below it
starts with the other answer, so a table that never wants the scoreboard presses as before.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from device.cthulhu_wars.newgame import new_game_options
from device.ui.steps import DONE, ListStep, StepResult
from rules.commands import command_to_json
from rules.cthulhu_wars.commands import NewGame, Settings
from rules.cthulhu_wars.game import CTHULHU_WARS
from rules.text import LANGUAGES, render

FACTIONS = ("great_cthulhu", "crawling_chaos", "black_goat")


def last_screen(state: object) -> ListStep:
    """Library at Celaeno, three factions, as the buttons choose them."""
    step: StepResult = new_game_options(state)[0].value()
    for faction in (*FACTIONS, "everyone"):
        assert isinstance(step, ListStep)
        step = step.pick(next(i for i, o in enumerate(step.options) if o.value == faction))
    assert isinstance(step, ListStep)
    return step


def game_with(settings: Settings) -> object:
    state, _ = CTHULHU_WARS.apply(None, NewGame("celaeno", FACTIONS, None, settings))
    return state


def test_without_the_scoreboard_start_is_as_before() -> None:
    step = last_screen(None)
    start = step.pick()
    assert isinstance(start, NewGame)
    assert (
        command_to_json(start)["settings"]
        == command_to_json(NewGame("celaeno", FACTIONS, None, Settings()))["settings"]
    )
    assert "scoreboard" not in command_to_json(start)["settings"]
    assert step.pick(len(step.options) - 1) is DONE


def test_the_second_line_starts_with_the_scoreboard() -> None:
    step = last_screen(None)
    other = step.pick(1)
    assert isinstance(other, NewGame) and other.settings is not None
    assert other.settings.scoreboard is True
    assert command_to_json(other)["settings"]["scoreboard"] is True


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_answer_is_remembered(lang: str) -> None:
    state = game_with(replace(Settings(), scoreboard=True))
    step = last_screen(state)
    start = step.pick()
    assert isinstance(start, NewGame) and start.settings is not None
    assert start.settings.scoreboard is True
    off = step.pick(1)
    assert isinstance(off, NewGame) and off.settings is not None
    assert not off.settings.scoreboard
    assert "scoreboard" not in command_to_json(off)["settings"]
    words = [render(o.label, lang) for o in step.options]
    assert len(set(words)) == 3 and all(words)
    assert render(step.options[0].detail, lang) != render(last_screen(None).options[0].detail, lang)  # type: ignore[arg-type]
