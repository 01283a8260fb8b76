"""The words beside the Normandie grid: an Assault keeps naming its square (Z7); beside a
list on a small screen the lines that matter now come first."""

from __future__ import annotations

import pygame
import pytest

from device.normandie.controller import NormandieController
from display.games import SCREENS
from display.normandie.grid import column_name, panel_layout
from display.normandie.legend import is_pending, move_words, moves
from display.screen.screen import Screen
from display.view import View
from rules import journal
from rules.normandie.game import NORMANDIE
from rules.normandie.state import NormandieState
from rules.text import LANGUAGES, render, translate
from tests.display.test_battlefield import EXAMPLE, _chapter_1, view_at
from tests.parsing import replay_game
from tests.rules.normandie.support import play, to_zombies_phase, unit, zombie


def test_an_assault_still_names_its_square_once_the_target_is_eliminated() -> None:
    state, _ = to_zombies_phase(unit("i2", "D4"), zombie("z1", "D1"))
    state, _ = play({"type": "nz_assault", "roll": 6, "eliminated": ["i2"]}, state=state)
    shown = state.to_json()
    assert "i2" not in shown["units"]
    assault = shown["zombies_phase"]["moves"][0]
    english = render(move_words(shown, assault), "en")
    japanese = render(move_words(shown, assault), "ja")
    assert "at D4" in english and "?" not in english
    assert "D4の" in japanese and "?" not in japanese
    assert assault["at"] == "D4"  # the state keeps the square the target stood on


# Assaults waiting for their die, the die's faces listed beside the board: Chapter 3's
# first, and Chapter 1's third move (on the device its "Now:" line was left out at 480×320).
ASSAULTS = {
    "chapter3": lambda lang: view_at("assault", lang),
    "chapter1": lambda lang: _chapter_1(19, lang),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("moment", list(ASSAULTS))
def test_beside_the_assault_list_at_480x320_the_legend_begins_with_the_window_and_now(
    moment: str, lang: str
) -> None:
    """At 480×320 beside the Assault's list (its die's faces) the legend has room for a
    few lines: they say which part of the battlefield the window shows, then the move
    whose Assault waits for its die, whole; the phase's heading, the other moves and the
    keys give way."""
    view = ASSAULTS[moment](lang)
    screen = Screen(pygame.Surface((480, 320)), SCREENS)
    screen.render(view)
    assert len(screen.shown_choices()) >= 3  # the list is open beside the board
    grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
    assert grid.windowed
    drawn = _unspaced("".join(label.text for label in screen.labels() if label.panel == "board"))
    window = translate(
        "nz_device.window", lang, first_col=column_name(grid.first.col),
        last_col=column_name(grid.first.col + grid.columns - 1), first_row=grid.first.row + 1,
        last_row=grid.first.row + grid.rows, end_col=column_name(grid.whole[0] - 1),
        end_row=grid.whole[1],
    )  # fmt: skip
    now = next(entry for entry in moves(view.state) if is_pending(view.state, entry))
    said = f"{now.number}{translate('nz_device.now', lang)}"
    said += render(move_words(view.state, now.move), lang)
    assert drawn.startswith(_unspaced(window + said)), drawn


def _unspaced(words: str) -> str:
    return "".join(words.split())


HEADINGS = ("nz_device.legend.running", "nz_device.legend.lookahead", "nz_device.legend.last")
# Beside a list at 480×320, moments whose legend had room for the phase's heading and no
# more: an Assault's die asked (Chapters 1 to 3), a Zombie's target chosen (Chapter 2).
CROWDED = [("normandie_chapter1", n) for n in (17, 18, 19)] + [
    ("normandie_chapter2", n) for n in (16, 17)] + [
    ("normandie_chapter3", n) for n in (11, 12)]  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("example", "lines"), CROWDED)
def test_the_phase_heading_is_never_the_legend_last_line(
    example: str, lines: int, lang: str
) -> None:
    """The legend drops its least needed lines from the end: where none of the phase's
    moves fits under its heading, the heading goes too rather than head nothing."""
    view = _example(example, lines, lang)
    screen = Screen(pygame.Surface((480, 320)), SCREENS)
    screen.render(view)
    assert screen.shown_choices()  # the list is open beside the board
    drawn = _unspaced("".join(label.text for label in screen.labels() if label.panel == "board"))
    assert drawn
    for key in HEADINGS:
        assert not drawn.endswith(_unspaced(translate(key, lang))), drawn


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_heading_over_a_phase_whose_only_move_waits_for_its_die(lang: str) -> None:
    """A lone Zombie's Assault waiting for its die is said first, as "Now"; the phase's
    heading under it would head none of its moves, only the keys."""
    state, _ = to_zombies_phase(unit("i2", "D4"), zombie("z1", "D1"))
    view = _shown(state, lang)
    assert [is_pending(view.state, entry) for entry in moves(view.state)] == [True]
    screen = Screen(pygame.Surface((800, 480)), SCREENS)
    screen.render(view)
    drawn = _unspaced("".join(label.text for label in screen.labels() if label.panel == "board"))
    assert _unspaced(translate("nz_device.now", lang)) in drawn
    for key in HEADINGS:
        assert _unspaced(translate(key, lang)) not in drawn, drawn


def _example(name: str, lines: int, lang: str) -> View:
    """An example journal after ``lines`` lines, as the app shows it (see ``_chapter_1``)."""
    text = (EXAMPLE.parent / f"{name}.jsonl").read_text(encoding="utf-8")
    state, _ = replay_game(text.splitlines()[:lines])
    assert isinstance(state, NormandieState)
    return _shown(state, lang)


def _shown(state: NormandieState, lang: str) -> View:
    """``state`` with the controller's overlay (cursor, moves to come) and its question."""
    controller = NormandieController(lang)
    shown = {**journal.state_json(journal.Played(NORMANDIE, state)), **controller.overlay(state)}
    return View(shown, controller.prompt(state), lang=lang)
