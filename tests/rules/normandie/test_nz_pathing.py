"""I4: the battlefield, walking distance and the deterministic choice among shortest paths."""

from __future__ import annotations

from rules.normandie.battlefield import Battlefield, Space, column_letters, parse_space
from rules.normandie.pathing import distances_from, shortest_path


def s(name: str) -> Space:
    space = parse_space(name)
    assert space is not None
    return space


def names(path: tuple[Space, ...] | None) -> list[str] | None:
    return None if path is None else [space.name for space in path]


def test_space_names_read_like_the_board() -> None:
    assert s("A1") == Space(0, 0)
    assert s("C5") == Space(2, 4)
    assert s("c5") == Space(2, 4)
    assert Space(26, 13).name == "AA14"
    assert s("AA14") == Space(26, 13)
    assert [column_letters(i) for i in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]
    assert parse_space("5C") is None and parse_space("") is None and parse_space("A0") is None


def test_tiles_are_seven_by_seven() -> None:
    field = Battlefield(3, 2)
    assert (field.width, field.height) == (21, 14)
    assert field.on_board(s("U14")) and not field.on_board(s("V1")) and not field.on_board(s("A15"))


def test_i4_distance_walks_around_impassable_spaces() -> None:
    # A wall in column B from row 1 to row 5: from A1 to C1 the walk goes round below it.
    wall = frozenset(s(f"B{row}") for row in range(1, 6))
    field = Battlefield(1, 1, wall)
    reach = distances_from(field, s("A1"), ())
    assert reach[s("C1")] == 2 + 5 * 2  # down 5, across 2, up 5
    assert s("B3") not in reach


def test_i4_occupied_spaces_are_reached_but_not_walked_through() -> None:
    field = Battlefield(1, 1)
    reach = distances_from(field, s("A1"), [s("B1")])
    assert reach[s("B1")] == 1  # a walker may end there (an Assault, Z7)
    assert reach[s("C1")] == 4  # but goes round it: A2, B2, C2, C1


def test_i4_equal_paths_prefer_up_right_down_left() -> None:
    field = Battlefield(1, 1)
    # To the lower right: right comes before down at every step where both are shortest.
    assert names(shortest_path(field, s("A1"), s("C3"), ())) == ["B1", "C1", "C2", "C3"]
    # To the upper left: up comes before left.
    assert names(shortest_path(field, s("C3"), s("A1"), ())) == ["C2", "C1", "B1", "A1"]
    # To the lower left: down comes before left.
    assert names(shortest_path(field, s("C1"), s("A3"), ())) == ["C2", "C3", "B3", "A3"]


def test_i4_path_is_a_shortest_one_around_obstacles() -> None:
    field = Battlefield(1, 1, frozenset({s("B1"), s("B2")}))
    path = shortest_path(field, s("A1"), s("C1"), [s("B3")])
    assert names(path) == ["A2", "A3", "A4", "B4", "C4", "C3", "C2", "C1"]


def test_i4_no_path_when_walled_in() -> None:
    field = Battlefield(1, 1, frozenset({s("B1"), s("A2")}))
    assert shortest_path(field, s("A1"), s("G7"), ()) is None
    assert distances_from(field, s("A1"), ()) == {s("A1"): 0}
