"""Fixtures shared by every test package.

The layers' words join the catalogue here, before any test module is collected, as the
``celaeno`` command adds them when it starts (importing a package adds nothing).
Every game's parts are loaded once, in every layer, with their words, as the ``celaeno``
command loads a game's when it meets it; tests may then build a game's controller or
panel directly.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from device.games import ALL_GAMES
from device.words import add_layer_words

add_layer_words()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """``--dist loadfile`` (pyproject's), the longest unit first and the every-screen walk
    shared by the workers (tests/scheduling.py); any other ``--dist`` as xdist has it."""
    if config.getvalue("dist") != "loadfile":
        return None
    from tests.scheduling import LongestFirst

    return LongestFirst(config, log)  # type: ignore[arg-type]


@pytest.fixture(autouse=True, scope="session")
def every_game_loaded() -> None:
    for layer in (
        ALL_GAMES.rules.rules,
        ALL_GAMES.front_ends,
        ALL_GAMES.screens,
        ALL_GAMES.phone_parts,
    ):
        for _part in layer:
            pass


@pytest.fixture()
def mock_pins() -> Iterator[MockFactory]:
    """gpiozero's mock pins, swapped in and restored as gpiozero's own tests do."""
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        if Device.pin_factory is not None:
            Device.pin_factory.reset()
        Device.pin_factory = saved
