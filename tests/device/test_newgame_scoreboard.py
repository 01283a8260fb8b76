"""New game asks whether to keep the scoreboard (I12) and remembers the last answer, from
the latest Cthulhu Wars game in the journal: a battle of another game in between or a
restart forgets nothing.

The question costs no press: Start keeps what the current game did, the line below it
starts with the other answer, so a table that never wants the scoreboard presses as before.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path

import pygame
import pytest

from device.companion.app import App, Inputs
from device.companion.window import Window
from device.cthulhu_wars.newgame import confirm, new_game_options
from device.ui.steps import CHOOSE_GAME, DONE, ListStep, StepResult
from device.ui.wizard import Reaction
from display.view import Prompt
from hardware.events import ButtonPressed
from rules.commands import command_to_json
from rules.cthulhu_wars.commands import NewGame, Settings
from rules.cthulhu_wars.game import CTHULHU_WARS
from rules.cthulhu_wars.state import GameState
from rules.journal import parse_line
from rules.text import LANGUAGES, render
from tests.device.conftest import down_to, open_session

FACTIONS = ("great_cthulhu", "crawling_chaos", "black_goat")
EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"


def last_screen(state: object) -> ListStep:
    """Library at Celaeno, three factions, as the buttons choose them."""
    step: StepResult = new_game_options(state)[0].value()
    for faction in (*FACTIONS, "everyone"):
        assert isinstance(step, ListStep)
        step = step.pick(next(i for i, o in enumerate(step.options) if o.value == faction))
    assert isinstance(step, ListStep)
    return step


def game_with(settings: Settings) -> object:
    state, _ = CTHULHU_WARS.apply(None, NewGame("celaeno", FACTIONS, None, settings))
    return state


def test_without_the_scoreboard_start_is_as_before() -> None:
    step = last_screen(None)
    start = step.pick()
    assert isinstance(start, NewGame)
    assert (
        command_to_json(start)["settings"]
        == command_to_json(NewGame("celaeno", FACTIONS, None, Settings()))["settings"]
    )
    assert "scoreboard" not in command_to_json(start)["settings"]
    assert step.pick(len(step.options) - 1) is DONE


def test_the_second_line_starts_with_the_scoreboard() -> None:
    step = last_screen(None)
    other = step.pick(1)
    assert isinstance(other, NewGame) and other.settings is not None
    assert other.settings.scoreboard is True
    assert command_to_json(other)["settings"]["scoreboard"] is True


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_answer_is_remembered(lang: str) -> None:
    state = game_with(replace(Settings(), scoreboard=True))
    step = last_screen(state)
    start = step.pick()
    assert isinstance(start, NewGame) and start.settings is not None
    assert start.settings.scoreboard is True
    off = step.pick(1)
    assert isinstance(off, NewGame) and off.settings is not None
    assert not off.settings.scoreboard
    assert "scoreboard" not in command_to_json(off)["settings"]
    words = [render(o.label, lang) for o in step.options]
    assert len(set(words)) == 3 and all(words)
    assert words[0] != render(last_screen(None).options[0].label, lang)  # it says which


# --- the answer remembered across another game and a restart (real journal on disk) ------

NORMANDIE_BATTLE = (
    (EXAMPLES / "normandie_chapter1.jsonl").read_text(encoding="utf-8").splitlines()[0]
)


def press(app: App, button: str) -> None:
    app.handle_input(ButtonPressed(button))


def to_last_screen(app: App) -> Prompt:
    """New game, Library at Celaeno, three factions, as the buttons choose them: the screen
    that asks about the scoreboard."""
    app.react(Reaction(app_question=CHOOSE_GAME))
    for key in ("map.celaeno", *(f"faction.{f}" for f in FACTIONS), "prompt.that_is_everyone"):
        down_to(lambda: app.view().prompt, partial(press, app), lambda c, k=key: c.label.key == k)
    return app.view().prompt


def started_with(app: App, line: str) -> bool | None:
    """Picks the last screen's ``line`` (Start or the other answer): the new game's scoreboard."""
    down_to(lambda: app.view().prompt, partial(press, app), lambda c: c.label.key == line)
    assert isinstance(app.state, GameState)
    return app.state.settings.scoreboard


def battle(app: App) -> None:
    cmd = parse_line(NORMANDIE_BATTLE, app.games.rules)
    assert cmd is not None
    app.submit(cmd)
    assert not isinstance(app.state, GameState)


def start_proposes(app: App) -> bool:
    """Whether the start that costs no press keeps the scoreboard (its words say)."""
    start = to_last_screen(app).choices[0]
    assert start.label.key.startswith("prompt.start_scoreboard.")
    return start.label.key == "prompt.start_scoreboard.on"


def test_a_fresh_device_proposes_no_scoreboard(state_dir: Path, surface: pygame.Surface) -> None:
    """I12: off unless the table says otherwise."""
    store, session = open_session(state_dir)
    with store:
        app = App(session, Window(surface), Inputs())
        assert start_proposes(app) is False
        assert started_with(app, "prompt.start_scoreboard.off") is None


def test_a_battle_in_between_keeps_the_answer(state_dir: Path, surface: pygame.Surface) -> None:
    store, session = open_session(state_dir)
    with store:
        app = App(session, Window(surface), Inputs())
        to_last_screen(app)
        assert started_with(app, "prompt.start_scoreboard.on") is True
        battle(app)
        assert start_proposes(app) is True
        assert started_with(app, "prompt.start_scoreboard.on") is True
        battle(app)  # and the other way round: off is remembered as well
        to_last_screen(app)
        assert not started_with(app, "prompt.start_scoreboard.off")
        battle(app)
        assert start_proposes(app) is False


def test_a_restart_after_the_battle_keeps_the_answer(
    state_dir: Path, surface: pygame.Surface
) -> None:
    store, session = open_session(state_dir)
    with store:
        app = App(session, Window(surface), Inputs())
        to_last_screen(app)
        assert started_with(app, "prompt.start_scoreboard.on") is True
        battle(app)
    store, session = open_session(state_dir)  # the power came back: the battle is resumed
    with store:
        app = App(session, Window(surface), Inputs())
        assert not isinstance(app.state, GameState)
        assert start_proposes(app) is True
        assert started_with(app, "prompt.start_scoreboard.on") is True


def test_an_opening_the_rules_refuse_is_passed_over(state_dir: Path) -> None:
    """A game whose first line this version refuses (written by another) carries nothing
    over; the Cthulhu Wars game before it does."""
    store, session = open_session(state_dir)
    with store:
        on = NewGame("celaeno", FACTIONS, None, replace(Settings(), scoreboard=True))
        session.submit(on)
        session.submit(parse_line(NORMANDIE_BATTLE, session.rules))  # type: ignore[arg-type]
        store.start_game('{"type": "new_game", "map": "r_lyeh", "factions": []}')
        latest = session.latest("cthulhu_wars")
        assert isinstance(latest, GameState) and latest.settings.scoreboard is True


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("keep", [False, True])
def test_each_start_says_what_it_does_with_the_scoreboard(keep: bool, lang: str) -> None:
    """Issue 50 (13): "Start, keeping the scoreboard (Power, Doom, Rituals)" read as carrying
    this game's scores over, and a plain "Start" did not say it meant no scoreboard. Each
    start now says whether the companion counts Power, Doom and Rituals, the last game's
    answer first."""
    settings = replace(Settings(), scoreboard=True if keep else None)
    step = confirm(NewGame("celaeno", FACTIONS, None, settings))
    first, second, _cancel = (render(choice.label, lang) for choice in step.choices())
    on, off = (first, second) if keep else (second, first)
    said = {"en": ("with the scoreboard", "counted here", "without the scoreboard", "tracks"),
            "ja": ("スコアボード付き", "ここで数える", "スコアボードなし", "トラック")}  # fmt: skip
    with_it, counted, without, tracks = said[lang]
    assert with_it in on and counted in on and "keep" not in on
    assert without in off and tracks in off
    assert step.pick() == NewGame("celaeno", FACTIONS, None, settings)  # the first, at once
