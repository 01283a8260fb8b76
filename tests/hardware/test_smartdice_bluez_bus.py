"""The bleak source end to end on a real D-Bus: advertisements in, the reader's events out.

BlueZ itself is stood in for (tests/hardware/bluez_standin.py: this machine's kernel has no
Bluetooth); bleak, its BlueZ backend, the source's thread and the hub are the real ones. The
booted-machine test is where real BlueZ runs.
"""

import queue
import shutil
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hardware.events import DiceRead, InputEvent, SmartDiceStatus, SmartDieProblem
from hardware.smartdice import godice, pixels
from hardware.smartdice.hub import Chosen
from hardware.smartdice.listening import RSSI_FLOOR
from hardware.smartdice.source import BluetoothDice
from tests.hardware.bluez_standin import (
    ADDRESS,
    FIRMWARE,
    GO_ADDRESS,
    GO_NAME,
    QUIET_ADDRESS,
    FakeBluez,
    fake_bluez,
)


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeBluez]:
    """The BlueZ stand-in on a private system bus, which the source will find."""
    if shutil.which("dbus-daemon") is None:
        pytest.skip("dbus-daemon is not installed (apt-get install dbus)")
    with fake_bluez(tmp_path) as (address, found):
        monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
        yield found


@pytest.fixture
def events() -> "queue.Queue[InputEvent]":
    """What the source posts to the app."""
    return queue.Queue()


def wait_for(events: "queue.Queue[InputEvent]", wanted: Any, timeout: float = 20.0) -> InputEvent:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            event = events.get(timeout=0.2)
        except queue.Empty:
            continue
        if wanted(event):
            return event
    raise AssertionError("never came")


def test_a_pixels_roll_over_bleak_and_d_bus(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    with BluetoothDice(events.put, [Chosen(ADDRESS, "pixels", "Red", "agony")]) as source:
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        assert fake.adapter.discovering
        fake.die_appears()
        seen = wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and any(
            d.address == ADDRESS and d.battery == 80 for d in e.dice))  # fmt: skip
        assert isinstance(seen, SmartDiceStatus)
        (die,) = seen.dice
        assert (die.name, die.colour, die.rssi, die.role) == ("Red", "onyx_black", -58, "agony")
        source.send_expect(1, "agony")
        for state, index in ((2, 0), (3, 3), (1, 5)):  # handling, rolling, rolled on face 6
            fake.call(fake.device.advertise, state, index)
        read = wait_for(events, lambda e: isinstance(e, DiceRead))
        assert read == DiceRead((3,), "pixels:Red")
    assert not fake.adapter.discovering  # the scan is stopped on close


def test_a_godice_over_a_connection_and_a_drop_mid_roll(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    chosen = [Chosen(GO_ADDRESS, "godice", GO_NAME, "d6")]
    with BluetoothDice(events.put, chosen, retry=0.5) as source:
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        fake.godice_appears()
        deadline = time.monotonic() + 20
        while not fake.go_notify.notifying and time.monotonic() < deadline:
            time.sleep(0.1)
        assert fake.go_notify.notifying, "never subscribed"
        deadline = time.monotonic() + 5
        while len(fake.go_write.written) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert fake.go_write.written == [godice.ASK_COLOUR, godice.ASK_BATTERY]
        for data in (b"Col\x01", b"Bat\x3c"):
            fake.call(fake.go_notify.notify, data)
        seen = wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and any(
            d.colour == "red" and d.battery == 60 for d in e.dice))  # fmt: skip
        assert isinstance(seen, SmartDiceStatus)
        source.send_expect(1, "d6")
        fake.call(fake.go_notify.notify, b"R")
        fake.call(fake.go_notify.notify, b"S\x00\x00\xc0")  # (0, 0, -64): face 5
        assert wait_for(events, lambda e: isinstance(e, DiceRead)) == DiceRead(
            (5,), f"godice:{GO_NAME}"
        )
        fake.call(fake.go_notify.notify, b"R")
        fake.call(fake.go.drop)  # the die goes away mid-roll
        problem = wait_for(events, lambda e: isinstance(e, SmartDieProblem))
        assert problem == SmartDieProblem(GO_NAME, "lost_mid_roll")
        deadline = time.monotonic() + 20  # back: connected again without a press
        while not fake.go.connected and time.monotonic() < deadline:
            time.sleep(0.1)
        assert fake.go.connected


