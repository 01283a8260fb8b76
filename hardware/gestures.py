"""Debounce, hold and repeat: pure logic fed with (level, timestamp), shared by GPIO and keyboard.

No clocks and no threads here, so every timing rule is tested exactly with made-up timestamps.
The GPIO panel and the keyboard feed these classes and post what comes out.

Defaults (docs/building.md documents them):

- debounce 20 ms: a level counts once it has held for 20 ms. Arcade microswitches bounce for
  1-5 ms; 20 ms is far below a deliberate press (about 100 ms) and well above any bounce.
- BACK held for 1.0 s is UNDO, fired while still held so the table sees it happen; a BACK released
  sooner is BACK (on release, since only then is it known not to be a hold).
- UP/DOWN fire on press, then repeat after 0.5 s at 10 per second while held.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

# A logical press and when it happened (seconds on the caller's clock).
Press = tuple[float, str]


@dataclass(frozen=True)
class Timing:
    debounce: float = 0.020
    hold_time: float = 1.0
    repeat_delay: float = 0.5
    repeat_interval: float = 0.1

    def __post_init__(self) -> None:
        if min(self.debounce, self.hold_time, self.repeat_delay) < 0:
            raise ValueError(f"button timings cannot be negative: {self}")
        if self.repeat_interval <= 0:
            raise ValueError(f"repeat_interval must be positive, not {self.repeat_interval}")


class Gesture(Protocol):
    """What one button means over time, given its clean (debounced) presses and releases."""

    def press(self, at: float) -> list[Press]: ...
    def release(self, at: float) -> list[Press]: ...
    def tick(self, now: float) -> list[Press]: ...
    def deadline(self) -> float | None: ...


class Tap:
    """Fires once on press."""

    def __init__(self, name: str) -> None:
        self.name = name

    def press(self, at: float) -> list[Press]:
        return [(at, self.name)]

    def release(self, at: float) -> list[Press]:
        return []

    def tick(self, now: float) -> list[Press]:
        return []

    def deadline(self) -> float | None:
        return None


class HoldForAlternate:
    """A short press fires ``name`` on release; a hold of ``hold_time`` fires ``alternate``."""

    def __init__(self, name: str, alternate: str, hold_time: float) -> None:
        self.name, self.alternate, self.hold_time = name, alternate, hold_time
        self._pressed_at: float | None = None
        self._held = False

    def press(self, at: float) -> list[Press]:
        self._pressed_at, self._held = at, False
        return []

    def release(self, at: float) -> list[Press]:
        fired = self.tick(at)
        if self._pressed_at is not None and not self._held:
            fired.append((at, self.name))
        self._pressed_at = None
        return fired

    def tick(self, now: float) -> list[Press]:
        due = self.deadline()
        if due is None or now < due:
            return []
        self._held = True
        return [(due, self.alternate)]

    def deadline(self) -> float | None:
        if self._pressed_at is None or self._held:
            return None
        return self._pressed_at + self.hold_time


class Repeat:
    """Fires on press, then every ``interval`` seconds from ``delay`` after the press while held."""

    def __init__(self, name: str, delay: float, interval: float) -> None:
        self.name, self.delay, self.interval = name, delay, interval
        self._pressed_at: float | None = None
        self._repeats = 0

    def press(self, at: float) -> list[Press]:
        self._pressed_at, self._repeats = at, 0
        return [(at, self.name)]

    def release(self, at: float) -> list[Press]:
        fired = self.tick(at)
        self._pressed_at = None
        return fired

    def tick(self, now: float) -> list[Press]:
        # Catch up exactly, so the presses depend only on how long the button was held.
        fired: list[Press] = []
        while (due := self.deadline()) is not None and due <= now:
            fired.append((due, self.name))
            self._repeats += 1
        return fired

    def deadline(self) -> float | None:
        if self._pressed_at is None:
            return None
        return self._pressed_at + self.delay + self._repeats * self.interval


def gesture_for(name: str, timing: Timing) -> Gesture:
    """The meaning of each logical button: BACK holds to UNDO, UP/DOWN repeat, the rest tap."""
    if name == "back":
        return HoldForAlternate("back", "undo", timing.hold_time)
    if name in ("up", "down"):
        return Repeat(name, timing.repeat_delay, timing.repeat_interval)
    return Tap(name)


class Debouncer:
    """Raw levels in, clean transitions out: a level counts once it has held for ``debounce`` s.

    A transition is reported with the time of the edge that started the final steady run, which
    is within a bounce (a few ms) of the real press.
    """

    def __init__(self, debounce: float, level: bool = False) -> None:
        self.debounce = debounce
        self.stable = level
        self._raw = level
        self._since = -math.inf

    def feed(self, level: bool, at: float) -> list[tuple[bool, float]]:
        settled = self.poll(at)
        if level != self._raw:
            self._raw, self._since = level, at
        return settled + self.poll(at)

    def poll(self, now: float) -> list[tuple[bool, float]]:
        due = self.deadline()
        if due is None or now < due:
            return []
        self.stable = self._raw
        return [(self.stable, self._since)]

    def deadline(self) -> float | None:
        return None if self._raw == self.stable else self._since + self.debounce


class DebouncedButton:
    """One physical button: its debouncer feeding its gesture."""

    def __init__(self, name: str, timing: Timing) -> None:
        self.name = name
        self._debouncer = Debouncer(timing.debounce)
        self._gesture = gesture_for(name, timing)

    def feed(self, pressed: bool, at: float) -> list[Press]:
        return self._apply(self._debouncer.feed(pressed, at))

    def tick(self, now: float) -> list[Press]:
        return self._apply(self._debouncer.poll(now)) + self._gesture.tick(now)

    def deadline(self) -> float | None:
        times = [t for t in (self._debouncer.deadline(), self._gesture.deadline()) if t is not None]
        return min(times, default=None)

    def _apply(self, transitions: list[tuple[bool, float]]) -> list[Press]:
        fired: list[Press] = []
        for pressed, at in transitions:
            fired += self._gesture.tick(at)
            fired += self._gesture.press(at) if pressed else self._gesture.release(at)
        return fired
