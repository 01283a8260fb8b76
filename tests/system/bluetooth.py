"""A virtual Bluetooth LE radio for the booted machine: a controller for the guest, two dice.

Run by bumble (Google's Python Bluetooth stack) on the host, in a thread with its own asyncio
loop. The guest's controller is served on a TCP socket that QEMU connects to as a 16550
UART (``-chardev socket,… -device pci-serial``); the guest attaches it with
``btattach -P h4``, as a Pi's own Bluetooth chip is attached over its UART. On the same
virtual link:

- a **Pixels** die that carries its roll state in its advertisement (the makers' current
  layout: manufacturer data under 0x0D39, the die's id and firmware build time as service
  data 0x180A in the scan response), and
- a **GoDice** that is read through a connection: its Nordic-UART-style service answers the
  colour and battery questions and notifies ``R`` and ``S`` x y z for a roll.

Two of bumble's own behaviours are changed here, because each breaks the path to the guest
(bumble is pinned in pyproject.toml's ``system`` extra):

1. ``LocalLink`` sends LE data from the sender's *random* address; the guest's kernel
   connects from its *public* one, so the die's controller would drop every packet of the
   connection. :class:`ConnectionAddressLink` sends from the connection's own address.
2. bumble's controller answers every advertisement with a scan response that repeats the
   advertising data, and reports "extended" advertisements, which Linux 6.1 does not merge
   with the scan response. :class:`GuestController` has no extended advertising (like a
   Pi 3's Bluetooth 4.1 chip), reports legacy advertisements with the advertiser's real scan
   response, and a signal that wavers by a few dBm as a real one does (BlueZ passes on a
   known device's unchanged report to a second scanner only when something changed).

The radio is otherwise ideal (no loss, instant connections): this tests the software path.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import struct
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from bumble import hci, ll
from bumble.controller import Controller
from bumble.core import PhysicalTransport
from bumble.device import Device
from bumble.gatt import Characteristic, CharacteristicValue, Service
from bumble.host import Host
from bumble.link import LocalLink
from bumble.transport.common import AsyncPipeSink
from bumble.transport.tcp_server import open_tcp_server_transport

from hardware.smartdice import godice, pixels

log = logging.getLogger(__name__)
T = TypeVar("T")

GUEST_ADDRESS = "C0:CE:1A:E0:00:01"  # the guest's controller (public)
PIXELS_ADDRESS = "F1:70:1C:5E:00:01"  # random static addresses, as the dice use
GODICE_ADDRESS = "F2:60:D1:CE:00:02"
PIXELS_NAME, PIXELS_ID = "Red", 0x5EED0001
GODICE_NAME = "GoDice_Blue"
FIRMWARE = 1735689600  # 2025-01-01: the current roll-state numbering
ROLLED, HANDLING, ROLLING, RESTING = 1, 2, 3, 5  # current numbering (pixels.CURRENT)
ADVERTISING_MS = 100.0
SIGNAL = itertools.cycle((-50, -52, -51, -53))


def _without_extended_advertising(controller: Controller) -> None:
    controller.le_features = controller.le_features & ~hci.LeFeatureMask.LE_EXTENDED_ADVERTISING


class ConnectionAddressLink(LocalLink):  # type: ignore[misc]
    """A link that sends LE data from the address the connection was made with."""

    def send_acl_data(
        self,
        sender_controller: Controller,
        destination_address: hci.Address,
        transport: PhysicalTransport,
        data: bytes,
    ) -> None:
        if transport != PhysicalTransport.LE:
            super().send_acl_data(sender_controller, destination_address, transport, data)
            return
        connection = sender_controller.le_connections.get(destination_address)
        source = connection.self_address if connection else sender_controller.random_address
        destination = self.find_le_controller(destination_address)
        if destination is not None:
            asyncio.get_running_loop().call_soon(
                destination.on_link_acl_data, source, transport, data
            )


class GuestController(Controller):  # type: ignore[misc]
    """The guest's controller: legacy reports with the advertiser's own scan response."""

    def on_advertising_pdu(self, pdu: Any) -> None:
        scanning = self.le_scan_enable
        if scanning and isinstance(pdu, ll.AdvInd):
            self._report(pdu)
        self.le_scan_enable = False  # bumble's own reports: not sent (the connection still is)
        try:
            super().on_advertising_pdu(pdu)
        finally:
            self.le_scan_enable = scanning

    def _report(self, pdu: Any) -> None:
        kind = hci.HCI_LE_Advertising_Report_Event.EventType
        rssi = next(SIGNAL)
        reports = [(kind.ADV_IND, pdu.data)]
        response = self._scan_response(pdu.advertiser_address)
        if self.le_scan_type == 1 and response:  # active scanning asks for it
            reports.append((kind.SCAN_RSP, response))
        for event_type, data in reports:
            report = hci.HCI_LE_Advertising_Report_Event.Report(
                event_type=event_type,
                address_type=pdu.advertiser_address.address_type,
                address=pdu.advertiser_address,
                data=data,
                rssi=rssi,
            )
            self.send_hci_packet(hci.HCI_LE_Advertising_Report_Event([report]))

    def _scan_response(self, address: hci.Address) -> bytes:
        for controller in self.link.controllers:
            advertiser = controller.le_legacy_advertiser
            if advertiser.enabled and advertiser.address == address:
                return bytes(advertiser.scan_response_data)
        return b""


def ad(*fields: tuple[int, bytes]) -> bytes:
    """Advertising data: length, type, value for each field."""
    return b"".join(bytes([len(value) + 1, kind]) + value for kind, value in fields)


FLAGS = (0x01, bytes([0x06]))  # LE general discoverable, no BR/EDR


def pixels_advertisement(state: int, index: int, battery: int = 80) -> bytes:
    design = (2 << 4) | 1  # a d6, onyx black
    data = struct.pack("<H", pixels.COMPANY_ID) + bytes([6, design, state, index, battery])
    return ad(FLAGS, (0xFF, data))


def pixels_scan_response() -> bytes:
    info = struct.pack("<H", 0x180A) + struct.pack("<II", PIXELS_ID, FIRMWARE)
    return ad((0x09, PIXELS_NAME.encode()), (0x16, info))


class SimulatedDie:
    """One die: its own controller and host on the link, advertising, maybe connectable."""

    def __init__(self, link: LocalLink, name: str, address: str) -> None:
        self.controller = Controller(name, link=link)
        _without_extended_advertising(self.controller)
        host = Host(self.controller, AsyncPipeSink(self.controller))
        self.device = Device(name=name, address=hci.Address(address), host=host)
        self.advertising_data = b""
        self.scan_response = b""
        self.present = False

    async def power_on(self) -> None:
        await self.device.power_on()

    async def advertise(self) -> None:
        await self.device.start_advertising(
            advertising_data=self.advertising_data,
            scan_response_data=self.scan_response,
            advertising_interval_min=ADVERTISING_MS,
            advertising_interval_max=ADVERTISING_MS,
        )
        self.present = True

    async def go_away(self) -> None:
        """Out of range: no advertisement, and any connection lost."""
        self.present = False
        await self.device.stop_advertising()
        for connection in list(self.device.connections.values()):
            await connection.disconnect()


class PixelsDie(SimulatedDie):
    def __init__(self, link: LocalLink) -> None:
        super().__init__(link, PIXELS_NAME, PIXELS_ADDRESS)
        self.advertising_data = pixels_advertisement(RESTING, 0)
        self.scan_response = pixels_scan_response()

    async def show(self, state: int, index: int, dwell: float) -> None:
        """Advertise ``state`` on face ``index`` (from 0) for ``dwell`` seconds."""
        self.advertising_data = pixels_advertisement(state, index)
        await self.advertise()
        await asyncio.sleep(dwell)

    async def roll(self, face: int, dwell: float = 0.6) -> None:
        """Picked up, rolled, and settled on ``face``, as the die's advertisements say it."""
        await self.show(HANDLING, 2, dwell)
        await self.show(ROLLING, 3, dwell)
        self.advertising_data = pixels_advertisement(ROLLED, face - 1)
        await self.advertise()


