"""The scoreboard beside each of its own questions (Gather Power, First Player, a Ritual, the
Elder Signs revealed at the end), drawn as the app draws it beside the question's list.

At 800×480 every figure the table keeps is read off the screen: each faction's Doom, Power,
Elder Signs held and spellbooks of 6 (K3, K5, K10, K12), the First Player and the direction
(K6), the next Ritual's cost and the spaces left (K7), and the Elder Signs left in the pool
(K10). At 480×320 the list keeps most of the width: each faction's Doom and Power are read
beside it (but beside the first Ritual in English: QUESTION_ALONE); the question says the
rest it asks about (a Ritual's cost is in its own words).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pygame
import pytest

from display.cthulhu_wars.scoreboard.standings import SPELLBOOKS, order
from display.games import SCREENS
from display.layout.canvas import Label
from display.screen.screen import Screen
from display.view import View
from rules.text import LANGUAGES, render, text, translate
from tests.device.screen_walk import begin

EXAMPLE = Path(__file__).resolve().parents[2] / "rules" / "examples" / "celaeno_scoreboard.jsonl"
# The example's commands up to each of the scoreboard's questions: each round's Gather
# Power and First Player, the Rituals (the first with a Gate's result beside it, one
# after a faction performed), and the reveal at the end.
QUESTIONS = {
    "gather_power_1": 9, "first_player_1": 11, "ritual_1": 13, "ritual_after_one": 14,
    "gather_power_2": 26, "first_player_2": 28, "ritual_2": 32, "ritual_3": 46, "reveal": 49,
}  # fmt: skip
LEAST_PX = {(480, 320): 14, (800, 480): 18}  # the every-screen walk's least type
# The first Ritual of a Doom Phase also says each faction's Doom for its Gates (K8), and the
# Ritual on the track's last space that performing it ends the game (K13); in English at
# 480×320 those words need the width the standings would take, so there the question says
# them (a Ritual it cannot pay for says so in its own line) and the standings are back
# beside the next Ritual.
QUESTION_ALONE = {("en", "ritual_1"), ("en", "ritual_3")}


def _example(commands: int) -> list[str]:
    lines = EXAMPLE.read_text("utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")][:commands]


def _unspaced(words: str) -> str:
    return "".join(words.split())


def _drawn(view: View, size: tuple[int, int], panel: str = "board") -> list[Label]:
    screen = Screen(pygame.Surface(size), SCREENS)
    screen.render(view)
    result = view.prompt.result  # right after a command its words come first (issue 50)
    least = 1 if result is not None and result.key == "device.result" else 3
    assert len(screen.shown_choices()) >= min(len(view.prompt.choices), least)
    board = [label for label in screen.labels() if label.panel == panel]
    assert [label.text for label in board if label.truncated] == []
    least = min((label.px for label in board), default=LEAST_PX[size])
    assert least >= LEAST_PX[size], f"{least} px"
    return board


def _question(name: str, lang: str, tmp_path: Path) -> View:
    view = begin(_example(QUESTIONS[name]), tmp_path).view(lang)
    assert view.prompt.choices, name  # the question's list is open beside the board
    return view


def _rows(board: Mapping[str, Any], lang: str, *columns: str) -> list[str]:
    """Each faction's name and its figures, as a row reads left to right (a name on a line
    of its own reads the same, its figures under it)."""
    rows = []
    for faction in order(board):
        figures = [str(board[column][faction]) for column in columns]
        if "spellbooks" in columns:
            figures[-1] = translate("screen.sb.of", lang, n=figures[-1], of=SPELLBOOKS)
        rows.append(_unspaced(translate(f"faction.{faction}", lang) + "".join(figures)))
    return rows


def _facts(board: Mapping[str, Any], lang: str) -> list[str]:
    """The First Player and direction, the next Ritual and the pool, in their words."""
    ritual = board["ritual"]
    left = len(ritual["track"]) - ritual["space"]
    direction = text(f"screen.sb.{board['direction']}")
    key = "screen.sb.ritual_end" if ritual["at_end"] else "screen.sb.ritual"  # K7's last space
    return [
        translate("screen.sb.first_player", lang, direction=direction),
        translate(key, lang, cost=ritual["cost"], n=left),
        translate("screen.sb.pool", lang, n=board["elder_signs_left"]),
    ]


@pytest.mark.parametrize("name", QUESTIONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_800x480_every_figure_is_beside_the_question(
    lang: str, name: str, tmp_path: Path
) -> None:
    view = _question(name, lang, tmp_path)
    board = view.state["scoreboard"]
    words = _unspaced("".join(label.text for label in _drawn(view, (800, 480))))
    missing = [
        said
        for said in _rows(board, lang, "doom", "power", "elder_signs", "spellbooks")
        + [_unspaced(fact) for fact in _facts(board, lang)]
        if said not in words
    ]
    assert missing == [], words


@pytest.mark.parametrize("name", [n for n in QUESTIONS if n.startswith("ritual")])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_480x320_a_ritual_has_each_factions_doom_and_power_beside_it(
    lang: str, name: str, tmp_path: Path
) -> None:
    view = _question(name, lang, tmp_path)
    board = view.state["scoreboard"]
    if (lang, name) in QUESTION_ALONE:
        asked = _unspaced("".join(label.text for label in _drawn(view, (480, 320), "prompt")))
        gains = [_unspaced(f"{translate(f'faction.{f}', lang)} +") for f in order(board)]
        said = gains if name == "ritual_1" else [_unspaced(render(view.prompt.title, lang))]
        assert [words for words in said if words not in asked] == [], asked
        return
    words = _unspaced("".join(label.text for label in _drawn(view, (480, 320))))
    missing = [row for row in _rows(board, lang, "doom", "power") if row not in words]
    assert missing == [], words
    # the next Ritual's cost is not beside it: the question says it in its own words
    asked = _unspaced(render(view.prompt.title, lang))
    assert str(board["ritual"]["cost"]) in asked
    assert asked in _unspaced("".join(label.text for label in _drawn(view, (480, 320), "prompt")))
