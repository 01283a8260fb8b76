"""Hardware test fixtures: gpiozero mock pins, swapped in and restored as gpiozero does."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_threads_left() -> Iterator[None]:
    """Every source must join its threads on close: fail any test that leaves one running."""
    before = set(threading.enumerate())
    yield
    left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    assert not left, f"threads left running: {left}"


class StepClock:
    """A clock the test moves by hand, for timings too slow to wait for in real time."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


@pytest.fixture()
def clock() -> StepClock:
    return StepClock()
