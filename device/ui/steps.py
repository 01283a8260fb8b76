"""The building blocks of every screen the controller shows: lists and counters.

A step is one question on the screen. UP/DOWN move the selection, OK picks (or, on a
counter row, adds one), BACK returns to the step before. Picking returns what comes
next: another step, a command to submit, or :data:`DONE`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any, ClassVar, TypeAlias

from display.view import Choice, Hint, Prompt
from rules.commands import Command
from rules.text import Text, text
from rules.values import Record

# What a menu's option stands for, handed to its list's ``on_pick`` (a command, a step, a
# faction, what choosing it does): each list pairs its options with its callback, which the
# types of a list of mixed options cannot say, so the value is left untyped.
Value: TypeAlias = Any


class _Done:
    """Marker: the wizard is finished without a command (e.g. Cancel)."""


DONE = _Done()


class _Back:
    """Marker: return to the step before (like the BACK button)."""


BACK = _Back()


class Notice(Record):
    """A step's answer that is a message for the table, not a command (e.g. why not)."""

    message: Text


class UndoMany(Record):
    """A step's answer: undo this many commands, newest first (``run``: the question
    asked on a run of undos was answered yes)."""

    count: int
    run: bool = False


class SetLanguage(Record):
    lang: str


class WithFiles(Record):
    """A step's answer that needs the device's own files to go on (a game's kept tiles):
    the wizard calls ``make`` with the state directory, or None where there is none."""

    make: Callable[[Path | None], StepResult]


class OnceAccepted(Record):
    """A step's answer: ``command``, and what to do once the rules have accepted it (never
    if they refuse it): a battle of our own's sheet is kept only for a battle that began."""

    command: Command
    then: Callable[[], None]


class InTurn:
    """A step's answer: several commands, each submitted once the one before went through
    (one choice that answers for several factions: nobody else performs a Ritual).

    A plain class, not a record like its neighbours: only the scoreboard answers with it,
    and a record's generated methods (``__init__`` and a frozen one's ``__setattr__`` and
    ``__delattr__``, see ``rules.values.Record``) cost every start their compiling at
    import (a frozen dataclass's six, about 2.5 million instructions under callgrind)."""

    __slots__ = ("commands",)

    def __init__(self, commands: tuple[Command, ...]) -> None:
        self.commands = commands


class AppQuestion(Record):
    """A question only the app can put, because it holds what the question needs: New game
    (the list of every game's front end), Show on phones (the ``[web]`` configuration).
    A game's menu answers with one of these; the app opens it (``Reaction.app_question``)."""

    name: str


CHOOSE_GAME = AppQuestion("new_game")
SHOW_ON_PHONES = AppQuestion("phones")
HISTORY = AppQuestion("history")  # the game's commands: the engine keeps them, the app holds it
# asked on a run of undos, naming what the next one undoes
UNDO_RUN_QUESTION = AppQuestion("undo_run")
SMART_DICE = AppQuestion("dice")  # the Dice screen: the app holds the smart dice (device/dice/)
SEATS_ON_PHONES = AppQuestion("seats")  # phones paired as seats: the app holds them ([web] too)


class Option(Record):
    label: Text
    value: Value
    detail: Text | None = None
    enabled: bool = True


def _move(selected: int, options: Sequence[Option], direction: int) -> int:
    """The next enabled option in ``direction`` (-1 or +1), wrapping round; stays if none."""
    count = len(options)
    for offset in range(1, count + 1):
        candidate = (selected + direction * offset) % count
        if options[candidate].enabled:
            return candidate
    return selected


def first_enabled(options: Sequence[Option], preferred: int = 0) -> int:
    if options and options[preferred].enabled:
        return preferred
    return _move(preferred, options, 1) if options else 0


