"""``celaeno web`` (serve the phone view) and ``celaeno web-address`` (print its URL).

``celaeno web`` runs as its own systemd unit (``systemd/celaeno-web.service``), as a
user that may read the journal and not write it. It never talks to the table's
process: it follows the journal on disk, so whatever happens to it (a crash, a hang,
two hundred phones) the table plays on untouched. On a desktop, with no such unit, the
companion starts it as its own child process when "Show on phones" is chosen
(:mod:`device.companion.phone_view`, which passes ``--until-stdin-closes``).
"""

from __future__ import annotations

import argparse
import logging
import sys

from device.network.addresses import machine_addresses, urls
from device.settings.places import EXIT_FAILED, add_place_options, guarded, load_settings

log = logging.getLogger("celaeno.web")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    web = subparsers.add_parser(
        "web",
        help="serve the phone view of the table on the LAN",
        description="Serve the table's state to phones and browsers on the LAN, live; a "
        "phone paired as a faction's seat hands its commands to the table, which alone "
        "writes the journal ([web] in the configuration: enabled, address, port, "
        "max_pages, seats).",
    )
    add_place_options(web)
    web.add_argument("--address", default=None, help="address to listen on (default: [web])")
    web.add_argument("--port", type=int, default=None, help="port (default: [web] port)")
    web.add_argument("--max-pages", type=int, default=None, help="pages served at once")
    web.add_argument(
        "--until-stdin-closes",
        action="store_true",
        help="stop when standard input closes (how a companion that started the view stops it)",
    )
    web.set_defaults(func=guarded(web_command))
    address = subparsers.add_parser(
        "web-address",
        help="print the phone view's address",
        description="Print the URL(s) phones open to see the table (one per line).",
    )
    address.add_argument("--config", default=None, help="configuration file (TOML)")
    address.set_defaults(func=guarded(address_command))


def address_command(args: argparse.Namespace) -> int:
    config = load_settings(args)
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
    config = load_settings(args)
    if not config.web.enabled:
        print("the phone view is turned off ([web] enabled = false); not serving")
        return 0
    # Imported here: `celaeno run` and the other commands never load asyncio or the server.
    import asyncio

    from device.web.serving import serve_until_stopped

    try:
        return asyncio.run(serve_until_stopped(args, config))
    except OSError as error:
        print(f"cannot serve the phone view: {error}", file=sys.stderr)
        return EXIT_FAILED
