"""The phone view's HTTP server: one page, its two static files, and a live event stream.

aiohttp rather than Starlette/uvicorn: one dependency that is a whole asyncio server
and client (its test client drives the tests below), with server-sent events as a
plain streaming response and hard limits on request lines and headers built in; small
enough for a Pi, and maintained for more than ten years.

Read-only by construction: the routes are GET (and HEAD) only, every other method gets
405, and the process opens the journal read-only as a user that may not write it.

Routes:
- ``/``: the page, with the state already in it (language: ``?lang=``, else the one
  picked on this phone before (a cookie), else the browser's Accept-Language);
- ``/static/page.<hash>.css`` and ``/static/page.<hash>.js``: looked up by exact name
  in a table built at start, never joined to a file path, so no path can leave it;
- ``/events?lang=``: server-sent events, the whole live region on every change;
- ``/snapshot?lang=``: the same as one JSON document (for scripts and tests);
- ``/favicon.ico``: 204, there is none;
- ``/places``: how many pages watch and how many may (a page turned away by 503 says so);
- the operating systems' captive-portal probes (:data:`PROBES`), answered as the internet
  would: a phone on the table's own Wi-Fi (no internet) then keeps the network, instead
  of offering to leave it or sending its traffic over mobile data.

Faults: at most ``max_pages`` event streams (pages) at once, more get 503; connections
waiting for a request are counted apart and cannot take a page's place (:class:`Guarded`:
closed after :data:`FIRST_BYTE_TIMEOUT` seconds of silence or :data:`REQUEST_TIMEOUT`
without a whole request, the oldest closed when :data:`WAITING_LIMIT` wait); aiohttp
refuses request lines and header fields over 8 KiB with 4xx. Nothing a client sends can
reach a traceback.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import socket
from collections.abc import Awaitable, Callable
from dataclasses import field
from importlib import resources
from typing import TYPE_CHECKING

from aiohttp import http_exceptions, web

if TYPE_CHECKING:
    from aiohttp.web_protocol import RequestHandler

from device.web.hub import Hub
from device.web.seats import SEAT_COOKIE, SeatDoor
from display.web.html import palette_css
from display.web.page import SeatShell, page_html
from rules.text import DEFAULT_LANGUAGE, LANGUAGES
from rules.values import Record

log = logging.getLogger(__name__)

FIRST_BYTE_TIMEOUT = 3.0  # seconds a new connection may take to send its first byte
REQUEST_TIMEOUT = 10.0  # seconds a connection may take to send a whole request
WAITING_LIMIT = 256  # connections waiting for a request at once; the oldest make room
KEEPALIVE = 15.0  # seconds a finished connection may stay idle
HEARTBEAT = 15.0  # seconds between comments on a quiet event stream
WRITE_TIMEOUT = 20.0  # a page that takes this long to take one update is dropped
RETRY_MS = 1000  # how soon a page's EventSource reconnects after losing the server
SEAT_RETRY = 1.0  # seconds before a seat's part made without the table's proposals is redone
# Seconds after the last event stream closed before memory is given back (see
# device.web.release): phones that reconnect at once (RETRY_MS) cancel it.
RELEASE_DELAY = 3.0

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';"
        " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Server": "celaeno",
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

APPLE_SUCCESS = "<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>"
# path → (status, body, content type): what each system expects from the internet.
PROBES: dict[str, tuple[int, str, str]] = {
    "/generate_204": (204, "", "text/plain"),  # Android, ChromeOS
    "/gen_204": (204, "", "text/plain"),
    "/hotspot-detect.html": (200, APPLE_SUCCESS, "text/html"),  # iOS, macOS
    "/library/test/success.html": (200, APPLE_SUCCESS, "text/html"),
    "/connecttest.txt": (200, "Microsoft Connect Test", "text/plain"),  # Windows 10+
    "/ncsi.txt": (200, "Microsoft NCSI", "text/plain"),
    "/success.txt": (200, "success\n", "text/plain"),  # Firefox
    "/canonical.html": (
        200,
        '<meta http-equiv="refresh" content="0;url=https://support.mozilla.org/kb/captive-portal"/>',
        "text/html",
    ),
}


class Asset(Record):
    body: bytes
    content_type: str


def load_assets() -> dict[str, Asset]:
    """The style sheet (with the screen's palette) and the script, named by content hash
    so a phone never runs an old script against a new page."""
    static = resources.files("display.web") / "static"
    css = (static / "page.css").read_text(encoding="utf-8") + palette_css()
    found = {
        "css": Asset(css.encode(), "text/css"),
        "js": Asset((static / "page.js").read_bytes(), "text/javascript"),
    }
    return {
        f"page.{hashlib.sha256(asset.body).hexdigest()[:12]}.{kind}": asset
        for kind, asset in found.items()
    }


LANGUAGE_COOKIE = "lang"  # set by the page's script when the reader picks a language


def pick_language(request: web.Request) -> str:
    """``?lang=`` if it names one, else the language this phone picked on the page (its
    cookie), else the first of Accept-Language we speak."""
    for asked in (request.query.get("lang", ""), request.cookies.get(LANGUAGE_COOKIE, "")):
        if asked in LANGUAGES:
            return asked
    for part in request.headers.get("Accept-Language", "").split(",")[:20]:
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


class Pages:
    """The route handlers, sharing the hub and the count of open event streams; ``door``:
    the seats' (None: ``[web] seats = false``, every page read-only)."""

    def __init__(
        self,
        hub: Hub,
        max_pages: int,
        on_last_closed: Callable[[], object],
        door: SeatDoor | None = None,
    ) -> None:
        self.hub = hub
        self.door = door
        self.max_pages = max_pages
        self.streams = 0
        self._streaming: set[asyncio.Task[object]] = set()  # the open streams' handlers
        self._on_last_closed = on_last_closed
        self._release: asyncio.TimerHandle | None = None
        self.assets = load_assets()
        self.urls = {name.rsplit(".", 1)[1]: f"/static/{name}" for name in self.assets}

    async def page(self, request: web.Request) -> web.Response:
        lang = pick_language(request)
        update = self.hub.update
        phone = self.door.phone(request) if self.door is not None else None
        seat, status = None, 200
        if phone is not None and phone.faction is not None and update.seats is not None:
            html = await asyncio.to_thread(update.seats.html, phone.faction, lang)
            seat = SeatShell(phone.faction, phone.token, html)
        elif phone is not None:  # a seat unpaired, or of an older game: say how to pair again
            seat, status = SeatShell(None, ""), 401
        response = web.Response(
            text=page_html(update.view, lang, self.urls, seat),
            status=status,
            content_type="text/html",
            charset="utf-8",
            headers={"Cache-Control": "no-store", "Vary": "Accept-Language, Cookie"},
        )
        if status == 401:
            response.del_cookie(SEAT_COOKIE, path="/")
        return response

    async def static(self, request: web.Request) -> web.Response:
        asset = self.assets.get(request.match_info["name"])
        if asset is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=asset.body,
            content_type=asset.content_type,
            charset="utf-8",
            headers={"Cache-Control": "public, max-age=31536000, immutable"},
        )

    async def snapshot(self, request: web.Request) -> web.Response:
        lang, faction = pick_language(request), self._seat_of(request)
        update = self.hub.update
        if faction is not None and update.seats is not None:
            message = await asyncio.to_thread(update.seats.message, faction, lang)
        else:
            message = update.messages[lang]
        data = message.split(b"data: ", 1)[1].rstrip(b"\n")
        return web.Response(
            body=data, content_type="application/json", headers={"Cache-Control": "no-store"}
        )

    async def places(self, request: web.Request) -> web.Response:
        return web.json_response(
            {"watching": self.streams, "limit": self.max_pages},
            headers={"Cache-Control": "no-store"},
        )

    async def events(self, request: web.Request) -> web.StreamResponse:
        if self.streams >= self.max_pages:
            raise web.HTTPServiceUnavailable(
                text="too many pages open", headers={"Retry-After": "5"}
            )
        lang, faction = pick_language(request), self._seat_of(request)
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            }
        )
        self._opened()
        task = asyncio.current_task()
        if task is not None:
            self._streaming.add(task)
        try:
            await response.prepare(request)
            await response.write(f"retry: {RETRY_MS}\n\n".encode())
            await self._stream(response, lang, faction)
        except (ConnectionError, TimeoutError):
            pass  # the phone went away, or a write to it stalled: forget it
        finally:  # also when aiohttp cancels the handler because the phone hung up
            self._streaming.discard(task)
            self._closed()
        return response

    def _seat_of(self, request: web.Request) -> str | None:
        """The faction whose seat the request's phone is, if it is one."""
        phone = self.door.phone(request) if self.door is not None else None
        return None if phone is None else phone.faction

    def end_streams(self) -> None:
        """Close every event stream now: a stream never ends by itself, so a stopping view
        would otherwise wait out aiohttp's shutdown timeout for each (two seconds with a
        phone watching). The pages reconnect by themselves to the next view."""
        for task in list(self._streaming):
            task.cancel()

    def _opened(self) -> None:
        self.streams += 1
        if self._release is not None:
            self._release.cancel()
            self._release = None

    def _closed(self) -> None:
        self.streams -= 1
        if self.streams == 0 and self._release is None:
            loop = asyncio.get_running_loop()
            self._release = loop.call_later(RELEASE_DELAY, self._released)

    def _released(self) -> None:
        self._release = None
        self._on_last_closed()

    async def _stream(self, response: web.StreamResponse, lang: str, faction: str | None) -> None:
        """The current state at once (the catch-up after any reconnect), then each change;
        while it is open the hub renders each update in ``lang`` before waking the pages.
        A seat's page gets its seat's messages (what only that faction may see included)."""
        self.hub.watched[lang] += 1
        try:
            await self._send(response, lang, faction)
        finally:
            self.hub.watched[lang] -= 1

    async def _send(self, response: web.StreamResponse, lang: str, faction: str | None) -> None:
        """``asyncio.timeout`` rather than ``wait_for``: on Python 3.11 ``wait_for`` can
        swallow the cancellation that comes when the phone hangs up just as a write
        finishes, and the stream would hold its place until the next heartbeat."""
        hub = self.hub
        sent = None
        while True:
            changed = hub.next_change()
            update = hub.update
            if update is not sent:
                message = update.messages[lang]
                if faction is not None and update.seats is not None:
                    message = await asyncio.to_thread(update.seats.message, faction, lang)
                async with asyncio.timeout(WRITE_TIMEOUT):
                    await response.write(message)
                sent = update
            seats = update.seats if faction is not None else None
            if seats is not None and faction is not None and not seats.kept(faction, lang):
                sent = None  # what the table proposes was missing: the seat's part again, soon
            try:
                async with asyncio.timeout(HEARTBEAT if sent is not None else SEAT_RETRY):
                    await changed.wait()
            except TimeoutError:
                if sent is None:
                    continue
                async with asyncio.timeout(WRITE_TIMEOUT):
                    await response.write(b": still here\n\n")


