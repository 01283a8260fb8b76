"""A new Normandie battle from New game's own list: a chapter or a battle of our own is one
line of it, with no list of chapters after it."""

from __future__ import annotations

from pathlib import Path

from device.games import ALL_GAMES
from device.normandie.draft import Sheet
from device.ui.newgame import new_game_step
from device.ui.steps import ListStep, WithFiles
from rules.text import render

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


def test_a_battle_of_our_own_asks_the_initiative_at_once(tmp_path: Path) -> None:
    step = _new_game()
    answer = _answer(step.pick(len(step.options) - 1), tmp_path)
    assert isinstance(answer, ListStep)
    assert render(answer.title, "en") == "Who has the initiative?"


def test_chapter_1_opens_its_sheet_at_once(tmp_path: Path) -> None:
    step = _new_game()
    answer = _answer(step.pick(_labels(step).index(NORMANDIE_LINES[0])), tmp_path)
    assert isinstance(answer, Sheet) and answer.draft.chapter == 1
