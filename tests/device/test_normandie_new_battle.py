"""A new Normandie battle from New game's own list: a chapter or a battle of our own is one
line of it, with no list of chapters after it; a battle of our own starts from the last
one's sheet (device/normandie/last_sheet.py), its blank tiles marked as the last one's were
on the terrain grid, whatever the file it was kept in holds."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from device.games import GAMES
from device.normandie.draft import NO_MARKS, Draft, Sheet, marks_of
from device.normandie.last_sheet import FILE
from device.ui.newgame import new_game_step
from device.ui.steps import BACK, ListStep, OnceAccepted, WithFiles
from rules.normandie.battlefield import Space, parse_space
from rules.normandie.commands import GearSpec, MassGraveSpec, NzNewBattle
from rules.normandie.state import NormandieState
from rules.normandie.tiles import Placement
from rules.text import render, text
from tests.device.presses import PressTable

ROOT = Path(__file__).resolve().parents[2]
NORMANDIE_LINES = [
    "Normandie, Chapter 1: Master, We're Ready!",
    "Normandie, Chapter 2: Caves of Terror",
    "Normandie, Chapter 3: Rangers!",
    "Normandie: a battle of our own",
]


def _new_game() -> ListStep:
    return new_game_step(None, GAMES.front_ends)


def _labels(step: ListStep, lang: str = "en") -> list[str]:
    return [render(option.label, lang) for option in step.options]


def test_the_chapters_are_named_in_japanese_on_new_games_list() -> None:
    """Each chapter's title in Japanese, as the battle's own screen names it (the list
    kept the English title: "第1章：Master, We're Ready!")."""
    lines = _labels(_new_game(), "ja")
    for chapter in (1, 2, 3):
        title = render(text(f"nz_device.chapter.{chapter}"), "ja")
        assert f"Normandie {title}" in lines, lines
    english = [render(text(f"nz_device.chapter.{chapter}"), "en") for chapter in (1, 2, 3)]
    assert not any(title.split(": ")[1] in line for title in english for line in lines)


def _answer(result: object, files: Path | None = None) -> object:
    return result.make(files) if isinstance(result, WithFiles) else result


def test_new_game_lists_every_normandie_battle_after_the_maps() -> None:
    step = _new_game()
    assert _labels(step)[-4:] == NORMANDIE_LINES
    assert render(step.title, "en") == "New game: which map or battle?"


def test_up_from_the_top_of_new_game_is_a_battle_of_our_own() -> None:
    step = _new_game()
    assert step.cursor == 0
    step.move(-1)
    assert _labels(step)[step.cursor] == "Normandie: a battle of our own"


def test_a_first_battle_of_our_own_asks_its_size_at_once(tmp_path: Path) -> None:
    step = _new_game()
    answer = _answer(step.pick(len(step.options) - 1), tmp_path)
    assert isinstance(answer, ListStep)
    assert render(answer.title, "en").startswith("How big is the battlefield?")
    assert _labels(answer)[answer.cursor] == "Battlefield: 3 tiles side by side"  # the default
    sheet = answer.pick(0)
    assert isinstance(sheet, Sheet) and (sheet.draft.columns, sheet.draft.rows) == (1, 1)


def test_start_is_a_line_a_side_when_the_table_says_who_has_the_initiative(
    tmp_path: Path,
) -> None:
    """Z6 follows the initiative: the press that starts the battle says who has it."""
    sheet = _sheet(_own_battle(tmp_path))
    labels = _sheet_labels(sheet)
    assert labels[:2] == [
        "Start with the initiative to the Sons of Cthulhu",
        "Start with the initiative to the Black Sun",
    ]
    assert not any(label.startswith("Initiative") for label in labels)
    assert sheet.selected() == 0  # the defaults' initiative
    sheet.move(1)
    answer = _answer(sheet.pick(), tmp_path)
    assert isinstance(answer, OnceAccepted) and answer.command.initiative == "black_sun"


def test_the_sheet_is_kept_only_once_the_battle_has_begun(tmp_path: Path) -> None:
    """Start makes the battle; its sheet is kept when the rules accept it, never before."""
    answer = _answer(_sheet(_own_battle(tmp_path)).pick(), tmp_path)
    assert isinstance(answer, OnceAccepted)
    assert not (tmp_path / FILE).exists()
    answer.then()
    assert isinstance(_own_battle(tmp_path), Sheet)  # the next battle opens the kept sheet


def test_a_chapter_that_prints_the_initiative_has_one_start_line(tmp_path: Path) -> None:
    step = _new_game()
    chapter_1 = _answer(step.pick(_labels(step).index(NORMANDIE_LINES[0])), tmp_path)
    assert isinstance(chapter_1, Sheet)
    assert _sheet_labels(chapter_1)[:2] == ["Start the battle", "Initiative: the Sons of Cthulhu"]
    assert [c.enabled for c in chapter_1.choices()[:2]] == [True, False]


def test_chapter_1_opens_its_sheet_at_once(tmp_path: Path) -> None:
    step = _new_game()
    answer = _answer(step.pick(_labels(step).index(NORMANDIE_LINES[0])), tmp_path)
    assert isinstance(answer, Sheet) and answer.draft.chapter == 1


# --- a battle of our own starts from the last one's sheet -------------------------------------

CHANGED = Draft(
    columns=2,
    rows=1,
    layout=(Placement("SoN-5-A", 1, 0, 1),),
    players=("black_sun", "majestic"),
    initiative="majestic",
    tokens=6,
    movement=2,
    gear={"majestic": GearSpec(1, 2)},
)
SHEET_CHOICES = (
    "columns",
    "rows",
    "layout",
    "players",
    "initiative",
    "tokens",
    "movement",
    "gear",
    "marks",
)


def _own_battle(files: Path | None) -> ListStep | Sheet:
    """New game → a battle of our own: the size question of a first one, else its sheet."""
    step = _new_game()
    answer = _answer(step.pick(_labels(step).index(NORMANDIE_LINES[-1])), files)
    assert isinstance(answer, ListStep | Sheet)
    return answer


def _sheet(answer: ListStep | Sheet) -> Sheet:
    """The sheet, the size question (if asked) answered with its cursor: the default."""
    sheet = answer.pick() if isinstance(answer, ListStep) else answer
    assert isinstance(sheet, Sheet)
    return sheet


def _sheet_labels(sheet: Sheet) -> list[str]:
    return [render(choice.label, "en") for choice in sheet.choices()]


def _line(sheet: Sheet, start: str) -> int:
    """The sheet's line whose words begin with ``start``."""
    return next(i for i, label in enumerate(_sheet_labels(sheet)) if label.startswith(start))


