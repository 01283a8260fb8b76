"""A step's answer may ask for something to be done once its command is accepted
(device/ui/steps.py ``OnceAccepted``): the controller does it when told that this very
command went through, and never for a command refused, replaced by another, or undone
instead. Driven as the app drives it: a question asked, OK pressed, then ``accepted``."""

from __future__ import annotations

from typing import Any

import pytest

from device.games import GAMES
from device.settings.config import default_config
from device.settings.places import default_game
from device.ui.controller import BaseController
from device.ui.steps import ListStep, OnceAccepted, Option, UndoMany
from rules.commands import Redo, Undo
from rules.journal import start
from rules.text import text


@pytest.fixture()
def table() -> tuple[BaseController, Any]:
    played = start(default_game(default_config(), GAMES.rules), GAMES.rules).played
    return GAMES.front_end(played).controller("en"), played.state


def _answer(table: tuple[BaseController, Any], answer: object) -> Any:
    """Ask a one-line question whose answer is ``answer``, and press OK on it."""
    controller, state = table
    controller.ask(ListStep(text("hint.select"), [Option(text("hint.select"), answer)], _same))
    return controller.press("ok", state).command


def _same(answer: Any) -> Any:
    return answer


def test_what_waits_is_done_once_that_command_is_accepted(table: Any) -> None:
    done: list[str] = []
    command = Undo()
    assert _answer(table, OnceAccepted(command, lambda: done.append("kept"))) is command
    assert done == []  # made, not accepted yet
    table[0].accepted(command)
    table[0].accepted(command)
    assert done == ["kept"]  # once


def test_a_refused_command_leaves_nothing_done_after_another_is_accepted(table: Any) -> None:
    done: list[str] = []
    _answer(table, OnceAccepted(Undo(), lambda: done.append("kept")))  # refused: not accepted
    other = _answer(table, Redo())
    table[0].accepted(other)
    assert done == []


def test_a_command_made_by_a_button_beside_the_questions_does_not_do_it(table: Any) -> None:
    """UNDO makes its command without a question: accepted, it is not the one that waits."""
    done: list[str] = []
    controller, state = table
    _answer(table, OnceAccepted(Redo(), lambda: done.append("kept")))  # refused: not accepted
    undo = controller.press("undo", state).command
    assert isinstance(undo, Undo)
    controller.accepted(undo)
    assert done == []


def test_an_undo_chosen_instead_forgets_what_waited(table: Any) -> None:
    done: list[str] = []
    command = Undo()
    _answer(table, OnceAccepted(command, lambda: done.append("kept")))
    _answer(table, UndoMany(1))
    table[0].accepted(command)
    assert done == []
