"""The battlefield: square spaces built from 7×7 tiles (I4).

Spaces are named like a spreadsheet cell, as a player reads them off the table:
the column letter counted from the left edge (A, B, … Z, AA, AB …) and the row
number counted from the top edge (1, 2, …), so ``C5`` is the third column, fifth
row. Two spaces are adjacent when they share a side; diagonals are not adjacent
(units walk in orthogonal steps, I4).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from rules.errors import RulesError
from rules.values import Record

TILE_SIZE = 7  # every tile is 7×7 spaces
MAX_TILES = 8  # per direction; the largest printed layout uses 3

_NAME = re.compile(r"^([A-Z]{1,2})([1-9][0-9]{0,2})$")


class Space(NamedTuple):
    """A space by 0-based column (from the left) and row (from the top)."""

    col: int
    row: int

    @property
    def name(self) -> str:
        return column_letters(self.col) + str(self.row + 1)

    def __str__(self) -> str:
        return self.name


# I4: the fixed order in which equal shortest paths are broken: up (toward row 1),
# right, down, left — clockwise from the top of the board.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def column_letters(col: int) -> str:
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def parse_space(name: str) -> Space | None:
    """The space called ``name`` ("C5"), or None if it is not a space name."""
    match = _NAME.match(name.strip().upper())
    if not match:
        return None
    col = 0
    for letter in match.group(1):
        col = col * 26 + ord(letter) - ord("A") + 1
    return Space(col - 1, int(match.group(2)) - 1)


class MassGrave(Record):
    """A terrain element, unit or token bearing the Mass Grave symbol (Z10)."""

    id: str
    spaces: frozenset[Space]
    single_use: bool  # marked X1: discarded after creating one Zombies unit


class Battlefield(Record):
    columns: int  # tiles side by side
    rows: int  # tiles top to bottom
    impassable: frozenset[Space] = frozenset()

    @property
    def width(self) -> int:
        return self.columns * TILE_SIZE

    @property
    def height(self) -> int:
        return self.rows * TILE_SIZE

    def on_board(self, space: Space) -> bool:
        return 0 <= space.col < self.width and 0 <= space.row < self.height

    def passable(self, space: Space) -> bool:
        return self.on_board(space) and space not in self.impassable

    def neighbours(self, space: Space) -> Iterator[Space]:
        """Passable spaces sharing a side with ``space``, in the I4 direction order."""
        for dcol, drow in DIRECTIONS:
            near = Space(space.col + dcol, space.row + drow)
            if self.passable(near):
                yield near


def check_tiles(columns: int, rows: int) -> None:
    for count in (columns, rows):
        if not 1 <= count <= MAX_TILES:
            raise RulesError(
                "setup", "error.normandie.tiles", columns=columns, rows=rows, most=MAX_TILES
            )


def space_on(battlefield: Battlefield, name: str, rule: str = "setup") -> Space:
    """The space called ``name`` on this battlefield; refuses names off the board."""
    space = parse_space(name)
    if space is None:
        raise RulesError(rule, "error.normandie.bad_space", space=name)
    if not battlefield.on_board(space):
        raise RulesError(
            rule,
            "error.normandie.off_board",
            space=name,
            last=Space(battlefield.width - 1, battlefield.height - 1).name,
        )
    return space


def passable_space(battlefield: Battlefield, name: str, rule: str = "setup") -> Space:
    """Like :func:`space_on`, and refuses impassable spaces too (I4)."""
    space = space_on(battlefield, name, rule)
    if space in battlefield.impassable:
        raise RulesError(rule, "error.normandie.impassable", space=space.name)
    return space
