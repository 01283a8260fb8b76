"""What every game's controller shares: the buttons that mean the same in every game,
the base step (what the game waits for) and taps on choices.

A game's controller says what its own steps are: :meth:`_base_step` (what the state
waits for, or the game's main screen), :meth:`_phase_step` (PHASE asks first),
:meth:`dice` and :meth:`prompt`; it may add buttons of its own (:meth:`_button`) or
a grid (:meth:`tap_space`, :meth:`overlay`). It holds no game state of its own — only
where the table is in a wizard — so after a restart the screen asks the same question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar, cast

from device.ui.history import UNDOS_BEFORE_ASKING
from device.ui.steps import UNDO_RUN_QUESTION, DialStep, ScreenStep, UndoMany
from device.ui.wizard import NOTHING, Reaction, Wizard
from display.view import Hint, Prompt
from rules.commands import Redo, Undo
from rules.text import Text, text

if TYPE_CHECKING:
    from device.ui.game_types import Waiting
    from rules.journal import Played
    from rules.json_types import ProposalsJSON, StateJSON


# On a dial with several rows the two buttons beside UP/DOWN choose the row; another
# question may give them a meaning of its own (ScreenStep.side_button).
ROW_BUTTONS = {"left": -1, "right": 1}


# The game's own state (each game's frozen dataclass). Its bound is the type checker's
# alone: a bound named by a string is compiled at run time, which every start would pay.
if TYPE_CHECKING:
    S = TypeVar("S", bound=Waiting)
else:
    S = TypeVar("S")


class BaseController(Wizard, Generic[S]):
    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self._base: ScreenStep | None = None
        self.redo_offer: Text | None = None  # what redo would bring back (the app says)
        self._undos = 0  # UNDO presses in a row
        self._run_allowed = False  # this run of undos was confirmed
        self._base_of: object = None  # the state the base step was made for

    # --- inputs -------------------------------------------------------------------------

    def press(self, button: str, state: S) -> Reaction:
        if button == "undo":
            return self._undo(state)
        self._undos = 0  # any other press ends a run of undos
        step = self._current(state)
        if isinstance(step, DialStep) and button in ROW_BUTTONS and len(step.rows) > 1:
            step.row_button(ROW_BUTTONS[button])
            return NOTHING
        if button in ROW_BUTTONS and step is not None and step.side_button(ROW_BUTTONS[button]):
            return NOTHING
        own = self._button(button, state)
        if own is not None:
            return own
        if button == "phase":
            if state.pending is not None:
                return Reaction(notice=text("notice.answer_first"))
            self._stack = [self._phase_step(state)]
            return NOTHING
        if button == "back":
            return self._back(state)
        return self._navigate(button, state)

    def _undo(self, state: S) -> Reaction:
        """UNDO; after UNDOS_BEFORE_ASKING in a row the next asks once whether to go on."""
        self._undos += 1
        if self._undos <= UNDOS_BEFORE_ASKING:
            self._run_allowed = False
        elif not self._run_allowed:
            self._stack.clear()
            # the app knows what the next one undoes
            return Reaction(app_question=UNDO_RUN_QUESTION)
        return Reaction(Undo())

    def _undoing(self, answer: UndoMany) -> None:
        if answer.run:  # the table said yes: the rest of this run goes on without asking
            self._undos, self._run_allowed = UNDOS_BEFORE_ASKING + 1, True

    def tap(self, index: int, state: S) -> Reaction:
        """A finger on a choice: select it and press OK."""
        step = self._current(state)
        return NOTHING if step is None else self._follow(step.pick(index))

    def tap_space(self, name: str, state: S) -> Reaction:
        """A finger on a square of a game's grid; games without one ignore it."""
        return NOTHING

    def dice(self, values: tuple[int, ...], state: S, source: str = "reader") -> Reaction:
        """A roll from a reader or a smart die (``source``: recorded with the command)."""
        raise NotImplementedError

    def prompt(self, state: S, result: Text | None = None) -> Prompt:
        raise NotImplementedError

    def showing(self, state: S) -> ScreenStep | None:
        """The question on the screen now (the app looks whether it is the Dice screen)."""
        return self._current(state)

    def shown_hints(self, step: ScreenStep) -> tuple[Hint, ...]:
        """The step's hints, without BACK where BACK does nothing (the first question)."""
        if self._stack or type(self)._back is not BaseController._back:
            return step.hints
        hints = tuple(hint for hint in step.hints if hint.button != "back")
        if self.redo_offer is None:
            return hints
        # BACK redoes: its hint takes the place of holding it to undo, just done (the bar
        # has room for one of them only, and would cut the other)
        kept = tuple(hint for hint in hints if hint.button != "undo")
        return (*kept, Hint("back", text("hint.redo")))

    def proposals(self, state: S) -> ProposalsJSON:
        """What this game's screens propose for the decisions a seat's phone answers (the
        Power gathered, a Ritual's Great Old Ones), for its page to propose the same; a game
        without seats proposes nothing."""
        return {}

    def overlay(self, state: S) -> dict[str, object]:
        """What the screen shows besides the game's state JSON (a cursor, planned moves)."""
        return {}

    # --- what a game's controller says --------------------------------------------------

    def _button(self, button: str, state: S) -> Reaction | None:
        """A button only this game has a meaning for (None: the shared meaning)."""
        return None

    def _base_step(self, state: S) -> ScreenStep | None:
        raise NotImplementedError

    def _phase_step(self, state: S) -> ScreenStep:
        raise NotImplementedError

    def _back(self, state: S) -> Reaction:
        """One step back; with none to go back to, right after an undo: redo it."""
        if self._stack:
            self._stack.pop()
        elif self.redo_offer is not None:
            return Reaction(Redo())
        return NOTHING

    def follow(self, played: Played[S]) -> None:
        """The game as the engine keeps it now, its history included (the app tells it at
        start and after each command): a game may read what the table answered before."""

    def offer_redo(self, what: Text | None) -> None:
        """The app says what redo would bring back (None: nothing is undone)."""
        if what != self.redo_offer:
            self.redo_offer = what
            self._forget_base()

    def _navigate(self, button: str, state: S) -> Reaction:
        step = self._current(state)
        if step is None:
            return NOTHING
        if button in ("up", "down"):
            step.move(-1 if button == "up" else 1)
            return NOTHING
        return self._follow(step.pick())

    # --- inner workings -----------------------------------------------------------------

    def _current(self, state: S) -> ScreenStep | None:
        if self._stack:
            return self._stack[-1]
        if self._base_of is not state:  # a new state: what does the game wait for now?
            self._base = self._base_step(state)
            self._base_of = state
        return self._base

    def _forget_base(self) -> None:
        """The base step changes without a new state (a game's own mode switch)."""
        self._base_of = None


def with_overlay(state: StateJSON, overlay: dict[str, object]) -> StateJSON:
    """The state JSON with what a controller shows beside it: keys its game's screen reads
    as part of its state (Normandie's ``preview`` and ``cursor``, rules/normandie/json_types.py)."""
    return cast("StateJSON", {**state, **overlay}) if overlay else state


def shown_values(values: tuple[int, ...]) -> str:
    """Dice as the table reads them: ``3 5``."""
    return " ".join(map(str, values))
