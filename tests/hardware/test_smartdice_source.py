"""The bleak source on a machine without Bluetooth: a status word, retried, never a crash.

Run against the real bleak: once with no system bus at all (a desktop in a container, a Pi
without D-Bus), once with a real dbus-daemon on which no BlueZ answers (bluetoothd not
installed or stopped).
"""

from __future__ import annotations

import os
import queue
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.events import InputEvent, SmartDiceStatus
from hardware.smartdice.source import BluetoothDice
from tests.hardware.bluez_standin import bus_address, private_system_bus


def states_until(events: queue.Queue[InputEvent], wanted: str, timeout: float = 20.0) -> list[str]:
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            event = events.get(timeout=0.2)
        except queue.Empty:
            continue
        if isinstance(event, SmartDiceStatus) and (not seen or seen[-1] != event.state):
            seen.append(event.state)
            if event.state == wanted:
                return seen
    raise AssertionError(f"never {wanted}: {seen}")


def test_no_system_bus_is_no_bluetooth(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", f"unix:path={tmp_path / 'no-bus'}")
    events: queue.Queue[InputEvent] = queue.Queue()
    with BluetoothDice(events.put, retry=0.2) as source:
        assert states_until(events, "no_bluetooth")[-1] == "no_bluetooth"
        source.send_expect(1, "agony")  # the app's calls still work
        assert source._thread is not None and source._thread.is_alive()
    assert states_until(events, "off")[-1] == "off"


@pytest.fixture
def bus_without_bluez(tmp_path: Path) -> Iterator[str]:
    if shutil.which("dbus-daemon") is None:
        pytest.skip("dbus-daemon is not installed (apt-get install dbus)")
    with private_system_bus(tmp_path):  # the stand-in's bus, with no BlueZ on it
        yield bus_address(tmp_path)


def test_a_bus_without_bluez_is_no_bluetooth(
    monkeypatch: pytest.MonkeyPatch, bus_without_bluez: str
) -> None:
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", bus_without_bluez)
    assert os.environ["DBUS_SYSTEM_BUS_ADDRESS"] == bus_without_bluez
    events: queue.Queue[InputEvent] = queue.Queue()
    with BluetoothDice(events.put, retry=0.2):
        assert states_until(events, "no_bluetooth")[-1] == "no_bluetooth"
