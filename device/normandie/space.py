"""Choosing a space on the Normandie battlefield with the buttons or a finger.

The device has no arrow pad, so the cursor borrows the buttons a Normandie battle
does not use: UP and DOWN move it a row, CUSTODIAN and LIBRARIAN (the two buttons on
the left of the panel) move it a column left and right; it wraps round at the edges
so a far edge is a few presses away. OK chooses the space under it; BACK goes back.
A finger on a square moves the cursor there and chooses it at once, like a finger on
a menu line. The prompt always says the cursor's space and what stands on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field

from device.ui.steps import BACK, Notice, ScreenStep, StepResult
from display.view import Choice, Hint
from rules.normandie.battlefield import Space, parse_space
from rules.normandie.sentences import label
from rules.normandie.state import NormandieState
from rules.normandie.terrain import MASS_GRAVE, OPEN, terrain_of
from rules.text import Text, text
from rules.values import Record

LEFT, RIGHT = "left", "right"  # the game buttons move the cursor a column
ORIGIN = Space(0, 0)  # A1, where the cursor starts


def grid_hints(*others: Hint) -> tuple[Hint, ...]:
    """The hints of a step on the grid: the four arrows move the cursor, then ``others``.

    One entry for the four, arrows in the keycaps' order, and none for OK (the lit choice
    says what it does): the hint bar is one line."""
    cursor = text("nz_device.hint.cursor")
    return (*(Hint(arrow, cursor) for arrow in ("up", "down", LEFT, RIGHT)), *others)


SPACE_HINTS = grid_hints(Hint("back", text("hint.back")))


def describe(state: NormandieState, space: Space) -> Text:
    """What a player finds on ``space``: a unit, impassable ground, a Mass Grave, or nothing."""
    for unit in state.units.values():
        if unit.space == space:
            return label(state, unit.id)
    if current_mark(state, space) == OPEN:
        return text("nz_device.space.empty")
    return terrain_words(state, space)


def square_words(state: NormandieState, space: Space) -> Text:
    """Why a unit cannot stand on ``space``: a unit is there, or its terrain."""
    occupant = state.occupied().get(space)
    if occupant is not None:
        return text("nz_device.place.taken", unit=label(state, occupant))
    return terrain_words(state, space)


def free_square(state: NormandieState, space: Space) -> bool:
    """A unit can be placed here: on open ground or a Mass Grave, with no unit (I4)."""
    return state.battlefield.passable(space) and space not in state.occupied()


def current_mark(state: NormandieState, space: Space) -> str:
    """What ``space`` is marked now: impassable, grave, grave_x1 or open."""
    kind, grave_id = terrain_of(state, space)
    if kind != MASS_GRAVE:
        return kind
    grave = next(g for g in state.mass_graves if g.id == grave_id)
    return "grave_x1" if grave.single_use else "grave"


def terrain_words(state: NormandieState, space: Space) -> Text:
    """What the square is now, in words ("Mass Grave g1, X1")."""
    _, grave_id = terrain_of(state, space)
    return text(f"nz_device.terrain.is_{current_mark(state, space)}", grave=grave_id or "")


class SpaceStep(ScreenStep, Record, frozen=False):
    """One question answered with a space: ``on_pick(space)`` says what comes next."""

    question: Text
    state: NormandieState
    on_pick: Callable[[Space], StepResult]
    cursor: Space = ORIGIN
    hints: tuple[Hint, ...] = field(default_factory=lambda: SPACE_HINTS)
    # Squares this question can be answered with; the cursor never stops on another.
    allowed: Callable[[Space], bool] = lambda space: True
    # PHASE: where the cursor jumps from here (the next tile, the next free square), if anywhere.
    jumps: Callable[[Space], Space] | None = None

    def __post_init__(self) -> None:
        self.cursor = self._inside(self.cursor)
        if not self.allowed(self.cursor):
            self.cursor = self._first_allowed(self.cursor)

    @property
    def title(self) -> Text:  # type: ignore[override]
        return text("nz_device.space.title", question=self.question, space=self.cursor.name)

    def choices(self) -> tuple[Choice, ...]:
        here = describe(self.state, self.cursor)
        return (
            Choice(text("nz_device.space.choose", space=self.cursor.name), here),
            Choice(text("prompt.cancel")),
        )

    def selected(self) -> int | None:
        return 0

    def move(self, direction: int) -> None:
        """UP/DOWN: a row up or down (past squares it cannot stop on)."""
        self._walk(0, direction)

    def shift(self, direction: int) -> None:
        """CUSTODIAN/LIBRARIAN: a column left or right (past squares it cannot stop on)."""
        self._walk(direction, 0)

    def jump(self) -> None:
        """PHASE: to the next tile, or the next free square of a unit's deployment side."""
        if self.jumps is not None:
            self.cursor = self.jumps(self.cursor)

    def _walk(self, dcol: int, drow: int) -> None:
        field_ = self.state.battlefield
        here = self.cursor
        for _ in range(max(field_.width, field_.height)):
            here = self._inside(Space(here.col + dcol, here.row + drow))
            if self.allowed(here):
                self.cursor = here
                return

    def _first_allowed(self, start: Space) -> Space:
        """The first square from ``start`` in reading order that the question allows."""
        field_ = self.state.battlefield
        count = field_.width * field_.height
        first = start.row * field_.width + start.col
        for n in range(count):
            index = (first + n) % count
            found = Space(index % field_.width, index // field_.width)
            if self.allowed(found):
                return found
        return start

    def pick(self, index: int | None = None) -> StepResult:
        if index == 1:
            return BACK
        if index not in (None, 0):
            return None
        return self.on_pick(self.cursor)

    def tap_space(self, name: str) -> StepResult:
        """A finger on a square: the cursor goes there and the space is chosen."""
        found = parse_space(name)
        if found is None or not self.state.battlefield.on_board(found):
            return None
        if not self.allowed(found):
            return Notice(
                text(
                    "nz_device.place.not_here",
                    space=found.name,
                    what=square_words(self.state, found),
                )
            )
        self.cursor = found
        return self.on_pick(found)

    def _inside(self, space: Space) -> Space:
        field_ = self.state.battlefield
        return Space(space.col % field_.width, space.row % field_.height)