class ScreenStep:
    """One question on the screen."""

    title: Text
    hints: tuple[Hint, ...] = ()
    qr: str | None = None  # text the screen shows as a QR code beside the question
    # While this question is on the screen the smart dice listen all the time (the Dice
    # screen's lists say so); the app asks this instead of importing the dice's screens.
    keeps_dice_listening: ClassVar[bool] = False
    qr_caption: tuple[Text, ...] = ()  # written under the code; none: the code's own text
    shows: ClassVar[str | None] = None  # a part of the board drawn alone (Prompt.shows)
    about: str | None = None  # what the question is about (Prompt.about); a step may say

    def heading(self) -> Text:
        """The question as the screen shows it (a dial adds what is still to assign)."""
        return self.title

    def prompt(self, hints: tuple[Hint, ...], result: Text | None) -> Prompt:
        """This question as the screen draws it, with the hints the controller chose."""
        return Prompt(
            self.heading(),
            self.choices(),
            self.selected(),
            hints,
            result,
            self.qr,
            qr_caption=self.qr_caption,
            shows=self.shows,
            about=self.about,
        )

    def choices(self) -> tuple[Choice, ...]:
        raise NotImplementedError

    def selected(self) -> int | None:
        raise NotImplementedError

    def move(self, direction: int) -> None:
        raise NotImplementedError

    def pick(self, index: int | None = None) -> StepResult:
        """OK on the selected option (or on ``index``, for a tap): what comes next."""
        raise NotImplementedError

    def side_button(self, direction: int) -> bool:
        """CUSTODIAN (-1) or LIBRARIAN (+1) where this question gives them a meaning of its
        own; False: it gives none here, so they keep the game's."""
        return False


class ListStep(ScreenStep, Record, frozen=False):
    """Pick one of a list of options."""

    title: Text
    options: list[Option]
    on_pick: Callable[[Value], StepResult]
    cursor: int = -1
    hints: tuple[Hint, ...] = field(default_factory=lambda: LIST_HINTS)

    def __post_init__(self) -> None:
        self.cursor = first_enabled(self.options, max(self.cursor, 0))

    def choices(self) -> tuple[Choice, ...]:
        return tuple(Choice(o.label, o.detail, o.enabled) for o in self.options)

    def selected(self) -> int | None:
        return self.cursor if self.options else None

    def move(self, direction: int) -> None:
        if self.options:
            self.cursor = _move(self.cursor, self.options, direction)

    def pick(self, index: int | None = None) -> StepResult:
        if index is not None:
            if not 0 <= index < len(self.options) or not self.options[index].enabled:
                return None
            self.cursor = index
        if not self.options or not self.options[self.cursor].enabled:
            return None
        return self.on_pick(self.options[self.cursor].value)


class Counter(Record, frozen=False):
    """One counted row: ``label`` with a value from 0 to ``most``."""

    key: str
    label: Text
    most: int
    value: int = 0
    unit: str = "units"  # catalogue noun for the count ("units", "agony", "doom", "yes_no")


class _EveryLine(ScreenStep):
    """A step whose cursor goes round all its lines, every one of which OK picks."""

    cursor: int

    def _lines(self) -> int:
        raise NotImplementedError

    def _pick_selected(self) -> StepResult:
        raise NotImplementedError

    def selected(self) -> int | None:
        return self.cursor

    def move(self, direction: int) -> None:
        self.cursor = (self.cursor + direction) % self._lines()

    def pick(self, index: int | None = None) -> StepResult:
        if index is not None:
            if not 0 <= index < self._lines():
                return None
            self.cursor = index
        return self._pick_selected()


class CounterStep(_EveryLine, Record, frozen=False):
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

    def _lines(self) -> int:
        return len(self.rows) + 1

    def _pick_selected(self) -> StepResult:
        if self.cursor == len(self.rows):
            return self.on_confirm(self.values())
        row = self.rows[self.cursor]
        row.value = 0 if row.value >= row.most else row.value + 1
        return None


class MarkStep(_EveryLine, Record, frozen=False):
    """Mark some of a list (OK on a line marks or unmarks it), then OK on the first line
    ("Go on") hands the marked values, in the list's order, to ``on_done``."""

    title: Text
    options: list[Option]
    on_done: Callable[[list[Value]], StepResult]
    marked: set[Value] = field(default_factory=set)
    cursor: int = 0
    hints: tuple[Hint, ...] = field(default_factory=lambda: MARK_HINTS)

    def chosen(self) -> list[Value]:
        return [o.value for o in self.options if o.value in self.marked]

    def choices(self) -> tuple[Choice, ...]:
        go_on = Choice(text("prompt.go_on_with", n=len(self.marked)))
        return (go_on, *(self._choice(o) for o in self.options))

    def _choice(self, option: Option) -> Choice:
        key = "detail.marked" if option.value in self.marked else "detail.unmarked"
        return Choice(option.label, text(key))

    def _lines(self) -> int:
        return len(self.options) + 1

    def _pick_selected(self) -> StepResult:
        if self.cursor == 0:
            return self.on_done(self.chosen())
        self.marked ^= {self.options[self.cursor - 1].value}
        return None


