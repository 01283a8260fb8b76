# ruff: noqa: F722, F821  (dbus-fast reads D-Bus type signatures from the annotations, which mypy cannot read either)
# mypy: ignore-errors
"""A stand-in for BlueZ on a private dbus-daemon, for the bleak source's tests and benchmarks.

This machine's kernel has no Bluetooth (no ``hci_vhci``), so BlueZ cannot run here; what
stands in for it is the smallest part of BlueZ's documented D-Bus API that a scan and a
connection use (an object manager, ``org.bluez.Adapter1``, ``org.bluez.Device1`` with
``ManufacturerData`` and ``ServiceData``, GATT services and characteristics), served with
dbus-fast. bleak, its BlueZ backend, the source's thread and the hub are the real ones. The
booted-machine test is where real BlueZ runs.

:meth:`FakeBluez.start_radio` adds what a room does to a scan, as BlueZ 5.66 (Debian 12, the
card's) reports it: while discovery runs with a client's discovery filter set (bleak always
sets one), each device heard is signalled with its new signal strength at every
advertisement (``device_set_rssi_with_delta(dev, rssi, 0)`` in ``src/adapter.c``), and a
device weaker than the filter's ``RSSI`` is not reported at all.
"""

import asyncio
import itertools
import shutil
import struct
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from dbus_fast import BusType, PropertyAccess, Variant
from dbus_fast.aio import MessageBus
from dbus_fast.service import ServiceInterface, dbus_property, method

from hardware.smartdice import godice, pixels
from hardware.smartdice.pixels import COMPANY_ID, INFO_SERVICE, SERVICE

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
        self.filters: list[dict[str, Any]] = []  # each SetDiscoveryFilter, in order

    @method()
    def SetDiscoveryFilter(self, properties: "a{sv}") -> None:
        self.filters.append({key: value.value for key, value in properties.items()})

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


class Die(ServiceInterface):
    """org.bluez.Device1: what BlueZ says of every die it has heard (``die_*``, not
    ``name``: a ServiceInterface's name is its D-Bus interface's)."""

    def __init__(self, address: str, name: str, service: str, rssi: int) -> None:
        super().__init__("org.bluez.Device1")
        self.die_address, self.die_name, self.die_service = address, name, service
        self.rssi, self.connected, self.exported = rssi, False, False

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
    def RSSI(self) -> "n":
        return self.rssi

    @dbus_property(access=PropertyAccess.READ)
    def UUIDs(self) -> "as":
        return [self.die_service]


class Device(Die):
    """A Pixels die: its manufacturer data changes as it rolls. As in BlueZ, what the die
    says while nobody discovers is not heard (``on_air`` changes, the object's data does
    not) until discovery starts again."""

    def __init__(self, adapter: Adapter) -> None:
        super().__init__(ADDRESS, "Red", SERVICE, -58)
        self.adapter = adapter
        self.data = self.on_air = bytes([6, 0x21, 1, 0, 80])
        adapter.on_start.append(self.heard_again)

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
        changed: dict[str, Any] = {"RSSI": self.rssi}
        if self.on_air != self.data:
            self.data = self.on_air
            changed["ManufacturerData"] = {COMPANY_ID: Variant("ay", self.data)}
        self.emit_properties_changed(changed)


GO_DIE = f"{ADAPTER}/dev_AA_00_00_00_00_02"
GO_ADDRESS = "AA:00:00:00:00:02"
GO_NAME = "GoDice_1F_R_v03"
QUIET_DIE = f"{ADAPTER}/dev_AA_00_00_00_00_03"
QUIET_ADDRESS = "AA:00:00:00:00:03"


class GoDevice(Die):
    """A die read through a connection (a GoDice; a Pixels die whose advertisements carry
    no face): its services appear once connected."""

    def __init__(self, fake: "FakeBluez", path: str = GO_DIE, address: str = GO_ADDRESS,
                 name: str = GO_NAME, service: str = godice.SERVICE) -> None:  # fmt: skip
        super().__init__(address, name, service, -66)
        self.fake, self.die_path, self.resolved = fake, path, False

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
    def ServicesResolved(self) -> "b":
        return self.resolved


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
            self.device.exported = True

        self.call(add)

    def godice_appears(self) -> None:
        def add() -> None:
            assert self.bus is not None
            self.bus.export(GO_DIE, self.go)
            self.go.exported = True

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


STRANGER = f"{ADAPTER}/dev_BB_00_00_00_00_09"


class Stranger(ServiceInterface):
    """org.bluez.Device1 of a stranger's phone in the next room: no dice data, a weak and
    wavering signal."""

    def __init__(self) -> None:
        super().__init__("org.bluez.Device1")
        self.exported = False

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return "BB:00:00:00:00:09"

    @dbus_property(access=PropertyAccess.READ)
    def AddressType(self) -> "s":
        return "random"

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
        return -92

    @dbus_property(access=PropertyAccess.READ)
    def UUIDs(self) -> "as":
        return []


def start_radio(fake: "FakeBluez", every: float = 0.1) -> dict[str, int]:
    """Every ``every`` seconds while discovery runs, each exported device that advertises
    (the Pixels die, the GoDice while not connected, a stranger's phone in the next room)
    is heard with a signal that wavers, and signalled as BlueZ 5.66 signals it under a
    discovery filter; one weaker than the filter's RSSI is not. Returns the count of
    signals sent, kept up to date."""
    counts = {"signals": 0}
    stranger = Stranger()
    strengths = {id(fake.device): itertools.cycle((-50, -52, -51, -53)),
                 id(fake.go): itertools.cycle((-60, -62, -61, -63)),
                 id(stranger): itertools.cycle((-91, -93, -95, -92))}  # fmt: skip

    def heard() -> None:
        floor = min((f["RSSI"] for f in fake.adapter.filters[-1:] if "RSSI" in f), default=None)
        if fake.adapter.discovering:
            for device in (fake.device, fake.go, stranger):
                rssi = next(strengths[id(device)])
                advertising = device.exported and not getattr(device, "connected", False)
                if advertising and (floor is None or rssi >= floor):
                    device.emit_properties_changed({"RSSI": rssi})
                    counts["signals"] += 1
        fake.loop.call_later(every, heard)

    def begin() -> None:
        assert fake.bus is not None
        fake.bus.export(STRANGER, stranger)
        stranger.exported = True
        fake.loop.call_later(every, heard)

    fake.call(begin)
    return counts


@contextmanager
def private_system_bus(directory: Path) -> Iterator[subprocess.Popen[str]]:
    """A dbus-daemon of the system bus's kind on a socket in ``directory``; its address is
    ``bus_address(directory)``."""
    if shutil.which("dbus-daemon") is None:
        raise FileNotFoundError("dbus-daemon is not installed (apt-get install dbus)")
    config = directory / "bus.conf"
    config.write_text(
        f"<busconfig><type>system</type><listen>unix:path={directory / 'bus'}</listen>"
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
        yield daemon
    finally:
        daemon.terminate()
        daemon.wait(5)
        if daemon.stdout is not None:
            daemon.stdout.close()


def bus_address(directory: Path) -> str:
    return f"unix:path={directory / 'bus'}"


@contextmanager
def fake_bluez(directory: Path) -> Iterator[tuple[str, "FakeBluez"]]:
    """The stand-in on its own bus: (the bus's address, the stand-in)."""
    with private_system_bus(directory):
        address = bus_address(directory)
        fake = FakeBluez(address)
        try:
            yield address, fake
        finally:
            fake.close()
