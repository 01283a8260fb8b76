"""The controller of a Shadows over Normandie battle: the same interface as BaseController.

Button presses, taps and dice reads in; commands, notices and a prompt out. Like the
Cthulhu Wars controller it holds no game state of its own, only where the table is
in a wizard (a stack of steps), where the grid cursor last stood, and the random
source the bag is drawn with (randomness lives here, never in rules/). Whatever the
battle waits for (``state.pending``) is the base step, so after a restart the screen
asks the same question again.

Buttons: PHASE asks to go to the next phase; OK opens the menu; UP/DOWN choose, and
on the grid move the cursor a row, CUSTODIAN/LIBRARIAN a column, and PHASE jumps (to the
next tile, or the next free square of a unit's deployment zone); BACK goes back,
holding it undoes. A die from the reader answers a pending Assault (Z7).

Setup runs by itself: a new battle whose tiles are not all described asks for their
terrain on the grid; Done keeps the described tiles (those the cursor stood on or a mark
is on) in the state directory
(device/normandie/tilestore.py), and a battle of our own's marks on its blank places with
its sheet (device/normandie/last_sheet.py); the grid goes on to placing units, the next unit
already chosen (device/normandie/placing.py), until the table says Done.
"""

from __future__ import annotations

import random
from dataclasses import replace

from device.normandie.decisions import check_roll, decision_step, losers_step
from device.normandie.keeping import (
    as_marked,
    blank_marks,
    described,
    keep,
    keep_changes_step,
    kept_tiles,
    place_of,
    undescribed,
)
from device.normandie.last_sheet import keep_marks
from device.normandie.menu import menu, phase_step
from device.normandie.placing import (
    DEFAULT_MOVEMENT,
    NextUnit,
    PlaceStep,
    next_unit_step,
    place_step,
)
from device.normandie.space import LEFT, RIGHT, SpaceStep
from device.normandie.terrain import FIRST_MIDDLE, TerrainStep, terrain_step
from device.ui.controller import BaseController, shown_values
from device.ui.steps import DONE, Notice, ScreenStep, StepResult
from device.ui.wizard import NOTHING, Reaction
from display.view import Hint, Prompt
from rules.commands import Command
from rules.errors import RulesError
from rules.normandie.commands import NzNewBattle, NzNextPhase, NzPlaceUnit
from rules.normandie.engine import apply
from rules.normandie.state import ORDERS, SETUP, NormandieState, PendingAssault, ZombieMove
from rules.normandie.tiles import Tile
from rules.normandie.units import INFANTRY, ZOMBIES
from rules.normandie.zombies_phase import preview
from rules.text import Text, text

# What the grid does in setup: "auto" decides from the battle (terrain while a tile is
# not described and no unit stands, else placing), "terrain" when the menu asked,
# "placing" once the terrain is done, "closed" once the table said Done.
AUTO, TERRAIN, PLACING, CLOSED = "auto", "terrain", "placing", "closed"


