"""The words beside the Normandie grid: an Assault keeps naming its square (Z7); beside a
list on a small screen the lines that matter now come first."""

from __future__ import annotations

import pygame
import pytest

from display.games import SCREENS
from display.normandie.grid import column_name, panel_layout
from display.normandie.legend import is_pending, move_words, moves
from display.screen import Screen
from rules.text import LANGUAGES, render, translate
from tests.display.test_battlefield import _chapter_1, view_at
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