async def probe(request: web.Request) -> web.Response:
    status, body, content_type = PROBES[request.path]
    if status == 204:
        return web.Response(status=204, headers={"Cache-Control": "no-store"})
    return web.Response(text=body, content_type=content_type, headers={"Cache-Control": "no-store"})


async def no_icon(request: web.Request) -> web.Response:
    """Browsers ask for it on their own; "none" rather than a 404 in every console."""
    return web.Response(status=204, headers={"Cache-Control": "public, max-age=86400"})


@web.middleware
async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A whole request arrived: its connection is busy until answered; no traceback out."""
    guard = request.transport.get_protocol() if request.transport else None
    if isinstance(guard, Guarded):
        guard.request_complete()
    streaming = False
    try:
        response = await handler(request)
        streaming = not isinstance(response, web.Response)
        return response
    except web.HTTPException:
        raise
    except Exception:
        log.exception("%s %s failed", request.method, request.path)
        raise web.HTTPInternalServerError(text="internal error") from None
    finally:
        if isinstance(guard, Guarded) and not streaming:
            guard.request_answered()  # not after an event stream: its connection is done


async def _security_headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(SECURITY_HEADERS)


class BadRequestsInOneLine(logging.Filter):
    """aiohttp logs a request it cannot parse with a traceback; garbage from the LAN is
    worth one line in the log (the client got its 4xx), not a page of stack."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, http_exceptions.HttpProcessingError):
            record.msg = f"{record.msg}: {type(error).__name__} (answered {error.code})"
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def build_app(
    hub: Hub,
    max_pages: int,
    on_last_closed: Callable[[], object],
    door: SeatDoor | None = None,
) -> web.Application:
    pages = Pages(hub, max_pages, on_last_closed, door)
    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, BadRequestsInOneLine) for f in server_log.filters):
        server_log.addFilter(BadRequestsInOneLine())
    app = web.Application(middlewares=[guarded], client_max_size=1024)
    app.router.add_get("/", pages.page)
    app.router.add_get("/static/{name}", pages.static)
    app.router.add_get("/events", pages.events)
    app.router.add_get("/snapshot", pages.snapshot)
    app.router.add_get("/favicon.ico", no_icon)
    app.router.add_get("/places", pages.places)
    if door is not None:  # [web] seats = false: no route that could change anything
        app.router.add_get("/pair", door.pair, allow_head=False)  # a HEAD spends no code
        app.router.add_post("/seat", door.command)
    for path in PROBES:
        app.router.add_get(path, probe)
    app.on_response_prepare.append(_security_headers)
    app["pages"] = pages
    return app