class Dial(Record, frozen=False):
    """One number on a dial: ``label`` with a value from ``least`` to ``most``."""

    key: str
    label: Text
    most: int
    value: int = 0
    unit: str = "units"  # catalogue noun for the count ("units", "agony", "doom", "yes_no")
    least: int = 0


class DialStep(ScreenStep, Record, frozen=False):
    """Set one or more numbers: UP/DOWN turn the selected one by one within its range
    (never wrapping), OK confirms them all at once; with several rows, CUSTODIAN and
    LIBRARIAN (or a tap) choose the row.

    ``share``: the rows share a total (Agony to split or to pay): no row takes more than
    is left, and UP when nothing is left takes one from the row the screen marks as the
    one it takes from: the row the table marked (CUSTODIAN, with three rows or more),
    else the ``reserve`` row (Doom, in a payment), else the row the selection came from
    (by a button or a tap), else the row holding the most (the top one of those). So
    moving a Unit from any row to any other costs one press (UP) beyond pointing at the
    two rows: from a neighbour, step from it to the row that takes; from any other,
    LIBRARIAN goes round the rows to the one that takes and CUSTODIAN round the others
    to the one it takes from. The title says what is still to assign.
    """

    title: Text
    rows: list[Dial]
    on_confirm: Callable[[dict[str, int]], StepResult]
    share: int | None = None
    reserve: str | None = None  # the row UP takes from first (Doom, in a payment)
    left_unit: str = "agony"
    cursor: int = 0
    giver: str | None = None  # the row the table marked to take from (its key)
    came_from: str | None = None  # the row selected before this one (its key)

    @property
    def hints(self) -> tuple[Hint, ...]:  # type: ignore[override]
        if len(self.rows) <= 1:
            return DIAL_HINTS
        if self.picks_giver:  # the next row first: the footer leaves the last entry out first
            rows = (Hint("right", text("hint.next_row")), Hint("left", text("hint.take_from")))
        else:  # one row up or down: one entry for both buttons ("Custodian Librarian change row")
            rows = (Hint("left", text("hint.row")), Hint("right", text("hint.row")))
        return (*DIAL_HINTS[:3], *rows, DIAL_HINTS[3])  # no room left for UNDO's hint

    @property
    def picks_giver(self) -> bool:
        """Rows sharing a total, more than two: which one UP takes from is a choice."""
        return self.share is not None and len(self.rows) > 2

    def values(self) -> dict[str, int]:
        return {row.key: row.value for row in self.rows}

    def left(self) -> int:
        return 0 if self.share is None else self.share - sum(r.value for r in self.rows)

    def heading(self) -> Text:
        said = self.left_said()
        return self.title if said is None else text("prompt.dial", question=self.title, left=said)

    def left_said(self) -> Text | None:
        """What is still to assign, said after the question (None: the rows share no total)."""
        if self.share is None:
            return None
        return text(f"detail.left.{self.left_unit}", n=self.left(), total=self.share)

    def choices(self) -> tuple[Choice, ...]:
        giver = self.gives() if self.share is not None and self.left() <= 0 else None
        counted = tuple(
            Choice(self._label(r), self._detail(r, r is giver and self.cursor < len(self.rows)))
            for r in self.rows
        )
        return (*counted, Choice(text("prompt.confirm")))  # the last line is for a finger

    def _label(self, row: Dial) -> Text:
        """A row's words as the dials stand (a dial may say what its number is made of)."""
        return row.label

    def _detail(self, row: Dial, gives: bool) -> Text:
        count = text(f"count.{row.unit}", n=row.value)
        return text("detail.gives", count=count) if gives else count

    def selected(self) -> int | None:
        return self.cursor

    def gives(self, taker: Dial | None = None) -> Dial | None:
        """The row UP on ``taker`` (the selected row) takes from when nothing is left."""
        if taker is None:
            taker = self.rows[self.cursor] if self.cursor < len(self.rows) else None
        can = [r for r in self.rows if r is not taker and r.value > r.least]
        for key in (self.giver, self.reserve, self.came_from):
            found = [r for r in can if r.key == key]
            if found:
                return found[0]
        return max(can, key=lambda r: r.value, default=None)  # ties: the top one

    def move(self, direction: int) -> None:
        """UP (-1 on the screen's list) turns the selected number up, DOWN turns it down."""
        if self.cursor >= len(self.rows):
            return
        row = self.rows[self.cursor]
        if direction < 0:
            self._up(row)
        elif row.value > row.least:
            row.value -= 1

    def _up(self, row: Dial) -> bool:
        if row.value >= row.most:
            return False
        if self.share is not None and self.left() <= 0:
            giver = self.gives(row)
            if giver is None:
                return False
            giver.value -= 1
        row.value += 1
        return True

    def row_button(self, direction: int) -> None:
        """CUSTODIAN (-1) or LIBRARIAN (+1). Where the row UP takes from is a choice,
        CUSTODIAN marks the next row that can give and LIBRARIAN goes round the rows;
        otherwise they move one row up or down."""
        if not self.picks_giver:
            self.change_row(direction)
        elif direction > 0:
            self._select((self.cursor + 1) % (len(self.rows) + 1))
        else:
            self._next_giver()

    def _next_giver(self) -> None:
        """Mark the next row after the one shown that can give (not the selected one)."""
        shown = self.gives()
        if shown is None:
            return
        taker = self.rows[self.cursor] if self.cursor < len(self.rows) else None
        start = self.rows.index(shown)
        for offset in range(1, len(self.rows)):
            row = self.rows[(start + offset) % len(self.rows)]
            if row.value > row.least and row is not taker:
                self.giver = row.key
                return

    def change_row(self, direction: int) -> None:
        self._select(min(max(self.cursor + direction, 0), len(self.rows)))

    def _select(self, index: int) -> None:
        if index != self.cursor:
            self.came_from = self.rows[self.cursor].key if self.cursor < len(self.rows) else None
            self.cursor = index

    def pick(self, index: int | None = None) -> StepResult:
        """OK confirms. A finger: a tap chooses a row (the row it leaves is then the one
        it takes from), a tap on the chosen row adds one (from its most back to its
        least: a touch screen has no DOWN), Confirm confirms."""
        if index is None or index == len(self.rows):
            return self.on_confirm(self.values())
        if not 0 <= index < len(self.rows):
            return None
        if index != self.cursor:
            self._select(index)
            return None
        row = self.rows[index]
        if not self._up(row):
            row.value = row.least
        return None


