"""Every accepted command says what it did, at every size; and what the last command said
goes at the next press, so that no line of it is left under the next question (issue 50,
items 5, 6 and 10).

The result is the command's events (or, in fewer words, its line in the History; a board
instruction always whole). Right after the command it is on the screen whatever room the
question's list needs: the list shows fewer choices until the next press, when the
result goes (it stays in the History)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from device.companion.app import App, Inputs
from device.storage.session import GameSession
from device.storage.store import Store
from display.games import SCREENS
from display.screen.screen import Screen
from display.view import View
from hardware.events import ButtonPressed
from rules.games import RULES
from rules.journal import parse_line
from rules.text import LANGUAGES, Text, is_board_instruction, render
from tests.device.conftest import Offscreen

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "rules" / "examples"
SIZES = ((480, 320), (800, 480), (1920, 1080))
DREAMLANDS_GATES = [
    {"type": "new_game", "map": "dreamlands", "settings": {"scoreboard": True},
     "factions": ["great_cthulhu", "crawling_chaos", "yellow_sign", "black_goat"]},
    {"type": "set_gate", "area": "kadath", "gate": True, "controller": "great_cthulhu"},
    {"type": "set_gate", "area": "plain_of_the_ghouls", "gate": True, "controller": "yellow_sign"},
]  # fmt: skip


def lines(name: str) -> list[str]:
    said = (EXAMPLES / name).read_text("utf-8").splitlines()
    return [line for line in said if line.strip() and not line.startswith("#")]


JOURNALS = {
    "scoreboard": lines("celaeno_scoreboard.jsonl"),
    "celaeno_e2": lines("celaeno_e2.jsonl"),
    "dreamlands_e3": lines("dreamlands_e3.jsonl"),
    "dreamlands_gates": [json.dumps(line) for line in DREAMLANDS_GATES],
}


def squashed(words: str) -> str:
    return "".join(words.split())


def drawn(view: View, size: tuple[int, int]) -> str:
    screen = Screen(pygame.Surface(size), SCREENS)
    screen.render(view)
    return squashed("".join(label.text for label in screen.labels() if label.panel == "prompt"))


def said_ways(view: View) -> list[str]:
    """The ways the result may be said: whole, in the History's words, or (a result that
    tells the table to change the board) its board instructions whole."""
    result, lang = view.prompt.result, view.lang
    assert result is not None
    events: list[Text] = list(result.params.get("events", ()))
    ways = [render(result, lang)]
    if view.prompt.brief is not None:
        ways.append(render(view.prompt.brief, lang))
    board = [render(event, lang) for event in events if is_board_instruction(event)]
    if board:
        ways = [" ".join(board)]  # never less than every board instruction
    return [squashed(way) for way in ways]


def app_for(tmp: Path, first: str) -> tuple[App, Store]:
    store = Store.open(tmp / "journal.sqlite3")
    cmd = parse_line(first, RULES)
    assert cmd is not None
    session, _ = GameSession.resume(store, cmd, RULES)
    return App(session, Offscreen(pygame.Surface((800, 480))), Inputs()), store


@pytest.mark.parametrize("name", list(JOURNALS))
def test_every_accepted_command_says_what_it_did_at_every_size(name: str, tmp_path: Path) -> None:
    """Item 5: at 480x320 from round 2 on a spellbook, a sign drawn, a reveal said nothing;
    at 800x480 a Dreamlands Gate change said nothing."""
    journal = JOURNALS[name]
    app, store = app_for(tmp_path, journal[0])
    silent = []
    with store:
        for number, line in enumerate(journal[1:], start=2):
            cmd = parse_line(line, RULES, app.session.played.game)
            assert cmd is not None
            app.submit(cmd)
            for lang in LANGUAGES:
                app.controller.lang = lang
                view = app.view()
                for size in SIZES if lang == "en" else SIZES[:2]:
                    words = drawn(view, size)
                    if not any(way in words for way in said_ways(view)):
                        silent.append(f"line {number} {lang} {size}: {said_ways(view)[-1]}")
    assert silent == [], "\n".join(silent)


def press(app: App, *buttons: str) -> None:
    for button in buttons:
        app.handle_input(ButtonPressed(button))


def choose(app: App, key: str) -> None:
    """DOWN to the line whose words are ``key``, then OK (as a table reads the screen)."""
    for _ in range(40):
        prompt = app.view().prompt
        if prompt.selected is not None and prompt.choices[prompt.selected].label.key == key:
            press(app, "ok")
            return
        press(app, "down")
    raise AssertionError(f"no {key} among {app.view().prompt.choices}")


def prompt_words(app: App, size: tuple[int, int] = (800, 480)) -> str:
    return drawn(app.view(), size)


TOME_LOST = [  # the Crawling Chaos takes a Tome, then its Gate is abandoned: Overdue (C7)
    {"type": "new_game", "map": "celaeno",
     "factions": ["great_cthulhu", "crawling_chaos", "yellow_sign"]},
    {"type": "set_gate", "area": "guardian_under_the_lake", "gate": True,
     "controller": "crawling_chaos"},
]  # fmt: skip


def test_the_last_commands_words_go_at_the_next_press(tmp_path: Path) -> None:
    """Item 6: "Done: the Gate change…" under "What is the Gate in the Oubliette now?";
    "Great Cthulhu draws 1 Elder Sign." on the next Gate question. Right after the command
    its words are there (item 5); a press, and they are gone from the question it opens."""
    first, *rest = (json.dumps(line) for line in TOME_LOST)
    app, store = app_for(tmp_path, first)
    with store:
        for line in rest:
            app.session.submit_line(line)
        cmd = parse_line(json.dumps({"type": "set_gate", "area": "guardian_under_the_lake",
                                     "gate": True, "controller": None}), RULES, app.session.played.game)  # fmt: skip
        assert cmd is not None
        app.submit(cmd)
        said = said_ways(app.view())
        assert "Overdue" in said[0] and any(way in prompt_words(app) for way in said)
        choose(app, "main.gate")  # A Gate changed: where?
        assert app.view().prompt.result is None
        assert not any(way in prompt_words(app) for way in said)
        press(app, "ok")  # the first Area: what is its Gate now?
        assert app.view().prompt.title.key == "prompt.gate_what"
        assert not any(way in prompt_words(app) for way in said)


def test_the_language_said_goes_at_the_next_press(tmp_path: Path) -> None:
    """Item 6: "言語：日本語。" stayed through the whole New game."""
    app, store = app_for(tmp_path, json.dumps(TOME_LOST[0]))
    with store:
        choose(app, "main.menu")
        choose(app, "menu.language")
        choose(app, "language.ja")
        notice = app.view().prompt.result
        assert notice is not None and squashed(render(notice, "ja")) in prompt_words(app)
        choose(app, "main.menu")
        assert app.view().prompt.result is None
        choose(app, "menu.new_game")
        assert squashed(render(notice, "ja")) not in prompt_words(app)


def test_nobody_else_performs_a_ritual_names_every_faction_it_passed_for(tmp_path: Path) -> None:
    """Item 10: after "Nobody else performs a Ritual" the result named one faction only."""
    journal = JOURNALS["scoreboard"]
    doom = next(i for i, line in enumerate(journal) if '"ritual"' in line)
    app, store = app_for(tmp_path, journal[0])
    with store:
        for line in journal[1:doom]:
            app.session.submit_line(line)
        app.controller.follow(app.session.played)
        press(app, "up", "ok")  # UP from Pass: nobody else performs a Ritual
        passed = [f for f in json.loads(journal[0])["factions"]]
        for lang in LANGUAGES:
            app.controller.lang = lang
            view = app.view()
            assert view.prompt.brief is not None
            short = render(view.prompt.brief, lang)
            for faction in passed:
                assert render(Text(f"who.{faction}"), lang).removeprefix("The ") in short
            for size in SIZES[:2]:
                assert any(way in drawn(view, size) for way in said_ways(view)), (lang, size)
