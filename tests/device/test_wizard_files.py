"""A step's answer that needs the device's files (WithFiles) gets the wizard's state directory,
which the app sets to the journal's own directory on every controller it makes."""

from __future__ import annotations

from pathlib import Path

import pygame

import device.games  # noqa: F401 (every game's front end)
import tests.device.conftest  # noqa: F401 (SDL's dummy driver before pygame draws)
from device.companion.app import App, Inputs
from device.companion.window import Window
from device.settings.config import default_config
from device.settings.places import default_game
from device.storage.session import GameSession
from device.storage.store import Store
from device.ui.steps import DONE, Notice, StepResult, WithFiles
from device.ui.wizard import Wizard
from rules.games import RULES
from rules.text import text


def test_with_files_is_followed_with_the_wizards_directory(tmp_path: Path) -> None:
    seen: list[Path | None] = []

    def make(files: Path | None) -> StepResult:
        seen.append(files)
        return Notice(text("nz_device.none_here")) if files is None else DONE

    wizard = Wizard()
    assert wizard._follow(WithFiles(make)).notice is not None  # no directory: None is passed
    wizard.files = tmp_path
    assert wizard._follow(WithFiles(make)).notice is None
    assert seen == [None, tmp_path]


def test_the_app_tells_its_controller_where_the_journal_is(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "journal.sqlite3")
    with store:
        session = GameSession.start(store, default_game(default_config(), RULES), RULES)
        app = App(session, Window(pygame.Surface((800, 480))), Inputs())
        assert app.controller.files == tmp_path
