"""``celaeno web`` against real sockets: read-only routes, security headers, hostile and
broken requests, slow and silent clients, and too many pages. Nothing a client sends may
change the journal, show a traceback or hold up the other pages."""

from __future__ import annotations

import http.client
import json
import re
import socket
import time
from collections.abc import Iterator

import pytest

from device.web.server import (
    FIRST_BYTE_TIMEOUT,
    RELEASE_DELAY,
    REQUEST_TIMEOUT,
    SECURITY_HEADERS,
    WAITING_LIMIT,
)
from tests.web.conftest import Table, WebServer

METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND")


def request(web: WebServer, method: str, path: str, **headers: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", web.port, timeout=5)
    connection.request(method, path, body=b"{}" if method in ("POST", "PUT", "PATCH") else None,
                       headers=headers)  # fmt: skip
    return connection.getresponse()


def raw(web: WebServer, data: bytes, timeout: float = 5) -> bytes:
    """Send bytes as they are; everything the server answers until it closes or goes quiet."""
    with socket.create_connection(("127.0.0.1", web.port), timeout=timeout) as sock:
        sock.sendall(data)
        return _read_all(sock)


def _read_all(sock: socket.socket) -> bytes:
    found = b""
    try:
        while chunk := sock.recv(65536):
            found += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return found


def status_of(answer: bytes) -> int | None:
    match = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    return int(match.group(1)) if match else None


def journal_rows(table: Table) -> list[tuple[int, int, str]]:
    return [(g.id, g.commands, g.created) for g in table.store.games()]


def routes(web: WebServer) -> list[str]:
    page = request(web, "GET", "/").read().decode()
    static = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert len(static) == 2, page
    return [
        "/",
        *static,
        "/snapshot",
        "/snapshot?lang=ja",
        "/events",
        "/favicon.ico",
        "/nothing-here",
    ]


def test_every_route_with_every_method_leaves_the_journal_alone(
    shared_web: WebServer, shared_table: Table
) -> None:
    web, table = shared_web, shared_table
    before = journal_rows(table)
    for path in routes(web):
        for method in METHODS:
            if method == "GET" and path == "/events":
                continue  # a stream that does not end: tested below
            answer = request(web, method, path)
            answer.read()
            if path == "/nothing-here":
                assert answer.status in (404, 405), (method, path)
            elif method in ("GET", "HEAD"):
                assert answer.status == (204 if path == "/favicon.ico" else 200), (method, path)
            else:
                assert answer.status == 405, (method, path, answer.status)
            for name, value in SECURITY_HEADERS.items():
                assert answer.getheader(name) == value, (method, path, name)
    assert journal_rows(table) == before
    assert "Traceback" not in web.log.read_text()


def test_the_content_security_policy_allows_only_the_pages_own_origin(
    shared_web: WebServer,
) -> None:
    policy = request(shared_web, "GET", "/").getheader("Content-Security-Policy") or ""
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'none'"
    for fetched in ("script-src", "style-src", "connect-src", "img-src"):
        assert directives[fetched] == "'self'"
    assert directives["frame-ancestors"] == "'none'"


TRAVERSALS = (
    "/../../etc/passwd",
    "/static/../../../../etc/passwd",
    "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/static/..%2f..%2f..%2fetc%2fpasswd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/static/%252e%252e%252f%252e%252e%252fetc%252fpasswd",
    "/static//etc/passwd",
    "/static/..\\..\\..\\etc\\passwd",
    "/static/page.css%00.js",
    "/static/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
    "//etc/passwd",
)


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_path_leaves_the_two_static_files(shared_web: WebServer, path: str) -> None:
    answer = raw(
        shared_web, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
    )
    status = status_of(answer)
    assert status is None or 400 <= status < 500, answer[:200]
    assert b"root:" not in answer


MALFORMED = (
    b"GARBAGE\r\n\r\n",
    b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
    b"GET\r\n\r\n",
    b"\x00\xff\xfe\x16\x03\x01\x02\x00binary" * 20,
    b"GET / HTTP/1.1\r\nHost: x\r\nno colon in this header\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 100_000 + b"\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % n for n in range(5000)) + b"\r\n",
    b"GET /events?lang=%ff%fe HTTP/1.1\r\nHost: x\r\nAccept-Language: \xff\xfe,,;;q=\r\n\r\n",
)


@pytest.mark.parametrize("data", MALFORMED, ids=lambda data: repr(data[:24]))
def test_malformed_requests_get_4xx_or_a_closed_connection(
    shared_web: WebServer, data: bytes
) -> None:
    web = shared_web
    answer = raw(web, data, timeout=3)
    status = status_of(answer)
    assert (
        status is None or 400 <= status < 500 or (status == 200 and b"text/event-stream" in answer)
    )
    assert request(web, "GET", "/snapshot").status == 200, "the server still serves"
    assert "Traceback" not in web.log.read_text()


