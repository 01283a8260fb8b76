"""The Library at Celaeno: two floors, each with a 3- and a 5-player side.

Read off the printed boards (celaeno.md, "Map: Areas"). Flags per Area:
``sea``; ``stair X`` (stairwell letter, adjacent to the same letter on the other
floor, C-map basics); ``archway`` (adjacent to every other archway for movement);
``tome`` (one of the four Tome Areas, C4).
"""

from __future__ import annotations

from rules.cthulhu_wars.maps.spec import Area, MapSpec, area_id

_BOARDS_TEXT: dict[tuple[str, int], str] = {
    ("upper", 5): """
        Floating Tower: archway
        Byakhiary: stair A
        Horrorium: stair C
        Fountain: sea, stair B, archway
        Yr and the Nhhngr: tome
        Guardian under the Lake: tome
        Gloomloft: sea
        Cursed Hall: sea
        Barrier of Naach-Tith: tome, stair D
        Larvae of the Outer Gods: tome, stair F
        Lake of Hali Overlook: sea, stair E
        Lake of Hali Balcony: sea
    """,
    ("upper", 3): """
        Floating Tower: archway
        Yr and the Nhhngr: tome, stair A
        Fountain: sea, stair B, archway
        Guardian under the Lake: tome, stair C
        Gloomloft: sea
        Barrier of Naach-Tith: tome, stair D
        Lake of Hali Overlook: sea, stair E
        Larvae of the Outer Gods: tome, stair F
    """,
    ("lower", 5): """
        Chamber of Sn'gac: stair A, archway
        Oubliette: sea, stair B, archway
        Blue Hall: stair C, archway
        Red Hall:
        Black Hall: archway
        Scorched Chamber: stair D, archway
        Porphyr Hall: sea
        Chamber of Apkallu:
        Hyperquarium: sea, stair E
        Charnel Hall:
        The Crawling Ones: stair F
    """,
    ("lower", 3): """
        Chamber of Sn'gac: stair A, archway
        Oubliette: sea, stair B, archway
        Blue Hall: stair C, archway
        Black Hall: archway
        Chamber of Apkallu: stair D, archway
        Hyperquarium: sea, stair E
        The Crawling Ones: stair F
    """,
}

# C4: the four Tomes; each Tome's id is the id of the Area whose slot it starts in.
TOMES: tuple[str, ...] = (
    "barrier_of_naach_tith",
    "guardian_under_the_lake",
    "larvae_of_the_outer_gods",
    "yr_and_the_nhhngr",
)
# C11: the Barrier is always on; the other three flip face down when used.
FLIPPING_TOMES: frozenset[str] = frozenset(TOMES) - {"barrier_of_naach_tith"}
OUBLIETTE = "oubliette"  # C13: where the Custodian's victims go


def _parse_area(line: str, board: str, side: int) -> Area:
    name, _, flags_text = line.partition(":")
    flags = [flag.strip() for flag in flags_text.split(",") if flag.strip()]
    stair = next((flag.split()[1] for flag in flags if flag.startswith("stair ")), None)
    return Area(
        id=area_id(name.strip()),
        name=name.strip(),
        board=board,
        side=side,
        sea="sea" in flags,
        link=stair,
        archway="archway" in flags,
        tome="tome" in flags,
    )


def _parse_board(board: str, side: int, block: str) -> tuple[Area, ...]:
    lines = [line.strip() for line in block.strip().splitlines()]
    return tuple(_parse_area(line, board, side) for line in lines)


CELAENO = MapSpec(
    name="celaeno",
    boards=("upper", "lower"),
    areas={key: _parse_board(*key, block) for key, block in _BOARDS_TEXT.items()},
)
