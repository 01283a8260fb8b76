"""The Normandie press table: how many presses a battle's setup takes, on the shortest key path.

:class:`~tests.device.presses.PressTable` drives the device's controllers as the app does,
from the idle screen of the game a fresh device starts (the configured Cthulhu Wars
table), and reaches each choice and square by the fewest buttons (a breadth-first search
over the step's own cursor). The battles:

- the tiny battlefield, from scratch: one blank tile, 2 impassable squares (C3, C4), a
  Mass Grave (E5), an infantry unit a side on its edge (A4, G4) and 2 Zombies (D2, E6);
  then the same battle again from the first one's Order Phase, whose sheet the second
  starts from, its blank tile marked as the first one's was;
- Chapter 1 from kept tiles (tests/rules/normandie/data/chapter1.tiles) with 6 units: Erghöl
  Derleth and 2 Sons of Cthulhu infantry on SoN-5-A, 2 Black Sun infantry and a Master
  on SoN-2-A.

Both end in turn 1's Order Phase. The goals (issue: a battlefield in under two minutes)
are asserted, and the README's table must say the same counts; its "before" column was
measured on 603244c with tests/device/presses_before.py (same table, the old flow).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from device.normandie.tilestore import TileStore
from rules.normandie.battlefield import parse_space
from rules.normandie.state import ORDERS, NormandieState
from rules.normandie.tiles import read_tiles
from tests.device.presses import PressTable

ROOT = Path(__file__).resolve().parents[2]
CHAPTER_1_TILES = ROOT / "tests" / "rules" / "normandie" / "data" / "chapter1.tiles"
TINY_GOAL, CHAPTER_1_GOAL = 30, 40
BEFORE = {"tiny": 58, "tiny_new_game": 77, "chapter_1": 142}  # 603244c, presses_before.py


def _new_battle(table: PressTable, chapter: str) -> None:
    table.choose("Something else happened")  # the main screen's menu
    table.choose("New game")
    table.choose(chapter)


def tiny(table: PressTable) -> int:
    """The presses of the battlefield itself (the new-game flow is ``table.presses`` less)."""
    _new_battle(table, "Normandie: a battle of our own")
    assert table.title().startswith("How big is the battlefield?")  # a first: its size first
    table.choose("Battlefield: 1 tile")
    table.choose("Start with the initiative to the Sons of Cthulhu")
    return _tiny_battlefield(table)


def second_tiny(table: PressTable) -> int:
    """The tiny battle again, from the first one's Order Phase, with the new-game flow: its
    sheet is the first one's (1 tile), the cursor on the Start line of the first's initiative,
    and its terrain grid already shows the first one's marks: Done is one press."""
    tiny(table)
    start = table.presses
    table.press("ok")  # a battle's idle screen: OK opens its menu
    table.choose("New game")
    table.choose("Normandie: a battle of our own")
    start_line = "Start with the initiative to the Sons of Cthulhu"
    assert table.choices()[table.prompt().selected] == start_line
    assert table.choices()[2] == "Battlefield: 1 tile"
    table.choose(start_line)
    assert table.title().startswith("Terrain") and _marks(table.state) == TINY_MARKS
    table.press("back")  # Done: place the units
    _tiny_units(table)
    return table.presses - start


TINY_MARKS = (["C3", "C4"], [(["E5"], False)])


def _marks(state: NormandieState) -> tuple[list[str], list[tuple[list[str], bool]]]:
    """The battlefield's impassable squares and its Mass Graves (squares, X1)."""
    field_ = state.to_json()["battlefield"]
    graves = [(g["spaces"], g["single_use"]) for g in field_["mass_graves"]]
    return field_["impassable"], graves


def _tiny_battlefield(table: PressTable) -> int:
    start = table.presses
    table.square("C3")  # open → impassable: one OK
    table.square("C4")
    table.square("E5")  # open → impassable → Mass Grave: two
    table.press("ok")
    table.press("back")  # Done: place the units
    _tiny_units(table)
    return table.presses - start


