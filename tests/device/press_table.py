"""The fewest button presses a table needs for a task, found by searching the controller.

A task starts from a state (a journal) and ends when the commands accepted so far
satisfy its goal. The search presses every button the task may use, breadth first,
on the device's own controller and the rules (exactly as the app reacts: a command
goes to the rules, an accepted one closes the wizard), so the count is the shortest
key path the screens allow, whatever they look like. The dice reader answers a roll
by itself the moment one is wanted (a roll is not a press). Screens seen before are
not searched again.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from device.companion.questions import AppQuestions
from device.games import GAMES
from device.ui.history import redoable
from device.ui.steps import CHOOSE_GAME, SEATS_ON_PHONES, SHOW_ON_PHONES, SMART_DICE
from device.ui.wizard import Reaction
from rules.commands import Command, command_to_json
from rules.errors import RulesError
from rules.journal import Played, apply, parse_line, start, state_json
from tests.device.copies import copied as _copied
from tests.device.copies import share_frozen_values

BASIC = ("up", "down", "ok", "back")
MOST_PRESSES = 24
MOST_SCREENS = 5_000  # screens searched before a task is called impossible
QUESTIONS = AppQuestions(GAMES.front_ends)  # the app's own questions, opened as it opens them
# Questions whose screens lead to no task's goal: a path that opens one ends there.
NOT_A_WAY = (SHOW_ON_PHONES, SEATS_ON_PHONES, SMART_DICE)


@dataclass(frozen=True)
class Task:
    """``keep(cmd)``: a command on the way to the goal (any other ends that path);
    ``done(commands)``: the goal is met."""

    name: str
    journal: Sequence[str]
    keep: Callable[[Command], bool]
    done: Callable[[Sequence[Command]], bool]
    buttons: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()  # what the reader rolls, roll after roll
    new_game: bool = False  # New game is a way to the goal (else its screen ends a path)
    # The presses the caller needs to finish from a screen (None: not from this one): where
    # a dial's values would multiply the screens past any breadth-first search, the caller
    # sets the numbers itself. The search stops there if no way is shorter in all.
    finish: Callable[[_Table], int | None] | None = None


@dataclass
class Found:
    presses: list[str]
    rolls: int


@dataclass
class _Table:
    """The controller and the rules, reacting as :class:`device.companion.app.App` does."""

    played: Played
    dice: tuple[int, ...]
    new_game: bool = False
    controller: Any = None
    commands: list[Command] = field(default_factory=list)
    rolls: int = 0
    dead: bool = False

    def __post_init__(self) -> None:
        self.controller = GAMES.front_end(self.played).controller("en")
        self.controller.follow(self.played)
        self.controller.offer_redo(redoable(self.played))

    @property
    def state(self) -> Any:
        return self.played.state

    def press(self, button: str, keep: Callable[[Command], bool]) -> None:
        self._react(self.controller.press(button, self.state), keep)
        self._roll_if_wanted(keep)

    def _roll_if_wanted(self, keep: Callable[[Command], bool]) -> None:
        while not self.dead and self.played.game.wanted_roll(self.state) is not None:
            if self.rolls >= len(self.dice):
                return
            values = (self.dice[self.rolls],)
            self.rolls += 1
            self._react(self.controller.dice(values, self.state), keep)

    def _react(self, reaction: Reaction, keep: Callable[[Command], bool]) -> None:
        if reaction.language is not None:
            self.controller.lang = reaction.language
        asked = reaction.app_question
        if asked in NOT_A_WAY or (asked is CHOOSE_GAME and not self.new_game):
            self.dead = True
        elif asked is not None:
            self.controller.ask(QUESTIONS.open(asked, self.played))
        for cmd in reaction.commands():
            try:
                starts = GAMES.rules.started_by(cmd) is not None
                outcome = start(cmd, GAMES.rules) if starts else apply(self.played, cmd)
            except RulesError:
                return
            if not keep(cmd):
                self.dead = True
                return
            was, self.played = self.played, outcome.played
            self.controller.accepted(cmd)
            self._follow_the_game(was)
            self.controller.follow(self.played)
            self.controller.offer_redo(redoable(self.played))
            self.commands.append(cmd)

    def _follow_the_game(self, was: Played[Any]) -> None:
        """As the app: a game of another kind gets its own controller, in the same language."""
        ui = GAMES.front_end(self.played)
        if ui is not GAMES.front_end(was):
            self.controller = ui.controller(self.controller.lang)

    def screen(self) -> str:
        prompt = self.controller.prompt(self.state)
        stack = [(repr(s.title), s.selected(), repr(s.choices())) for s in self.controller._stack]
        seen = (
            json.dumps(state_json(self.played), sort_keys=True),
            [json.dumps(command_to_json(c), sort_keys=True) for c in self.commands],
            repr(prompt.title),
            repr(prompt.choices),
            prompt.selected,
            stack,
            self.rolls,
        )
        return repr(seen)


def begin(task: Task) -> Played:
    """The game after ``task``'s journal."""
    played: Played | None = None
    for line in task.journal:
        cmd = parse_line(line, GAMES.rules, None if played is None else played.game)
        if cmd is not None:
            played = start(cmd, GAMES.rules).played if played is None else apply(played, cmd).played
    assert played is not None
    return played


