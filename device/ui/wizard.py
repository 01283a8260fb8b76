"""What every controller shares: a stack of steps, and what a step's answer asks of the app."""

from __future__ import annotations

from pathlib import Path

from device.ui.steps import (
    BACK,
    DONE,
    AppQuestion,
    InTurn,
    Notice,
    OnceAccepted,
    ScreenStep,
    SetLanguage,
    StepResult,
    UndoMany,
    WithFiles,
)
from rules.commands import Command, Undo
from rules.text import Text
from rules.values import Record


class Reaction(Record):
    """What one input asks of the app: a command to submit, words to show, a language,
    a question only the app can put (``AppQuestion``: New game, Show on phones)."""

    command: Command | None = None
    notice: Text | None = None
    language: str | None = None
    app_question: AppQuestion | None = None
    # more commands after it, each once the one before went through: the undos back to a
    # point in the history, or the rest of one choice that answers for several factions
    then: tuple[Command, ...] = ()

    def commands(self) -> tuple[Command, ...]:
        """Every command to submit, in order; a refused one ends the rest."""
        first = () if self.command is None else (self.command,)
        return (*first, *self.then)


NOTHING = Reaction()


class Wizard:
    """The questions open on the screen, newest last, and the table's language."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self._stack: list[ScreenStep] = []
        self.files: Path | None = None  # the state directory, where the app has one
        self._once_accepted: OnceAccepted | None = None  # the last command made, if it asks

    def opened(self) -> bool:
        """Whether a question is open over the game's own (the menu's, the app's)."""
        return bool(self._stack)

    def ask(self, step: ScreenStep) -> None:
        """Open ``step`` on top of the questions open now (an ``AppQuestion``'s question)."""
        self._stack.append(step)

    def accepted(self, cmd: Command) -> None:
        """``cmd`` went through: the wizard that made it is finished, and what it asked to
        do once the command was accepted is done now."""
        self._stack.clear()
        waiting, self._once_accepted = self._once_accepted, None
        if waiting is not None and waiting.command is cmd:
            waiting.then()

    def _follow(self, result: StepResult) -> Reaction:
        """Do what a step's answer says: ask the next question, close, go back, or pass on."""
        if isinstance(result, ScreenStep):
            self._stack.append(result)
        elif result is DONE:
            self._stack.clear()
        elif result is BACK:
            if self._stack:
                self._stack.pop()
        elif isinstance(result, Notice):
            return Reaction(notice=result.message)
        elif isinstance(result, WithFiles):
            return self._follow(result.make(self.files))
        elif isinstance(result, AppQuestion):
            return Reaction(app_question=result)
        elif isinstance(result, SetLanguage):
            self._stack.clear()
            self.lang = result.lang
            return Reaction(language=result.lang)
        elif isinstance(result, OnceAccepted):
            reaction = self._follow(result.command)
            self._once_accepted = result
            return reaction
        elif isinstance(result, Command):
            self._once_accepted = None
            self._made(result)
            return Reaction(result)
        elif isinstance(result, InTurn):
            self._once_accepted = None
            first, *rest = result.commands
            self._made(first)
            return Reaction(first, then=tuple(rest))
        elif isinstance(result, UndoMany):
            self._once_accepted = None
            self._stack.clear()
            self._undoing(result)
            return Reaction(Undo(), then=(Undo(),) * (result.count - 1))
        return NOTHING

    def _undoing(self, answer: UndoMany) -> None:
        """Undos chosen on a screen (the history, the question on a run of undos)."""

    def _made(self, cmd: Command) -> None:
        """A step produced ``cmd`` (before the rules have seen it); for controllers to extend."""
