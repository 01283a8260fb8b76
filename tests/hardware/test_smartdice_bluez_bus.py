# ruff: noqa: F722, F821  (dbus-fast reads D-Bus type signatures from the annotations)
"""The bleak source end to end on a real D-Bus: advertisements in, the reader's events out.

This machine's kernel has no Bluetooth (no ``hci_vhci``), so BlueZ cannot run here; what
stands in for it is the smallest part of BlueZ's documented D-Bus API that a scan uses (an
object manager, ``org.bluez.Adapter1``, ``org.bluez.Device1`` with ``ManufacturerData`` and
``ServiceData``), served with dbus-fast on a private dbus-daemon. bleak, its BlueZ backend,
the source's thread and the hub are the real ones. The booted-machine test is where real
BlueZ runs.
"""

import asyncio
import queue
import shutil
import struct
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dbus_fast import BusType, PropertyAccess, Variant
from dbus_fast.aio import MessageBus
from dbus_fast.service import ServiceInterface, dbus_property, method

from hardware.events import DiceRead, InputEvent, SmartDiceStatus, SmartDieProblem
from hardware.smartdice import godice, pixels
from hardware.smartdice.hub import Chosen
from hardware.smartdice.pixels import COMPANY_ID, INFO_SERVICE, SERVICE
from hardware.smartdice.source import BluetoothDice

ADAPTER = "/org/bluez/hci0"
DIE = f"{ADAPTER}/dev_AA_00_00_00_00_01"
ADDRESS = "AA:00:00:00:00:01"
FIRMWARE = 1735689600


class Adapter(ServiceInterface):
    """org.bluez.Adapter1: powered, a central, and discovery on request. It keeps when
    discovery started and stopped; a discovery that starts hears the dice again."""

    def __init__(self) -> None:
        super().__init__("org.bluez.Adapter1")
        self.discovering = False
        self.powered = True
        self.changes: list[tuple[float, bool]] = []  # (time.monotonic(), discovering)
        self.on_start: list[Any] = []  # what discovery hears as it starts

    @method()
    def SetDiscoveryFilter(self, properties: "a{sv}") -> None:
        pass

    @method()
    def StartDiscovery(self) -> None:
        self.discovering = True
        self.changes.append((time.monotonic(), True))
        for heard in self.on_start:
            heard()

    @method()
    def StopDiscovery(self) -> None:
        self.discovering = False
        self.changes.append((time.monotonic(), False))

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return "00:11:22:33:44:55"

    @dbus_property(access=PropertyAccess.READ)
    def Powered(self) -> "b":
        return self.powered

    @dbus_property(access=PropertyAccess.READ)
    def Discovering(self) -> "b":
        return self.discovering

    @dbus_property(access=PropertyAccess.READ)
    def Roles(self) -> "as":
        return ["central"]


class Device(ServiceInterface):
    """org.bluez.Device1 of a Pixels die: its manufacturer data changes as it rolls. As in
    BlueZ, what the die says while nobody discovers is not heard (``on_air`` changes, the
    object's data does not) until discovery starts again."""

    def __init__(self, adapter: Adapter) -> None:
        super().__init__("org.bluez.Device1")
        self.adapter = adapter
        self.data = self.on_air = bytes([6, 0x21, 1, 0, 80])
        adapter.on_start.append(self.heard_again)

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return ADDRESS

    @dbus_property(access=PropertyAccess.READ)
    def AddressType(self) -> "s":
        return "random"

    @dbus_property(access=PropertyAccess.READ)
    def Name(self) -> "s":
        return "Red"

    @dbus_property(access=PropertyAccess.READ)
    def Alias(self) -> "s":
        return "Red"

    @dbus_property(access=PropertyAccess.READ)
    def Adapter(self) -> "o":
        return ADAPTER

    @dbus_property(access=PropertyAccess.READ)
    def Paired(self) -> "b":
        return False

    @dbus_property(access=PropertyAccess.READ)
    def Connected(self) -> "b":
        return False

    @dbus_property(access=PropertyAccess.READ)
    def RSSI(self) -> "n":
        return -58

    @dbus_property(access=PropertyAccess.READ)
    def UUIDs(self) -> "as":
        return [SERVICE]

    @dbus_property(access=PropertyAccess.READ)
    def ManufacturerData(self) -> "a{qv}":
        return {COMPANY_ID: Variant("ay", self.data)}

    @dbus_property(access=PropertyAccess.READ)
    def ServiceData(self) -> "a{sv}":
        return {INFO_SERVICE: Variant("ay", struct.pack("<II", 7, FIRMWARE))}

    def advertise(self, state: int, index: int) -> None:
        self.on_air = bytes([6, 0x21, state, index, 80])
        if self.adapter.discovering:
            self.heard_again()

    def heard_again(self) -> None:
        """Heard by a discovery: the signal, and the data if it changed (BlueZ's way)."""
        changed: dict[str, Any] = {"RSSI": -58}
        if self.on_air != self.data:
            self.data = self.on_air
            changed["ManufacturerData"] = {COMPANY_ID: Variant("ay", self.data)}
        self.emit_properties_changed(changed)


