"""What a map is: the Areas printed on each side of each board.

A game's map is a map name plus the side chosen for each of its two boards
(T4, D1). ``layout`` gives the Areas in play; ids follow JOURNAL.md (Ids):
the printed name in lower case with every run of other characters turned into ``_``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from rules.values import Record


class Area(Record):
    id: str
    name: str
    board: str  # "upper" / "lower" (Library), "surface" / "underworld" (Dreamlands)
    side: int  # 3 or 5
    sea: bool = False
    link: str | None = None  # stairwell (Library) or tunnel (Dreamlands) letter
    archway: bool = False
    tome: bool = False
    citadel: str | None = None  # Dreamlands Citadel label: "1_2", "3", "4", "5_6"


def area_id(name: str) -> str:
    """``Chamber of Sn'gac`` → ``chamber_of_sn_gac`` (accents folded: Celephaïs → celephais)."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", folded.lower()).strip("_")


class MapSpec(Record):
    name: str
    boards: tuple[str, str]  # the two boards, first named first (new_game default for 4 players)
    areas: Mapping[tuple[str, int], tuple[Area, ...]]  # (board, side) → Areas
