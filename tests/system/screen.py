"""Keys pressed on the booted machine as a player presses them, each followed on the screen
(shared by the scenarios that walk the menus: smart dice, the table's own Wi-Fi)."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from tests.system.machine import BootTimeout, Machine


class Screen:
    """Keys pressed as a player presses them, each followed until the screen has changed
    and settled: under emulation the app may take seconds to answer one press."""

    def __init__(self, machine: Machine) -> None:
        self.machine = machine
        self.shots = 0

    def digest(self) -> tuple[str, Path]:
        self.shots += 1
        path = self.machine.screendump(f"keys-{self.shots % 2}")
        return hashlib.sha256(path.read_bytes()).hexdigest(), path

    def press(self, *keys: str, timeout: float = 40) -> None:
        for key in keys:
            before, _ = self.digest()
            # Held 150 ms: longer than the debounce under load, far from the hold time.
            self.machine.keys(key, hold_ms=150, gap=0.3)
            self.changed_from(before, timeout, key)
            self.settled(timeout)

    def changed_from(self, before: str, timeout: float, why: str) -> None:
        deadline = time.monotonic() + timeout
        while self.digest()[0] == before:
            if time.monotonic() > deadline:
                self.machine.keep_evidence(f"key-{why}")
                raise BootTimeout(f"the screen did not change after {why!r} in {timeout:.0f} s")
            time.sleep(0.3)

    def settled(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last, _ = self.digest()
        while time.monotonic() < deadline:
            time.sleep(0.8)
            now, _ = self.digest()
            if now == last:
                return
            last = now