class NormandieController(BaseController[NormandieState]):
    def __init__(self, lang: str = "en", chance: random.Random | None = None) -> None:
        super().__init__(lang)
        self.chance = chance or random.Random()
        # Where the cursor last stood: the next grid question starts there. A new battle's
        # starts at the middle of its first tile, the terrain grid's best start.
        self.near = FIRST_MIDDLE
        self._setup = AUTO
        self._next = NextUnit()  # the unit OK places next: the last one placed, again
        self._said: Text | None = None  # which tiles were kept, said until the next command
        self._looked: set[tuple[int, int]] = set()  # places the terrain grid's cursor stood on

    # --- inputs -------------------------------------------------------------------------

    def _back(self, state: NormandieState) -> Reaction:
        step = self._current(state)
        if isinstance(step, PlaceStep):  # BACK on the placing grid: another unit, or Done
            return self._follow(step.more())
        if self._stack:
            self._stack.pop()
            return NOTHING
        if isinstance(step, TerrainStep):  # BACK on the terrain grid: Done (no arrow for it)
            return self._follow(step.finish())
        return NOTHING

    def _button(self, button: str, state: NormandieState) -> Reaction | None:
        """PHASE on the grid jumps the cursor; elsewhere it keeps its shared meaning."""
        step = self._current(state)
        if button != "phase" or not isinstance(step, SpaceStep) or step.jumps is None:
            return None
        step.jump()
        self._moved(step)
        return NOTHING

    def _phase_step(self, state: NormandieState) -> ScreenStep:
        return phase_step(state)

    def tap_space(self, name: str, state: NormandieState) -> Reaction:
        """A finger on a square of the grid: chosen, when the question is a space."""
        step = self._current(state)
        if not isinstance(step, SpaceStep):
            return NOTHING
        reaction = self._follow(step.tap_space(name))
        self._moved(step)
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
        if not isinstance(step, SpaceStep) and all(h.button != "undo" for h in hints):
            hints = (*hints, Hint("undo", text("hint.undo")))  # once: never "Undo Undo"
        return step.prompt(hints, result)

    def overlay(self, state: NormandieState) -> dict[str, object]:
        """What the grid shows besides the battle: the cursor and the Zombies' planned moves."""
        shown: dict[str, object] = {"preview": [move.to_json() for move in planned(state)]}
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
            self._moved(step)
        return NOTHING

    def _moved(self, step: SpaceStep) -> None:
        """The cursor stood on ``step.cursor``: the next grid question starts there, and on
        the terrain grid its tile counts as looked at (see :func:`described`)."""
        self.near = step.cursor
        if isinstance(step, TerrainStep):
            self._looked.add(place_of(step.cursor))

    def _base_step(self, state: NormandieState) -> ScreenStep | None:
        """What the battle waits for, else setup on the grid (terrain, units), else nothing."""
        return decision_step(state, self.chance, self.near) or self._setup_step(state)

    def _menu(self, state: NormandieState) -> ScreenStep:
        return menu(
            state,
            self.lang,
            self.near,
            lambda: self._set_setup(TERRAIN),
            lambda: self._place_from_menu(state),
            self.redo_offer is not None,
        )

    def _setup_step(self, state: NormandieState) -> ScreenStep | None:
        if state.phase != SETUP or state.over or self._setup == CLOSED:
            return None
        unknown = undescribed(state, kept_tiles(self.files))
        describe = self._setup == AUTO and not state.units and unknown is not None
        if self._setup == TERRAIN or describe:
            return terrain_step(
                state,
                self.near,
                lambda: self._terrain_done(state),
                lambda: self._menu(state),
                unknown or (),
            )
        return place_step(state, self._next, self.near, lambda: self._which_next(state), self._said)

    def _terrain_done(self, state: NormandieState) -> StepResult:
        """Done with the terrain: the named tiles are kept as marked (a battle of our own's
        blank places with its sheet, for the next one), then units are placed."""
        self._set_setup(PLACING)
        if state.chapter is None:  # a battle of our own
            field_ = state.battlefield
            keep_marks(self.files, field_.columns, field_.rows, blank_marks(state))
        self._looked.add(place_of(self.near))  # Done said with the cursor on this tile
        seen = described(state, self._looked)
        new, changed = as_marked(state, kept_tiles(self.files))
        saved = self._keep([tile for tile in new if tile.name in seen])
        if changed:
            return keep_changes_step(changed, lambda: self._keep(changed), lambda: saved)
        return saved

    def _keep(self, tiles: list[Tile]) -> StepResult:
        said, problem = keep(self.files, tiles)
        if problem is not None:
            return Notice(problem)
        if said is not None:
            self._said = said  # news, said in the next question (a notice is a refusal)
            self._forget_base()
        return DONE

    def _which_next(self, state: NormandieState) -> StepResult:
        return next_unit_step(
            state,
            self._next,
            self._choose_next,
            self._setup_finished,
            lambda: self._menu(state),
        )

    def _place_from_menu(self, state: NormandieState) -> StepResult:
        """In setup the placing grid comes back; later (reinforcements, Chapter 3's entries)
        it is a question of its own, closed by Done or by placing a unit."""
        if state.phase == SETUP and not state.over:
            return self._set_setup(PLACING)
        return self._place_later(state)

    def _place_later(self, state: NormandieState) -> ScreenStep:
        def choose(unit: NextUnit) -> StepResult:
            self._next = unit
            return self._place_later(state)

        return place_step(
            state, self._next, self.near,
            lambda: next_unit_step(state, self._next, choose, lambda: DONE,
                                   lambda: self._menu(state)),
        )  # fmt: skip

    def _setup_finished(self) -> StepResult:
        """Done placing: the battle begins (turn 1, the Order Phase)."""
        self._set_setup(CLOSED)
        return NzNextPhase()

    def _choose_next(self, unit: NextUnit) -> StepResult:
        self._next = unit
        return self._set_setup(PLACING)

    def _set_setup(self, mode: str) -> StepResult:
        self._setup = mode
        self._forget_base()
        return DONE

    def _made(self, cmd: Command) -> None:
        self._said = None
        if isinstance(cmd, NzNewBattle):  # a new battle: setup decides afresh
            self._set_setup(AUTO)
            self.near = FIRST_MIDDLE
            self._next = NextUnit()
            self._looked = set()
        elif isinstance(cmd, NzPlaceUnit):
            self._next = _placed(self._next, cmd)


def _placed(before: NextUnit, cmd: NzPlaceUnit) -> NextUnit:
    """The unit just placed, as the next one: the same kind, side and movement (or a token)."""
    if before.special is not None:  # Derleth and named units are placed once
        return NextUnit(INFANTRY, before.owner, before.movement)
    if cmd.kind == ZOMBIES:
        return replace(before, kind=ZOMBIES)
    movement = cmd.movement if cmd.movement is not None else DEFAULT_MOVEMENT
    return NextUnit(cmd.kind, cmd.owner, movement)


def planned(state: NormandieState) -> tuple[ZombieMove, ...]:
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