def _start(sheet: Sheet, files: Path | None) -> NzNewBattle:
    """OK on the Start line of the draft's own initiative."""
    side = text(f"normandie.side.{sheet.draft.initiative}")
    line = _sheet_labels(sheet).index(render(text("nz_device.wizard.start_with", side=side), "en"))
    answer = _answer(sheet.pick(line), files)
    if isinstance(answer, OnceAccepted):  # a battle of our own: its sheet is kept once begun
        answer.then()  # as the app does when the rules accept it
        answer = answer.command
    assert isinstance(answer, NzNewBattle)
    return answer


def _choices(draft: Draft) -> dict[str, object]:
    return {name: getattr(draft, name) for name in SHEET_CHOICES}


def _marks_json(**lists: object) -> dict[str, object]:
    """The last sheet's "marks", as the file says them: no square unless ``lists`` names some."""
    return {"impassable": [], "mass_graves": [], "mass_graves_x1": [], **lists}


def test_the_next_battle_of_our_own_opens_the_last_ones_sheet(tmp_path: Path) -> None:
    sheet = _sheet(_own_battle(tmp_path))
    sheet.draft = replace(CHANGED, kept=sheet.draft.kept)
    first = _start(sheet, tmp_path)
    second = _own_battle(tmp_path)
    assert isinstance(second, Sheet)  # no size question: the last battle's is on the sheet
    selected = _sheet_labels(second)[second.selected() or 0]
    assert selected == "Start with the initiative to Majestic"  # the last battle's initiative
    assert _choices(second.draft) == _choices(CHANGED) and second.draft.chapter == 0
    assert _start(second, tmp_path) == first


def test_a_new_device_opens_the_sheet_at_its_defaults(tmp_path: Path) -> None:
    assert isinstance(_own_battle(tmp_path), ListStep)  # the size question comes first
    assert _choices(_sheet(_own_battle(tmp_path)).draft) == _choices(Draft())
    assert _choices(_sheet(_own_battle(None)).draft) == _choices(Draft())


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe not words",
        b'{"columns": 2, "rows":',
        b"[" * 100_000,
        b"[1, 2]",
        b"{}",
    ],
    ids=["not-utf8", "cut-short", "nested-too-deep", "a-list", "empty"],
)
def test_an_unreadable_last_sheet_is_the_defaults(tmp_path: Path, content: bytes) -> None:
    (tmp_path / FILE).write_bytes(content)
    assert _choices(_sheet(_own_battle(tmp_path)).draft) == _choices(Draft())


