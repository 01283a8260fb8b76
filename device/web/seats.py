"""The phone view's door for seats: pairing a phone, who a request's phone is, and a seat's
command handed to the companion.

The view still cannot write the journal: it checks who is asking and hands the command over
the companion's local socket (:mod:`device.service.seat_link`), which checks it against the
rules and the seat, commits it and answers with the rules' words. Every guard answers in
words and changes nothing:

- no seat cookie: 401; a seat unpaired, or of a game no longer played: 401, and the page says
  how to pair again;
- a POST that is not the page's own (no matching ``Origin``, else no ``Sec-Fetch-Site:
  same-origin``; no token, or another seat's): 403;
- a command about another faction: 403 (the companion's I13);
- wrong pairing codes: :data:`WRONG_CODES` per address in :data:`WRONG_WINDOW` seconds, then 429;
- a body that is too large (aiohttp's ``client_max_size``), not JSON, or not a command with an
  id: 4xx; no companion answering: 503 "the table is not running".

Only with ``[web] seats = true`` (the default) are these routes there at all.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, cast

from aiohttp import web

from device.service import seat_link
from device.storage.seat_book import SeatBook, SeatRow
from rules.text import translate
from rules.values import Record

if TYPE_CHECKING:
    from device.service.seat_link import Message
    from rules.json_types import ProposalsJSON

SEAT_COOKIE = "seat"
TOKEN_HEADER = "X-Celaeno-Token"
COOKIE_AGE = 60 * 60 * 24 * 14  # two weeks: a long game, and the evening after
WRONG_CODES = 5  # wrong pairing codes an address may try in WRONG_WINDOW
WRONG_WINDOW = 600.0  # seconds
ADDRESSES_KEPT = 1024  # addresses whose wrong codes are remembered (the oldest forgotten)
ASK_TIMEOUT = 10.0
# The page shows what it has if the table is slow to propose, and asks again a moment later.
PROPOSALS_TIMEOUT = 5.0
# The companion's answer to a seat's command, as HTTP.
STATUS = {
    "done": 200,
    "already": 200,
    "refused": 409,
    "forbidden": 403,
    "unknown_seat": 401,
    "malformed": 400,
    "busy": 503,
    "error": 500,
}


class Phone(Record):
    """A request's phone: the seat it is (``row``), or a seat that ended (``row`` None)."""

    credential: str
    row: SeatRow | None

    @property
    def faction(self) -> str | None:
        return None if self.row is None else self.row.faction

    @property
    def token(self) -> str:
        return token_for(self.credential)


def token_for(credential: str) -> str:
    """What the seat's page sends with each command (its script cannot read the cookie):
    derived from the credential, so a page of another origin cannot know it."""
    return hashlib.sha256(f"celaeno-seat-token:{credential}".encode()).hexdigest()[:32]


