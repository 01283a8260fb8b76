"""The terrain step: impassable spaces and Mass Graves marked on the grid (I4, Z10).

Terrain is entered once the battle exists (``nz_terrain``, one command a space), so the
empty grid is there to point at and every mark is in the journal the moment it is made:
a pulled plug loses nothing, and undo takes back one square. Right after a new battle
begins, and for as long as no unit stands on the battlefield, the grid asks for terrain;
"Done" goes on to placing units. During setup the menu brings the step back.

The cursor moves as everywhere on the grid (UP/DOWN a row, CUSTODIAN/LIBRARIAN a column);
OK or a finger on a square asks what the square is; BACK (or a finger on its line) is Done.
The choice offered first undoes a mark, or marks open ground impassable, so walls go in
two presses a square.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from device.normandie.space import LEFT, RIGHT, SpaceStep, current_mark, terrain_words
from device.ui.steps import ListStep, Option, StepResult
from display.view import Choice, Hint
from rules.normandie.battlefield import Space
from rules.normandie.commands import NzTerrain
from rules.normandie.state import NormandieState
from rules.normandie.terrain import IMPASSABLE, MASS_GRAVE, OPEN
from rules.text import text

# What a square can be, in the order offered: (choice key, terrain, X1).
MARKS: tuple[tuple[str, str, bool], ...] = (
    (IMPASSABLE, IMPASSABLE, False),
    ("grave", MASS_GRAVE, False),
    ("grave_x1", MASS_GRAVE, True),
    (OPEN, OPEN, False),
)

TERRAIN_HINTS: tuple[Hint, ...] = (
    # One entry for the four, arrows in the keycaps' order, and none for OK (the lit
    # choice says what it does): the hint bar is one line.
    Hint("up", text("nz_device.hint.cursor")),
    Hint("down", text("nz_device.hint.cursor")),
    Hint(LEFT, text("nz_device.hint.cursor")),
    Hint(RIGHT, text("nz_device.hint.cursor")),
    Hint("back", text("nz_device.hint.done")),
)


@dataclass
class TerrainStep(SpaceStep):
    """The grid, asking for terrain: mark the cursor's square, be done, or open the menu."""

    finish: Callable[[], StepResult] = lambda: None
    more: Callable[[], StepResult] = lambda: None
    hints: tuple[Hint, ...] = field(default_factory=lambda: TERRAIN_HINTS)

    def choices(self) -> tuple[Choice, ...]:
        done = "done_units" if not self.state.units else "done"
        return (
            Choice(
                text("nz_device.terrain.mark", space=self.cursor.name),
                terrain_words(self.state, self.cursor),
            ),
            Choice(text(f"nz_device.terrain.{done}")),
            Choice(text("nz_device.menu.open")),
        )

    def pick(self, index: int | None = None) -> StepResult:
        if index in (None, 0):
            return self.on_pick(self.cursor)
        if index == 1:
            return self.finish()
        if index == 2:
            return self.more()
        return None


def terrain_step(
    state: NormandieState,
    near: Space,
    finish: Callable[[], StepResult],
    more: Callable[[], StepResult],
) -> TerrainStep:
    return TerrainStep(
        text("nz_device.terrain.question"),
        state,
        lambda space: mark_step(state, space),
        near,
        finish=finish,
        more=more,
    )


def mark_step(state: NormandieState, space: Space) -> ListStep:
    """What the square becomes; its present terrain is shown but not offered again."""
    now = current_mark(state, space)
    grave = new_grave_id(state)
    options = [
        Option(
            text(f"nz_device.terrain.to_{key}"),
            _command(space, terrain, grave, single_use),
            text(f"nz_device.terrain_rule.{key}"),
            enabled=key != now,
        )
        for key, terrain, single_use in MARKS
    ]
    first = len(MARKS) - 1 if now != OPEN else 0  # unmark, or make open ground impassable
    return ListStep(
        text("nz_device.terrain.what", space=space.name, now=terrain_words(state, space)),
        options,
        lambda cmd: cmd,
        cursor=first,
    )


def _command(space: Space, terrain: str, grave: str, single_use: bool) -> NzTerrain:
    if terrain != MASS_GRAVE:
        return NzTerrain(space.name, terrain)
    return NzTerrain(space.name, terrain, grave, single_use)


def new_grave_id(state: NormandieState) -> str:
    """g1, g2 …: one Mass Grave a square, short enough for the menus to name."""
    taken = {g.id for g in state.mass_graves}
    number = 1
    while f"g{number}" in taken:
        number += 1
    return f"g{number}"