def test_a_last_sheet_that_is_a_folder_is_the_defaults(tmp_path: Path) -> None:
    (tmp_path / FILE).mkdir()
    assert _choices(_sheet(_own_battle(tmp_path)).draft) == _choices(Draft())


def test_a_last_sheet_kept_before_marks_were_is_read_without_them(tmp_path: Path) -> None:
    sheet = _sheet(_own_battle(tmp_path))
    sheet.draft = replace(CHANGED, kept=sheet.draft.kept)
    _start(sheet, tmp_path)
    kept = json.loads((tmp_path / FILE).read_text("utf-8"))
    del kept["marks"]
    (tmp_path / FILE).write_text(json.dumps(kept), "utf-8")
    assert _choices(_sheet(_own_battle(tmp_path)).draft) == _choices(CHANGED)


@pytest.mark.parametrize(
    "wrong",
    [
        {"columns": 5},  # no such size
        {"tokens": "4"},  # words, not a number
        {"movement": True},
        {"initiative": "sons_of_cthulhu"},  # not playing
        {"players": ["black_sun", "black_sun"]},
        {"gear": {"sons_of_cthulhu": {"reanimator_serum": 1, "serum_dart_gun": 0}}},
        {"gear": {"majestic": {"reanimator_serum": 4, "serum_dart_gun": 0}}},
        {"layout": [{"tile": "SoN-5-A", "column": 2, "row": 0, "turn": 0}]},  # off the field
        {"layout": [{"tile": "SoN-5-A", "column": 0, "row": 0, "turn": 4}]},
        {"layout": [{"tile": "../x", "column": 0, "row": 0, "turn": 0}]},
        {"layout": [{"tile": "SoN-5-A", "column": 0, "row": 0, "turn": 0}] * 2},
        {"layout": [{"tile": "SoN-5-A", "column": 0, "row": 0}]},
        {"marks": _marks_json(impassable=["O1"])},  # off the 2-tile battlefield
        {"marks": _marks_json(impassable=["H1"])},  # on SoN-5-A's place
        {"marks": _marks_json(impassable=["C3"], mass_graves=["C3"])},  # one square, twice
        {"marks": _marks_json(mass_graves_x1=["E5", "E5"])},
        {"marks": _marks_json(impassable=["c3"])},
        {"marks": _marks_json(impassable=[3])},
        {"marks": _marks_json(mass_graves="E5")},  # words, not a list
        {"marks": {"impassable": ["C3"]}},
        {"marks": [["C3"], [], []]},
        {"marks": None},
    ],
)
def test_a_last_sheet_the_sheet_cannot_show_is_the_defaults(
    tmp_path: Path, wrong: dict[str, object]
) -> None:
    sheet = _sheet(_own_battle(tmp_path))
    sheet.draft = replace(CHANGED, kept=sheet.draft.kept)
    _start(sheet, tmp_path)
    kept = json.loads((tmp_path / FILE).read_text("utf-8"))
    (tmp_path / FILE).write_text(json.dumps({**kept, **wrong}), "utf-8")
    assert _choices(_sheet(_own_battle(tmp_path)).draft) == _choices(Draft())


