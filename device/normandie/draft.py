"""The battle being set up (a :class:`Draft`) and the sheet of lines that shows it.

A :class:`Sheet` is a list whose lines are made afresh from the draft each time it is
drawn: a line's question changes the draft and comes back (BACK), so the sheet shows
the new value at once, and OK on Start takes every default without another question.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import field, replace

from device.ui.steps import LIST_HINTS, ScreenStep, StepResult
from display.view import Choice, Hint
from rules.errors import RulesError
from rules.normandie.battlefield import TILE_SIZE, Space
from rules.normandie.commands import GearSpec, MassGraveSpec, NzNewBattle, TilePlace, Tiles
from rules.normandie.tiles import Placement, Terrain, Tile, check_name, layout_terrain, place_of
from rules.normandie.units import SIDES
from rules.text import Text
from rules.values import Record

DEFAULT_TILES = (3, 1)  # Chapters 1 and 2 are played on three tiles in a row
DEFAULT_TOKENS = 4
DEFAULT_ZOMBIE_MOVEMENT = 3
# What the sheet's lines offer.
SIZES: tuple[tuple[int, int], ...] = (
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (2, 2),
    (3, 2),
    (4, 2),
    (3, 3),
    (4, 3),
)
TOKENS = range(1, 9)
ZOMBIE_MOVEMENTS = range(1, 7)
GEAR_MOST = 3  # Z11, Z12: three tokens of each option
SIDE_SETS: tuple[tuple[str, ...], ...] = (
    ("sons_of_cthulhu", "black_sun"),
    ("sons_of_cthulhu", "majestic"),
    ("black_sun", "majestic"),
    SIDES,
)


def marks_of(
    impassable: Iterable[Space] = (), graves: Iterable[tuple[Space, bool]] = ()
) -> Terrain:
    """Terrain marked on blank places, in reading order: impassable squares, and Mass Grave
    squares with their X1 flag (one Mass Grave a square, as the terrain grid makes them)."""
    return Terrain(
        tuple(sorted(impassable, key=_reading_order)),
        tuple(sorted(graves, key=lambda grave: _reading_order(grave[0]))),
    )


def _reading_order(space: Space) -> tuple[int, int]:
    return space.row, space.col


NO_MARKS = marks_of()


def marks_where(terrain: Terrain, keep: Callable[[tuple[int, int]], bool]) -> Terrain:
    """``terrain``'s marks whose place (tile column, row) ``keep`` says yes to."""
    return Terrain(
        tuple(s for s in terrain.impassable if keep(place_of(s))),
        tuple((s, x1) for s, x1 in terrain.graves if keep(place_of(s))),
    )


class Draft(Record):
    chapter: int = 0
    columns: int = DEFAULT_TILES[0]
    rows: int = DEFAULT_TILES[1]
    layout: tuple[Placement, ...] = ()  # named tiles; a place without one is blank
    players: tuple[str, ...] = ("sons_of_cthulhu", "black_sun")
    initiative: str = "sons_of_cthulhu"
    tokens: int = DEFAULT_TOKENS
    movement: int = DEFAULT_ZOMBIE_MOVEMENT
    gear: Mapping[str, GearSpec] = field(default_factory=dict)
    kept: Mapping[str, Tile] = field(default_factory=dict)  # the device's tiles, by name
    # A battle of our own: the blank places' terrain as the last one marked it (last_sheet.py)
    marks: Terrain = NO_MARKS

    @property
    def width(self) -> int:
        return self.columns * TILE_SIZE

    @property
    def height(self) -> int:
        return self.rows * TILE_SIZE

    def at(self, col: int, row: int) -> Placement | None:
        return next((p for p in self.layout if (p.column, p.row) == (col, row)), None)

    def with_tile(self, col: int, row: int, name: str | None) -> Draft:
        """A tile named at a place lies over the last battle's marks there: they go."""
        rest = tuple(p for p in self.layout if (p.column, p.row) != (col, row))
        if name is None:
            return replace(self, layout=_in_order(rest))
        layout = _in_order((*rest, Placement(name, col, row)))
        elsewhere = marks_where(self.marks, lambda at: at != (col, row))
        return replace(self, layout=layout, marks=elsewhere)

    def turned(self, col: int, row: int) -> Draft:
        layout = tuple(
            replace(p, turn=(p.turn + 1) % 4) if (p.column, p.row) == (col, row) else p
            for p in self.layout
        )
        return replace(self, layout=layout)

    def playing(self, players: tuple[str, ...]) -> Draft:
        initiative = self.initiative if self.initiative in players else players[0]
        gear = {side: spec for side, spec in self.gear.items() if side in players}
        return replace(self, players=players, initiative=initiative, gear=gear)

    def command(self, door: str | None) -> NzNewBattle:
        """The battle, with the kept tiles' terrain in it (the journal needs no tile file),
        and the blank places' marks kept from the last battle of our own: their Mass Graves
        are numbered after the tiles'."""
        terrain = layout_terrain(self.layout, self.kept)
        impassable = sorted(terrain.impassable + self.marks.impassable, key=_reading_order)
        graves = tuple(
            MassGraveSpec(f"g{n}", (space.name,), x1)
            for n, (space, x1) in enumerate(terrain.graves + self.marks.graves, start=1)
        )
        layout = tuple(TilePlace(p.tile, p.column + 1, p.row + 1, p.turn) for p in self.layout)
        return NzNewBattle(
            tiles=Tiles(self.columns, self.rows),
            players=self.players,
            initiative=self.initiative,
            zombies={f"z{n}": self.movement for n in range(1, self.tokens + 1)},
            chapter=self.chapter or None,
            derleth="derleth" if self.chapter == 1 else None,
            door=door,
            gear=dict(self.gear) or None,
            impassable=tuple(space.name for space in impassable),
            mass_graves=graves,
            layout=layout or None,
        )


