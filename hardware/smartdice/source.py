"""The Bluetooth dice source: bleak (BlueZ over D-Bus on the Pi) feeding a :class:`DiceHub`.

One thread runs one asyncio loop. It scans (Pixels rolls arrive in the dice's
advertisements, no connection needed) only while a roll could come from a die that needs
the scan, and not at all while the table rests (:mod:`hardware.smartdice.listening`: the app
says whether the table is attended, the hub whether a roll is wanted and which chosen dice
are connected), with BlueZ's discovery filter set so that repeats and far devices are not
signalled. It keeps a connection to each chosen die that needs one (GoDice always; a Pixels
die whose advertisements carry no face), subscribing to its notifications, in both modes.
A connection that drops is tried again every few seconds; when the die is back it is used
again without a press. Bluetooth that is not there (no adapter, no BlueZ, no D-Bus) is the
status word "no_bluetooth", an adapter switched off "bluetooth_off", tried again every
``retry`` seconds, never a crash. Not noticed yet: BlueZ
stopping while a scan runs (the status stays "scanning"; chosen dice then show as quiet).

Like :class:`~hardware.reader.DiceReader` it takes ``send_expect``/``send_idle`` and
``send_attended`` from the app, so the app tells both sources what is wanted the same way.

A chosen die that needs a connection and went away is called again every ``retry`` seconds
in both modes. BlueZ forgets an unpaired device not heard for a while (TemporaryTimeout,
30 s by default), and only a scan finds it again. A chosen die that is not connected is a
reason to scan whenever a roll is wanted, so such a die is found and connected again as soon
as it is back while anything could use it; while the table rests, at the next press or roll.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from hardware import threads
from hardware.events import Post, SmartDiceState
from hardware.smartdice import godice, pixels
from hardware.smartdice.hub import AGONY_FACES, Chosen, DiceHub
from hardware.smartdice.listening import DISCOVERY_FILTER

if TYPE_CHECKING:
    from bleak import BleakClient, BleakScanner
    from bleak.args.bluez import BlueZDiscoveryFilters, BlueZScannerArgs
    from bleak.backends.device import BLEDevice
    from bleak.backends.scanner import AdvertisementData

log = logging.getLogger(__name__)

RETRY = 5.0  # seconds between attempts to start Bluetooth, or to reconnect a chosen die
CONNECT_TIMEOUT = 15.0


class BluetoothDice:
    """Smart dice over Bluetooth LE; see the module docstring."""

    def __init__(
        self,
        post: Post,
        chosen: Iterable[Chosen] = (),
        agony_faces: tuple[int, ...] = AGONY_FACES,
        *,
        adapter: str | None = None,
        retry: float = RETRY,
    ) -> None:
        self.hub = DiceHub(post, chosen, agony_faces)
        self._adapter, self._retry = adapter, retry
        self._listening = True  # the hub's mode as last logged
        self._scanning = False  # the scanner is started (BlueZ discovers for us)
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._connections: dict[str, asyncio.Task[None]] = {}
        self._changed: asyncio.Event | None = None
        # What each address last advertised (name, manufacturer and service data): the same
        # again is passed on without decoding, so a die at rest or a stranger's phone whose
        # signal wavers costs a comparison, not a decode.
        self._said: dict[str, tuple[object, ...]] = {}
        self._last_failure = ""
        self._failed_as: SmartDiceState = "no_bluetooth"
        # The BLEDevice each address was last seen as: a client made from it connects at
        # once, where one made from an address starts a second scan to find the die again.
        self._devices: dict[str, BLEDevice] = {}

    # --- the app's side ---------------------------------------------------------------------

    def start(self) -> BluetoothDice:
        if self._thread is None:
            self._thread = threads.start(self._run, "smart-dice")
            self._ready.wait(5.0)
        return self

    def close(self) -> None:
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop ended on its own
                loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None:
            self._thread.join(10.0)

    def send_expect(self, count: int, die: str) -> bool:
        return self.hub.send_expect(count, die)

    def send_idle(self) -> bool:
        return self.hub.send_idle()

    def send_attended(self, attended: bool) -> bool:
        return self.hub.send_attended(attended)

    def choose(self, chosen: Iterable[Chosen], agony_faces: tuple[int, ...]) -> None:
        self.hub.choose(chosen, agony_faces)

    def __enter__(self) -> BluetoothDice:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- the loop ---------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception:  # the table goes on without smart dice, and says so
            log.exception("smart dice stopped")
            self.hub.set_state("no_bluetooth")
        finally:
            self._ready.set()

    async def _main(self) -> None:
        self._loop, self._stopping = asyncio.get_running_loop(), asyncio.Event()
        self._changed = asyncio.Event()
        self.hub.on_change = self._wake
        self._ready.set()
        while not self._stopping.is_set():
            scanner = await self._start_scanning()
            if scanner is not None:
                self.hub.set_state("scanning")
                try:
                    await self._watch(scanner)
                except Exception as error:  # a scan that would not start: Bluetooth went
                    self._failed(error)
                await self._stop_all(scanner)
            if not self._stopping.is_set():
                self.hub.set_state(self._failed_as)
                await self._wait(self._retry)
        self.hub.set_state("off")

    async def _start_scanning(self) -> BleakScanner | None:
        try:
            from bleak import BleakScanner

            scanner = BleakScanner(detection_callback=self._seen, bluez=self._bluez())
            if self.hub.scan_wanted():
                await self._resume(scanner)
        except Exception as error:  # BleakError, D-Bus errors, a missing bus socket (OSError)
            self._failed(error)
            return None
        self._last_failure = ""
        said = "scanning" if self._scanning else "ready, not scanning"
        log.info("smart dice: %s (%s)", said, self._adapter or "the first adapter")
        return scanner

    def _failed(self, error: Exception) -> None:
        self._failed_as = "bluetooth_off" if _switched_off(error) else "no_bluetooth"
        said = str(error) or type(error).__name__
        if said != self._last_failure:  # once, not every few seconds
            log.warning("smart dice: Bluetooth not available: %s (retrying every %g s)",
                        said, self._retry)  # fmt: skip
            self._last_failure = said

    async def _resume(self, scanner: BleakScanner) -> None:
        """Scan again after a gap: each die's next advertisement is decoded afresh and is a
        baseline (:meth:`DiceHub.scan_resumed`), as at its first sighting."""
        self._said.clear()
        self.hub.scan_resumed()
        await scanner.start()
        self._scanning = True

    async def _follow_plan(self, scanner: BleakScanner) -> None:
        """Start or stop the scan as the hub says (see hardware.smartdice.listening)."""
        listening = self.hub.listening()
        if listening != self._listening:
            self._listening = listening
            log.info("smart dice: %s", "listening" if listening else "resting (not scanning)")
        wanted = self.hub.scan_wanted()
        if wanted and not self._scanning:
            log.info("smart dice: scan started")
            await self._resume(scanner)
        elif not wanted and self._scanning:
            log.info("smart dice: scan stopped")
            self._scanning = False
            await scanner.stop()

    def _bluez(self) -> BlueZScannerArgs:
        """bleak's BlueZ arguments: the discovery filter, and the adapter if one is named."""
        # BlueZ's filter takes DuplicateData too, a key bleak's type of it does not name
        found = cast("BlueZDiscoveryFilters", dict(DISCOVERY_FILTER))
        filters: BlueZScannerArgs = {"filters": found}
        return {**filters, "adapter": self._adapter} if self._adapter else filters

    async def _watch(self, scanner: BleakScanner) -> None:
        """While Bluetooth is there: keep the wanted connections, scan as planned, publish
        quiet dice, until stopped.

        No polling: it wakes when the hub says something changed (a choice, a die first
        seen or connected, the mode), or when a chosen die would go quiet, and otherwise
        sleeps (an idle table with dice at rest does nothing).
        """
        assert self._stopping is not None and self._changed is not None
        while not self._stopping.is_set():
            self._changed.clear()
            wanted = set(self.hub.wants_connection())
            for address in wanted - set(self._connections):
                self._connections[address] = asyncio.create_task(self._keep_connected(address))
            for address in set(self._connections) - wanted:
                self._connections.pop(address).cancel()
            await self._follow_plan(scanner)
            self.hub.publish()
            await self._until_changed(self._next_look())

    def _next_look(self) -> float | None:
        """Seconds until the loop must look again by itself (None: only when woken)."""
        return self.hub.next_quiet()

    def _wake(self) -> None:
        """From any thread: the hub changed what the loop must do."""
        loop, changed = self._loop, self._changed
        if loop is not None and changed is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended
                loop.call_soon_threadsafe(changed.set)

    async def _until_changed(self, seconds: float | None) -> None:
        assert self._stopping is not None and self._changed is not None
        waits = [asyncio.ensure_future(e.wait()) for e in (self._stopping, self._changed)]
        try:
            await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()

    async def _stop_all(self, scanner: BleakScanner) -> None:
        for task in self._connections.values():
            task.cancel()
        await asyncio.gather(*self._connections.values(), return_exceptions=True)
        self._connections.clear()
        self._scanning = False
        with contextlib.suppress(Exception):
            await scanner.stop()

    async def _wait(self, seconds: float) -> None:
        assert self._stopping is not None
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), seconds)

    def _seen(self, device: BLEDevice, advert: AdvertisementData) -> None:
        said = (advert.local_name or device.name, advert.manufacturer_data, advert.service_data,
                advert.service_uuids)  # fmt: skip
        if self._said.get(device.address) == said:
            self.hub.heard_again(device.address, advert.rssi)
            return
        self._said[device.address] = said
        self._devices[device.address] = device
        self.hub.advertisement(
            device.address,
            advert.local_name or device.name,
            advert.manufacturer_data,
            advert.service_data,
            advert.service_uuids,
            advert.rssi,
        )

    # --- connections ------------------------------------------------------------------------

    async def _keep_connected(self, address: str) -> None:
        while True:
            try:
                await self._connected(address)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.info("smart die %s: %s", address, error or type(error).__name__)
            self.hub.disconnected(address)
            await asyncio.sleep(self._retry)

    async def _connected(self, address: str) -> None:
        from bleak import BleakClient

        lost = asyncio.Event()
        async with BleakClient(
            self._devices.get(address, address),
            disconnected_callback=lambda _: lost.set(),
            timeout=CONNECT_TIMEOUT,
        ) as client:
            if any(c.address == address and c.kind == "godice" for c in self.hub.chosen()):
                await self._listen_godice(client, address)
            else:
                await self._listen_pixels(client, address)
            self.hub.connected(address)
            await lost.wait()

    async def _listen_godice(self, client: BleakClient, address: str) -> None:
        await client.start_notify(
            godice.NOTIFY, lambda _, data: self.hub.godice_message(address, data)
        )
        for ask in (godice.ASK_COLOUR, godice.ASK_BATTERY):
            await client.write_gatt_char(godice.WRITE, ask, response=False)

    async def _listen_pixels(self, client: BleakClient, address: str) -> None:
        service = client.services.get_service(pixels.SERVICE)
        notify, write = (
            (pixels.NOTIFY, pixels.WRITE)
            if service
            else (pixels.LEGACY_NOTIFY, pixels.LEGACY_WRITE)
        )
        await client.start_notify(notify, lambda _, data: self.hub.pixels_message(address, data))
        if not self.hub.firmware_known(address):  # asked once: a reconnection knows it
            await client.write_gatt_char(write, pixels.WHO_ARE_YOU, response=False)


def _switched_off(error: Exception) -> bool:
    """bleak's word for an adapter that is there but powered off."""
    from bleak.exc import BleakBluetoothNotAvailableError, BleakBluetoothNotAvailableReason

    return (
        isinstance(error, BleakBluetoothNotAvailableError)
        and error.reason == BleakBluetoothNotAvailableReason.POWERED_OFF
    )