# What picking can lead to: another question, a command for the rules, the end of the
# wizard, a message for the table, a question only the app can put, a change of
# language, or the same once the device's files are at hand. None: stay on this step.
StepResult = (
    ScreenStep
    | Command
    | OnceAccepted
    | _Done
    | _Back
    | Notice
    | SetLanguage
    | AppQuestion
    | UndoMany
    | WithFiles
    | InTurn
    | None
)


def step_hints(move: str, ok: str) -> tuple[Hint, ...]:
    """A step's hints: what UP/DOWN (``move``) and OK (``ok``) do, then BACK and UNDO, as
    every step has them (catalogue keys ``hint.<move>``, ``hint.<ok>``)."""
    return (
        Hint("up", text(f"hint.{move}")),
        Hint("down", text(f"hint.{move}")),
        Hint("ok", text(f"hint.{ok}")),
        Hint("back", text("hint.back")),
        Hint("undo", text("hint.undo")),
    )


LIST_HINTS: tuple[Hint, ...] = step_hints("choose", "select")
DIAL_HINTS: tuple[Hint, ...] = step_hints("turn", "confirm")
MARK_HINTS: tuple[Hint, ...] = step_hints("choose", "mark")
COUNTER_HINTS: tuple[Hint, ...] = step_hints("choose_row", "add_one")