def test_a_last_sheet_that_cannot_be_written_still_starts_the_battle(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("", "utf-8")
    sheet = _sheet(_own_battle(not_a_folder))
    assert _start(sheet, not_a_folder) == Draft().command(None)


def test_chapters_keep_their_printed_choices(tmp_path: Path) -> None:
    sheet = _sheet(_own_battle(tmp_path))
    sheet.draft = replace(CHANGED, kept=sheet.draft.kept)
    _start(sheet, tmp_path)
    step = _new_game()
    chapter_1 = _answer(step.pick(_labels(step).index(NORMANDIE_LINES[0])), tmp_path)
    assert isinstance(chapter_1, Sheet)
    assert (chapter_1.draft.columns, chapter_1.draft.tokens) == (3, Draft().tokens)
    assert chapter_1.draft.marks == NO_MARKS
    assert chapter_1.draft.players == ("sons_of_cthulhu", "black_sun")


# --- and its blank tiles marked as the last one's were ---------------------------------------


# CHANGED's blank place (tile column 1) as the terrain grid marked it, and SoN-5-A's K2
def _square(name: str) -> Space:
    space = parse_space(name)
    assert space is not None
    return space


BLANK_MARKS = marks_of([_square("C3")], [(_square("A1"), True), (_square("E5"), False)])


def _terrain(state: NormandieState) -> tuple[list[str], list[tuple[list[str], bool]]]:
    """The impassable squares and each Mass Grave's squares and X1, whatever its id."""
    field_ = state.to_json()["battlefield"]
    graves = sorted((g["spaces"], g["single_use"]) for g in field_["mass_graves"])
    return field_["impassable"], graves


def _marked_battle(files: Path) -> PressTable:
    """CHANGED started from the sheet, its terrain marked on the grid, then Done."""
    sheet = _sheet(_own_battle(files))
    sheet.draft = replace(CHANGED, kept=sheet.draft.kept)
    table = PressTable(files)
    table._submit(_start(sheet, files))
    table.square("C3")  # impassable
    table.square("E5")
    table.press("ok")  # a Mass Grave
    table.square("A1")
    table.press("ok", "ok")  # a Mass Grave X1
    table.square("K2")  # on SoN-5-A, kept with the tile
    assert table.title().startswith("Terrain of SoN-5-A")
    table.press("back")  # Done
    assert table.refused == [] and "Place " in table.title()
    return table


def test_the_next_battle_of_our_own_starts_with_the_blank_tiles_marked(tmp_path: Path) -> None:
    first = _marked_battle(tmp_path)
    sheet = _sheet(_own_battle(tmp_path))
    assert sheet.draft.marks == BLANK_MARKS
    command = _start(sheet, tmp_path)
    assert command.impassable == ("K2", "C3")  # the kept tile's square and the blank tile's
    assert command.mass_graves == (
        MassGraveSpec("g1", ("A1",), True),
        MassGraveSpec("g2", ("E5",), False),
    )
    second = PressTable(tmp_path)
    second._submit(command)
    assert _terrain(second.state) == _terrain(first.state)  # its Mass Graves numbered anew
    assert second.title().startswith("Terrain: mark")  # the grid, still
    second.press("back")  # Done is the only press it needs
    assert second.refused == [] and "Place " in second.title()
    assert _sheet(_own_battle(tmp_path)).draft.marks == BLANK_MARKS


def test_the_sheet_says_the_blank_tiles_are_marked_as_in_the_last_battle(tmp_path: Path) -> None:
    _marked_battle(tmp_path)
    sheet = _sheet(_own_battle(tmp_path))
    tiles = sheet.choices()[_line(sheet, "Tiles")].detail
    assert tiles is not None
    assert render(tiles, "en") == (
        "1 of 1 kept; the others are marked on the grid; "
        "blank tiles marked as in the last battle: 1 impassable square, 2 Mass Graves"
    )
    assert render(tiles, "ja") == (
        "1枚中1枚保存済み、残りはグリッドで入力。"
        "白紙のタイルは前回の戦闘のとおり入力済み：通行不能1マス、集団墓地2か所"
    )
    sheet.draft = sheet.draft.with_tile(1, 0, None)  # no named tile: the marks alone
    tiles = sheet.choices()[_line(sheet, "Tiles")].detail
    assert tiles is not None and render(tiles, "en") == (
        "Blank tiles marked as in the last battle: 1 impassable square, 2 Mass Graves"
    )


def test_the_places_last_line_clears_the_marks(tmp_path: Path) -> None:
    _marked_battle(tmp_path)
    sheet = _sheet(_own_battle(tmp_path))
    places = sheet.pick(_line(sheet, "Tiles"))
    assert isinstance(places, Sheet)
    labels = [render(c.label, "en") for c in places.choices()]
    assert labels[-1] == "Clear the last battle's marks"
    assert [render(c.label, "ja") for c in places.choices()][-1] == "前回の戦闘の地形を消す"
    blank = places.choices()[0].detail
    assert blank is not None and render(blank, "en") == (
        "Marked as in the last battle: 1 impassable square, 2 Mass Graves"
    )
    assert places.pick(len(labels) - 1) is BACK
    assert sheet.draft.marks == NO_MARKS
    assert "Clear the last battle's marks" not in [render(c.label, "en") for c in places.choices()]
    tiles = sheet.choices()[_line(sheet, "Tiles")].detail
    assert tiles is not None and "last battle" not in render(tiles, "en")
    command = _start(sheet, tmp_path)
    assert command.impassable == ("K2",) and command.mass_graves == ()


def test_another_size_drops_the_marks_the_same_size_keeps_them(tmp_path: Path) -> None:
    _marked_battle(tmp_path)
    sheet = _sheet(_own_battle(tmp_path))
    sizes = sheet.pick(_line(sheet, "Battlefield"))
    assert isinstance(sizes, ListStep)
    assert sizes.pick(sizes.cursor) is BACK  # 2 tiles side by side again
    assert sheet.draft.marks == BLANK_MARKS
    sizes = sheet.pick(_line(sheet, "Battlefield"))
    assert isinstance(sizes, ListStep)
    assert sizes.pick(sizes.cursor + 1) is BACK  # 3 tiles side by side
    assert (sheet.draft.columns, sheet.draft.marks) == (3, NO_MARKS)


def test_a_tile_named_on_a_marked_place_drops_its_marks(tmp_path: Path) -> None:
    _marked_battle(tmp_path)
    sheet = _sheet(_own_battle(tmp_path))
    sheet.draft = sheet.draft.with_tile(1, 0, None)  # both places blank
    marks = marks_of([*BLANK_MARKS.impassable, _square("K2")], BLANK_MARKS.graves)
    sheet.draft = replace(sheet.draft, marks=marks)  # on both places
    places = sheet.pick(_line(sheet, "Tiles"))
    assert isinstance(places, Sheet)
    tiles = places.pick(0)  # tile column 1, row 1: which tile?
    assert isinstance(tiles, ListStep)
    assert tiles.pick(tiles.cursor + 1) is BACK  # the first tile offered
    assert sheet.draft.at(0, 0) is not None
    assert [s.name for s in sheet.draft.marks.impassable] == ["K2"]
    assert sheet.draft.marks.graves == ()


def test_marks_are_kept_only_for_a_battle_of_our_own_of_the_sheets_size(tmp_path: Path) -> None:
    sheet = _sheet(_own_battle(tmp_path))
    sheet.draft = replace(CHANGED, columns=3, rows=2, kept=sheet.draft.kept)
    _start(sheet, tmp_path)
    kept = (tmp_path / FILE).read_bytes()
    step = _new_game()
    chapter_3 = _answer(step.pick(_labels(step).index(NORMANDIE_LINES[2])), tmp_path)
    assert isinstance(chapter_3, Sheet)
    # a battle of our own of another size, not started from the sheet; Chapter 3, 3 × 2 tiles
    for battle in (Draft().command(None), _answer(chapter_3.pick(0), tmp_path)):
        assert isinstance(battle, NzNewBattle)
        table = PressTable(tmp_path)
        table._submit(battle)
        table.square("B2")
        table.press("back")
        assert table.refused == [] and "Place " in table.title()
        assert (tmp_path / FILE).read_bytes() == kept


def test_marks_that_cannot_be_kept_change_nothing(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("", "utf-8")
    table = PressTable(not_a_folder)
    table._submit(Draft().command(None))
    table.square("C3")
    table.press("back")
    assert table.refused == [] and "Place " in table.title()
    assert not_a_folder.read_text("utf-8") == ""


def test_a_new_battles_questions_speak_the_games_words_before_it_is_loaded() -> None:
    """On a device playing Cthulhu Wars, Normandie's rules (and their words: the sides) are
    not loaded yet when New game's sheet names who has the initiative: a fresh process."""
    script = (
        "from device.games import GAMES\n"
        "from device.ui.newgame import new_game_step\n"
        "from rules.text import render\n"
        "step = new_game_step(None, GAMES.front_ends)\n"
        "sheet = step.pick(len(step.options) - 1).make(None).pick()\n"
        "print([render(c.label, lang) for c in sheet.choices()[:2] for lang in ('en', 'ja')])\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert ran.stdout.strip() == str([
        "Start with the initiative to the Sons of Cthulhu",
        "クトゥルフの息子たちのイニシアチブで戦闘を始める",
        "Start with the initiative to the Black Sun",
        "黒い太陽のイニシアチブで戦闘を始める",
    ])  # fmt: skip
