"""A third game, Tower, that exists only in the tests (tests/plugin/tiny.py), plugged in
as one more value in each layer's list, built here (``GAMES.plus``) and passed in:
replayed by the engine and the ``celaeno replay`` command, driven by the device's app with
gpiozero mock buttons, drawn by the screen, and followed by the phone view.
No engine, device, display or web file names it."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

from device.cli.main import main
from device.companion.app import App, Inputs, TableSetup
from device.companion.window import Window
from device.games import GAMES, Games
from device.storage import paths
from device.storage.session import GameSession
from device.storage.store import Store
from device.web.feed import Feed
from display.screen.screen import Screen
from display.view import Prompt, View
from display.web.page import WebView, live_html
from hardware.buttons import DEFAULT_PINS, ButtonPanel
from hardware.events import InputEvent
from hardware.gestures import Timing
from rules.commands import Command, Undo
from rules.journal import apply, parse_line, replay, state_json
from rules.parts import UnknownGame
from rules.text import render, text
from tests.plugin import tiny

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "tests" / "output" / "plugin"
JOURNAL = [
    '{"type": "tower_new", "builder": "Ann"}',
    '{"type": "tower_climb"}',
    '{"type": "tower_roll", "value": 5}',
    '{"type": "tower_climb"}',
    '{"type": "tower_roll", "value": 4}',
]


@pytest.fixture()
def tower() -> Games:
    """Every layer's list with Tower added: the test's own; the product's stays as it is."""
    return GAMES.plus(tiny.TOWER, tiny.TOWER_UI, tiny.TOWER_SCREEN, tiny.TOWER_PHONE)


def test_the_product_lists_know_no_tower() -> None:
    assert tiny.NAME not in GAMES.rules.parts
    with pytest.raises(UnknownGame, match="no screen for the game 'tower'"):
        GAMES.screens.get(tiny.NAME)


def test_the_engine_replays_a_tower_with_undo_and_refusals(tower: Games) -> None:
    played, events = replay(JOURNAL, tower.rules)
    assert played is not None
    assert state_json(played) == {"game": "tower", "builder": "Ann", "height": 9, "pending": None}
    assert render(events[-1]) == "The tower is 9 high."
    back = apply(played, Undo()).played  # the engine's undo, not the game's
    assert state_json(back)["pending"] == {"kind": "roll", "dice": 1, "faces": [1, 2, 3, 4, 5, 6]}
    with pytest.raises(Exception, match="TW1: a die has no 7"):
        apply(back, tiny.TowerRoll(7))


def test_celaeno_replay_prints_a_tower_and_names_the_refused_line(
    tower: Games, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "tower.jsonl"
    journal.write_text("\n".join(JOURNAL) + "\n")
    assert main(["replay", str(journal)], games=tower) == 0
    assert json.loads(capsys.readouterr().out)["height"] == 9
    journal.write_text("\n".join([*JOURNAL, '{"type": "tower_roll", "value": 3}']) + "\n")
    assert main(["replay", str(journal)], games=tower) == 2
    assert "line 6: TW1: nobody is climbing." in capsys.readouterr().err
    assert main(["replay", str(journal)]) == 2  # the product's own list has no Tower
    assert "line 1: journal: unknown command type “tower_new”." in capsys.readouterr().err


def test_the_phone_view_follows_a_tower(tower: Games, tmp_path: Path) -> None:
    path = paths.database_path(tmp_path / "state")
    with Store.open(path) as store:
        session = GameSession.start(store, _parse(tower, JOURNAL[0]), tower.rules)
        for line in JOURNAL[1:]:
            session.submit_line(line)
        feed = Feed(path, tower)
        try:
            assert feed.refresh()
            shown = feed.snapshot()
        finally:
            feed.close()
    assert shown.state == {"game": "tower", "builder": "Ann", "height": 9, "pending": None}
    view = WebView(shown.position, shown.journal, shown.state)
    assert "Height 9" in live_html(view, "en", tower.phone_parts)


def test_the_device_plays_a_tower_with_mock_buttons(
    tower: Games, tmp_path: Path, mock_pins: MockFactory
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    store = Store.open(paths.database_path(tmp_path / "state"))
    session = GameSession.start(store, _parse(tower, JOURNAL[0]), tower.rules)
    pygame.display.init()
    posted: list[InputEvent] = []
    try:
        surface = pygame.display.set_mode((800, 480))
        inputs = Inputs()

        def post(event: InputEvent) -> None:
            posted.append(event)
            inputs.post(event)

        app = App(session, Window(surface), inputs, setup=TableSetup(tower))
        panel = ButtonPanel(post, timing=Timing(hold_time=0.3), pin_factory=mock_pins)
        panel.start()
        try:
            app.run_once()
            assert app.view().prompt.title == text("tower.prompt.idle", n=0)
            _press(app, mock_pins, posted, "ok")  # climb: the tower waits for its die
            assert tiny.TOWER.wanted_roll(app.state) is not None
            _press(app, mock_pins, posted, "down", "down", "ok")  # the list's third face: 3
            assert app.state.height == 3
            pygame.image.save(surface, str(SHOTS / "tower_800x480.png"))
            assert _words(app.screen, "header") == "Height3"
        finally:
            panel.close()
        assert store.commands(session.game_id) == [
            JOURNAL[0],
            '{"type": "tower_climb"}',
            '{"type": "tower_roll", "value": 3}',
        ]
    finally:
        pygame.display.quit()
        store.close()


def _parse(games: Games, line: str) -> Command:
    cmd = parse_line(line, games.rules)
    assert cmd is not None
    return cmd


def _press(app: App, pins: MockFactory, posted: list[InputEvent], *buttons: str) -> None:
    for button in buttons:
        wanted = len(posted) + 1
        pin = pins.pin(DEFAULT_PINS[button])
        pin.drive_low()
        time.sleep(0.04)
        pin.drive_high()
        time.sleep(0.04)  # off long enough not to be a bounce
        deadline = time.monotonic() + 5
        while len(posted) < wanted or not app.inputs.events.empty():
            assert time.monotonic() < deadline, f"press {button} never arrived"
            app.run_once(0.02)
        app.run_once()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_screen_draws_a_tower(tower: Games, lang: str) -> None:
    played, events = replay(JOURNAL, tower.rules)
    assert played is not None
    view = View(state=state_json(played), prompt=Prompt(events[-1]), lang=lang)
    screen = Screen(pygame.Surface((480, 320)), tower.screens)
    assert screen.render(view)
    assert _words(screen, "header") == ("Height9" if lang == "en" else "（塔）Height9")
    assert screen.space_at((10, 10)) is None  # no grid in this game


def _words(screen: Screen, panel: str) -> str:
    """Every word drawn in ``panel``, run together (labels are drawn word by word, a
    Japanese phrase with the spaces inside it)."""
    return "".join("".join(label.text.split()) for label in screen.labels() if label.panel == panel)
