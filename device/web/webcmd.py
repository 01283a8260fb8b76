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
from typing import TYPE_CHECKING, Any

from device import notify, paths
from device.addresses import machine_addresses, urls
from device.config import Config, ConfigError
from device.journalcmd import add_place_options, load_settings

if TYPE_CHECKING:
    from device.web.server import Serving

EXIT_FAILED = 2
log = logging.getLogger("celaeno.web")


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
    web.add_argument("--max-pages", type=int, default=None, help="pages served at once")
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
        return asyncio.run(_serve(args, config))
    except OSError as error:
        print(f"cannot serve the phone view: {error}", file=sys.stderr)
        return EXIT_FAILED


async def _watchdog() -> None:
    """From the event loop on purpose: a loop that hangs stops the pings, systemd restarts it."""
    interval = notify.watchdog_interval()
    while interval:
        notify.watchdog()
        await asyncio.sleep(interval)


async def _serve(args: argparse.Namespace, config: Config) -> int:
    # Imported here: `celaeno run` and the other commands never load the server library.
    from device.web.feed import Feed
    from device.web.hub import Hub
    from device.web.server import listening_socket, serve
    from rules.text import use_printed_names

    state_dir = paths.state_dir(args.state_dir or config.device.state_dir)
    address = args.address or config.web.address
    port = args.port or config.web.port
    use_printed_names(config.printed_names())  # the owner's Area names, as on the table's screen
    # The journal is read before the socket listens: the first phone to connect gets the
    # committed state, not an empty one.
    hub = Hub(Feed(paths.database_path(state_dir), args.games), config.printed_names())
    await hub.catch_up()
    sock = listening_socket(address, port)
    quiet = asyncio.Event()  # the last page closed a while ago
    serving = await serve(hub, sock, args.max_pages or config.web.max_pages, quiet.set)
    where = ", ".join(urls(address, port, machine_addresses())) or f"{address}:{port}"
    log.info("serving the phone view on %s (journal %s)", where, state_dir)
    notify.ready(f"serving {where}")
    pinger = asyncio.create_task(_watchdog())
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopped.set)
    await _until_stopped(serving, stopped, quiet)
    notify.stopping()
    pinger.cancel()
    await serving.stop()
    hub.feed.close()
    return 0


async def _until_stopped(serving: Serving, stopped: asyncio.Event, quiet: asyncio.Event) -> None:
    """Serve until a signal; each time the last page has closed, give memory back."""
    from device.web.release import release

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
