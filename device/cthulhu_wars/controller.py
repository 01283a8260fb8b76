"""The Cthulhu Wars controller: button presses, taps and dice reads in; commands and a
prompt out (the shared part is :class:`device.ui.controller.BaseController`).

Whatever the rules wait for (``state.pending``) becomes the base step, so after a
restart the screen asks the same question it asked before the plug was pulled.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from device.cthulhu_wars.activation import activation
from device.cthulhu_wars.decisions import decision_step
from device.cthulhu_wars.library import BUTTON_OF
from device.cthulhu_wars.maps import map_ui
from device.cthulhu_wars.menu import gate_area, menu, over, phase_step
from device.ui.controller import BaseController, shown_values
from device.ui.steps import ListStep, Option, ScreenStep, StepResult
from device.ui.wizard import NOTHING, Reaction
from display.view import Hint, Prompt
from rules.commands import Redo
from rules.cthulhu_wars.commands import MONSTERS, Roll
from rules.cthulhu_wars.state import GameState, RollPending
from rules.journal import Played
from rules.text import Text, text

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsProposalsJSON


class CthulhuWarsController(BaseController[GameState]):
    """Cthulhu Wars: CUSTODIAN and LIBRARIAN activate a monster (C12, C15)."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self._played: Played[GameState] | None = None  # the scoreboard reads earlier answers in it

    def follow(self, played: Played[GameState]) -> None:
        self._played = played

    def proposals(self, state: GameState) -> CthulhuWarsProposalsJSON:
        """What the scoreboard's screens propose (I10): each faction's Power for Gather Power
        and its Great Old Ones for a Ritual, for a seat's page to propose the same (I13)."""
        if state.scoreboard is None or self._played is None:
            return {}
        from device.cthulhu_wars.scoreboard.memory import remembered
        from device.cthulhu_wars.scoreboard.steps import proposed_power
        from rules.cthulhu_wars.game import state_to_json

        said, memory = state_to_json(state), remembered(self._played)
        return {
            "power": {f: proposed_power(said, f, memory)[0] for f in state.factions},
            "great_old_ones": {f: memory.great_old_ones.get(f, 1) for f in state.factions},
        }

    def _button(self, button: str, state: GameState) -> Reaction | None:
        if button == "phase" and _summary(state):
            return self._chart()
        if button == "phase" and state.pending is not None and state.scoreboard is not None:
            from device.cthulhu_wars.scoreboard.steps import corrections_meanwhile

            if corrections_meanwhile(state.pending):  # K8: the menu, then the same Ritual
                self._stack = [self._menu(state)]
                return NOTHING
        if over(state) and button in ("phase", *BUTTON_OF.values()):
            return self._over(state)
        for monster in MONSTERS:
            if button == BUTTON_OF[monster]:
                self._stack.clear()
                return self._follow(activation(state, monster))
        return None

    def _over(self, state: GameState) -> Reaction:
        """The end of a game (D5, K13, K14): the rules refuse every command but undo, so
        PHASE and the monsters' buttons open no question; the main screen (the winner, or
        the scoreboard's summary) comes back with one line saying what still works, as its
        footer does."""
        self._stack.clear()
        if not state.settings.scoreboard:  # a game without it never reads its words (I12)
            return Reaction(notice=text("notice.game_over"))
        return Reaction(notice=text("notice.sb.over"))

    def _chart(self) -> Reaction:
        """PHASE at the scoreboard's end: the Doom chart in the board's whole room, and
        back to the winners (a small screen shows the summary without it)."""
        from device.cthulhu_wars.scoreboard.chart import ChartStep, chart_step

        shown = bool(self._stack) and isinstance(self._stack[-1], ChartStep)
        self._stack = [] if shown else [chart_step()]
        return NOTHING

    def dice(self, values: tuple[int, ...], state: GameState, source: str = "reader") -> Reaction:
        """A roll from the reader; the rules check count and faces (C19, D8, D14)."""
        if not isinstance(state.pending, RollPending):
            return Reaction(notice=text("notice.roll_not_wanted", values=shown_values(values)))
        return Reaction(Roll(values, source))

    def prompt(self, state: GameState, result: Text | None = None) -> Prompt:
        step = self._current(state)
        assert step is not None  # a Cthulhu Wars game always has its main screen
        hints = self.shown_hints(step)
        return step.prompt(hints, result)

    def _phase_step(self, state: GameState) -> ScreenStep:
        return phase_step(state)

    def _base_step(self, state: GameState) -> ScreenStep:
        # What do the rules wait for now? If nothing, the main screen.
        played = self._played if self._played is not None and self._played.state is state else None
        return decision_step(state, played) or self._main_screen(state)

    def _menu(self, state: GameState) -> ListStep:
        return menu(state, self.lang, self.redo_offer is not None)

    def _main_screen(self, state: GameState) -> ListStep:
        """The buttons' jobs as choices too, so a finger can do everything; the likely
        next one is selected, so OK alone does it."""
        actions: list[tuple[str, Callable[[], StepResult]]] = []
        if not over(state):
            monsters = map_ui(state).monsters
            actions += [(f"main.{m}", partial(activation, state, m)) for m in monsters]
        if not over(state):
            actions += [("main.gate", partial(gate_area, state)),
                        ("main.next_phase", partial(phase_step, state))]  # fmt: skip
        actions.append(("main.menu", partial(self._menu, state)))
        if self.redo_offer is not None:  # right after an undo, bringing it back is likely
            actions.insert(0, ("main.redo", lambda: Redo()))
        options = [Option(text(key), action) for key, action in actions]
        if self.redo_offer is not None:
            options[0] = Option(text("main.redo", what=self.redo_offer), Redo)
        keys = [key for key, _action in actions]
        likely = "main.redo" if self.redo_offer is not None else _likely(state)
        return ListStep(_idle_title(state), options, lambda action: action(),
                        cursor=keys.index(likely),
                        hints=_idle_hints(state, self.redo_offer is not None))  # fmt: skip


def _summary(state: GameState) -> bool:
    """The scoreboard's end: its summary is on the board (K14)."""
    return state.scoreboard is not None and state.game_over is not None


def _likely(state: GameState) -> str:
    """What a table most often does next: in the Action Phase a Gate changes hands (the
    monsters have buttons of their own); in the other phases the game moves on."""
    if over(state):
        return "main.menu"
    return "main.gate" if state.phase == "action" else "main.next_phase"


def _idle_title(state: GameState) -> Text:
    if state.winner is not None:
        return text("prompt.winner", faction=state.winner)
    if state.game_over is not None:
        return text("prompt.sb.over")
    return text(f"prompt.idle.{state.map}.{state.phase}", round=state.round)


def _idle_hints(state: GameState, redo: bool) -> tuple[Hint, ...]:
    """The buttons that do something on the main screen. Once the game is over the
    monsters and the phases would be refused: OK opens the menu (History, New game), and
    undo still goes back."""
    if over(state):
        ok = Hint("ok", text("hint.select" if redo else "hint.menu"))
        chart = (Hint("phase", text("hint.sb.chart")),) if _summary(state) else ()
        return (ok, *chart, Hint("undo", text("hint.undo")))
    hints = list(map_ui(state).hints(state))
    hints += [Hint("phase", text("hint.next_phase")), Hint("undo", text("hint.undo"))]
    return tuple(hints)
