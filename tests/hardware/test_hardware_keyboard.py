"""The keyboard as simulated buttons, with real pygame events (SDL_VIDEODRIVER=dummy)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pygame
import pytest

from hardware.events import ButtonPressed
from hardware.keyboard import KEYMAP, Keyboard


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # read when the display starts, not at import
    pygame.display.init()
    pygame.display.set_mode((32, 32))
    yield
    pygame.display.quit()


def down(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod)


def up(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=key, mod=0)


def pressed(*names: str) -> list[ButtonPressed]:
    return [ButtonPressed(name) for name in names]


def test_events_through_pygames_own_queue() -> None:
    keyboard = Keyboard()
    pygame.event.clear()
    pygame.event.post(down(pygame.K_c))
    pygame.event.post(up(pygame.K_c))
    pygame.event.post(down(pygame.K_RETURN))
    found = [e for event in pygame.event.get() for e in keyboard.handle(event, 0.0)]
    assert found == pressed("left", "ok")


@pytest.mark.parametrize(
    ("key", "name"),
    [
        (pygame.K_l, "right"),
        (pygame.K_p, "phase"),
        (pygame.K_SPACE, "ok"),
        (pygame.K_u, "undo"),
    ],
)
def test_plain_keys_press_on_key_down(key: int, name: str) -> None:
    assert Keyboard().handle(down(key), 0.0) == pressed(name)


def test_ctrl_z_is_undo_and_plain_z_is_nothing() -> None:
    keyboard = Keyboard()
    assert keyboard.handle(down(pygame.K_z, pygame.KMOD_LCTRL), 0.0) == pressed("undo")
    assert keyboard.handle(down(pygame.K_a), 0.0) == []
    assert Keyboard().handle(down(pygame.K_z), 0.0) == []


def test_backspace_short_is_back_held_a_second_is_undo() -> None:
    keyboard = Keyboard()
    assert keyboard.handle(down(pygame.K_BACKSPACE), 0.0) == []
    assert keyboard.handle(up(pygame.K_BACKSPACE), 0.4) == pressed("back")
    assert keyboard.handle(down(pygame.K_ESCAPE), 1.0) == []
    assert keyboard.tick(1.9) == []
    assert keyboard.deadline() == 2.0
    assert keyboard.tick(2.0) == pressed("undo")
    assert keyboard.handle(up(pygame.K_ESCAPE), 3.0) == []


def test_holding_down_arrow_repeats_and_pygame_key_repeat_is_ignored() -> None:
    keyboard = Keyboard()
    found = keyboard.handle(down(pygame.K_DOWN), 0.0)
    found += keyboard.handle(down(pygame.K_DOWN), 0.3)  # pygame.key.set_repeat's own repeat
    found += keyboard.tick(0.75)
    found += keyboard.handle(up(pygame.K_DOWN), 0.78)
    found += keyboard.tick(2.0)
    assert found == pressed("down", "down", "down", "down")  # at 0, 0.5, 0.6, 0.7


def test_losing_focus_forgets_held_keys() -> None:
    keyboard = Keyboard()
    keyboard.handle(down(pygame.K_BACKSPACE), 0.0)
    keyboard.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST), 0.1)
    assert keyboard.tick(5.0) == []
    assert keyboard.handle(up(pygame.K_BACKSPACE), 5.0) == []


def test_every_mapped_key_names_a_button() -> None:
    assert set(KEYMAP.values()) == {
        "left", "right", "phase", "up", "down", "ok", "back", "undo"
    }  # fmt: skip
