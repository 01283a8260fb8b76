"""Every screen a table can reach from a few starting games, as the app would draw it.

:class:`Walker` plays the device's own controllers and rules as :class:`device.companion.app.App`
does (the questions only the app can put, the result of the last command and the earlier
events, a refused input in words) but without a journal on disk, so that a screen can be
copied and each of its ways on tried: every choice tapped, and OK, BACK, PHASE, the two
monster buttons and UNDO pressed. :func:`walk` goes breadth first from a journal and
yields each screen once, with its View.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from device.companion.app import GREETING
from device.companion.questions import AppQuestions
from device.games import GAMES
from device.ui.history import brief, in_short, redoable
from device.ui.wizard import Reaction
from display.view import Status, View
from rules.commands import Command
from rules.errors import RulesError
from rules.journal import Played, apply, start, state_json
from rules.text import Text, is_board_instruction, text
from tests.device.copies import copied, share_frozen_values
from tests.device.press_table import Task
from tests.device.press_table import begin as _begin
from tests.device.presses import FollowsTheGame

BUTTONS = ("ok", "back", "phase", "left", "right", "undo")
# The app's own questions as a companion with its settings' defaults opens them: the [web]
# defaults and no phone view of its own started, no smart dice.
QUESTIONS = AppQuestions(GAMES.front_ends)


class Walker(FollowsTheGame):
    def __init__(self, played: Played, files: Path, result: Text | None) -> None:
        self.played, self.files = played, files
        self.result = result
        self.brief: Text | None = None  # as the app: the result in the History's words
        self.error: Text | None = None
        self.fresh = False  # a command was just accepted: no press since
        self.controller.follow(played)
        self.controller.offer_redo(redoable(played))

    def act(self, way: str | int) -> None:
        self.error = None  # the next press clears a refusal
        self.fresh = False
        self.result = self.brief = None  # and what the last press did, as the app
        controller = self.controller
        if isinstance(way, int):
            self.react(controller.tap(way, self.state))
        else:
            self.react(controller.press(way, self.state))

    def react(self, reaction: Reaction) -> None:
        if reaction.app_question is not None:
            self.controller.ask(QUESTIONS.open(reaction.app_question, self.played))
        if reaction.notice is not None:
            self.error = reaction.notice
        said: list[Text] = []  # as the app: one press's commands said together
        for cmd in reaction.commands():
            if not self._submit(cmd):
                break
            assert self.result is not None
            said += self.result.params["events"]
        if self.result is not None and len(said) > len(self.result.params["events"]):
            self.result = text("device.result", events=said)
            self.brief = in_short(said)

    def _submit(self, cmd: Command) -> bool:
        rules = GAMES.rules
        made_by = self.controller  # as the app: the controller that made it is told
        try:
            if rules.started_by(cmd) is not None:
                outcome = start(cmd, rules)
            else:
                outcome = apply(self.played, cmd)
        except RulesError as error:
            self.error = text("device.refused", rule=error.rule, reason=error.reason)
            return False
        self.played = outcome.played
        made_by.accepted(cmd)
        self.controller.follow(self.played)
        self.controller.offer_redo(redoable(self.played))
        self.result = text("device.result", events=list(outcome.events))
        self.brief = brief(self.played) if len(outcome.events) > 1 else None
        self.fresh = True
        return True

    def view(self, lang: str) -> View:
        overlay = self.controller.overlay(self.state)
        prompt = self.controller.prompt(self.state, self.result)
        if prompt.result == self.result and self.brief is not None:
            prompt = replace(prompt, brief=self.brief)
        return View(
            state={**state_json(self.played), **overlay},
            prompt=prompt,
            status=Status(error=self.error),
            lang=lang,
        )

    def board_instructions(self) -> list[Text]:
        """What the last command told the table to do to the board, right after it (no
        press since): nothing at any other time."""
        if not self.fresh or self.result is None:
            return []
        return [
            event for event in self.result.params.get("events", ()) if is_board_instruction(event)
        ]

    def key(self) -> str:
        prompt = self.controller.prompt(self.state, self.result)
        stack = [(repr(s.title), repr(s.choices())) for s in self.controller._stack]
        return repr((json.dumps(state_json(self.played), sort_keys=True, default=str),
                     repr(prompt.title), repr(prompt.choices), stack, repr(self.error)))  # fmt: skip


def begin(journal: Sequence[str], files: Path) -> Walker:
    """The game after ``journal``, its last command's result on the screen (a fresh
    game's greeting if it has no other command), as right after the table entered it."""
    played = _begin(Task("walk", journal, lambda c: True, lambda c: True))
    if len(journal) == 1:
        return Walker(played, files, text(GREETING))
    walker = Walker(_begin(Task("walk", journal[:-1], lambda c: True, lambda c: True)), files, None)
    walker._submit(played.history().__next__().command)
    return walker


def _shared(walker: Walker) -> dict[int, Any]:
    """What a copy shares: the frozen game and the game's front end (compared by identity)."""
    return {id(walker.played): walker.played, id(walker._ui): walker._ui}


def walk(start: Walker, depth: int, most: int) -> Iterator[Walker]:
    """Each screen once, breadth first, at most ``depth`` actions from ``start`` and at
    most ``most`` screens."""
    share_frozen_values()
    seen = {start.key()}
    frontier: deque[tuple[int, Walker]] = deque([(0, start)])
    yield start
    while frontier and len(seen) < most:
        done, walker = frontier.popleft()
        if done >= depth:
            continue
        ways: list[str | int] = [*range(len(walker.controller.prompt(walker.state).choices))]
        for way in [*ways, *BUTTONS]:
            after = copied(walker, _shared(walker))
            after.act(way)
            key = after.key()
            if key in seen:
                continue
            seen.add(key)
            yield after
            frontier.append((done + 1, after))
            if len(seen) >= most:
                return
