"""The questions only the app can put (New game, the History, the question on a run of
undos, Show on phones, the Dice screen) are opened by one object, the app's own
(:class:`device.companion.questions.AppQuestions`), which the tests' tables use too: the
press counter, the press search's table and the screen walk meet the screens the table
meets. Each question is reached by the same buttons on the app and on each table, and
each shows the same question with the same choices.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from device.companion.app import App, Inputs
from device.companion.questions import AppQuestions
from device.games import GAMES
from device.settings.config import default_config
from device.settings.places import default_game
from device.storage.session import GameSession
from device.storage.store import Store
from device.ui.history import UNDOS_BEFORE_ASKING
from device.ui.steps import AppQuestion
from hardware.events import ButtonPressed
from rules.commands import command_to_json
from rules.games import RULES
from rules.text import render
from tests.device.conftest import Offscreen
from tests.device.presses import PressTable
from tests.device.screen_walk import begin

# What reaches each question from the main screen of a fresh game: a choice (by its
# catalogue key) chosen with UP/DOWN and OK, or a button.
WAYS: dict[str, tuple[str, ...]] = {
    "history": ("phase", "ok", "main.menu", "menu.history"),
    "new game": ("main.menu", "menu.new_game"),
    "phones": ("main.menu", "menu.phones"),
    "dice": ("main.menu", "menu.dice"),
    "undo run": ("phase", "ok", *("undo",) * (UNDOS_BEFORE_ASKING + 1)),
}


@pytest.fixture()
def app(tmp_path: Path) -> Iterator[App]:
    with Store.open(tmp_path / "journal.sqlite3") as store:
        session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
        yield App(session, Offscreen(pygame.Surface((800, 480))), Inputs())


def _on_screen(app: App) -> tuple[str, list[str]]:
    prompt = app.view().prompt
    return render(prompt.title), [render(choice.label) for choice in prompt.choices]


def _buttons_to(app: App, key: str) -> list[str]:
    """UP/DOWN from the selected choice to the one whose words are ``key``'s, then OK."""
    prompt = app.view().prompt
    keys = [choice.label.key for choice in prompt.choices]
    assert key in keys, f"{key} is not offered: {keys}"
    moves = keys.index(key) - (prompt.selected or 0)
    return ["down" if moves > 0 else "up"] * abs(moves) + ["ok"]


@pytest.mark.parametrize("question", list(WAYS))
def test_the_tables_open_the_apps_questions_as_the_app_does(
    app: App, tmp_path: Path, question: str
) -> None:
    start = json.dumps(command_to_json(default_game(default_config(), RULES)))
    counter, walker = PressTable(tmp_path / "counter"), begin([start], tmp_path / "walker")
    for way in WAYS[question]:
        buttons = _buttons_to(app, way) if "." in way else [way]
        for button in buttons:
            app.handle_input(ButtonPressed(button))
            counter.press(button)
            walker.act(button)
    shown = _on_screen(app)
    assert app.controller.opened(), f"no question of the app's is open: {shown}"
    assert (counter.title(), counter.choices()) == shown
    prompt = walker.view("en").prompt
    assert (render(prompt.title), [render(c.label) for c in prompt.choices]) == shown


def test_a_question_it_does_not_know_is_said_not_opened() -> None:
    with pytest.raises(ValueError, match="no such question of the app's: 'weather'"):
        AppQuestions(GAMES.front_ends).open(AppQuestion("weather"), None)  # type: ignore[arg-type]
