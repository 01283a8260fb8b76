"""A new Normandie battle from New game's own list: a chapter or a battle of our own is one
line of it, with no list of chapters after it; a battle of our own starts from the last
one's sheet (device/normandie/last_sheet.py), whatever the file it was kept in holds."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from device.games import ALL_GAMES
from device.normandie.draft import Draft, Sheet
from device.normandie.last_sheet import FILE
from device.ui.newgame import new_game_step
from device.ui.steps import ListStep, WithFiles
from rules.normandie.commands import GearSpec, NzNewBattle
from rules.normandie.tiles import Placement
from rules.text import render, text

ROOT = Path(__file__).resolve().parents[2]
NORMANDIE_LINES = [
    "Normandie, Chapter 1: Master, We're Ready!",
    "Normandie, Chapter 2: Caves of Terror",
    "Normandie, Chapter 3: Rangers!",
    "Normandie: a battle of our own",
]


def _new_game() -> ListStep:
    return new_game_step(None, ALL_GAMES.front_ends)


def _labels(step: ListStep, lang: str = "en") -> list[str]:
    return [render(option.label, lang) for option in step.options]


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
    command = _answer(sheet.pick(), tmp_path)
    assert isinstance(command, NzNewBattle) and command.initiative == "black_sun"


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
SHEET_CHOICES = ("columns", "rows", "layout", "players", "initiative", "tokens", "movement", "gear")


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


def _start(sheet: Sheet, files: Path | None) -> NzNewBattle:
    """OK on the Start line of the draft's own initiative."""
    side = text(f"normandie.side.{sheet.draft.initiative}")
    line = _sheet_labels(sheet).index(render(text("nz_device.wizard.start_with", side=side), "en"))
    command = _answer(sheet.pick(line), files)
    assert isinstance(command, NzNewBattle)
    return command


def _choices(draft: Draft) -> dict[str, object]:
    return {name: getattr(draft, name) for name in SHEET_CHOICES}


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
    assert chapter_1.draft.players == ("sons_of_cthulhu", "black_sun")


def test_a_new_battles_questions_speak_the_games_words_before_it_is_loaded() -> None:
    """On a device playing Cthulhu Wars, Normandie's rules (and their words: the sides) are
    not loaded yet when New game's sheet names who has the initiative: a fresh process."""
    script = (
        "from device.games import ALL_GAMES\n"
        "from device.ui.newgame import new_game_step\n"
        "from rules.text import render\n"
        "step = new_game_step(None, ALL_GAMES.front_ends)\n"
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
