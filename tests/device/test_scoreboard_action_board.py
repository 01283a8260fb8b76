"""A scoreboard game's board beside a long list: while the board moves (the Action Phase,
where the Tomes and the monsters go; a roll pending, the Bhole's and the Zoogs') the board
itself (where the Custodian stands, each faction's Silence), else or where it is not whole
the standings. At 480×320 the two do not fit together at the floor."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from display.cthulhu_wars.panels import (
    BOARD_ALONE,
    END,
    FEWEST,
    STANDINGS,
    WHOLE_STANDINGS,
    condensed,
)
from display.games import SCREENS
from display.panels.shared import Panel
from display.screen.screen import Screen
from display.view import View
from rules.text import LANGUAGES, translate
from tests.device.screen_walk import begin
from tests.device.test_every_screen import DREAMLANDS_SCOREBOARD_DOOM

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


def test_what_moves_now_changes_the_condensed_board_on_one_screen(tmp_path: Path) -> None:
    """The same list beside a Ritual pending in the Doom Phase, then beside the Agony in
    the Action Phase, on one screen: the standings, then the board."""
    view = begin(_round_two_action(ACTIVATED, ROLLED), tmp_path).view("en")
    screen = Screen(pygame.Surface((480, 320)), SCREENS)
    ritual = {"kind": "ritual", "faction": "yellow_sign", "cost": 5}
    in_doom = replace(view, state={**view.state, "phase": "doom", "pending": ritual})
    assert "Black Hall" not in _drawn(in_doom, (480, 320), screen)  # the standings
    assert "Black Hall" in _drawn(view, (480, 320), screen)


def _dreamlands_zoogs_roll() -> list[str]:
    """A 5-faction Dreamlands game with the scoreboard, its Rituals passed and the Bhole
    rolled: the Zoogs' six dice asked in a long list."""
    passed = (
        json.dumps({"type": "ritual", "faction": faction, "perform": False})
        for faction in (
            "great_cthulhu",
            "crawling_chaos",
            "yellow_sign",
            "black_goat",
            "windwalker",
        )
    )
    return [*DREAMLANDS_SCOREBOARD_DOOM, *passed, json.dumps({"type": "roll", "values": [2]})]


def test_a_board_not_whole_beside_the_list_leaves_the_standings(tmp_path: Path) -> None:
    """The Zoogs' dice at 800×480: five factions' Dreamlands board is not whole in the
    narrow column, so the standings stay rather than the board stepping aside."""
    view = begin(_dreamlands_zoogs_roll(), tmp_path).view("en")
    assert view.state["pending"]["purpose"] == "zoogs"
    words = _drawn(view, (800, 480))
    assert "Windwalker" in words and "Doom" in words, words


@pytest.mark.parametrize(
    ("phase", "pending", "offered"),
    [
        ("action", None, (BOARD_ALONE, WHOLE_STANDINGS, STANDINGS, FEWEST)),
        ("action", {"kind": "assign_agony"}, (BOARD_ALONE, WHOLE_STANDINGS, STANDINGS, FEWEST)),
        ("action", {"kind": "reveal"}, (WHOLE_STANDINGS, STANDINGS, FEWEST)),
        ("doom", {"kind": "ritual"}, (WHOLE_STANDINGS, STANDINGS, FEWEST)),
        (
            "doom",
            {"kind": "roll", "purpose": "bhole"},
            (BOARD_ALONE, WHOLE_STANDINGS, STANDINGS, FEWEST),
        ),
        ("doom", None, (WHOLE_STANDINGS, STANDINGS, FEWEST)),
        ("gather_power", {"kind": "gather_power"}, (WHOLE_STANDINGS, STANDINGS, FEWEST)),
        ("first_player", {"kind": "first_player"}, (WHOLE_STANDINGS, STANDINGS, FEWEST)),
    ],
)
def test_the_board_condenses_to_what_moves_now(
    phase: str, pending: dict[str, str] | None, offered: tuple[Panel, ...]
) -> None:
    state: dict[str, Any] = {
        "game": "cthulhu_wars",  # a game's part reads only its own game's state
        "scoreboard": {"doom": {}},
        "phase": phase,
        "pending": pending,
        "game_over": None,
    }
    assert condensed(state) == offered
    assert condensed({**state, "game_over": {"winners": []}}) == (END,)
    assert condensed({**state, "scoreboard": None}) == ()


def _choose(walker: Any, lang: str, key: str, **params: str) -> None:
    """DOWN to the line whose words are ``key`` (with ``params``), then OK."""
    for _ in range(30):
        prompt = walker.view(lang).prompt
        label = prompt.choices[prompt.selected].label
        if label.key == key and all(label.params.get(k) == v for k, v in params.items()):
            walker.act("ok")
            return
        walker.act("down")
    raise AssertionError(f"no {key} {params}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_480x320_the_left_panel_is_what_the_question_is_about(lang: str, tmp_path: Path) -> None:
    """Issue 50 (14): in the Action Phase the left panel swapped between the board and the
    standings from one press to the next, and while a Power correction was entered the
    standings were not in sight. The main screen's question is about the board; the
    scoreboard's menu lines, what happened to a faction and its correction are about the
    standings, which stay from the menu to the dial's last press."""
    walker = begin(_round_two_action(), tmp_path)
    screen = Screen(pygame.Surface((480, 320)), SCREENS)
    heading = "".join(translate("screen.sb.head_faction", lang).split())

    def standings() -> bool:
        return heading in "".join(_drawn(walker.view(lang), (480, 320), screen).split())

    assert not standings()  # the main screen: the board
    _choose(walker, lang, "main.menu")
    seen = [standings()]
    _choose(walker, lang, "menu.sb_faction", faction="great_cthulhu")
    seen.append(standings())
    _choose(walker, lang, "prompt.sb.power_or_doom")
    for button in ("up", "up", "right", "up"):  # Power, then Doom, turned
        seen.append(standings())
        walker.act(button)
    seen.append(standings())
    assert seen == [True] * len(seen)
    walker.act("ok")
    assert walker.result is not None and not standings()  # back on the main screen
