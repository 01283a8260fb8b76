"""pygame under SDL's dummy video driver: real pygame, no window, no mixer."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from display.ink import typeface

SCREENS = Path(__file__).resolve().parents[1] / "output" / "screens"
SIZES: tuple[tuple[int, int], ...] = (
    (480, 320),
    (800, 480),
    (1024, 600),
    (1280, 720),
    (1920, 1080),
    (720, 1280),
)


@pytest.fixture(scope="session", autouse=True)
def pygame_fonts() -> Iterator[None]:
    typeface.init()
    yield


@pytest.fixture
def screens_dir() -> Path:
    SCREENS.mkdir(parents=True, exist_ok=True)
    return SCREENS


def surface(size: tuple[int, int] = (800, 480)) -> pygame.Surface:
    return pygame.Surface(size)