GO_DIE = f"{ADAPTER}/dev_AA_00_00_00_00_02"
GO_ADDRESS = "AA:00:00:00:00:02"
GO_NAME = "GoDice_1F_R_v03"
QUIET_DIE = f"{ADAPTER}/dev_AA_00_00_00_00_03"
QUIET_ADDRESS = "AA:00:00:00:00:03"


class GoDevice(ServiceInterface):
    """org.bluez.Device1 of a die read through a connection (a GoDice; a Pixels die whose
    advertisements carry no face): its services appear once connected."""

    def __init__(self, fake: "FakeBluez", path: str = GO_DIE, address: str = GO_ADDRESS,
                 name: str = GO_NAME, service: str = godice.SERVICE) -> None:  # fmt: skip
        super().__init__("org.bluez.Device1")
        self.fake, self.connected, self.resolved = fake, False, False
        # Not .name: a ServiceInterface's name is its D-Bus interface's.
        self.die_path, self.die_address, self.die_name, self.die_service = (
            path,
            address,
            name,
            service,
        )

    @method()
    def Connect(self) -> None:
        self.connected = True
        self.emit_properties_changed({"Connected": True})
        self.fake.resolve_services(self)
        self.resolved = True
        self.emit_properties_changed({"ServicesResolved": True})

    @method()
    def Disconnect(self) -> None:
        self.drop()

    def drop(self) -> None:
        self.connected = self.resolved = False
        self.emit_properties_changed({"Connected": False, "ServicesResolved": False})

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return self.die_address

    @dbus_property(access=PropertyAccess.READ)
    def AddressType(self) -> "s":
        return "random"

    @dbus_property(access=PropertyAccess.READ)
    def Name(self) -> "s":
        return self.die_name

    @dbus_property(access=PropertyAccess.READ)
    def Alias(self) -> "s":
        return self.die_name

    @dbus_property(access=PropertyAccess.READ)
    def Adapter(self) -> "o":
        return ADAPTER

    @dbus_property(access=PropertyAccess.READ)
    def Paired(self) -> "b":
        return False

    @dbus_property(access=PropertyAccess.READ)
    def Connected(self) -> "b":
        return self.connected

    @dbus_property(access=PropertyAccess.READ)
    def ServicesResolved(self) -> "b":
        return self.resolved

    @dbus_property(access=PropertyAccess.READ)
    def RSSI(self) -> "n":
        return -66

    @dbus_property(access=PropertyAccess.READ)
    def UUIDs(self) -> "as":
        return [self.die_service]


class GattService(ServiceInterface):
    def __init__(self, uuid: str, device: str) -> None:
        super().__init__("org.bluez.GattService1")
        self.uuid, self.device = uuid, device

    @dbus_property(access=PropertyAccess.READ)
    def UUID(self) -> "s":
        return self.uuid

    @dbus_property(access=PropertyAccess.READ)
    def Device(self) -> "o":
        return self.device

    @dbus_property(access=PropertyAccess.READ)
    def Primary(self) -> "b":
        return True

    @dbus_property(access=PropertyAccess.READ)
    def Handle(self) -> "q":
        return 10


class GattCharacteristic(ServiceInterface):
    def __init__(self, uuid: str, flags: list[str], handle: int, service: str) -> None:
        super().__init__("org.bluez.GattCharacteristic1")
        self.uuid, self.flags, self.handle, self.service = uuid, flags, handle, service
        self.written: list[bytes] = []
        self.notifying = False

    @method()
    def StartNotify(self) -> None:
        self.notifying = True

    @method()
    def StopNotify(self) -> None:
        self.notifying = False

    @method()
    def WriteValue(self, value: "ay", options: "a{sv}") -> None:
        self.written.append(bytes(value))

    @method()
    def ReadValue(self, options: "a{sv}") -> "ay":
        return b""

    def notify(self, data: bytes) -> None:
        self.emit_properties_changed({"Value": data})

    @dbus_property(access=PropertyAccess.READ)
    def UUID(self) -> "s":
        return self.uuid

    @dbus_property(access=PropertyAccess.READ)
    def Service(self) -> "o":
        return self.service

    @dbus_property(access=PropertyAccess.READ)
    def Flags(self) -> "as":
        return self.flags

    @dbus_property(access=PropertyAccess.READ)
    def Handle(self) -> "q":
        return self.handle

    @dbus_property(access=PropertyAccess.READ)
    def Value(self) -> "ay":
        return b""