def _pressed(table: _Table, button: str, keep: Callable[[Command], bool]) -> _Table:
    """A copy of ``table`` after ``button``."""
    after = copied(table)
    after.press(button, keep)
    return after


def copied(table: _Table) -> _Table:
    """A copy of ``table`` to press on (states are frozen: shared, not copied)."""
    return _copied(table, _shared(table))


def _shared(table: _Table) -> dict[int, Any]:
    """What a copy shares: the frozen game and its history (the rules' values, not copied)."""
    return {id(table.played): table.played, id(table.state): table.state}


def shortest(task: Task) -> Found | None:
    """The fewest presses that meet ``task``'s goal; None if none is found within
    MOST_PRESSES presses and MOST_SCREENS screens (as when the screens offer no way)."""
    return shortest_from(_Table(begin(task), task.dice), task)


def shortest_from(root: _Table, task: Task) -> Found | None:
    """:func:`shortest` from a table already at its screen (``task``'s journal unused):
    one that has been pressed on, as a real companion has, with what its controller
    remembers. With ``task.finish``, the presses found may end on a screen the caller
    finishes from, when that is the shortest way in all."""
    buttons = (*BASIC, *task.buttons)
    share_frozen_values()
    root = copied(root)
    root.commands, root.dice, root.rolls, root.new_game = [], task.dice, 0, task.new_game
    best = _finishing(task, root)
    if best is not None:  # past it, the caller's own presses are the shortest
        return best[1]
    seen = {root.screen()}
    finished: set[str] = set()  # screens the caller finishes from (not searched past)
    frontier: deque[tuple[tuple[str, ...], _Table]] = deque([((), root)])
    while frontier and len(seen) < MOST_SCREENS:
        presses, table = frontier.popleft()
        if best is not None and len(presses) + 1 >= best[0]:
            break  # breadth first: every way left is as long as the best one
        if len(presses) >= MOST_PRESSES:
            continue
        for button in buttons:
            after = _pressed(table, button, task.keep)
            if after.dead:
                continue
            if task.done(after.commands):
                return Found([*presses, button], after.rolls)
            screen = after.screen()
            if screen in seen or screen in finished:  # reached before in as few presses
                continue
            cost = None if task.finish is None else task.finish(after)
            if cost is not None:  # finished by the caller, not searched past
                finished.add(screen)
                if best is None or len(presses) + 1 + cost < best[0]:
                    best = len(presses) + 1 + cost, Found([*presses, button], after.rolls)
                continue
            seen.add(screen)
            frontier.append(((*presses, button), after))
    return None if best is None else best[1]


def fewest_to_each(
    root: _Table, buttons: tuple[str, ...], keep: Callable[[Command], bool], most: int = 12
) -> dict[str, int]:
    """The fewest presses from ``root``'s screen to each command ``keep`` allows that the
    screens make (keyed by its JSON), in one breadth-first search: a path ends with its
    first command. Where one task per command would search the same screens again and
    again (a Gate in each Area, each answer), this searches them once."""
    found: dict[str, int] = {}
    share_frozen_values()
    seen = {root.screen()}
    frontier: deque[tuple[int, _Table]] = deque([(0, root)])
    while frontier:
        presses, table = frontier.popleft()
        if presses >= most:
            continue
        for button in buttons:
            after = _pressed(table, button, keep)
            if after.dead:
                continue
            if after.commands:
                said = json.dumps(command_to_json(after.commands[0]), sort_keys=True)
                found.setdefault(said, presses + 1)
                continue
            screen = after.screen()
            if screen not in seen:
                seen.add(screen)
                frontier.append((presses + 1, after))
    return found


def _finishing(task: Task, table: _Table) -> tuple[int, Found] | None:
    """Finishing from the root: its presses, and no press to reach it."""
    cost = None if task.finish is None else task.finish(table)
    return None if cost is None else (cost, Found([], table.rolls))
