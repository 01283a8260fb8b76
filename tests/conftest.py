"""Fixtures shared by every test package.

The layers' words join the catalogue here, before any test module is collected, as the
``celaeno`` command adds them when it starts (importing a package adds nothing).
Every game's parts are loaded once, in every layer, with their words, as the ``celaeno``
command loads a game's when it meets it; tests may then build a game's controller or
panel directly.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from hypothesis import HealthCheck, settings

from device.games import GAMES
from device.words import add_layer_words
from rules.text import use_printed_names
from tests.properties import profile_for

add_layer_words()

# Hypothesis' settings for the whole suite, in profiles that HYPOTHESIS_PROFILE chooses
# (tests/properties.py): "default", the examples each property has always tried; "ci",
# the same derandomized, as Hypothesis' own "ci" (chosen where CI is set); "quick", a
# tenth of them, for a change being made; "thorough", ten times. None has a deadline or
# minds slow data: speed is measured by the benchmarks, never by timed tests, and on a
# machine shared with others a deadline is a coin toss.
_UNTIMED = settings(
    settings.get_profile("default"), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("default", _UNTIMED)
settings.register_profile("ci", _UNTIMED, derandomize=True, database=None, print_blob=True)
settings.register_profile("quick", _UNTIMED, max_examples=10)
settings.register_profile("thorough", _UNTIMED, max_examples=1000)
settings.load_profile(profile_for(os.environ))


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject's): two workers more than the cores. Much of the suite waits
    on a child, a pseudo-terminal, a browser or a socket, and with one worker a core a
    core sat idle then (docs/measured.md, "The test suite"). PYTEST_XDIST_AUTO_NUM_WORKERS
    still chooses, as xdist has it."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 2


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
