"""What makes a phone keep the table's own Wi-Fi: every name resolves to the table, and
the operating systems' captive-portal probes get the internet's answers.

A phone that joins a network checks for the internet by fetching a known page (Android
``connectivitycheck.gstatic.com/generate_204``, Apple ``captive.apple.com/hotspot-detect.html``,
Windows ``www.msftconnecttest.com/connecttest.txt``). Without an answer it marks the
network "no internet", may offer to leave it, and may send the page's traffic over
mobile data. So on the table's own network only (celaeno-portal.service, started by the
access point): a DNS server answers every name with the table's address, and port 80
answers the probes as the phone view does (:data:`device.web.server.PROBES`) and sends
anything else to the phone view. It serves nothing else and keeps no state.

Standard library and aiohttp only; the DNS answers are built by hand (RFC 1035): an
answer to one question, no recursion, nothing cached.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import struct
import sys
from collections.abc import Sequence
from typing import cast

from aiohttp import web

from device.network.hotspot import ADDRESS
from device.web.server import PROBES, probe

TTL = 60  # seconds a phone may keep an answer (short: the table's network is temporary)
TYPE_A, CLASS_IN = 1, 1
HEADER = struct.Struct("!HHHHHH")
NOT_IMPLEMENTED, FORMAT_ERROR = 4, 1


def answer(query: bytes, address: str) -> bytes | None:
    """The reply to a DNS ``query``: ``address`` for any A question, no records for other
    types; None for what is not a query (never answered: no reflection)."""
    if len(query) < HEADER.size:
        return None
    ident, flags, questions, *_ = HEADER.unpack_from(query)
    if flags & 0x8000:  # a response, not a query
        return None
    opcode = (flags >> 11) & 0xF
    end = _question_end(query) if questions == 1 and opcode == 0 else None
    reply_flags = 0x8000 | (flags & 0x0100) | 0x0400  # response, RD copied, authoritative
    if end is None:
        code = NOT_IMPLEMENTED if opcode else FORMAT_ERROR
        return HEADER.pack(ident, reply_flags | code, 0, 0, 0, 0)
    question = query[HEADER.size : end]
    qtype, qclass = struct.unpack_from("!HH", query, end - 4)
    if qtype != TYPE_A or qclass != CLASS_IN:
        return HEADER.pack(ident, reply_flags, 1, 0, 0, 0) + question
    record = struct.pack("!HHHIH", 0xC00C, TYPE_A, CLASS_IN, TTL, 4)
    record += ipaddress.IPv4Address(address).packed
    return HEADER.pack(ident, reply_flags, 1, 1, 0, 0) + question + record


def _question_end(query: bytes) -> int | None:
    """Where the one question ends (after its type and class), or None if malformed."""
    at = HEADER.size
    while at < len(query):
        length = query[at]
        if length == 0:
            end = at + 1 + 4
            return end if end <= len(query) else None
        if length & 0xC0:  # a pointer has no place in a question
            return None
        at += 1 + length
    return None


class Resolver(asyncio.DatagramProtocol):
    def __init__(self, address: str) -> None:
        self.address = address
        self.transport: asyncio.DatagramTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.DatagramTransport, transport)

    def datagram_received(self, data: bytes, addr: tuple[str, int]) -> None:
        reply = answer(data, self.address)
        if reply is not None and self.transport is not None:
            self.transport.sendto(reply, addr)


def probes_app(view: str) -> web.Application:
    """Port 80: the probes' answers; anything else is sent to the phone view."""

    async def elsewhere(request: web.Request) -> web.Response:
        raise web.HTTPFound(view)

    app = web.Application()
    for path in PROBES:
        app.router.add_get(path, probe)
    app.router.add_route("*", "/{tail:.*}", elsewhere)
    return app


async def serve(address: str, dns_port: int, http_port: int, view: str) -> None:
    loop = asyncio.get_running_loop()
    await loop.create_datagram_endpoint(lambda: Resolver(address), local_addr=(address, dns_port))
    runner = web.AppRunner(probes_app(view), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, address, http_port).start()
    await asyncio.Event().wait()  # until systemd stops the unit


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--address", default=ADDRESS)
    parser.add_argument("--dns-port", type=int, default=53)
    parser.add_argument("--http-port", type=int, default=80)
    parser.add_argument("--view", default=f"http://{ADDRESS}:8080/")
    args = parser.parse_args(argv)
    asyncio.run(serve(args.address, args.dns_port, args.http_port, args.view))
    return 0


if __name__ == "__main__":
    sys.exit(main())