def test_a_pixels_die_without_a_face_in_its_advertisement_is_read_connected(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    with BluetoothDice(events.put, [Chosen(QUIET_ADDRESS, "pixels", "Blue", "d6")]) as source:
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        fake.quiet_pixel_appears()  # its advertisement: the Pixels service, no data
        deadline = time.monotonic() + 20
        while not fake.pixel_notify.notifying and time.monotonic() < deadline:
            time.sleep(0.1)
        assert fake.pixel_notify.notifying, "never subscribed"
        deadline = time.monotonic() + 5
        while not fake.pixel_write.written and time.monotonic() < deadline:
            time.sleep(0.1)
        assert fake.pixel_write.written == [pixels.WHO_ARE_YOU]
        source.send_expect(1, "d6")
        for message in (bytes([34, 55, 0]), bytes([3, 3, 0]), bytes([3, 1, 3])):
            fake.call(fake.pixel_notify.notify, message)  # battery; rolling; rolled on face 4
        assert wait_for(events, lambda e: isinstance(e, DiceRead)) == DiceRead((4,), "pixels:Blue")


def test_an_adapter_switched_off_is_its_own_word(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    fake.call(setattr, fake.adapter, "powered", False)
    with BluetoothDice(events.put, retry=0.2):
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "bluetooth_off")


# --- resting and listening -------------------------------------------------------------------


def until(condition: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "never came"
        time.sleep(0.02)


def test_at_rest_nothing_scans_and_a_press_scans_at_once(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    with BluetoothDice(events.put) as source:
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        assert fake.adapter.discovering  # told nothing yet: listening, as it always did
        rested = time.monotonic()
        source.send_attended(False)  # nobody at the table, no roll wanted
        time.sleep(2.0)
        woke = time.monotonic()
        source.send_attended(True)  # a press
        until(lambda: fake.adapter.discovering, 1.0)
        time.sleep(1.0)
        assert fake.adapter.discovering  # listening: the scan goes on
    resting = [(t - rested, on) for t, on in fake.adapter.changes if rested <= t < woke]
    assert len(resting) == 1 and resting[0][1] is False and resting[0][0] < 0.3, resting
    awake = [on for t, on in fake.adapter.changes if t >= woke]
    assert awake == [True, False]  # started on the press, stopped only on close


def test_the_discovery_filter_asks_for_no_repeats_and_no_far_devices(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    """BlueZ signals an advertisement whose data did not change only with DuplicateData
    true, and a device weaker than RSSI not at all."""
    with BluetoothDice(events.put):
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        until(lambda: fake.adapter.discovering)
    given = fake.adapter.filters[0]
    assert given["DuplicateData"] is False
    assert given["RSSI"] == RSSI_FLOOR
    assert given["Transport"] == "le"


def test_no_scan_for_a_roll_while_the_chosen_godice_is_connected(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    """Its roll comes over its connection: nothing to scan for, until it drops."""
    chosen = [Chosen(GO_ADDRESS, "godice", GO_NAME, "d6")]
    with BluetoothDice(events.put, chosen, retry=0.5) as source:
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        fake.godice_appears()
        until(lambda: fake.go_notify.notifying, 20.0)
        source.send_attended(False)
        until(lambda: not fake.adapter.discovering)
        wanted = time.monotonic()
        source.send_expect(1, "d6")  # nobody pressed: the roll was asked for at a restart
        time.sleep(1.0)
        assert [on for t, on in fake.adapter.changes if t >= wanted] == []
        fake.call(fake.go_notify.notify, b"R")
        fake.call(fake.go_notify.notify, b"S\x00\x00\xc0")  # (0, 0, -64): face 5
        read = wait_for(events, lambda e: isinstance(e, DiceRead))
        assert read == DiceRead((5,), f"godice:{GO_NAME}")
        fake.call(fake.go.drop)  # gone: only a scan finds it again once BlueZ forgets it
        until(lambda: fake.adapter.discovering, 2.0)


def test_a_pixels_die_read_connected_is_asked_who_it_is_once(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    with BluetoothDice(events.put, [Chosen(QUIET_ADDRESS, "pixels", "Blue", "d6")], retry=0.3):
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        fake.quiet_pixel_appears()
        until(lambda: fake.pixel_write.written == [pixels.WHO_ARE_YOU], 20.0)
        i_am = bytes([pixels.MSG_I_AM_A_DIE, 7, 0, 0]) + struct.pack("<I", FIRMWARE)
        fake.call(fake.pixel_notify.notify, i_am)  # its answer: the firmware's build time
        time.sleep(0.3)
        fake.call(fake.quiet_pixel.drop)
        until(lambda: not fake.quiet_pixel.connected, 5.0)
        until(lambda: fake.quiet_pixel.connected, 10.0)  # connected again …
        time.sleep(0.5)
    assert fake.pixel_write.written == [pixels.WHO_ARE_YOU]  # … and not asked again


def test_a_roll_wanted_listens_and_a_roll_made_at_rest_is_never_taken(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    """Red lies on 1; the table rests; Red is rolled to 6 while nobody listens; then the
    Agony roll is wanted: the scan starts at once, hears Red on 6 — a baseline, not the
    roll — and the roll made after that (face 3) is the one read."""
    red = [Chosen(ADDRESS, "pixels", "Red", "agony")]
    with BluetoothDice(events.put, red) as source:
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        fake.die_appears()
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and bool(e.dice)
                 and e.dice[0].battery == 80)  # fmt: skip
        source.send_attended(False)
        until(lambda: not fake.adapter.discovering)

        def rolled_unheard() -> None:
            assert not fake.adapter.discovering  # on BlueZ's loop: no scan can start now
            for state, index in ((2, 0), (3, 3), (1, 5)):
                fake.device.advertise(state, index)

        fake.call(rolled_unheard)
        source.send_expect(1, "agony")
        until(lambda: fake.adapter.discovering, 1.0)
        until(lambda: fake.device.data == fake.device.on_air)  # heard on 6 as the scan began
        for state, index in ((2, 0), (3, 1), (1, 2)):
            fake.call(fake.device.advertise, state, index)
        read = wait_for(events, lambda e: isinstance(e, DiceRead))
        assert read == DiceRead((2,), "pixels:Red")  # face 3; the stale 6 would read 3
        source.send_idle()  # nothing wanted, nobody there: rests again
        until(lambda: not fake.adapter.discovering, 1.0)


def test_a_connected_godice_is_read_while_the_table_rests(
    fake: FakeBluez, events: "queue.Queue[InputEvent]"
) -> None:
    chosen = [Chosen(GO_ADDRESS, "godice", GO_NAME, "d6")]
    with BluetoothDice(events.put, chosen) as source:
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        fake.godice_appears()
        until(lambda: fake.go_notify.notifying, 20.0)
        source.send_attended(False)
        until(lambda: not fake.adapter.discovering)
        fake.call(fake.go_notify.notify, b"R")
        fake.call(fake.go_notify.notify, b"S\x00\x00\xc0")  # (0, 0, -64): face 5
        read = wait_for(events, lambda e: isinstance(e, DiceRead))
        assert read == DiceRead((5,), f"godice:{GO_NAME}")  # shown (the app ignores it)
        assert not fake.adapter.discovering and fake.go.connected
