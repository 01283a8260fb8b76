"""Map tiles (rules/normandie/tiles.py): described once at turn 0, laid turned, read from a
tile file all or nothing, and a battle laid from them replays without them (I4, Z10)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import journal
from rules.errors import RulesError
from rules.games import RULES
from rules.journal import ReplayError
from rules.normandie.battlefield import TILE_SIZE, Space
from rules.normandie.tiles import (
    CHAPTER_TILES,
    Placement,
    Tile,
    chapter_layout,
    chapter_size,
    check_layout,
    layout_terrain,
    on_board,
    read_tiles,
    tile_from_board,
    tile_line,
    tile_of,
    turned,
    write_tiles,
)
from rules.text import render_fragment

squares = st.builds(Space, st.integers(0, TILE_SIZE - 1), st.integers(0, TILE_SIZE - 1))


@st.composite
def tiles(draw: st.DrawFn) -> Tile:
    marked = draw(st.lists(squares, unique=True, max_size=12))
    cut = sorted(draw(st.lists(st.integers(0, len(marked)), min_size=2, max_size=2)))
    return Tile(
        draw(st.from_regex(r"[A-Za-z0-9][A-Za-z0-9._-]{0,10}", fullmatch=True)),
        frozenset(marked[: cut[0]]),
        frozenset(marked[cut[0] : cut[1]]),
        frozenset(marked[cut[1] :]),
    )


@given(squares)
def test_four_quarter_turns_bring_a_square_home(square: Space) -> None:
    assert turned(square, 4) == square
    assert turned(turned(square, 1), 3) == square


def test_a_quarter_turn_is_clockwise() -> None:
    assert turned(Space(0, 0), 1) == Space(6, 0)  # top left → top right
    assert turned(Space(6, 0), 1) == Space(6, 6)  # top right → bottom right
    assert on_board(Placement("SoN-4-A", 1, 0, 1), Space(0, 0)).name == "N1"


@given(tiles())
def test_a_tile_line_reads_back_as_the_same_tile(tile: Tile) -> None:
    assert tile_of(tile_line(tile)) == tile
    assert read_tiles(write_tiles([tile]).splitlines()) == (tile,)


@given(tiles(), st.integers(0, 2), st.integers(0, 1), st.integers(0, 3))
def test_a_tile_laid_turned_is_read_back_from_the_board_as_described(
    tile: Tile, column: int, row: int, turn: int
) -> None:
    place = Placement(tile.name, column, row, turn)
    terrain = layout_terrain([place], {tile.name: tile})
    graves = dict(terrain.graves)
    again = tile_from_board(place, frozenset(terrain.impassable), graves)
    assert again == tile


def test_a_bad_line_is_named_and_nothing_is_read() -> None:
    lines = [
        "# two good tiles, then a bad one",
        '{"tile": "SoN-5-A", "impassable": ["C3"]}',
        "",
        '{"tile": "SoN-4-A", "mass_graves": ["D4"], "impassable": ["D4"]}',
    ]
    with pytest.raises(RulesError) as refused:
        read_tiles(lines)
    assert (
        refused.value.describe() == "tiles: line 4: D4 is marked twice: a square has one terrain."
    )
    assert render_fragment(refused.value.reason, "ja") == "4行目：D4が2回ある：1マスに地形は1つ。"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ('{"tile": "SoN-5-A", "impassable": ["H1"]}', "H1 is not a square of a tile: A1 to G7."),
        ('{"tile": "SoN 5", "impassable": []}', "SoN 5 is not a tile name"),
        ('{"tile": "SoN-5-A", "walls": ["A1"]}', "unknown field “walls”"),
        ('{"tile": "SoN-5-A"', "JSON"),
        ('["SoN-5-A"]', "object"),
    ],
)
def test_each_kind_of_bad_line_says_what_is_wrong(line: str, why: str) -> None:
    with pytest.raises(RulesError) as refused:
        read_tiles([line])
    assert refused.value.describe().startswith("tiles: line 1: ")
    assert why in refused.value.describe()


def test_a_tile_named_twice_in_a_file_is_refused() -> None:
    line = '{"tile": "SoN-5-A"}'
    with pytest.raises(RulesError, match="line 2: SoN-5-A is named twice"):
        read_tiles([line, line])


def test_the_chapters_lay_the_tiles_they_name() -> None:
    assert [p.tile for p in chapter_layout(1)] == ["SoN-5-A", "SoN-4-A", "SoN-2-A"]
    assert [(p.column, p.row) for p in chapter_layout(1)] == [(0, 0), (1, 0), (2, 0)]
    assert [p.tile for p in chapter_layout(2)] == ["SoN-3-B", "SoN-5-B", "SoN-1-B"]
    assert len(CHAPTER_TILES[3]) == 6 and chapter_size(3) == (3, 2)
    for chapter in (1, 2, 3):
        check_layout(chapter_layout(chapter), *chapter_size(chapter))


@pytest.mark.parametrize(
    ("layout", "why"),
    [
        ([Placement("SoN-5-A", 3, 0)], "tile column 4, row 1"),
        ([Placement("SoN-5-A", 0, 0), Placement("SoN-4-A", 0, 0)], "one tile a place"),
        ([Placement("SoN-5-A", 0, 0), Placement("SoN-5-A", 1, 0)], "named twice"),
        ([Placement("SoN-5-A", 0, 0, 4)], "0 to 3 quarter turns"),
    ],
)
def test_a_layout_that_cannot_lie_on_the_battlefield_is_refused(
    layout: list[Placement], why: str
) -> None:
    with pytest.raises(RulesError, match=why):
        check_layout(layout, 3, 1)


def test_a_battle_laid_from_tiles_replays_without_them() -> None:
    """The journal carries the terrain; the layout only says which tile lay where."""
    first = {
        "type": "nz_new_battle", "tiles": {"columns": 2, "rows": 1},
        "players": ["sons_of_cthulhu", "black_sun"], "initiative": "black_sun",
        "zombies": {"z1": 3}, "impassable": ["C3", "N1"],
        "mass_graves": [{"id": "g1", "spaces": ["E5"], "single_use": True}],
        "layout": [{"tile": "SoN-5-A", "column": 1, "row": 1, "turn": 0},
                   {"tile": "SoN-4-A", "column": 2, "row": 1, "turn": 1}],
    }  # fmt: skip
    state, _ = journal.replay([json.dumps(first)], RULES)
    assert state is not None
    shown = journal.state_json(state)["battlefield"]
    assert shown["layout"] == first["layout"] and shown["impassable"] == ["C3", "N1"]
    bad = {**first, "layout": [{"tile": "SoN-5-A", "column": 3, "row": 1, "turn": 0}]}
    with pytest.raises(ReplayError, match="line 1: setup: SoN-5-A lies at tile column 3, row 1"):
        journal.replay([json.dumps(bad)], RULES)


def test_a_battle_without_a_layout_shows_none() -> None:
    """Every earlier journal's state stays exactly as it was."""
    first = {
        "type": "nz_new_battle", "tiles": {"columns": 1, "rows": 1},
        "players": ["sons_of_cthulhu", "black_sun"], "initiative": "black_sun",
        "zombies": {"z1": 3},
    }  # fmt: skip
    state, _ = journal.replay([json.dumps(first)], RULES)
    assert state is not None and "layout" not in journal.state_json(state)["battlefield"]


def test_the_documented_example_is_a_tile_file() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[3] / "rules" / "normandie" / "tiles.md").read_text()
    example = page.split("```jsonl\n", 1)[1].split("```", 1)[0]
    assert [t.name for t in read_tiles(example.splitlines())] == ["SoN-4-A", "SoN-5-A"]
