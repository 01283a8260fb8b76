"""The table's own Wi-Fi's names and probes (device/web/portal.py): a real DNS
client (dnspython) asks the name server over UDP, and aiohttp's own test client asks
port 80's probes, as a phone that just joined would."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator

import dns.flags
import dns.message
import dns.query
import dns.rcode
import dns.rdatatype
import pytest
from aiohttp.test_utils import TestClient, TestServer

from device.web import portal

TABLE = "10.42.0.1"


@pytest.fixture()
def name_server() -> Iterator[int]:
    """The resolver on a free port of 127.0.0.1 (port 53 needs the card's capability)."""
    loop = asyncio.new_event_loop()
    transport, _ = loop.run_until_complete(
        loop.create_datagram_endpoint(lambda: portal.Resolver(TABLE), local_addr=("127.0.0.1", 0))
    )
    port = transport.get_extra_info("sockname")[1]
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        loop.call_soon_threadsafe(transport.close)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


def ask(port: int, name: str, kind: str = "A") -> dns.message.Message:
    query = dns.message.make_query(name, kind)
    return dns.query.udp(query, "127.0.0.1", port=port, timeout=3)


@pytest.mark.parametrize(
    "name", ["connectivitycheck.gstatic.com", "captive.apple.com", "www.msftconnecttest.com"]
)
def test_every_name_is_the_table(name_server: int, name: str) -> None:
    reply = ask(name_server, name)
    assert reply.rcode() == dns.rcode.NOERROR
    assert reply.flags & dns.flags.AA
    [found] = reply.answer
    assert found.rdtype == dns.rdatatype.A and [r.address for r in found] == [TABLE]
    assert str(found.name) == name + "."


def test_other_record_types_have_no_answer_so_phones_use_the_tables_ipv4(
    name_server: int,
) -> None:
    reply = ask(name_server, "connectivitycheck.gstatic.com", "AAAA")
    assert reply.rcode() == dns.rcode.NOERROR and reply.answer == []


@pytest.mark.parametrize("packet", [b"", b"\x00" * 5, b"\x12\x34\x81\x80" + b"\x00" * 8])
def test_garbage_and_responses_are_never_answered(packet: bytes) -> None:
    assert portal.answer(packet, TABLE) is None


def test_a_malformed_question_is_a_format_error_not_a_crash(name_server: int) -> None:
    bad = b"\x12\x34\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00\x3fabc"  # a label past the end
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(3)
        sock.sendto(bad, ("127.0.0.1", name_server))
        reply = sock.recv(512)
    assert reply[:2] == b"\x12\x34" and reply[3] & 0x0F == portal.FORMAT_ERROR
    assert ask(name_server, "still.answering").answer  # and it goes on


def test_port_80_answers_the_probes_and_sends_the_rest_to_the_view() -> None:
    async def run() -> None:
        client = TestClient(TestServer(portal.probes_app("http://10.42.0.1:8080/")))
        await client.start_server()
        try:
            android = await client.get("/generate_204")
            assert android.status == 204
            apple = await client.get("/hotspot-detect.html")
            assert apple.status == 200 and "Success" in await apple.text()
            windows = await client.get("/connecttest.txt")
            assert await windows.text() == "Microsoft Connect Test"
            other = await client.get("/some/page?x=1", allow_redirects=False)
            assert other.status == 302
            assert other.headers["Location"] == "http://10.42.0.1:8080/"
        finally:
            await client.close()

    asyncio.run(run())