def _tiny_units(table: PressTable) -> None:
    """The tiny battle's units, from the placing grid's first question, then turn 1."""
    table.square("A4")  # infantry of the Sons of Cthulhu, the first unit offered
    table.press("back")
    table.choose("Infantry, the Black Sun")
    table.square("G4")
    table.press("back")
    table.choose("Zombies token z1")
    table.square("D2")
    table.square("E6")
    table.press("back")
    table.choose("Done: begin turn 1")


def chapter_1(table: PressTable) -> int:
    _new_battle(table, "Normandie, Chapter 1")
    table.choose("Start")  # the tiles are kept: no terrain to mark
    table.square("A3")
    table.square("A5")
    table.press("back")
    table.choose("Erghöl Derleth")
    table.square("B4")
    table.press("back")
    table.choose("Infantry, the Black Sun")
    table.square("U3")
    table.square("U5")
    table.press("back")
    table.choose("Master of the dead, the Black Sun")
    table.square("T4")
    table.press("back")
    table.choose("Done: begin turn 1")
    return table.presses


def _where(state: NormandieState) -> dict[str, tuple[str, str | None]]:
    return {uid: (u.space.name, u.owner) for uid, u in state.units.items()}


@pytest.fixture()
def table(tmp_path: Path) -> PressTable:
    return PressTable(tmp_path / "state")


def test_the_tiny_battlefield_from_scratch(table: PressTable) -> None:
    battlefield = tiny(table)
    state = table.state
    assert isinstance(state, NormandieState) and state.phase == ORDERS and table.refused == []
    assert _marks(state) == TINY_MARKS
    assert _where(state) == {
        "i1": ("A4", "sons_of_cthulhu"), "i2": ("G4", "black_sun"),
        "z1": ("D2", None), "z2": ("E6", None),
    }  # fmt: skip
    assert battlefield <= TINY_GOAL
    assert (battlefield, table.presses) == (
        readme_counts()["tiny"],
        readme_counts()["tiny_new_game"],
    )


def test_a_second_battle_of_our_own_from_the_last_sheet(table: PressTable) -> None:
    presses = second_tiny(table)
    state = table.state
    assert isinstance(state, NormandieState) and state.phase == ORDERS and table.refused == []
    assert state.battlefield.columns * state.battlefield.rows == 1
    assert _marks(state) == TINY_MARKS and len(state.units) == 4
    assert presses == readme_counts()["second"]


def test_chapter_1_from_kept_tiles(table: PressTable) -> None:
    TileStore(table.files).save_all(read_tiles(CHAPTER_1_TILES.read_text("utf-8").splitlines()))
    presses = chapter_1(table)
    state = table.state
    assert isinstance(state, NormandieState) and state.phase == ORDERS and table.refused == []
    assert parse_space("P5") in state.battlefield.impassable  # SoN-2-A B5, from the kept tile
    assert [p.tile for p in state.layout] == ["SoN-5-A", "SoN-4-A", "SoN-2-A"]
    assert sorted(_where(state).values()) == sorted([
        ("A3", "sons_of_cthulhu"), ("A5", "sons_of_cthulhu"), ("B4", "sons_of_cthulhu"),
        ("U3", "black_sun"), ("U5", "black_sun"), ("T4", "black_sun"),
    ])  # fmt: skip
    assert state.units["derleth"].space.name == "B4"
    assert presses <= CHAPTER_1_GOAL
    assert presses == readme_counts()["chapter_1"]


def test_the_readme_keeps_the_before_figures() -> None:
    counts = readme_counts(column=1)
    assert counts == BEFORE


ROWS = {"tiny": "Tiny battlefield, the battlefield alone",
        "tiny_new_game": "Tiny battlefield with the new-game flow",
        "second": "A second battle of our own, from the last sheet",
        "chapter_1": "Chapter 1 from kept tiles"}  # fmt: skip


def readme_counts(column: int = 2) -> dict[str, int]:
    """The README's Normandie press table: ``column`` 1 is before, 2 after."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("<!-- normandie-presses -->", 1)[1].split("\n\n", 1)[0]
    found: dict[str, int] = {}
    for key, start in ROWS.items():
        row = next(line for line in table.splitlines() if line.startswith(f"| {start}"))
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if re.search(r"\d", cells[column]):  # "–": no such battle then
            found[key] = int(re.sub(r"\D", "", cells[column]))
    return found
