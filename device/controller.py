"""The controller: button presses, taps and dice reads in; commands and a prompt out.

It holds no game state of its own — only where the table is in a wizard (a stack of
steps). Whatever the rules wait for (``state.pending``) becomes the base step, so
after a restart the screen asks the same question it asked before the plug was pulled.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from device.activation import activation
from device.decisions import decision_step
from device.menu import menu, phase_step
from device.steps import ListStep, Option, Step, StepResult
from device.wizard import NOTHING, Reaction, Wizard
from display.view import Hint, Prompt
from rules.commands import MONSTERS, Roll, Undo
from rules.state import GameState, RollPending
from rules.text import Text, text


class Controller(Wizard):
    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self._base: Step | None = None
        self._base_of: GameState | None = None

    # --- inputs -------------------------------------------------------------------------

    def press(self, button: str, state: GameState) -> Reaction:
        if button == "undo":
            return Reaction(Undo())
        for monster in MONSTERS:
            if button == monster:
                self._stack.clear()
                return self._follow(activation(state, monster))
        if button == "phase":
            if state.pending is not None:
                return Reaction(notice=text("notice.answer_first"))
            self._stack = [phase_step(state)]
            return NOTHING
        if button == "back":
            if self._stack:
                self._stack.pop()
            return NOTHING
        return self._navigate(button, state)

    def tap(self, index: int, state: GameState) -> Reaction:
        """A finger on a choice: select it and press OK."""
        return self._follow(self._current(state).pick(index))

    def dice(self, values: tuple[int, ...], state: GameState) -> Reaction:
        """A roll from the reader; the rules check count and faces (C19, D8, D14)."""
        if not isinstance(state.pending, RollPending):
            return Reaction(notice=text("notice.roll_not_wanted", values=_values(values)))
        return Reaction(Roll(values))

    def prompt(self, state: GameState, result: Text | None = None) -> Prompt:
        step = self._current(state)
        return Prompt(step.title, step.choices(), step.selected(), step.hints, result, step.qr)

    # --- inner workings -----------------------------------------------------------------

    def _navigate(self, button: str, state: GameState) -> Reaction:
        step = self._current(state)
        if button in ("up", "down"):
            step.move(-1 if button == "up" else 1)
            return NOTHING
        return self._follow(step.pick())

    def _current(self, state: GameState) -> Step:
        if self._stack:
            return self._stack[-1]
        if self._base is None or self._base_of is not state:
            # A new state: what do the rules wait for now? If nothing, the main screen.
            self._base = decision_step(state) or self._main_screen(state)
            self._base_of = state
        return self._base

    def _main_screen(self, state: GameState) -> ListStep:
        """The buttons' jobs as choices too, so a finger can do everything (OK: the menu)."""
        actions: list[tuple[str, Callable[[], StepResult]]] = []
        if state.map == "celaeno" and state.winner is None:
            actions += [(f"main.{m}", partial(activation, state, m)) for m in MONSTERS]
        if state.winner is None:
            actions.append(("main.next_phase", partial(phase_step, state)))
        actions.append(("main.menu", lambda: menu(state, self.lang)))
        options = [Option(text(key), action) for key, action in actions]
        return ListStep(_idle_title(state), options, lambda action: action(),
                        cursor=len(options) - 1, hints=_idle_hints(state))  # fmt: skip


def _values(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values))


def _idle_title(state: GameState) -> Text:
    if state.winner is not None:
        return text("prompt.winner", faction=state.winner)
    return text(f"prompt.idle.{state.map}.{state.phase}", round=state.round)


def _idle_hints(state: GameState) -> tuple[Hint, ...]:
    hints = []
    if state.map == "celaeno":
        hints += [
            Hint("custodian", text("hint.custodian")),
            Hint("librarian", text("hint.librarian")),
        ]
    hints += [Hint("phase", text("hint.next_phase")), Hint("undo", text("hint.undo"))]
    return tuple(hints)
