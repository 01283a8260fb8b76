"""The building blocks of every screen the controller shows: lists and counters.

A step is one question on the screen. UP/DOWN move the selection, OK picks (or, on a
counter row, adds one), BACK returns to the step before. Picking returns what comes
next: another step, a command to submit, or :data:`DONE`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from display.view import Choice, Hint
from rules.commands import Command
from rules.text import Text, text


class _Done:
    """Marker: the wizard is finished without a command (e.g. Cancel)."""


DONE = _Done()


class _Back:
    """Marker: return to the step before (like the BACK button)."""


BACK = _Back()


@dataclass(frozen=True)
class Notice:
    """A step's answer that is a message for the table, not a command (e.g. why not)."""

    message: Text


@dataclass(frozen=True)
class SetLanguage:
    lang: str


@dataclass(frozen=True)
class WithFiles:
    """A step's answer that needs the device's own files to go on (a game's kept tiles):
    the wizard calls ``make`` with the state directory, or None where there is none."""

    make: Callable[[Path | None], StepResult]


@dataclass(frozen=True)
class AppStep:
    """A question only the app can put, because it holds what the question needs: New game
    (the list of every game's front end), Show on phones (the ``[web]`` configuration).
    A game's menu answers with one of these; the app opens it (``Reaction.app_step``)."""

    name: str


CHOOSE_GAME = AppStep("new_game")
SHOW_ON_PHONES = AppStep("phones")
SMART_DICE = AppStep("dice")  # the Dice screen: the app holds the smart dice (device/dice/)


@dataclass(frozen=True)
class Option:
    label: Text
    value: Any
    detail: Text | None = None
    enabled: bool = True


def _move(selected: int, options: Sequence[Option], step: int) -> int:
    """The next enabled option in ``step`` direction, wrapping round; stays if none."""
    count = len(options)
    for offset in range(1, count + 1):
        candidate = (selected + step * offset) % count
        if options[candidate].enabled:
            return candidate
    return selected


def first_enabled(options: Sequence[Option], preferred: int = 0) -> int:
    if options and options[preferred].enabled:
        return preferred
    return _move(preferred, options, 1) if options else 0


class Step:
    """One question on the screen."""

    title: Text
    hints: tuple[Hint, ...] = ()
    qr: str | None = None  # text the screen shows as a QR code beside the question

    def choices(self) -> tuple[Choice, ...]:
        raise NotImplementedError

    def selected(self) -> int | None:
        raise NotImplementedError

    def move(self, step: int) -> None:
        raise NotImplementedError

    def pick(self, index: int | None = None) -> StepResult:
        """OK on the selected option (or on ``index``, for a tap): what comes next."""
        raise NotImplementedError


@dataclass
class ListStep(Step):
    """Pick one of a list of options."""

    title: Text
    options: list[Option]
    on_pick: Callable[[Any], StepResult]
    cursor: int = -1
    hints: tuple[Hint, ...] = field(default_factory=lambda: LIST_HINTS)

    def __post_init__(self) -> None:
        self.cursor = first_enabled(self.options, max(self.cursor, 0))

    def choices(self) -> tuple[Choice, ...]:
        return tuple(Choice(o.label, o.detail, o.enabled) for o in self.options)

    def selected(self) -> int | None:
        return self.cursor if self.options else None

    def move(self, step: int) -> None:
        if self.options:
            self.cursor = _move(self.cursor, self.options, step)

    def pick(self, index: int | None = None) -> StepResult:
        if index is not None:
            if not 0 <= index < len(self.options) or not self.options[index].enabled:
                return None
            self.cursor = index
        if not self.options or not self.options[self.cursor].enabled:
            return None
        return self.on_pick(self.options[self.cursor].value)


@dataclass
class Counter:
    """One counted row: ``label`` with a value from 0 to ``most``."""

    key: str
    label: Text
    most: int
    value: int = 0
    unit: str = "units"  # catalogue noun for the count ("units", "agony", "doom", "yes_no")


@dataclass
class CounterStep(Step):
    """Set several counts (OK adds one, wrapping to 0), then Confirm on the last row."""

    title: Text
    rows: list[Counter]
    on_confirm: Callable[[dict[str, int]], StepResult]
    summary: Callable[[dict[str, int]], Text] | None = None
    cursor: int = -1  # default: on Confirm, so OK accepts the defaults at once
    hints: tuple[Hint, ...] = field(default_factory=lambda: COUNTER_HINTS)

    def __post_init__(self) -> None:
        if self.cursor < 0:
            self.cursor = len(self.rows)

    def values(self) -> dict[str, int]:
        return {row.key: row.value for row in self.rows}

    def choices(self) -> tuple[Choice, ...]:
        counted = tuple(
            Choice(row.label, text(f"count.{row.unit}", n=row.value)) for row in self.rows
        )
        detail = self.summary(self.values()) if self.summary else None
        return (*counted, Choice(text("prompt.confirm"), detail))

    def selected(self) -> int | None:
        return self.cursor

    def move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % (len(self.rows) + 1)

    def pick(self, index: int | None = None) -> StepResult:
        if index is not None:
            if not 0 <= index <= len(self.rows):
                return None
            self.cursor = index
        if self.cursor == len(self.rows):
            return self.on_confirm(self.values())
        row = self.rows[self.cursor]
        row.value = 0 if row.value >= row.most else row.value + 1
        return None


# What picking can lead to: another question, a command for the rules, the end of the
# wizard, a message for the table, a question only the app can put, a change of
# language, or the same once the device's files are at hand. None: stay on this step.
StepResult = Step | Command | _Done | _Back | Notice | SetLanguage | AppStep | WithFiles | None

LIST_HINTS: tuple[Hint, ...] = (
    Hint("up", text("hint.choose")),
    Hint("down", text("hint.choose")),
    Hint("ok", text("hint.select")),
    Hint("back", text("hint.back")),
    Hint("undo", text("hint.undo")),
)
COUNTER_HINTS: tuple[Hint, ...] = (
    Hint("up", text("hint.choose_row")),
    Hint("down", text("hint.choose_row")),
    Hint("ok", text("hint.add_one")),
    Hint("back", text("hint.back")),
    Hint("undo", text("hint.undo")),
)
