"""A third game, Tower, that exists only in the tests (tests/plugin/tiny.py), plugged in
through the registries alone: replayed by the engine and the ``celaeno replay`` command,
driven by the device's app with gpiozero mock buttons, and drawn by the screen.
No engine, device or display file names it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

import device.ui.games as device_games
import display.game_screen as display_games
import rules.game as rules_games
from device import paths
from device.app import App, Inputs
from device.cli import main
from device.session import GameSession
from device.store import Store
from display.screen import Screen
from display.view import Prompt, View
from hardware.buttons import DEFAULT_PINS, ButtonPanel
from hardware.events import InputEvent
from hardware.gestures import Timing
from rules.commands import Undo
from rules.journal import apply, parse_line, replay, state_json
from rules.text import add_words, render, text
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
def tower() -> Iterator[None]:
    """Tower joins the three registries, and leaves them again after the test."""
    add_words("tower", tiny.WORDS_EN, tiny.WORDS_JA)
    rules_games.register(tiny.TOWER)
    device_games.register(tiny.TOWER_UI)
    display_games.register(tiny.TOWER_SCREEN)
    try:
        yield
    finally:
        display_games.unregister(tiny.NAME)
        device_games.unregister(tiny.NAME)
        rules_games.unregister(tiny.NAME)


def test_the_engine_replays_a_tower_with_undo_and_refusals(tower: None) -> None:
    state, events = replay(JOURNAL)
    assert state_json(state) == {"game": "tower", "builder": "Ann", "height": 9, "pending": None}
    assert render(events[-1]) == "The tower is 9 high."
    back = apply(state, Undo()).state  # the engine's undo, not the game's
    assert state_json(back)["pending"] == {"kind": "roll", "dice": 1, "faces": [1, 2, 3, 4, 5, 6]}
    with pytest.raises(Exception, match="TW1: a die has no 7"):
        apply(back, tiny.TowerRoll(7))


def test_celaeno_replay_prints_a_tower_and_names_the_refused_line(
    tower: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "tower.jsonl"
    journal.write_text("\n".join(JOURNAL) + "\n")
    assert main(["replay", str(journal)]) == 0
    assert json.loads(capsys.readouterr().out)["height"] == 9
    journal.write_text("\n".join([*JOURNAL, '{"type": "tower_roll", "value": 3}']) + "\n")
    assert main(["replay", str(journal)]) == 2
    assert "line 6: TW1: nobody is climbing." in capsys.readouterr().err


def test_the_device_plays_a_tower_with_mock_buttons(
    tower: None, tmp_path: Path, mock_pins: MockFactory
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    store = Store.open(paths.database_path(tmp_path / "state"))
    session = GameSession.start(store, parse_line(JOURNAL[0]))  # type: ignore[arg-type]
    pygame.display.init()
    posted: list[InputEvent] = []
    try:
        surface = pygame.display.set_mode((800, 480))
        inputs = Inputs()

        def post(event: InputEvent) -> None:
            posted.append(event)
            inputs.post(event)

        app = App(session, surface, inputs)
        panel = ButtonPanel(post, timing=Timing(hold_time=0.3), pin_factory=mock_pins)
        panel.start()
        try:
            app.step()
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
            app.step(0.02)
        app.step()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_screen_draws_a_tower(tower: None, lang: str) -> None:
    state, events = replay(JOURNAL)
    view = View(state=state_json(state), prompt=Prompt(events[-1]), lang=lang)
    screen = Screen(pygame.Surface((480, 320)))
    assert screen.render(view)
    assert _words(screen, "header") == ("Height9" if lang == "en" else "（塔）Height9")
    assert screen.space_at((10, 10)) is None  # no grid in this game


def _words(screen: Screen, panel: str) -> str:
    """Every word drawn in ``panel``, run together (labels are drawn word by word)."""
    return "".join(label.text for label in screen.labels() if label.panel == panel)
