"""The terrain step: impassable spaces and Mass Graves marked on the grid (I4, Z10).

Terrain is entered once the battle exists (``nz_terrain``, one command a space), so the
empty grid is there to point at and every mark is in the journal the moment it is made:
a pulled plug loses nothing, and undo takes back one square. Right after a new battle
begins, while a tile of it is not described yet, the grid asks for terrain; "Done" keeps
the described tiles (device/normandie/tilestore.py) and goes on to placing units. During
setup the menu brings the step back.

The cursor starts at the middle of the first tile, moves as everywhere on the grid
(UP/DOWN a row, CUSTODIAN/LIBRARIAN a column), and PHASE jumps to the middle of the next
tile. OK on the cursor's square turns it to the next terrain
in the order open → impassable → Mass Grave → Mass Grave X1 → open, so a wall is one
press a square; a finger on a square does the same. BACK (or a finger on its line) is Done.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field

from device.normandie.space import SpaceStep, current_mark, grid_hints, terrain_words
from device.ui.steps import StepResult
from display.view import Choice, Hint
from rules.normandie.battlefield import TILE_SIZE, Space
from rules.normandie.commands import NzTerrain
from rules.normandie.state import NormandieState
from rules.normandie.terrain import IMPASSABLE, MASS_GRAVE, OPEN
from rules.text import text

TERRAIN_HINTS = grid_hints(
    Hint("phase", text("nz_device.hint.next_tile")),
    Hint("back", text("nz_device.hint.done")),
)


class TerrainStep(SpaceStep, frozen=False):
    """The grid, asking for terrain: mark the cursor's square, be done, or open the menu."""

    finish: Callable[[], StepResult] = lambda: None
    more: Callable[[], StepResult] = lambda: None
    hints: tuple[Hint, ...] = field(default_factory=lambda: TERRAIN_HINTS)

    def choices(self) -> tuple[Choice, ...]:
        done = "done_units" if not self.state.units else "done"
        now = current_mark(self.state, self.cursor)
        return (
            Choice(
                text(
                    "nz_device.terrain.make",
                    space=self.cursor.name,
                    next=text(
                        f"nz_device.terrain.is_{_next(now)}",
                        grave=_next_grave(self.state, self.cursor),
                    ),
                ),
                text("nz_device.terrain.now", now=terrain_words(self.state, self.cursor)),
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
    tiles: tuple[str, ...] = (),
) -> TerrainStep:
    """``tiles``: the printed tiles the table describes now (named in the question)."""
    question = (
        text("nz_device.terrain.of_tiles", tiles=list(tiles))
        if tiles
        else text("nz_device.terrain.question")
    )
    return TerrainStep(
        question,
        state,
        lambda space: next_mark(state, space),
        near,
        finish=finish,
        more=more,
        jumps=lambda space: next_tile(state, space),
    )


CYCLE = {OPEN: IMPASSABLE, IMPASSABLE: "grave", "grave": "grave_x1", "grave_x1": OPEN}


def _next(now: str) -> str:
    return CYCLE[now]


def _next_grave(state: NormandieState, space: Space) -> str:
    """The id the square's Mass Grave will have: always a new one, since a grave's squares
    are all X1 or none is (Z10), so a grave turned X1 is a grave of its own."""
    return new_grave_id(state)


def next_mark(state: NormandieState, space: Space) -> NzTerrain:
    """OK on a square: the next terrain of the cycle."""
    key = _next(current_mark(state, space))
    terrain, single_use = {
        IMPASSABLE: (IMPASSABLE, False),
        "grave": (MASS_GRAVE, False),
        "grave_x1": (MASS_GRAVE, True),
        OPEN: (OPEN, False),
    }[key]
    return _command(space, terrain, _next_grave(state, space), single_use)


# The cursor starts a tile at its middle square (D4 on the first): from there every square
# of a 7×7 tile is 3.4 presses away on average, from a corner 6 (the cursor wraps only at
# the battlefield's edges, so on more than one tile a corner's far squares stay far).
MIDDLE = TILE_SIZE // 2
FIRST_MIDDLE = Space(MIDDLE, MIDDLE)


def next_tile(state: NormandieState, space: Space) -> Space:
    """PHASE on the grid: the middle square of the next tile, in reading order."""
    field_ = state.battlefield
    col, row = space.col // TILE_SIZE, space.row // TILE_SIZE
    index = (row * field_.columns + col + 1) % (field_.columns * field_.rows)
    return Space(
        index % field_.columns * TILE_SIZE + MIDDLE, index // field_.columns * TILE_SIZE + MIDDLE
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
