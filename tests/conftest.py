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

from device.games import GAMES
from device.words import add_layer_words
from rules.text import use_printed_names

add_layer_words()


@pytest.fixture(autouse=True, scope="session")
def every_game_loaded() -> None:
    for layer in (
        GAMES.rules.parts,
        GAMES.front_ends,
        GAMES.screens,
        GAMES.phone_parts,
    ):
        for _part in layer:
            pass


@pytest.fixture(autouse=True)
def no_printed_names_left() -> Iterator[None]:
    """The owner's printed names are the process's (a program sets them once, at its start):
    a test that sets some leaves none to the next."""
    yield
    use_printed_names({})


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