class FakeBluez:
    """The BlueZ stand-in, on its own thread and loop."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.loop = asyncio.new_event_loop()
        self.adapter = Adapter()
        self.device = Device(self.adapter)
        self.go = GoDevice(self)
        self.go_notify, self.go_write = self.characteristics(GO_DIE, godice.NOTIFY, godice.WRITE)
        self.quiet_pixel = GoDevice(self, QUIET_DIE, QUIET_ADDRESS, "Blue", pixels.SERVICE)
        self.pixel_notify, self.pixel_write = self.characteristics(QUIET_DIE, pixels.NOTIFY,
                                                                   pixels.WRITE)  # fmt: skip
        self.exported: set[str] = set()
        self.bus: MessageBus | None = None
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        assert ready.wait(10)

    @staticmethod
    def characteristics(device: str, notify: str, write: str) -> tuple[Any, Any]:
        service = f"{device}/service000a"
        return (GattCharacteristic(notify, ["notify"], 12, service),
                GattCharacteristic(write, ["write-without-response", "write"], 11, service))  # fmt: skip

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._serve())
        ready.set()
        self.loop.run_forever()

    async def _serve(self) -> None:
        self.bus = await MessageBus(bus_address=self.address, bus_type=BusType.SYSTEM).connect()
        self.bus.export(ADAPTER, self.adapter)  # dbus-fast serves GetManagedObjects itself
        await self.bus.request_name("org.bluez")

    def call(self, function: Any, *args: Any) -> None:
        done = threading.Event()

        def run() -> None:
            function(*args)
            done.set()

        self.loop.call_soon_threadsafe(run)
        assert done.wait(5)

    def die_appears(self) -> None:
        def add() -> None:  # exporting emits InterfacesAdded, as BlueZ does for a new device
            assert self.bus is not None
            self.bus.export(DIE, self.device)

        self.call(add)

    def godice_appears(self) -> None:
        def add() -> None:
            assert self.bus is not None
            self.bus.export(GO_DIE, self.go)

        self.call(add)

    def resolve_services(self, device: GoDevice) -> None:
        """On the loop, from Connect: the GATT objects, as BlueZ adds them after discovery."""
        assert self.bus is not None
        if device.die_path in self.exported:
            return
        notify, write = (
            (self.go_notify, self.go_write) if device is self.go
            else (self.pixel_notify, self.pixel_write)
        )  # fmt: skip
        path = device.die_path
        self.bus.export(f"{path}/service000a", GattService(device.die_service, path))
        self.bus.export(f"{path}/service000a/char000b", write)
        self.bus.export(f"{path}/service000a/char000c", notify)
        self.exported.add(path)

    def quiet_pixel_appears(self) -> None:
        def add() -> None:
            assert self.bus is not None
            self.bus.export(QUIET_DIE, self.quiet_pixel)

        self.call(add)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def bluez(tmp_path: Path) -> Iterator[tuple[str, FakeBluez]]:
    if shutil.which("dbus-daemon") is None:
        pytest.skip("dbus-daemon is not installed (apt-get install dbus)")
    socket = tmp_path / "bus"
    config = tmp_path / "bus.conf"
    config.write_text(
        f"<busconfig><type>system</type><listen>unix:path={socket}</listen>"
        "<auth>EXTERNAL</auth><policy context='default'><allow send_destination='*'/>"
        "<allow eavesdrop='true'/><allow own='*'/><allow user='*'/></policy></busconfig>"
    )
    # --print-address answers once the daemon listens (the socket file comes earlier).
    daemon = subprocess.Popen(
        ["dbus-daemon", "--nofork", "--print-address=1", f"--config-file={config}"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert daemon.stdout is not None and daemon.stdout.readline().startswith("unix:")
        address = f"unix:path={socket}"
        fake = FakeBluez(address)
        yield address, fake
        fake.close()
    finally:
        daemon.terminate()
        daemon.wait(5)
        if daemon.stdout is not None:
            daemon.stdout.close()


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


def test_a_pixels_roll_over_bleak_and_d_bus(monkeypatch: pytest.MonkeyPatch, bluez: Any) -> None:
    address, fake = bluez
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
    events: queue.Queue[InputEvent] = queue.Queue()
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
    monkeypatch: pytest.MonkeyPatch, bluez: Any
) -> None:
    address, fake = bluez
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
    events: queue.Queue[InputEvent] = queue.Queue()
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
    monkeypatch: pytest.MonkeyPatch, bluez: Any
) -> None:
    address, fake = bluez
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
    events: queue.Queue[InputEvent] = queue.Queue()
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
    monkeypatch: pytest.MonkeyPatch, bluez: Any
) -> None:
    address, fake = bluez
    fake.call(setattr, fake.adapter, "powered", False)
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
    events: queue.Queue[InputEvent] = queue.Queue()
    with BluetoothDice(events.put, retry=0.2):
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "bluetooth_off")


# --- resting and listening -------------------------------------------------------------------

# Resting figures small enough for a test: 0.4 s of every 1.6 s; LONG never opens a window
# while a test runs (a gap that is surely a gap).
WINDOW, PERIOD, LONG = 0.4, 1.6, 600.0


def until(condition: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "never came"
        time.sleep(0.02)


def test_at_rest_the_scan_runs_in_windows_and_a_press_listens_at_once(
    monkeypatch: pytest.MonkeyPatch, bluez: Any
) -> None:
    address, fake = bluez
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
    events: queue.Queue[InputEvent] = queue.Queue()
    with BluetoothDice(events.put, scan_window=WINDOW, scan_period=PERIOD) as source:
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        assert fake.adapter.discovering  # told nothing yet: listening, as it always did
        rested = time.monotonic()
        source.send_attended(False)  # nobody at the table, no roll wanted
        time.sleep(3 * PERIOD + 0.4)  # three windows, then in the gap after the third
        woke = time.monotonic()
        source.send_attended(True)  # a press
        until(lambda: fake.adapter.discovering, 1.0)
        time.sleep(2 * PERIOD)
        assert fake.adapter.discovering  # listening: no window closes
    resting = [(t - rested, on) for t, on in fake.adapter.changes if rested <= t < woke]
    assert resting[0][1] is False and resting[0][0] < 0.3  # the scan stopped at once
    starts = [t for t, on in resting if on]
    stops = [t for t, on in resting[1:] if not on]
    assert len(starts) == len(stops) == 3, resting
    for n, (opened, closed) in enumerate(zip(starts, stops, strict=True)):
        assert opened == pytest.approx((n + 1) * PERIOD - WINDOW, abs=0.3)
        assert closed - opened == pytest.approx(WINDOW, abs=0.3)
    awake = [on for t, on in fake.adapter.changes if t >= woke]
    assert awake == [True, False]  # started on the press, stopped only on close


def test_a_roll_wanted_listens_and_a_roll_made_at_rest_is_never_taken(
    monkeypatch: pytest.MonkeyPatch, bluez: Any
) -> None:
    """Red lies on 1; the table rests; Red is rolled to 6 while nobody listens; then the
    Agony roll is wanted: the scan starts at once, hears Red on 6 — a baseline, not the
    roll — and the roll made after that (face 3) is the one read."""
    address, fake = bluez
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
    events: queue.Queue[InputEvent] = queue.Queue()
    red = [Chosen(ADDRESS, "pixels", "Red", "agony")]
    with BluetoothDice(events.put, red, scan_window=WINDOW, scan_period=LONG) as source:
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and e.state == "scanning")
        fake.die_appears()
        wait_for(events, lambda e: isinstance(e, SmartDiceStatus) and bool(e.dice)
                 and e.dice[0].battery == 80)  # fmt: skip
        source.send_attended(False)
        until(lambda: not fake.adapter.discovering)

        def rolled_unheard() -> None:
            assert not fake.adapter.discovering  # on BlueZ's loop: no window can open now
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
    monkeypatch: pytest.MonkeyPatch, bluez: Any
) -> None:
    address, fake = bluez
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
    events: queue.Queue[InputEvent] = queue.Queue()
    chosen = [Chosen(GO_ADDRESS, "godice", GO_NAME, "d6")]
    with BluetoothDice(events.put, chosen, scan_window=WINDOW, scan_period=LONG) as source:
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