@pytest.fixture()
def slow_clients(web: WebServer) -> Iterator[list[socket.socket]]:
    opened = []
    for _ in range(4):
        sock = socket.create_connection(("127.0.0.1", web.port), timeout=30)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # and never the rest
        opened.append(sock)
    yield opened
    for sock in opened:
        sock.close()


def test_slow_clients_are_closed_and_never_hold_up_other_pages(
    web: WebServer, slow_clients: list[socket.socket]
) -> None:
    started = time.monotonic()
    answer = request(web, "GET", "/")
    answer.read()
    assert answer.status == 200 and time.monotonic() - started < 1.0
    for sock in slow_clients:  # one more byte now and then does not buy more time
        sock.sendall(b"a")
    closed_after = []
    for sock in slow_clients:
        sock.settimeout(REQUEST_TIMEOUT + 10)
        assert _read_all(sock) in (b"",) or status_of(_read_all(sock)) is not None
        closed_after.append(time.monotonic() - started)
    assert max(closed_after) < REQUEST_TIMEOUT + 5


def open_stream(web: WebServer, lang: str = "en") -> tuple[socket.socket, bytes]:
    sock = socket.create_connection(("127.0.0.1", web.port), timeout=5)
    sock.sendall(f"GET /events?lang={lang} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    found = b""
    while b"data: " not in found and b"\r\n\r\n" not in found[found.find(b"HTTP") :]:
        chunk = sock.recv(65536)
        if not chunk:
            break
        found += chunk
    return sock, found


def test_more_pages_than_the_limit_get_503_and_the_others_keep_their_updates(
    web: WebServer, table: Table
) -> None:
    streams = []
    try:
        for _ in range(web.max_pages):
            sock, first = open_stream(web)
            assert status_of(first) == 200
            streams.append(sock)
        extra, answer = open_stream(web)
        extra.close()
        assert status_of(answer) == 503
        table.play({"type": "next_phase"})
        for sock in streams:  # every page that got in still gets the update
            seen = b""
            deadline = time.monotonic() + 5
            while f'"position":{table.position}'.encode() not in seen:
                assert time.monotonic() < deadline, seen[-300:]
                seen += sock.recv(65536)
    finally:
        for sock in streams:
            sock.close()
    time.sleep(0.3)
    sock, first = open_stream(web)  # places are given back when pages close
    sock.close()
    assert status_of(first) == 200


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """The server closed ``sock`` (it read EOF or a reset) within ``seconds``."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_a_connection_that_sends_nothing_is_closed_after_its_first_byte_timeout(
    web: WebServer,
) -> None:
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", web.port), timeout=5) as silent:
        assert closed_within(silent, FIRST_BYTE_TIMEOUT + 3)
    assert FIRST_BYTE_TIMEOUT - 0.5 < time.monotonic() - started < FIRST_BYTE_TIMEOUT + 3


def test_silent_connections_never_keep_a_phone_out(web: WebServer) -> None:
    """More silent sockets than may wait at once: the longest waiting make room, and a
    phone's page and event stream are served at once (the limit is on pages, not sockets)."""
    silent = [socket.create_connection(("127.0.0.1", web.port), timeout=5)
              for _ in range(WAITING_LIMIT + 20)]  # fmt: skip
    try:
        started = time.monotonic()
        answer = request(web, "GET", "/")
        assert answer.status == 200 and b"<main" in answer.read()
        stream, first = open_stream(web)
        with stream:
            while b"data: " not in first and (chunk := stream.recv(65536)):
                first += chunk
        assert status_of(first) == 200 and b"data: " in first
        assert time.monotonic() - started < 2
        assert sum(closed_within(sock, 0.05) for sock in silent[:20]) == 20, "the oldest made room"
    finally:
        for sock in silent:
            sock.close()


def test_pages_beyond_the_limit_are_refused_even_with_no_silent_socket_open(
    web: WebServer,
) -> None:
    streams = [open_stream(web)[0] for _ in range(web.max_pages)]
    try:
        extra, answer = open_stream(web)
        extra.close()
        assert status_of(answer) == 503
        assert request(web, "GET", "/").status == 200, "the page itself is still served"
    finally:
        for sock in streams:
            sock.close()


def released_lines(web: WebServer) -> list[str]:
    return [line for line in web.log.read_text().splitlines() if "the last page closed" in line]


def test_memory_is_given_back_once_the_last_page_closed_and_not_before(web: WebServer) -> None:
    streams = [open_stream(web)[0] for _ in range(3)]
    for sock in streams[:2]:
        sock.close()
    time.sleep(RELEASE_DELAY + 1)
    assert released_lines(web) == []  # a page is still open: nothing to give back yet
    streams[2].close()
    deadline = time.monotonic() + RELEASE_DELAY + 10
    while not released_lines(web):
        assert time.monotonic() < deadline, web.log.read_text()
        time.sleep(0.1)
    (line,) = released_lines(web)
    assert re.search(r"\d+ objects in cycles freed", line), line
    assert re.search(r"\d+ blocks live$", line), line  # what the booted crowd check reads
    assert request(web, "GET", "/snapshot").status == 200  # and the view serves on


def test_a_page_that_comes_back_at_once_cancels_the_release(web: WebServer) -> None:
    sock, _ = open_stream(web)
    sock.close()
    time.sleep(0.3)
    again, _ = open_stream(web)  # a phone reconnecting (RETRY_MS) after a blip
    try:
        time.sleep(RELEASE_DELAY + 1)
        assert released_lines(web) == []
    finally:
        again.close()


@pytest.mark.parametrize(
    ("path", "headers", "lang"),
    [
        ("/", {"Accept-Language": "ja-JP,ja;q=0.9"}, "ja"),
        ("/", {"Accept-Language": "ja-JP", "Cookie": "lang=en"}, "en"),  # the phone's pick
        ("/", {"Accept-Language": "en", "Cookie": "other=1; lang=ja"}, "ja"),
        ("/?lang=en", {"Cookie": "lang=ja"}, "en"),  # asked in the address: that
        ("/", {"Accept-Language": "ja", "Cookie": "lang=xx"}, "ja"),  # not ours: ignored
    ],
)
def test_the_page_is_rendered_in_the_language_picked_on_that_phone(
    shared_web: WebServer, path: str, headers: dict[str, str], lang: str
) -> None:
    page = request(shared_web, "GET", path, **headers).read().decode()
    assert f'<html lang="{lang}">' in page


def ends_within(sock: socket.socket, seconds: float) -> bool:
    """The stream ends (EOF or a reset) within ``seconds``, whatever it still sends first."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            if sock.recv(65536) == b"":
                return True
        except ConnectionResetError:
            return True
        except TimeoutError:
            return False
    return False


# aiohttp's shutdown timeout in serve(): what a stop waited out for each open stream before
# the view ended them itself (two seconds in all with phones watching).
SHUTDOWN_TIMEOUT = 1.0


def test_a_view_stopped_with_phones_watching_ends_their_streams_at_once(web: WebServer) -> None:
    """systemd's stop (SIGTERM) closes every event stream first, so the view is gone well
    before aiohttp's shutdown timeout, exits cleanly, and each page sees its stream end
    (it reconnects by itself to the next view)."""
    streams = [open_stream(web)[0] for _ in range(3)]
    try:
        time.sleep(0.3)  # the streams are being served
        assert web.process is not None
        started = time.monotonic()
        web.process.terminate()
        assert web.process.wait(10) == 0
        stopped_after = time.monotonic() - started
        assert all(ends_within(sock, 5) for sock in streams)
    finally:
        for sock in streams:
            sock.close()
    assert stopped_after < SHUTDOWN_TIMEOUT, f"stopped after {stopped_after:.2f} s"


# --- the table's own Wi-Fi has no internet -----------------------------------------------


@pytest.mark.parametrize(
    ("path", "status", "body"),
    [
        ("/generate_204", 204, b""),  # Android: anything else and it offers to leave
        ("/gen_204", 204, b""),
        ("/hotspot-detect.html", 200, b"<BODY>Success</BODY>"),  # iOS, macOS
        ("/library/test/success.html", 200, b"<BODY>Success</BODY>"),
        ("/connecttest.txt", 200, b"Microsoft Connect Test"),  # Windows
        ("/ncsi.txt", 200, b"Microsoft NCSI"),
        ("/success.txt", 200, b"success\n"),  # Firefox
    ],
)
def test_a_captive_portal_probe_is_answered_as_the_internet_would(
    shared_web: WebServer, path: str, status: int, body: bytes
) -> None:
    answer = request(shared_web, "GET", path, Host="connectivitycheck.gstatic.com")
    got = answer.read()
    assert answer.status == status
    assert body in got if body else got == b""
    assert answer.getheader("Location") is None  # no redirect: a redirect means "captive"


def test_places_says_how_many_pages_watch_and_how_many_may(web: WebServer) -> None:
    def places() -> dict[str, int]:
        loaded: dict[str, int] = json.loads(request(web, "GET", "/places").read())
        return loaded

    assert places() == {"watching": 0, "limit": web.max_pages}
    sock, _ = open_stream(web)
    try:
        deadline = time.monotonic() + 5
        while places()["watching"] != 1:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        sock.close()
