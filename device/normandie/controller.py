"""The controller of a Shadows over Normandie battle: the same interface as Controller.

Button presses, taps and dice reads in; commands, notices and a prompt out. Like the
Cthulhu Wars controller it holds no game state of its own, only where the table is
in a wizard (a stack of steps), where the grid cursor last stood, and the random
source the bag is drawn with (randomness lives here, never in rules/). Whatever the
battle waits for (``state.pending``) is the base step, so after a restart the screen
asks the same question again.

Buttons: PHASE asks to go to the next phase; OK opens the menu; UP/DOWN choose, and
on the grid move the cursor a row, CUSTODIAN/LIBRARIAN a column; BACK goes back,
holding it undoes. A die from the reader answers a pending Assault (Z7).
"""

from __future__ import annotations

import random
from typing import Any

from device.normandie.decisions import check_roll, decision_step, losers_step
from device.normandie.menu import menu, phase_step, place_where
from device.normandie.space import LEFT, RIGHT, SpaceStep
from device.normandie.terrain import TerrainStep, terrain_step
from device.ui.controller import Controller, shown_values
from device.ui.steps import DONE, Step, StepResult
from device.ui.wizard import NOTHING, Reaction
from display.view import Hint, Prompt
from rules.commands import Command
from rules.errors import RulesError
from rules.normandie.battlefield import Space
from rules.normandie.commands import NzNewBattle, NzNextPhase
from rules.normandie.engine import apply
from rules.normandie.state import ORDERS, SETUP, NormandieState, PendingAssault
from rules.normandie.zombies_phase import preview
from rules.text import Text, text

AUTO, OPEN, CLOSED = "auto", "open", "closed"  # when the grid asks for terrain (see below)


class NormandieController(Controller):
    def __init__(self, lang: str = "en", chance: random.Random | None = None) -> None:
        super().__init__(lang)
        self.chance = chance or random.Random()
        self.near = Space(0, 0)  # where the cursor last stood: the next grid question starts there
        # When the grid asks for terrain in setup: "auto" while no unit is placed (a new
        # battle), "open" when the menu asked, "closed" once the players said Done.
        self._terrain = AUTO

    # --- inputs -------------------------------------------------------------------------

    def _back(self, state: NormandieState) -> Reaction:
        if self._stack:
            self._stack.pop()
            return NOTHING
        step = self._current(state)  # BACK on the terrain grid: Done (no arrow for it)
        return self._follow(step.finish()) if isinstance(step, TerrainStep) else NOTHING

    def _phase_step(self, state: NormandieState) -> Step:
        return phase_step(state)

    def tap_space(self, name: str, state: NormandieState) -> Reaction:
        """A finger on a square of the grid: chosen, when the question is a space."""
        step = self._current(state)
        if not isinstance(step, SpaceStep):
            return NOTHING
        reaction = self._follow(step.tap_space(name))
        self.near = step.cursor
        return reaction

    def dice(
        self, values: tuple[int, ...], state: NormandieState, source: str = "reader"
    ) -> Reaction:
        """A die from the reader answers the pending Assault; the players then say who fell."""
        pending = state.pending
        if not isinstance(pending, PendingAssault):
            return Reaction(notice=text("notice.roll_not_wanted", values=shown_values(values)))
        why = check_roll(values)
        if why is not None:
            return Reaction(notice=why)
        self._stack = [losers_step(state, pending, values[0], source)]
        return NOTHING

    # --- what the screen shows ------------------------------------------------------------

    def prompt(self, state: NormandieState, result: Text | None = None) -> Prompt:
        step = self._current(state)
        if step is None:
            return Prompt(_idle_title(state), hints=IDLE_HINTS, result=result)
        hints = step.hints  # the grid's own hints fill the one-line bar already
        if not isinstance(step, SpaceStep):
            hints = (*hints, Hint("undo", text("hint.undo")))
        return Prompt(step.title, step.choices(), step.selected(), hints, result, step.qr)

    def overlay(self, state: NormandieState) -> dict[str, Any]:
        """What the grid shows besides the battle: the cursor and the Zombies' planned moves."""
        shown: dict[str, Any] = {"preview": [move.to_json() for move in planned(state)]}
        step = self._current(state)
        if isinstance(step, SpaceStep):
            shown["cursor"] = step.cursor.name
        return shown

    # --- inner workings -----------------------------------------------------------------

    def _navigate(self, button: str, state: NormandieState) -> Reaction:
        step = self._current(state)
        if step is None:
            if button == "ok":
                self._stack = [self._menu(state)]
            return NOTHING
        if button in ("up", "down"):
            step.move(-1 if button == "up" else 1)
        elif button in (LEFT, RIGHT) and isinstance(step, SpaceStep):
            step.shift(-1 if button == LEFT else 1)
        elif button == "ok":
            return self._follow(step.pick())
        if isinstance(step, SpaceStep):
            self.near = step.cursor
        return NOTHING

    def _base_step(self, state: NormandieState) -> Step | None:
        """What the battle waits for, else terrain on the grid in setup, else nothing."""
        return decision_step(state, self.chance, self.near) or self._terrain_step(state)

    def _menu(self, state: NormandieState) -> Step:
        return menu(state, self.lang, self.near, lambda: self._set_terrain(OPEN))

    def _terrain_step(self, state: NormandieState) -> Step | None:
        """Setup, and a new battle with no unit yet or the menu asked: terrain on the grid."""
        wanted = self._terrain == OPEN or (self._terrain == AUTO and not state.units)
        if state.phase != SETUP or state.over or not wanted:
            return None
        return terrain_step(
            state, self.near, lambda: self._terrain_done(state), lambda: self._menu(state)
        )

    def _terrain_done(self, state: NormandieState) -> StepResult:
        self._set_terrain(CLOSED)
        return DONE if state.units else place_where(state, self.near)

    def _set_terrain(self, mode: str) -> StepResult:
        self._terrain = mode
        self._forget_base()
        return DONE

    def _made(self, cmd: Command) -> None:
        if isinstance(cmd, NzNewBattle):  # a new battle: its grid asks for terrain first
            self._set_terrain(AUTO)


def planned(state: NormandieState) -> tuple[Any, ...]:
    """The moves still to come: in the Zombies phase the rules' preview; in the Order Phase,
    what the phase would do if it began now (played on a copy, nothing is recorded)."""
    if state.run is not None:
        return preview(state)
    if state.phase != ORDERS or state.pending is not None or state.over:
        return ()
    try:
        ahead, _ = apply(state, NzNextPhase())
    except RulesError:
        return ()
    if ahead.run is None:  # the whole phase ran through: nothing stopped it
        return ahead.moves
    return (*ahead.run.moves, *preview(ahead))


def _idle_title(state: NormandieState) -> Text:
    if state.over:
        if state.winner is not None:
            return text("nz_device.idle.winner", side=text(f"normandie.side.{state.winner}"))
        return text("nz_device.over")
    return text(f"nz_device.idle.{state.phase}", turn=state.turn)


IDLE_HINTS: tuple[Hint, ...] = (
    Hint("phase", text("hint.next_phase")),
    Hint("ok", text("hint.menu")),
    Hint("undo", text("hint.undo")),
)
