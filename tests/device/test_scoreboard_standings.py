"""A scoreboard game's standings: each faction's name on one line, read at one glance, at
every size in both languages; and beside the Ritual list at 800×480 and up the standings
stay in sight (the board condenses to them rather than step aside; at 480×320 the board
may step aside for the list).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest

from display.cthulhu_wars import names
from display.games import SCREENS
from display.layout.canvas import Label
from display.screen.screen import Screen
from display.view import View
from rules.text import LANGUAGES
from tests.device.screen_walk import begin
from tests.device.test_every_screen import LEAST_PX, SCOREBOARD_DOOM
from tests.display.test_scoreboard_panel import FACTIONS
from tests.display.test_scoreboard_panel import view as scoreboard_view

SIZES = ((480, 320), (800, 480), (1920, 1080))
OUTPUT = Path(__file__).resolve().parents[1] / "output" / "scoreboard"


def _drawn(view: View, size: tuple[int, int], name: str) -> list[Label]:
    screen = Screen(pygame.Surface(size), SCREENS)
    screen.render(view)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen.surface, str(OUTPUT / f"{name}-{view.lang}-{size[0]}x{size[1]}.png"))
    return [label for label in screen.labels() if label.panel == "board"]


def _on_one_line(board: Sequence[Label], name: str) -> bool:
    """Whether the faction's name is drawn whole on one line somewhere on the board (its
    table's row; the board's other lines may name it too, broken where they wrap)."""
    unspaced = "".join(name.split())
    texts = ["".join(label.text.split()) for label in board]
    for start in range(len(texts)):
        joined = ""
        for end in range(start, len(texts)):
            joined += texts[end]
            if joined == unspaced:
                if len({label.rect.top for label in board[start : end + 1]}) == 1:
                    return True
                break
            if not unspaced.startswith(joined):
                break
    return False


def _assert_standings(board: Sequence[Label], lang: str, size: tuple[int, int]) -> None:
    for faction in FACTIONS:
        name = names.faction(faction, lang)
        assert _on_one_line(board, name), f"{name!r} not on one line ({lang} {size})"
    assert not any(label.truncated for label in board)
    assert min(label.px for label in board) >= LEAST_PX[size]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_faction_name_is_on_one_line(lang: str, size: tuple[int, int]) -> None:
    board = _drawn(scoreboard_view(lang, phase="doom"), size, "standings")
    _assert_standings(board, lang, size)


@pytest.mark.parametrize("size", SIZES[1:], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_standings_stay_beside_the_ritual_list(
    lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    walker = begin(SCOREBOARD_DOOM, tmp_path)
    view = walker.view(lang)
    assert len(view.prompt.choices) >= 4  # the Ritual's list is open
    board = _drawn(view, size, "ritual")
    seats = [str(f) for f in view.state["factions"]]
    for faction in seats:
        assert _on_one_line(board, names.faction(faction, lang)), (faction, lang, size)
    assert not any(label.truncated for label in board)
    assert min(label.px for label in board) >= LEAST_PX[size]
