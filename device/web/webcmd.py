"""``celaeno web`` (serve the phone view) and ``celaeno web-address`` (print its URL).

``celaeno web`` runs as its own systemd unit (``systemd/celaeno-web.service``), as a
user that may read the journal and not write it. It never talks to the table's
process: it follows the journal on disk, so whatever happens to it (a crash, a hang,
two hundred phones) the table plays on untouched.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from device import notify, paths
from device.addresses import machine_addresses, urls
from device.config import Config, ConfigError
from device.journalcmd import add_place_options, load_settings
from device.web.afresh import MARGIN_MIB

if TYPE_CHECKING:
    from device.web.server import Serving

EXIT_FAILED = 2
AFRESH_RETRY = 1.0  # seconds: a fresh start waits for the requests still open to end
log = logging.getLogger("celaeno.web")


@dataclass(frozen=True)
class Handover:
    """The view stopped to start afresh: its listening socket, kept open."""

    listening: int


def register(subparsers: Any) -> None:
    web = subparsers.add_parser(
        "web",
        help="serve the read-only phone view of the table on the LAN",
        description="Serve the table's state to phones and browsers on the LAN, read-only "
        "and live ([web] in the configuration: enabled, address, port, max_pages).",
    )
    add_place_options(web)
    web.add_argument("--address", default=None, help="address to listen on (default: [web])")
    web.add_argument("--port", type=int, default=None, help="port (default: [web] port)")
    web.add_argument("--max-pages", type=int, default=None, help="connections served at once")
    web.add_argument(
        "--afresh-above",
        type=float,
        default=MARGIN_MIB,
        metavar="MIB",
        help="once no page is open, start afresh on the same socket if the view holds more "
        f"than this many MiB beyond its size at start (default {MARGIN_MIB}; negative: never)",
    )
    web.set_defaults(func=web_command)
    address = subparsers.add_parser(
        "web-address",
        help="print the phone view's address",
        description="Print the URL(s) phones open to see the table (one per line).",
    )
    address.add_argument("--config", default=None, help="configuration file (TOML)")
    address.set_defaults(func=address_command)


def address_command(args: argparse.Namespace) -> int:
    try:
        config = load_settings(args)
    except ConfigError as error:
        print("\n".join(error.problems), file=sys.stderr)
        return EXIT_FAILED
    if not config.web.enabled:
        print("the phone view is turned off ([web] enabled = false)", file=sys.stderr)
        return 1
    found = urls(config.web.address, config.web.port, machine_addresses())
    if not found:
        print("no network: this machine has no address phones could reach", file=sys.stderr)
        return 1
    print("\n".join(found))
    return 0


def web_command(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    try:
        config = load_settings(args)
    except ConfigError as error:
        print("\n".join(error.problems), file=sys.stderr)
        return EXIT_FAILED
    if not config.web.enabled:
        print("the phone view is turned off ([web] enabled = false); not serving")
        return 0
    try:
        served = asyncio.run(_serve(args, config))
    except OSError as error:
        print(f"cannot serve the phone view: {error}", file=sys.stderr)
        return EXIT_FAILED
    return _start_afresh(served) if isinstance(served, Handover) else served


def _start_afresh(handover: Handover) -> int:
    """Only returns if the fresh start could not be made: then systemd restarts the unit."""
    from device.web.afresh import start_afresh

    # The fresh start has the watchdog's whole period (WatchdogSec=30s) until its own first
    # ping: up to 15 s under emulation was measured; the last ping may be 15 s old by now.
    notify.watchdog()
    try:
        start_afresh(handover.listening)
    except OSError as error:
        print(f"cannot start the phone view afresh: {error}", file=sys.stderr)
    return EXIT_FAILED


async def _watchdog() -> None:
    """From the event loop on purpose: a loop that hangs stops the pings, systemd restarts it."""
    interval = notify.watchdog_interval()
    while interval:
        notify.watchdog()
        await asyncio.sleep(interval)


async def _serve(args: argparse.Namespace, config: Config) -> int | Handover:
    # Imported here: `celaeno run` and the other commands never load the server library.
    from device.web.afresh import inherited_socket, resident_mib
    from device.web.feed import Feed
    from device.web.hub import Hub
    from device.web.server import listening_socket, serve
    from rules.text import use_printed_names

    state_dir = paths.state_dir(args.state_dir or config.device.state_dir)
    address = args.address or config.web.address
    port = args.port or config.web.port
    handed = inherited_socket()  # a fresh start keeps the socket (and the address) it had
    if handed:
        notify.watchdog()  # imports done; following the journal again may take as long
    sock = handed or listening_socket(address, port)
    use_printed_names(config.printed_names())  # the owner's Area names, as on the table's screen
    hub = Hub(Feed(paths.database_path(state_dir), args.games), config.printed_names())
    await hub.catch_up()
    quiet = asyncio.Event()  # the last page closed a while ago
    serving = await serve(hub, sock, args.max_pages or config.web.max_pages, quiet.set)
    where = ", ".join(urls(address, port, machine_addresses())) or f"{address}:{port}"
    log.info("serving the phone view on %s (journal %s)%s", where, state_dir,
             ", started afresh" if handed else "")  # fmt: skip
    notify.ready(f"serving {where}")
    at_start = resident_mib()
    pinger = asyncio.create_task(_watchdog())
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopped.set)
    handover = await _until_stopped_or_handed_over(serving, stopped, quiet, at_start, args)
    if handover:  # a status only: STOPPING=1 would have systemd wait for an exit, then kill
        notify.status("starting afresh to give memory back")
    else:
        notify.stopping()
    pinger.cancel()
    await serving.stop()
    hub.feed.close()
    return handover or 0


async def _until_stopped_or_handed_over(
    serving: Serving,
    stopped: asyncio.Event,
    quiet: asyncio.Event,
    at_start: float | None,
    args: argparse.Namespace,
) -> Handover | None:
    """Serve until a signal (None), or until the last page closed and the view is worth
    starting afresh (the handed-over socket: see device.web.afresh)."""
    from device.web.afresh import resident_mib, worth_starting_afresh
    from device.web.release import release

    loop = asyncio.get_running_loop()
    while True:
        await _first_of(stopped, quiet)
        if stopped.is_set():
            return None
        quiet.clear()
        if serving.streams:
            continue  # a page opened meanwhile: its closing will tell
        release()
        now = resident_mib()
        if not worth_starting_afresh(now, at_start, args.afresh_above):
            continue
        # No await from here to hand_over(): no connection can be accepted in between.
        if serving.connections == 0:
            assert now is not None and at_start is not None
            log.info("no page open and %.1f MiB above the start: starting afresh on the "
                     "same socket", now - at_start)  # fmt: skip
            return Handover(serving.hand_over())
        loop.call_later(AFRESH_RETRY, quiet.set)  # a request still open (a page loading)


async def _first_of(*events: asyncio.Event) -> None:
    waits = [asyncio.create_task(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
