"""The simulated buttons: a keyboard on a desktop gives the same events as the arcade buttons.

The app's main thread owns the pygame event loop, so this is not a thread: the app passes each
pygame event to :meth:`Keyboard.handle` and calls :meth:`Keyboard.tick` every frame, which is
what times holds (Backspace held 1 s is UNDO) and repeats (arrows held repeat), with the same
rules and defaults as the GPIO buttons (:mod:`hardware.gestures`). pygame's own key repeat, if
the app turns it on, is ignored: a key already held does not press again.

There are no dice keys: dice come from the simulated reader (:class:`hardware.fake_reader.
FakeReader`) or from the companion's manual entry, as on the Pi.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pygame

from hardware.events import ButtonPressed, InputEvent
from hardware.gestures import Gesture, Press, Timing, gesture_for

KEYMAP: Mapping[int, str] = MappingProxyType(
    {
        pygame.K_c: "left",
        pygame.K_l: "right",
        pygame.K_p: "phase",
        pygame.K_UP: "up",
        pygame.K_DOWN: "down",
        pygame.K_RETURN: "ok",
        pygame.K_KP_ENTER: "ok",
        pygame.K_SPACE: "ok",
        pygame.K_BACKSPACE: "back",
        pygame.K_ESCAPE: "back",
        pygame.K_u: "undo",
    }
)

# The same map in words, for docs/playing.md and the on-screen help.
KEY_HELP: tuple[tuple[str, str], ...] = (
    ("C", "left (CUSTODIAN)"),
    ("L", "right (LIBRARIAN)"),
    ("P", "phase"),
    ("Up / Down arrows (hold to repeat)", "up / down"),
    ("Enter, keypad Enter or Space", "ok"),
    ("Backspace or Escape", "back"),
    ("Backspace or Escape held 1 s, U, or Ctrl+Z", "undo"),
)


def button_for(key: int, mod: int) -> str | None:
    """The logical button a key press means, or None for keys that mean nothing here."""
    if key == pygame.K_z and mod & pygame.KMOD_CTRL:
        return "undo"
    return KEYMAP.get(key)


class Keyboard:
    """Turns pygame key events into :class:`ButtonPressed` events."""

    def __init__(self, timing: Timing = Timing()) -> None:  # noqa: B008 (frozen default)
        self._timing = timing
        self._held: dict[int, Gesture] = {}

    def handle(self, event: pygame.event.Event, now: float) -> list[InputEvent]:
        """The presses one pygame event causes (plus any hold or repeat due by ``now``)."""
        fired = self._due(now)
        if event.type == pygame.KEYDOWN and event.key not in self._held:
            name = button_for(event.key, getattr(event, "mod", 0))
            if name is not None:
                self._held[event.key] = gesture = gesture_for(name, self._timing)
                fired += gesture.press(now)
        elif event.type == pygame.KEYUP and event.key in self._held:
            fired += self._held.pop(event.key).release(now)
        elif event.type == pygame.WINDOWFOCUSLOST:
            # The key-ups go to another window: forget held keys rather than hold them forever.
            self._held.clear()
        return _events(fired)

    def tick(self, now: float) -> list[InputEvent]:
        """Holds and repeats due by ``now``; call it every frame."""
        return _events(self._due(now))

    def deadline(self) -> float | None:
        """When the next hold or repeat is due, so the app can wait exactly that long."""
        times = [t for g in self._held.values() if (t := g.deadline()) is not None]
        return min(times, default=None)

    def _due(self, now: float) -> list[Press]:
        return [press for gesture in self._held.values() for press in gesture.tick(now)]


def _events(fired: list[Press]) -> list[InputEvent]:
    return [ButtonPressed(name) for _at, name in sorted(fired, key=lambda press: press[0])]
