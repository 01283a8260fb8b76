"""Map data of the Library at Celaeno (celaeno.md, "Map: Areas"; T4)."""

from __future__ import annotations

import pytest

from rules.cthulhu_wars.maps.boards import layout, map_spec
from rules.cthulhu_wars.maps.celaeno import TOMES
from rules.cthulhu_wars.maps.spec import area_id

SIDES = [("upper", 5, 12), ("upper", 3, 8), ("lower", 5, 11), ("lower", 3, 7)]


@pytest.mark.parametrize(("floor", "side", "count"), SIDES)
def test_each_side_has_its_printed_areas(floor: str, side: int, count: int) -> None:
    areas = map_spec("celaeno").areas[(floor, side)]
    assert len(areas) == count
    assert all(a.board == floor and a.side == side for a in areas)


@pytest.mark.parametrize(("floor", "side", "count"), SIDES)
def test_stairwells_a_to_f_once_on_every_side(floor: str, side: int, count: int) -> None:
    links = sorted(a.link for a in map_spec("celaeno").areas[(floor, side)] if a.link)
    assert links == ["A", "B", "C", "D", "E", "F"]


def test_the_four_tome_areas_are_on_both_upper_sides() -> None:
    for side in (3, 5):
        tomes = {a.id for a in map_spec("celaeno").areas[("upper", side)] if a.tome}
        assert tomes == set(TOMES)


def test_ids_follow_the_journal_format() -> None:
    assert area_id("Chamber of Sn'gac") == "chamber_of_sn_gac"
    assert area_id("The Crawling Ones") == "the_crawling_ones"
    assert area_id("Barrier of Naach-Tith") == "barrier_of_naach_tith"


def test_seas_are_marked_lakes_are_not() -> None:
    upper = {a.id: a for a in map_spec("celaeno").areas[("upper", 5)]}
    assert upper["lake_of_hali_overlook"].sea and upper["fountain"].sea
    assert not upper["guardian_under_the_lake"].sea  # "Lake" alone is not a Sea (seed)


def test_archways_and_a_mixed_four_player_layout() -> None:
    areas = layout("celaeno", (("upper", 5), ("lower", 3)))
    assert len(areas) == 12 + 7
    archways = {a.id for a in areas.values() if a.archway}
    assert archways == {
        "floating_tower",
        "fountain",
        "chamber_of_sn_gac",
        "oubliette",
        "blue_hall",
        "black_hall",
        "chamber_of_apkallu",
    }
    assert areas["chamber_of_apkallu"].link == "D"  # the seed's own example: D leads to the Barrier
    assert areas["barrier_of_naach_tith"].link == "D"
