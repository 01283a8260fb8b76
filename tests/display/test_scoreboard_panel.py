"""The scoreboard beside the board (K1–K14, I11): every figure readable and nothing cut.

The states are the public state JSON's ``scoreboard`` and ``game_over`` as the journal format
writes them, for a 4-player Library game in its Action Phase and at its end.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from display.cthulhu_wars.scoreboard import content
from display.games import SCREENS
from display.screen import Screen
from display.view import Prompt, View
from rules.text import LANGUAGES, text, translate
from tests.display.conftest import surface
from tests.display.samples import _celaeno

FACTIONS = ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"]
SIZES = ((480, 320), (800, 480), (1920, 1080), (720, 1280))
MIN_PX = {(480, 320): 9, (800, 480): 12, (1920, 1080): 24, (720, 1280): 14}
SHOTS = os.environ.get("SCOREBOARD_SHOTS")  # a folder: the frames are saved there to look at


def scoreboard(**overrides: Any) -> dict[str, Any]:
    board: dict[str, Any] = {
        "power": {"great_cthulhu": 15, "crawling_chaos": 8, "black_goat": 11, "yellow_sign": 8},
        "doom": {"great_cthulhu": 14, "crawling_chaos": 9, "black_goat": 12, "yellow_sign": 21},
        "elder_signs": {"great_cthulhu": 2, "crawling_chaos": 0, "black_goat": 1, "yellow_sign": 3},
        "spellbooks": {"great_cthulhu": 4, "crawling_chaos": 2, "black_goat": 6, "yellow_sign": 5},
        "elder_signs_left": 30,
        "ritual": {"space": 3, "cost": 7, "track": [5, 6, 7, 7, 8, 8, 9, 10], "at_end": False},
        "first_player": "great_cthulhu",
        "direction": "counterclockwise",
        "order": ["great_cthulhu", "yellow_sign", "black_goat", "crawling_chaos"],
    }
    board.update(overrides)
    return board


def view(lang: str, phase: str = "action", game_over: Any = None) -> View:
    board = scoreboard()
    if game_over:  # K14: every sign revealed at the end, each value kept
        board["elder_signs"] = dict.fromkeys(FACTIONS, 0)
        board["revealed"] = {"great_cthulhu": [2, 3], "yellow_sign": [1, 1, 3], "black_goat": [2]}
    state = _celaeno(
        round=5,
        phase=phase,
        factions=FACTIONS,
        silence=dict.fromkeys(FACTIONS, True),
        sides={"upper": 5, "lower": 3},
        scoreboard=board,
        game_over=game_over,
    )
    return View(state, Prompt(text("screen.sample.doom")), lang=lang)


def drawn(lang: str, size: tuple[int, int], name: str, **kwargs: Any) -> list[str]:
    screen = Screen(surface(size), SCREENS)
    screen.render(view(lang, **kwargs))
    board = [label for label in screen.labels() if label.panel == "board"]
    if SHOTS:
        import pygame

        pygame.image.save(screen.surface, f"{SHOTS}/{name}-{lang}-{size[0]}x{size[1]}.png")
    cut = [label.text for label in board if label.truncated or not label.box.contains(label.rect)]
    assert cut == []
    small = min(label.px for label in board)
    assert small >= MIN_PX[size], f"{small} px at {size}"
    return [label.text for label in board]


def said(lang: str, **kwargs: Any) -> str:
    return " ".join(content(view(lang, **kwargs).state, lang))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_figure_is_drawn_and_none_is_cut(lang: str, size: tuple[int, int]) -> None:
    words = drawn(lang, size, "action")
    joined = " ".join(words)
    for expected in ("21", "15", translate("screen.sb.of", lang, n=6, of=6)):
        assert expected in words
    assert translate("screen.sb.head_elder_signs", lang) in joined


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scoreboard_says_each_figure(lang: str) -> None:
    words = said(lang)
    for expected in (
        translate("screen.sb.power_note", lang),  # I11
        translate("screen.sb.head_power_at_action", lang),
        translate("screen.sb.ritual", lang, cost=7, n=5),  # K7: 8 spaces before the end, on the 4th
        translate("screen.sb.pool", lang, n=30),
    ):
        assert expected in words
    plain = said(lang, phase="doom")
    assert translate("screen.sb.power_note", lang) not in plain
    assert translate("screen.sb.head_power", lang) in plain


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_says_who_won_and_why(lang: str, size: tuple[int, int]) -> None:
    over = {"reason": "ritual_track", "winners": ["black_goat"]}
    words = drawn(lang, size, "end", game_over=over)
    assert "2+3" in words and translate("screen.sb.head_revealed", lang) in "".join(words)  # K14
    assert translate("screen.sb.ended.ritual_track", lang) in said(lang, game_over=over)
    nobody = {"reason": "doom", "winners": []}
    drawn(lang, size, "nobody", game_over=nobody)
    assert translate("screen.sb.nobody_won", lang) in said(lang, game_over=nobody)


def test_a_game_without_the_scoreboard_does_not_load_it() -> None:
    import sys

    sys.modules.pop("display.cthulhu_wars.scoreboard", None)
    screen = Screen(surface((800, 480)), SCREENS)
    screen.render(View(_celaeno(), Prompt(text("screen.sample.doom"))))
    assert "display.cthulhu_wars.scoreboard" not in sys.modules