class GoDiceDie(SimulatedDie):
    def __init__(self, link: LocalLink) -> None:
        super().__init__(link, GODICE_NAME, GODICE_ADDRESS)
        self.advertising_data = ad(FLAGS, (0x09, GODICE_NAME.encode()))
        uuid = bytes.fromhex(godice.SERVICE.replace("-", ""))[::-1]
        self.scan_response = ad((0x07, uuid))
        self.notify = Characteristic(
            godice.NOTIFY, Characteristic.Properties.NOTIFY, Characteristic.READABLE, b""
        )
        write = Characteristic(
            godice.WRITE,
            Characteristic.Properties.WRITE | Characteristic.Properties.WRITE_WITHOUT_RESPONSE,
            Characteristic.WRITEABLE,
            CharacteristicValue(write=self._asked),
        )
        self.device.add_service(Service(godice.SERVICE, [write, self.notify]))
        self.asked: list[bytes] = []
        self.device.on("connection", self._connected)

    def _connected(self, connection: Any) -> None:
        connection.on("disconnection", lambda *_: self._disconnected())

    def _disconnected(self) -> None:
        if self.present:  # still in range: it advertises again, as the die does
            asyncio.get_running_loop().create_task(self.advertise())

    def _asked(self, _connection: Any, value: bytes) -> None:
        self.asked.append(bytes(value))
        answer = {godice.ASK_COLOUR: b"Col\x03", godice.ASK_BATTERY: b"Bat\x4b"}.get(bytes(value))
        if answer is not None:
            asyncio.get_running_loop().create_task(self.say(answer))

    @property
    def connected(self) -> bool:
        return bool(self.device.connections)

    async def say(self, data: bytes) -> None:
        await self.device.notify_subscribers(self.notify, data)

    async def roll(self, face: int) -> None:
        await self.say(b"R")
        await asyncio.sleep(0.8)
        x, y, z = godice.D6_VECTORS[face]
        await self.say(b"S" + struct.pack("bbb", x, y, z))


class VirtualRadio:
    """The link, the guest's controller on ``port`` and the two dice, on their own loop.

    Start it before QEMU (QEMU connects once and never again): ``VirtualRadio().start()``.
    """

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="radio", daemon=True)
        self.port = 0
        self.pixels: PixelsDie
        self.godice: GoDiceDie

    def start(self) -> VirtualRadio:
        self.thread.start()
        self.call(self._start())
        return self

    async def _start(self) -> None:
        link = ConnectionAddressLink()
        self.transport = await open_tcp_server_transport("127.0.0.1:0")
        self.port = self.transport.server.sockets[0].getsockname()[1]
        self.guest = GuestController(
            "guest",
            host_source=self.transport.source,
            host_sink=self.transport.sink,
            link=link,
            public_address=GUEST_ADDRESS,
        )
        _without_extended_advertising(self.guest)
        self.pixels, self.godice = PixelsDie(link), GoDiceDie(link)
        for die in (self.pixels, self.godice):
            await die.power_on()
            await die.advertise()

    def call(self, work: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        """Run ``work`` on the radio's loop; its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def do(self, action: Callable[[], Awaitable[T]], timeout: float = 30) -> T:
        async def run() -> T:
            return await action()

        return self.call(run(), timeout)

    def close(self) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
