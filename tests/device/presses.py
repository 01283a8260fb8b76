"""A table of buttons for counting presses: the controllers, the rules, and a shortest key path.

:class:`PressTable` drives the device's own controllers exactly as the app does (the
controller of the state's game, its Reactions applied with ``rules.journal.apply``, the
wizard told when a command went through) and counts every button press. To reach a
choice or a square it searches the shortest sequence of buttons (breadth first over the
step's own cursor moves, on copies of the step), so a count is what the best-informed
table would press, not what a script happens to do.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from device.companion.questions import AppQuestions
from device.games import GAMES
from device.settings.config import default_config
from device.settings.places import default_game
from device.ui.controller import BaseController
from rules.commands import Command
from rules.errors import RulesError
from rules.journal import Played, apply, start
from rules.text import render

RULES = GAMES.rules
GRID_BUTTONS = ("up", "down", "left", "right", "phase")
QUESTIONS = AppQuestions(GAMES.front_ends)  # the app's own questions, opened as it opens them


class FollowsTheGame:
    """The controller of the game being played, kept as the app keeps it: made anew, in the
    same language, when a command starts a game of another kind."""

    played: Played
    files: Path
    _ui: Any = None
    _controller: BaseController | None = None

    @property
    def state(self) -> Any:
        return self.played.state

    @property
    def controller(self) -> BaseController:
        ui = GAMES.front_end(self.played)
        if ui is not self._ui or self._controller is None:
            lang = self._controller.lang if self._controller else "en"
            self._controller = ui.controller(lang)
            self._controller.files = self.files
            self._ui = ui
        return self._controller


class PressTable(FollowsTheGame):
    def __init__(self, files: Path) -> None:
        self.played: Played = start(default_game(default_config(), RULES), RULES).played
        self.files = files
        self.presses = 0
        self.pressed: list[str] = []  # every button, in order: the key path itself
        self.notices: list[str] = []
        self.refused: list[str] = []

    # --- pressing -----------------------------------------------------------------------

    def press(self, *buttons: str) -> None:
        for button in buttons:
            self.presses += 1
            self.pressed.append(button)
            reaction = self.controller.press(button, self.state)
            if reaction.app_question is not None:
                self.controller.ask(QUESTIONS.open(reaction.app_question, self.played))
            if reaction.notice is not None:
                self.notices.append(render(reaction.notice, "en"))
            for cmd in reaction.commands():
                if not self._submit(cmd):
                    break

    def _submit(self, cmd: Command) -> bool:
        """As the session does: a command that starts a game starts one, others apply; and
        as the app, it tells the controller that made it (a new game's may be another)."""
        made_by = self.controller
        try:
            starts = RULES.started_by(cmd) is not None
            self.played = (start(cmd, RULES) if starts else apply(self.played, cmd)).played
        except RulesError as error:
            self.refused.append(error.describe())
            return False
        made_by.accepted(cmd)
        self.controller.follow(self.played)
        return True

    # --- what the screen asks -------------------------------------------------------------

    def prompt(self) -> Any:
        return self.controller.prompt(self.state)

    def title(self) -> str:
        return render(self.prompt().title, "en")

    def choices(self) -> list[str]:
        return [render(c.label, "en") for c in self.prompt().choices]

    def step(self) -> Any:
        return self.controller._current(self.state)  # the question on the screen

    def cursor(self) -> str | None:
        step = self.step()
        cursor = getattr(step, "cursor", None)
        return getattr(cursor, "name", None)

    # --- the shortest way there ---------------------------------------------------------------

    def choose(self, words: str) -> None:
        """Press the fewest UP/DOWN to the choice reading ``words`` (its start), then OK."""
        found = self.choices()
        matching = [i for i, label in enumerate(found) if label.startswith(words)]
        assert matching, f"{words!r} is not offered: {found}"
        self._reach(lambda step: step.selected() == matching[0], ("up", "down"))
        self.press("ok")

    def square(self, name: str, then: str = "ok") -> None:
        """Press the fewest grid buttons to put the cursor on ``name``, then ``then``."""
        self._reach(lambda step: step.cursor.name == name, self._grid_buttons())
        if then:
            self.press(then)

    def _grid_buttons(self) -> tuple[str, ...]:
        step = self.step()
        jumps = getattr(step, "jumps", None) is not None
        return GRID_BUTTONS if jumps else GRID_BUTTONS[:-1]

    def _reach(self, goal: Callable[[Any], bool], buttons: tuple[str, ...]) -> None:
        path = shortest(self.step(), goal, buttons)
        assert path is not None, f"cannot get there from {self.title()!r}"
        self.press(*path)
        assert goal(self.step()), self.title()


def shortest(step: Any, goal: Callable[[Any], bool], buttons: tuple[str, ...]) -> list[str] | None:
    """Breadth first over the step's cursor: the fewest buttons that make ``goal`` true."""
    seen = {_where(step)}
    queue: deque[tuple[Any, list[str]]] = deque([(step, [])])
    while queue:
        here, path = queue.popleft()
        if goal(here):
            return path
        for button in buttons:
            moved = copy.copy(here)
            _apply(moved, button)
            key = _where(moved)
            if key not in seen:
                seen.add(key)
                queue.append((moved, [*path, button]))
    return None


def _where(step: Any) -> object:
    cursor = getattr(step, "cursor", None)
    return cursor if cursor is not None else step.selected()


def _apply(step: Any, button: str) -> None:
    if button in ("up", "down"):
        step.move(-1 if button == "up" else 1)
    elif button in ("left", "right"):
        step.shift(-1 if button == "left" else 1)
    elif button == "phase":
        step.jump()
