"""A scoreboard game's board beside a long list: in the Action Phase, where the Tomes and
the monsters move, the board itself (where the Custodian stands, each faction's Silence);
in the other phases the standings. At 480×320 the two do not fit together at the floor."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from display.games import SCREENS
from display.screen import Screen
from display.view import View
from rules.text import LANGUAGES, translate
from tests.device.screen_walk import begin

EXAMPLE = Path(__file__).resolve().parents[2] / "rules" / "examples" / "celaeno_scoreboard.jsonl"
ACTIVATED = json.dumps(
    {"type": "activate", "monster": "custodian", "by": "yellow_sign", "area": "black_hall"}
)
ROLLED = json.dumps({"type": "roll", "values": [1]})


def _example(commands: int) -> list[str]:
    lines = [line for line in EXAMPLE.read_text("utf-8").splitlines() if line.strip()]
    return [line for line in lines if not line.startswith("#")][:commands]


def _round_two_action(*more: str) -> list[str]:
    """Round 2's Action Phase (the example's first 19 commands), then ``more``."""
    return [*_example(19), *more]


def _board_words(screen: Screen) -> str:
    return " ".join(label.text for label in screen.labels() if label.panel == "board")


def _drawn(view: View, size: tuple[int, int], screen: Screen | None = None) -> str:
    screen = screen or Screen(pygame.Surface(size), SCREENS)
    screen.render(view)
    return _board_words(screen)


def _custodian_in_the_black_hall(lang: str) -> str:
    return translate("area.black_hall", lang)


@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_agony_list_in_the_action_phase_has_the_custodian_beside_it(
    lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Who has Units where the Custodian stands: the board beside the question says where."""
    view = begin(_round_two_action(ACTIVATED, ROLLED), tmp_path).view(lang)
    assert len(view.prompt.choices) >= 5  # the Agony's list of factions is open
    words = _drawn(view, size)
    assert _custodian_in_the_black_hall(lang) in words, words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_agony_die_at_480x320_shows_the_board_and_each_silence(
    lang: str, tmp_path: Path
) -> None:
    view = begin(_round_two_action(ACTIVATED), tmp_path).view(lang)
    words = _drawn(view, (480, 320))
    assert _custodian_in_the_black_hall(lang) in words, words
    assert translate("screen.silence_spent", lang) in words, words  # the Yellow Sign spent it


def test_a_phase_change_alone_redraws_the_condensed_board(tmp_path: Path) -> None:
    """The same list in the Doom Phase and then in the Action Phase on one screen: the
    standings, then the board, though nothing else the board panel keys on changed."""
    view = begin(_round_two_action(ACTIVATED, ROLLED), tmp_path).view("en")
    screen = Screen(pygame.Surface((480, 320)), SCREENS)
    in_doom = replace(view, state={**view.state, "phase": "doom"})
    assert "Black Hall" not in _drawn(in_doom, (480, 320), screen)  # the standings
    assert "Black Hall" in _drawn(view, (480, 320), screen)