class SeatDoor:
    """The seats' routes and who a request's phone is (one per view)."""

    def __init__(
        self,
        journal: Path,
        state_dir: Path,
        language: Callable[[web.Request], str],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.journal = journal
        self.link = seat_link.socket_path(state_dir)
        self._language = language  # the view's own pick: ?lang=, the phone's cookie, browser
        self._clock = clock
        self._db: sqlite3.Connection | None = None
        self._wrong: dict[str, deque[float]] = {}

    # --- who is asking ------------------------------------------------------------------

    def phone(self, request: web.Request) -> Phone | None:
        """The request's seat (None: not a seat's phone at all)."""
        credential = request.cookies.get(SEAT_COOKIE, "")
        if not credential or len(credential) > 128:
            return None
        try:
            db = self._connection()
            row = SeatBook(db).find(credential)
            (game,) = db.execute("SELECT MAX(id) FROM games").fetchone()
        except sqlite3.Error:
            self._close()
            return Phone(credential, None)
        return Phone(credential, row if row is not None and row.acts_in(game) else None)

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            uri = f"{self.journal.resolve().as_uri()}?mode=ro"
            self._db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA query_only = ON")
        return self._db

    def _close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def close(self) -> None:
        self._close()

    # --- the routes ---------------------------------------------------------------------

    async def pair(self, request: web.Request) -> web.Response:
        """``/pair?c=CODE``: the phone becomes the code's faction's seat, then sees the page."""
        lang = self._language(request)
        address = request.remote or ""
        if self._too_many(address):
            return _page(429, translate("seat.too_many", lang), lang)
        try:
            said = await self._ask({"op": "pair", "code": request.query.get("c", "")[:64],
                                    "lang": lang})  # fmt: skip
        except seat_link.TableAway:
            return _page(503, translate("seat.table_off", lang), lang)
        if said.get("status") == "busy":
            return _page(503, translate("seat.busy", lang), lang)
        if said.get("status") != "paired":
            self._wrong_code(address)
            return _page(400, str(said.get("words") or translate("seat.bad_code", lang)), lang)
        answer = web.Response(status=303, headers={"Location": "/", "Cache-Control": "no-store"})
        answer.set_cookie(SEAT_COOKIE, str(said["credential"]), max_age=COOKIE_AGE, path="/",
                          httponly=True, samesite="Strict")  # fmt: skip
        return answer

    async def command(self, request: web.Request) -> web.Response:
        """``POST /seat``: ``{"id": …, "command": {…}}`` from the seat's page."""
        lang = self._language(request)
        if not _same_origin(request):
            return _said(403, "seat.not_here", lang)
        phone = self.phone(request)
        if phone is None:
            return _said(401, "seat.not_seat", lang)
        if phone.row is None:
            return _said(401, "seat.unknown", lang, ended=True)
        if not hmac.compare_digest(request.headers.get(TOKEN_HEADER, ""), phone.token):
            return _said(403, "seat.not_here", lang)
        sent = _read(await request.read())
        if sent is None:
            return _said(400, "seat.malformed", lang)
        asked = {"op": "send", "credential": phone.credential, "lang": lang, **sent}
        try:
            said = await self._ask(asked)
        except seat_link.TableAway:
            return _said(503, "seat.table_off", lang)
        status = str(said.get("status"))
        words = str(said.get("words") or translate(f"seat.{status}", lang))
        return web.json_response(
            {"status": status, "words": words, "ended": status == "unknown_seat"},
            status=STATUS.get(status, 500),
            headers={"Cache-Control": "no-store"},
        )

    def proposals(self) -> ProposalsJSON:
        """What the table's screens propose (blocking: from a worker thread); {} without an
        answer in time. The companion's controller made them for the game it plays, which
        is the one whose seat's part reads them."""
        try:
            said = seat_link.ask(self.link, {"op": "proposals"}, PROPOSALS_TIMEOUT)
        except (seat_link.TableAway, OSError, ValueError):
            return {}
        return cast("ProposalsJSON", {k: v for k, v in said.items() if k != "status"})

    async def _ask(self, request: Mapping[str, object]) -> Message:
        """The companion's answer; "busy" when it took too long, :class:`TableAway` when it
        is not there or went away mid-answer."""
        try:
            return await asyncio.to_thread(seat_link.ask, self.link, request, ASK_TIMEOUT)
        except TimeoutError:
            return {"status": "busy"}
        except (OSError, ValueError) as error:  # reset mid-answer, or a torn one
            raise seat_link.TableAway(str(error)) from None

    def _too_many(self, address: str) -> bool:
        wrong = self._wrong.get(address)
        if wrong is None:
            return False
        while wrong and wrong[0] < self._clock() - WRONG_WINDOW:
            wrong.popleft()
        return len(wrong) >= WRONG_CODES

    def _wrong_code(self, address: str) -> None:
        if address not in self._wrong and len(self._wrong) >= ADDRESSES_KEPT:
            del self._wrong[next(iter(self._wrong))]
        self._wrong.setdefault(address, deque(maxlen=WRONG_CODES)).append(self._clock())


def _same_origin(request: web.Request) -> bool:
    """The page's own script: its ``Origin`` is this view's, or (a browser that sends none
    on a same-origin POST) its ``Sec-Fetch-Site`` says so. Neither: refused."""
    origin = request.headers.get("Origin")
    if origin is not None:
        return origin == f"{request.scheme}://{request.host}"
    return request.headers.get("Sec-Fetch-Site") == "same-origin"


def _read(body: bytes) -> Message | None:
    """``{"id": str, "command": {"type": str, …}}``, else None."""
    try:
        found = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(found, dict) or set(found) != {"id", "command"}:
        return None
    command = found["command"]
    if not isinstance(found["id"], str) or not isinstance(command, dict):
        return None
    if not isinstance(command.get("type"), str):
        return None
    return {"id": found["id"], "command": command}


def _said(status: int, key: str, lang: str, ended: bool = False) -> web.Response:
    words = translate(key, lang)
    return web.json_response(
        {"status": key.removeprefix("seat."), "words": words, "ended": ended},
        status=status,
        headers={"Cache-Control": "no-store"},
    )


def _page(status: int, words: str, lang: str) -> web.Response:
    """A few words on a page of their own, and the way back to the table's page."""
    from display.web.html import escape

    back = escape(translate("web.title", lang))
    body = (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{back}</title></head><body><p>{escape(words)}</p>"
        f'<p><a href="/">{back}</a></p></body></html>'
    )
    return web.Response(text=body, status=status, content_type="text/html",
                        headers={"Cache-Control": "no-store"})  # fmt: skip
