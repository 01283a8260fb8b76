"""``celaeno web`` once its settings are read: the phone view served until a signal.

Apart from :mod:`device.cli.web` so that building the command line (which every
``celaeno`` command does, ``celaeno run`` included) never loads asyncio or the server.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys

from device.network.addresses import machine_addresses, urls
from device.service import notify
from device.settings.config import Config
from device.storage import paths
from device.web.feed import Feed
from device.web.hub import Hub
from device.web.release import release
from device.web.seats import SeatDoor
from device.web.server import Serving, listening_socket, pick_language, serve
from rules.text import use_printed_names

log = logging.getLogger("celaeno.web")


async def _watchdog() -> None:
    """From the event loop on purpose: a loop that hangs stops the pings, systemd restarts it."""
    interval = notify.watchdog_interval()
    while interval:
        notify.watchdog()
        await asyncio.sleep(interval)


async def serve_until_stopped(args: argparse.Namespace, config: Config) -> int:
    state_dir = paths.state_dir(args.state_dir or config.device.state_dir)
    address = args.address or config.web.address
    port = args.port or config.web.port
    use_printed_names(config.printed_names())  # the owner's Area names, as on the table's screen
    # The journal is read before the socket listens: the first phone to connect gets the
    # committed state, not an empty one.
    journal = paths.database_path(state_dir)
    door = SeatDoor(journal, state_dir, pick_language) if config.web.seats else None
    proposals = door.proposals if door is not None else None
    hub = Hub(Feed(journal, args.games), proposals)
    await hub.catch_up()
    sock = listening_socket(address, port)
    quiet = asyncio.Event()  # the last page closed a while ago
    serving = await serve(hub, sock, args.max_pages or config.web.max_pages, quiet.set, door)
    where = ", ".join(urls(address, port, machine_addresses())) or f"{address}:{port}"
    log.info("serving the phone view on %s (journal %s)", where, state_dir)
    notify.ready(f"serving {where}")
    pinger = asyncio.create_task(_watchdog())
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopped.set)
    if args.until_stdin_closes:
        _stop_when_closed(loop, sys.stdin.fileno(), stopped)
    await _until_stopped(serving, stopped, quiet)
    notify.stopping()
    pinger.cancel()
    await serving.stop()
    hub.feed.close()
    if door is not None:
        door.close()
    return 0


def _stop_when_closed(loop: asyncio.AbstractEventLoop, fd: int, stopped: asyncio.Event) -> None:
    """Stop when ``fd`` reads end of file: the companion that started this view holds the
    pipe's other end, which the kernel closes however the companion ends."""

    def readable() -> None:
        if not os.read(fd, 4096):
            loop.remove_reader(fd)
            stopped.set()

    loop.add_reader(fd, readable)


async def _until_stopped(serving: Serving, stopped: asyncio.Event, quiet: asyncio.Event) -> None:
    """Serve until a signal; each time the last page has closed, give memory back."""
    while True:
        await _first_of(stopped, quiet)
        if stopped.is_set():
            return
        quiet.clear()
        if not serving.streams:  # else a page opened meanwhile: its closing will tell
            release()


async def _first_of(*events: asyncio.Event) -> None:
    waits = [asyncio.create_task(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
