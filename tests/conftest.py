"""Fixtures shared by every test package.

Importing ``device.games`` registers every game's rules, screen and front end, as the
``celaeno`` command does at start.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

import device.games  # noqa: F401 (registers every game)


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
