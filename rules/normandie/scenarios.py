"""The three chapters of Cthulhu Mythos Call #1: turn limits, end conditions, points.

Chapter 1 "Master, We're Ready!": 8 turns; the Black Sun wins at once by
eliminating Erghöl Derleth, the Cultists win if he is still alive after turn 8.
Chapter 2 "Caves of Terror": 10 turns; the Cultists win if a Sons of Cthulhu unit
stands in the space by the jail door (highlighted in red) at the end of any Supply
phase, the Black Sun wins if Derleth is still in jail after turn 10.
Chapter 3 "Rangers!": 10 turns, three sides; points for eliminated enemy units.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules.values import Record

SONS = "sons_of_cthulhu"
BLACK_SUN = "black_sun"
MAJESTIC = "majestic"


class Chapter(Record):
    number: int
    sides: tuple[str, ...]
    turns: int
    initiative: str | None  # the printed initiative, or None where it is drawn


CHAPTERS: Mapping[int, Chapter] = MappingProxyType(
    {
        1: Chapter(1, (SONS, BLACK_SUN), turns=8, initiative=SONS),
        2: Chapter(2, (SONS, BLACK_SUN), turns=10, initiative=SONS),
        # "The cultist player has initiative" and "the initiative is randomly
        # determined" are both printed: the players enter it.
        3: Chapter(3, (SONS, BLACK_SUN, MAJESTIC), turns=10, initiative=None),
    }
)

# Chapter 3 table, as printed: points per eliminated unit, by scorer then victim side.
# The Black Sun row reads "Black Sun and Majestic units are worth 2 points each",
# which would score the Black Sun for its own losses and never for the Sons of
# Cthulhu. The goal is "to eliminate the most enemy units", so by default we read
# that row's "Black Sun" as the Sons of Cthulhu; the setting
# ``black_sun_row_as_printed`` keeps the printed row. Own units never score.
POINTS_AS_PRINTED: Mapping[str, Mapping[str, int]] = MappingProxyType(
    {
        MAJESTIC: MappingProxyType({BLACK_SUN: 2, SONS: 1}),
        SONS: MappingProxyType({BLACK_SUN: 2, MAJESTIC: 1}),
        BLACK_SUN: MappingProxyType({BLACK_SUN: 2, MAJESTIC: 2}),
    }
)
POINTS_READ: Mapping[str, Mapping[str, int]] = MappingProxyType(
    {**POINTS_AS_PRINTED, BLACK_SUN: MappingProxyType({SONS: 2, MAJESTIC: 2})}
)

# What one eliminated unit counts as: "The Shoggoth itself is worth 2 units",
# "The Sherman 76 itself is worth 2 units"; each Shoggoth life point lost is 1 unit.
SHOGGOTH_WORTH = 2
SHERMAN_76_WORTH = 2


def points_for(scorer: str | None, victim: str | None, units: int, as_printed: bool) -> int:
    """Chapter 3 points the scorer earns for ``units`` units of the victim's side."""
    if scorer is None or victim is None or scorer == victim:
        return 0
    table = POINTS_AS_PRINTED if as_printed else POINTS_READ
    return table.get(scorer, {}).get(victim, 0) * units
