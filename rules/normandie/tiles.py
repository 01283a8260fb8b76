"""Map tiles: a printed 7×7 tile described once, and battlefields built from them.

A Shadows over Normandie battlefield is laid from square map tiles printed with a name
(``SoN-5-A``: tile 5, side A). What the companion needs of a tile is which of its 49
squares are impassable and which bear a Mass Grave (I4, Z10). A tile is described as it
lies with its name the right way up (turn 0), squares named A1–G7 like the battlefield's;
a tile laid turned on the table is turned here by quarter turns clockwise.

Pure: the device keeps the tiles (device/normandie/tilestore.py), the journal keeps the
battlefield they made (``nz_new_battle`` carries every impassable square and Mass Grave,
and the ``layout`` only says which tile lay where), so a battle replays without them.
The tile file format is in tiles.md beside this module's JOURNAL.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from rules.codec import decode, dump_json, parse_json
from rules.errors import RulesError
from rules.normandie.battlefield import TILE_SIZE, Space, parse_space
from rules.normandie.scenarios import BLACK_SUN, SONS
from rules.values import Record

# A printed name, also the tile's file name on the device: letters, digits, . _ -
_TILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,23}$")
TURNS = range(4)  # quarter turns clockwise
IMPASSABLE, GRAVE, GRAVE_X1 = "impassable", "mass_graves", "mass_graves_x1"
FILE_HEADER = "# celaeno Normandie tiles, version 1 (format: rules/normandie/tiles.md)"


class Tile(Record):
    """One printed tile at turn 0: its squares as 0-based (column, row) on the tile."""

    name: str
    impassable: frozenset[Space] = frozenset()
    graves: frozenset[Space] = frozenset()
    graves_x1: frozenset[Space] = frozenset()  # marked X1: single use (Z10)

    def mark_of(self, square: Space) -> str | None:
        for mark, squares in self.marks():
            if square in squares:
                return mark
        return None

    def marks(self) -> tuple[tuple[str, frozenset[Space]], ...]:
        return ((IMPASSABLE, self.impassable), (GRAVE, self.graves), (GRAVE_X1, self.graves_x1))


class Placement(Record):
    """Where a tile lies: its place among the tiles (0-based column and row) and its turn."""

    tile: str
    column: int
    row: int
    turn: int = 0


def check_name(name: str) -> None:
    if not _TILE_NAME.match(name):
        raise RulesError("tiles", "error.normandie.tile_name", name=name)


def turned(square: Space, turn: int) -> Space:
    """A tile square after ``turn`` quarter turns clockwise: the top-left goes top-right."""
    for _ in range(turn % 4):
        square = Space(TILE_SIZE - 1 - square.row, square.col)
    return square


def on_board(place: Placement, square: Space) -> Space:
    """The battlefield space of a tile square, the tile laid at ``place``."""
    local = turned(square, place.turn)
    return Space(place.column * TILE_SIZE + local.col, place.row * TILE_SIZE + local.row)


def tile_squares() -> Iterable[Space]:
    return (Space(col, row) for row in range(TILE_SIZE) for col in range(TILE_SIZE))


def place_of(space: Space) -> tuple[int, int]:
    """Which tile place (column, row) a battlefield space lies in."""
    return space.col // TILE_SIZE, space.row // TILE_SIZE


# --- a battlefield from tiles ----------------------------------------------------------------


class Terrain(Record):
    """What the tiles put on the battlefield: every impassable space and Mass Grave space."""

    impassable: tuple[Space, ...]
    graves: tuple[tuple[Space, bool], ...]  # (space, X1), one Mass Grave a space


def layout_terrain(layout: Sequence[Placement], tiles: Mapping[str, Tile]) -> Terrain:
    """The terrain the described tiles of ``layout`` make; undescribed tiles add nothing."""
    impassable: list[Space] = []
    graves: list[tuple[Space, bool]] = []
    for place in layout:
        tile = tiles.get(place.tile)
        if tile is None:
            continue
        impassable += (on_board(place, s) for s in tile.impassable)
        graves += ((on_board(place, s), False) for s in tile.graves)
        graves += ((on_board(place, s), True) for s in tile.graves_x1)
    return Terrain(
        tuple(sorted(impassable, key=_reading_order)),
        tuple(sorted(graves, key=lambda g: _reading_order(g[0]))),
    )


def _reading_order(space: Space) -> tuple[int, int]:
    return space.row, space.col


def tile_from_board(
    place: Placement, impassable: frozenset[Space], graves: Mapping[Space, bool]
) -> Tile:
    """The tile lying at ``place`` as the battlefield shows it now, turned back to turn 0."""
    marks: dict[str, set[Space]] = {IMPASSABLE: set(), GRAVE: set(), GRAVE_X1: set()}
    for square in tile_squares():
        space = on_board(place, square)
        if space in impassable:
            marks[IMPASSABLE].add(square)
        elif space in graves:
            marks[GRAVE_X1 if graves[space] else GRAVE].add(square)
    return Tile(
        place.tile,
        frozenset(marks[IMPASSABLE]),
        frozenset(marks[GRAVE]),
        frozenset(marks[GRAVE_X1]),
    )


def check_layout(layout: Sequence[Placement], columns: int, rows: int) -> None:
    """Every tile on a place of the battlefield, one tile a place, each tile once, turn 0–3."""
    places: set[tuple[int, int]] = set()
    names: set[str] = set()
    for place in layout:
        check_name(place.tile)
        where = (place.column, place.row)
        if not (0 <= place.column < columns and 0 <= place.row < rows) or where in places:
            raise RulesError(
                "setup",
                "error.normandie.tile_place",
                tile=place.tile,
                column=place.column + 1,
                row=place.row + 1,
                columns=columns,
                rows=rows,
            )
        if place.tile in names:
            raise RulesError("setup", "error.normandie.tile_twice", tile=place.tile)
        if place.turn not in TURNS:
            raise RulesError("setup", "error.normandie.tile_turn", tile=place.tile)
        places.add(where)
        names.add(place.tile)


# --- the chapters' tiles --------------------------------------------------------------------

# "Map tiles: SoN-5-A, SoN-4-A and SoN-2-A, placed side by side" (Chapter 1), "SoN-3-B,
# SoN-5-B and SoN-1-B, placed side by side" (Chapter 2). Chapter 3's six are "placed as
# shown", in a picture the text does not give: our reading lays them in two rows of three in
# the printed order; the table changes any place it lays differently.
CHAPTER_TILES: Mapping[int, tuple[str, ...]] = {
    1: ("SoN-5-A", "SoN-4-A", "SoN-2-A"),
    2: ("SoN-3-B", "SoN-5-B", "SoN-1-B"),
    3: ("SoN-3-A", "SoN-5-A", "SoN-6-B", "SoN-1-A", "SoN-4-A", "SoN-2-B"),
}
CHAPTER_COLUMNS = 3  # all three chapters lay three tiles a row

# Deployment zones, as printed: Chapter 1 "The Sons of Cthulhu deployment zone is on
# SoN-5-A", "The Black Sun deployment zone is on SoN-2-A"; Chapter 2 the Sons on SoN-3-B and
# the Black Sun's groups on SoN-5-B (B) and SoN-1-B (A). Chapter 3's units enter by arrows
# on the edges, which the text does not place: no zone.
DEPLOYMENT: Mapping[int, Mapping[str, tuple[str, ...]]] = {
    1: {SONS: ("SoN-5-A",), BLACK_SUN: ("SoN-2-A",)},
    2: {SONS: ("SoN-3-B",), BLACK_SUN: ("SoN-1-B", "SoN-5-B")},
}


def chapter_layout(chapter: int) -> tuple[Placement, ...]:
    names = CHAPTER_TILES.get(chapter, ())
    return tuple(
        Placement(name, n % CHAPTER_COLUMNS, n // CHAPTER_COLUMNS) for n, name in enumerate(names)
    )


def chapter_size(chapter: int) -> tuple[int, int]:
    count = len(CHAPTER_TILES.get(chapter, ()))
    return CHAPTER_COLUMNS, max(1, -(-count // CHAPTER_COLUMNS))


# --- the tile file ------------------------------------------------------------------------


class TileLine(Record):
    """One line of a tile file (tiles.md): a tile and its marked squares, A1–G7."""

    tile: str
    impassable: tuple[str, ...] = ()
    mass_graves: tuple[str, ...] = ()
    mass_graves_x1: tuple[str, ...] = ()


def read_tiles(lines: Iterable[str]) -> tuple[Tile, ...]:
    """Every tile of a tile file, or a RulesError naming the first bad line: all or nothing."""
    tiles: dict[str, Tile] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            tile = tile_of(line)
            if tile.name in tiles:
                raise RulesError("tiles", "error.normandie.tile_twice", tile=tile.name)
        except RulesError as error:
            raise RulesError(
                "tiles", "error.normandie.tile_file_line", line=number, why=error.reason
            ) from None
        tiles[tile.name] = tile
    return tuple(tiles.values())


def tile_of(line: str) -> Tile:
    """One tile file line as a tile (RulesError when it is not a well-formed tile)."""
    spec = decode(TileLine, parse_json(line), "tile")
    check_name(spec.tile)
    seen: dict[Space, str] = {}
    found: dict[str, frozenset[Space]] = {}
    for mark, names in (
        (IMPASSABLE, spec.impassable),
        (GRAVE, spec.mass_graves),
        (GRAVE_X1, spec.mass_graves_x1),
    ):
        squares = set()
        for name in names:
            square = _tile_square(name)
            if square in seen:
                raise RulesError("tiles", "error.normandie.tile_square_twice", square=square.name)
            seen[square] = mark
            squares.add(square)
        found[mark] = frozenset(squares)
    return Tile(spec.tile, found[IMPASSABLE], found[GRAVE], found[GRAVE_X1])


def _tile_square(name: str) -> Space:
    square = parse_space(name)
    if square is None or not (0 <= square.col < TILE_SIZE and 0 <= square.row < TILE_SIZE):
        raise RulesError("tiles", "error.normandie.tile_square", square=name)
    return square


def tile_line(tile: Tile) -> str:
    """The tile as one line of a tile file; read back by :func:`tile_of` as the same tile."""
    obj: dict[str, object] = {"tile": tile.name}
    for mark, squares in tile.marks():
        if squares:
            obj[mark] = [s.name for s in sorted(squares, key=_reading_order)]
    return dump_json(obj)


def write_tiles(tiles: Iterable[Tile]) -> str:
    """A whole tile file: the header comment, then one line a tile, by name."""
    lines = [FILE_HEADER, *(tile_line(t) for t in sorted(tiles, key=lambda t: t.name))]
    return "".join(line + "\n" for line in lines)
