"""Arcade buttons on the Pi's GPIO header, through gpiozero.

Each button is wired from its GPIO pin to a ground pin and read with the internal pull-up, so a
press reads low. gpiozero only reports edges here: debounce, hold and repeat are ours
(:mod:`hardware.gestures`), because gpiozero's own ``bounce_time`` differs between pin
libraries and is ignored by its mock pins, where our tests run.

gpiozero calls the edge callbacks from its own threads; they only stamp the edge with the time
and queue it. One worker thread turns the queue into logical presses and posts them.
"""

from __future__ import annotations

import functools
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from hardware import threads
from hardware.closing import ClosedOnExit
from hardware.events import PHYSICAL_BUTTONS, ButtonPressed, Post
from hardware.gestures import DebouncedButton, Press, Timing

if TYPE_CHECKING:
    from hardware.library_types import Device


# Logical button -> BCM GPIO number. Chosen so that every button sits next to a ground pin on
# the header and none uses a pin with a second job (I2C, SPI, UART, the ID EEPROM).
DEFAULT_PINS: Mapping[str, int] = MappingProxyType(
    {"left": 17, "right": 27, "phase": 22, "up": 5, "down": 6, "ok": 13, "back": 26}
)

# BCM GPIO number -> physical pin on the 40-pin header (every Pi since the B+).
HEADER_PIN: Mapping[int, int] = MappingProxyType(
    {2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19,
     9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35,
     16: 36, 26: 37, 20: 38, 21: 40}
)  # fmt: skip

# Physical pins that are ground, for the other leg of each button.
GROUND_PINS: tuple[int, ...] = (6, 9, 14, 20, 25, 30, 34, 39)


@dataclass(frozen=True)
class EncoderPins:
    """A rotary encoder's A and B pins (BCM); its common pin goes to ground.

    Clockwise is DOWN (the cursor moves on through a list), counter-clockwise is UP.
    """

    a: int
    b: int


def wiring_table(pins: Mapping[str, int] = DEFAULT_PINS) -> list[tuple[str, int, int]]:
    """(logical button, BCM pin, physical header pin) rows: the wiring table of docs/building.md."""
    return [(name, pin, HEADER_PIN[pin]) for name, pin in pins.items()]


def check_pins(pins: Mapping[str, int], encoder: EncoderPins | None = None) -> None:
    """Raise ValueError naming the problem: an unknown button, a non-GPIO pin, a shared pin."""
    for name, pin in pins.items():
        if name not in PHYSICAL_BUTTONS:
            raise ValueError(f"unknown button {name!r}; buttons are {', '.join(PHYSICAL_BUTTONS)}")
        if pin not in HEADER_PIN:
            raise ValueError(f"{name}: {pin!r} is not a BCM GPIO number on the header (0-27)")
    used = [*pins.values(), *((encoder.a, encoder.b) if encoder else ())]
    if encoder and (encoder.a not in HEADER_PIN or encoder.b not in HEADER_PIN):
        raise ValueError(f"encoder pins {encoder} are not BCM GPIO numbers on the header (0-27)")
    shared = sorted({pin for pin in used if used.count(pin) > 1})
    if shared:
        raise ValueError(f"GPIO pins used twice: {', '.join(map(str, shared))}")


class ButtonPanel(ClosedOnExit):
    """The arcade buttons (and optional rotary encoder) as :class:`ButtonPressed` events.

    The pins are claimed when the panel is built, like any gpiozero device; ``start()`` starts
    the worker thread. Without ``pin_factory`` gpiozero's current ``Device.pin_factory`` is used;
    on a Pi pass the one :func:`hardware.pinfactory.choose_pin_factory` returns.
    """

    def __init__(
        self,
        post: Post,
        pins: Mapping[str, int] = DEFAULT_PINS,
        *,
        encoder: EncoderPins | None = None,
        timing: Timing = Timing(),  # noqa: B008 (frozen, so one shared default is safe)
        pin_factory: object = None,  # gpiozero's: handed to its devices as it is
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        check_pins(pins, encoder)
        self._post, self._clock = post, clock
        self._buttons = {name: DebouncedButton(name, timing) for name in pins}
        self._edges: deque[tuple[str, bool, float]] = deque()
        self._wake = threading.Event()
        self._closing = False
        self._thread: threading.Thread | None = None
        self._devices: list[Device] = []
        try:
            self._open_devices(pins, encoder, pin_factory)
        except BaseException:
            self._close_devices()
            raise

    def _open_devices(
        self, pins: Mapping[str, int], encoder: EncoderPins | None, factory: object
    ) -> None:
        # Imported here so that importing this module touches no GPIO library.
        # DigitalInputDevice rather than Button: Button adds gpiozero's own hold thread, which
        # wakes ten times a second per button for a feature we do not use (our hold is timed
        # in hardware.gestures), and makes close() wait up to 0.1 s per button.
        from gpiozero import DigitalInputDevice, RotaryEncoder

        for name, pin in pins.items():
            button = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=factory)
            self._devices.append(button)
            button.when_activated = functools.partial(self._edge, name, True)
            button.when_deactivated = functools.partial(self._edge, name, False)
        if encoder is not None:
            knob = RotaryEncoder(encoder.a, encoder.b, max_steps=0, pin_factory=factory)
            self._devices.append(knob)
            knob.when_rotated_clockwise = functools.partial(self._post, ButtonPressed("down"))
            knob.when_rotated_counter_clockwise = functools.partial(self._post, ButtonPressed("up"))

    def _edge(self, name: str, pressed: bool) -> None:
        # Called on gpiozero's thread: stamp and hand over, nothing more.
        self._edges.append((name, pressed, self._clock()))
        self._wake.set()

    def start(self) -> None:
        if self._thread is None and not self._closing:
            self._thread = threads.start(self._run, "buttons")

    def pump(self, now: float) -> None:
        """Turn queued edges and elapsed time up to ``now`` into posted presses.

        The worker thread calls this; tests that step a clock themselves call it instead of
        ``start()`` (never both).
        """
        fired: list[Press] = []
        while self._edges:
            name, pressed, at = self._edges.popleft()
            fired += self._buttons[name].feed(pressed, at)
        for button in self._buttons.values():
            fired += button.tick(now)
        for _at, name in sorted(fired, key=lambda press: press[0]):
            self._post(ButtonPressed(name))

    def _run(self) -> None:
        while not self._closing:
            self._wake.wait(self._timeout())
            self._wake.clear()
            self.pump(self._clock())

    def _timeout(self) -> float | None:
        deadlines = [d for b in self._buttons.values() if (d := b.deadline()) is not None]
        return max(0.0, min(deadlines) - self._clock()) if deadlines else None

    def close(self) -> None:
        self._closing = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join()
        self._close_devices()

    def _close_devices(self) -> None:
        while self._devices:
            self._devices.pop().close()