def sized(draft: Draft, columns: int, rows: int) -> Draft:
    """A new size keeps the tiles whose place is still on the battlefield; the last battle's
    marks were made for its own battlefield, so they go with it."""
    if (columns, rows) == (draft.columns, draft.rows):
        return draft
    layout = tuple(p for p in draft.layout if p.column < columns and p.row < rows)
    return replace(draft, columns=columns, rows=rows, layout=layout, marks=NO_MARKS)


def offered(draft: Draft) -> bool:
    """Whether the sheet's lines can show ``draft`` (a draft read from a file may not)."""
    columns, rows = draft.columns, draft.rows
    places = {(p.column, p.row) for p in draft.layout}
    return (
        (columns, rows) in SIZES
        and draft.players in SIDE_SETS
        and draft.initiative in draft.players
        and draft.tokens in TOKENS
        and draft.movement in ZOMBIE_MOVEMENTS
        and set(draft.gear) <= set(draft.players)
        and all(0 <= n <= GEAR_MOST for g in draft.gear.values() for n in _counts(g))
        and len(places) == len({p.tile for p in draft.layout}) == len(draft.layout)
        and all(0 <= c < columns and 0 <= r < rows for c, r in places)
        and all(p.turn in range(4) and _named(p.tile) for p in draft.layout)
        and _marks_fit(draft, places)
    )


def _marks_fit(draft: Draft, named: set[tuple[int, int]]) -> bool:
    """Each mark on its own square of a blank place of the battlefield."""
    squares = [*draft.marks.impassable, *(space for space, _ in draft.marks.graves)]
    return (
        len(set(squares)) == len(squares)
        and all(0 <= s.col < draft.width and 0 <= s.row < draft.height for s in squares)
        and all(place_of(s) not in named for s in squares)
    )


def _counts(gear: GearSpec) -> tuple[int, int]:
    return gear.reanimator_serum, gear.serum_dart_gun


def _named(tile: str) -> bool:
    try:
        check_name(tile)
    except RulesError:
        return False
    return True


def _in_order(layout: tuple[Placement, ...]) -> tuple[Placement, ...]:
    return tuple(sorted(layout, key=lambda p: (p.row, p.column)))


class Line(Record):
    """One line of a sheet: what it says, and what OK on it leads to (given the sheet)."""

    label: Text
    detail: Text | None
    then: Callable[[Sheet], StepResult]
    enabled: bool = True


class Sheet(ScreenStep, Record, frozen=False):
    """A list of lines made from ``draft``; a line's question sets ``draft`` and comes back."""

    title: Text
    draft: Draft
    make_lines: Callable[[Draft], list[Line]]
    parent: Sheet | None = None  # a sheet opened from a line of another gives it its draft
    cursor: int = 0
    hints: tuple[Hint, ...] = field(default_factory=lambda: LIST_HINTS)

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, value)
        if name == "draft" and getattr(self, "parent", None) is not None:
            assert self.parent is not None and isinstance(value, Draft)
            self.parent.draft = value

    def lines(self) -> list[Line]:
        return self.make_lines(self.draft)

    def choices(self) -> tuple[Choice, ...]:
        return tuple(Choice(line.label, line.detail, line.enabled) for line in self.lines())

    def selected(self) -> int | None:
        return min(self.cursor, len(self.lines()) - 1)

    def move(self, direction: int) -> None:
        lines = self.lines()
        for offset in range(1, len(lines) + 1):
            candidate = (self.cursor + direction * offset) % len(lines)
            if lines[candidate].enabled:
                self.cursor = candidate
                return

    def pick(self, index: int | None = None) -> StepResult:
        lines = self.lines()
        if index is not None:
            if not 0 <= index < len(lines):
                return None
            self.cursor = index
        line = lines[min(self.cursor, len(lines) - 1)]
        return line.then(self) if line.enabled else None