class Guarded(asyncio.Protocol):
    """One connection: handed to aiohttp once its first byte arrives, timed while it waits.

    A connection is *waiting* from its start until a whole request has arrived, and again
    after each answer (kept alive for the next request); it is *busy* while a request is
    answered or an event stream is open. Waiting connections cost no page its place:
    they are closed when they send nothing within :data:`FIRST_BYTE_TIMEOUT`, or no whole
    request within :data:`REQUEST_TIMEOUT` (a client sending a header byte now and then),
    and when :data:`WAITING_LIMIT` of them wait at once, the one that waited longest is
    closed to make room for the newcomer. So sockets that send nothing cannot keep a phone
    out: the phone's own connection sends its request at once and becomes busy.

    aiohttp alone has no such guard: its only timer for a connection that never sends a
    request is the keep-alive timer (``RequestHandler.connection_made`` starts it), and
    it gives every connection its parser and handler at once (about 14 KiB); here a
    silent one gets neither.
    """

    def __init__(self, limiter: Limiter) -> None:
        self._limiter = limiter
        self._inner: RequestHandler | None = None
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self._limiter.open += 1
        if self._limiter.open > self._limiter.limit:
            transport.write(BUSY)
            transport.close()
            return
        self._limiter.waiting(self, FIRST_BYTE_TIMEOUT)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()

    def request_complete(self) -> None:
        """A whole request arrived: busy until it is answered."""
        self._limiter.busy(self)

    def request_answered(self) -> None:
        """A kept-alive connection's next request has the same time to arrive whole."""
        if self.transport is not None and not self.transport.is_closing():
            self._limiter.waiting(self, REQUEST_TIMEOUT)

    def data_received(self, data: bytes) -> None:
        if self._inner is None:
            if self.transport is None or self.transport.is_closing():
                return
            self._inner = self._limiter.server()
            self._inner.connection_made(self.transport)
            self._limiter.waiting(self, REQUEST_TIMEOUT)  # its first byte came: all of it now
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        if self._inner is not None:
            self._inner.eof_received()  # aiohttp's answers None: the transport closes itself
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self._limiter.open -= 1
        self._limiter.busy(self)
        if self._inner is not None:
            self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()


BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 20\r\n"
    b"Retry-After: 5\r\nConnection: close\r\n\r\ntoo many pages open\n"
)


class Limiter(Record, frozen=False):
    """The connections open, and those waiting for a request, oldest first."""

    server: web.Server  # makes one request handler per connection
    limit: int  # connections open at once, waiting ones included: a bound on descriptors
    waiting_limit: int = 256
    open: int = 0
    _waiting: dict[Guarded, asyncio.TimerHandle] = field(default_factory=dict)

    def __call__(self) -> Guarded:
        return Guarded(self)

    @property
    def waiting_count(self) -> int:
        return len(self._waiting)

    def waiting(self, connection: Guarded, timeout: float) -> None:
        """``connection`` waits for a request, closed after ``timeout`` seconds; the
        longest waiting one is closed if as many as the limit wait already."""
        self.busy(connection)
        while len(self._waiting) >= self.waiting_limit:
            oldest = next(iter(self._waiting))
            self.busy(oldest)
            oldest.close()
        loop = asyncio.get_running_loop()
        self._waiting[connection] = loop.call_later(timeout, self._expired, connection)

    def busy(self, connection: Guarded) -> None:
        timer = self._waiting.pop(connection, None)
        if timer is not None:
            timer.cancel()

    def _expired(self, connection: Guarded) -> None:
        self._waiting.pop(connection, None)
        connection.close()


def listening_socket(address: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((address, port))
    sock.listen(128)
    sock.setblocking(False)
    return sock


class Serving(Record, frozen=False):
    """A running view, to stop."""

    server: asyncio.Server
    runner: web.AppRunner
    limiter: Limiter
    follower: asyncio.Task[None]

    @property
    def streams(self) -> int:
        pages: Pages = self.runner.app["pages"]
        return pages.streams

    async def stop(self) -> None:
        self.follower.cancel()
        self.server.close()
        pages: Pages = self.runner.app["pages"]
        pages.end_streams()
        await self.runner.cleanup()


async def serve(
    hub: Hub,
    sock: socket.socket,
    max_pages: int,
    on_last_closed: Callable[[], object],
    door: SeatDoor | None = None,
) -> Serving:
    """Start serving on ``sock``; ``on_last_closed`` runs :data:`RELEASE_DELAY` seconds
    after the last event stream closed (unless another opened)."""
    app = build_app(hub, max_pages, on_last_closed, door)
    # handler_cancellation: a page that hangs up ends its event stream at once, giving its
    # place back, rather than at the next write.
    runner = web.AppRunner(
        app,
        access_log=None,
        keepalive_timeout=KEEPALIVE,
        shutdown_timeout=1,
        handler_cancellation=True,
    )
    await runner.setup()
    assert runner.server is not None
    # Beyond the pages and the waiting connections, room for requests being answered
    # (a page and its two files load on their own connections before its stream opens).
    limiter = Limiter(runner.server, max_pages + WAITING_LIMIT + 64, WAITING_LIMIT)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(limiter, sock=sock)
    return Serving(server, runner, limiter, asyncio.create_task(hub.follow()))
