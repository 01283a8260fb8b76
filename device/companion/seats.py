"""The seats' desk: phones paired as factions' seats, as the companion serves them.

Loaded only once a seat is paired (at start, when the journal holds one for the game) or
"Seats on phones" is opened; a table whose phones never pair never loads it, nor listens.

- **Pairing**: each faction's QR code carries a single-use code (:data:`CODE_LIFE`
  seconds); the view hands it over, and the phone gets a credential for its cookie
  (:mod:`device.storage.seat_book` keeps only its hash).
- **A seat's command**: the view hands over the phone's credential, the command and the id
  the phone gave it. The main loop — the one thread that calls the rules and writes the
  journal — checks the seat, applies and commits the command exactly as a button's (the
  journal line names the seat), shows it, and answers with the rules' own words. The id
  is in the journal line, committed with it: a command sent again after a lost answer
  (a dropped connection, the companion killed between commit and answer) finds its id in
  the game's journal and is answered "already done", never applied twice.
- **Proposals**: what the table's own screen proposes for Gather Power and a Ritual, for a
  seat's page to propose the same.

The socket's listener runs in a thread of its own and only passes requests to the main loop
(:meth:`device.companion.app.App.hand`) and answers back; it never touches the game.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import re
import secrets
import signal
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from device.service import seat_link
from device.storage.seat_book import SeatBook, SeatRow
from hardware.threads import start as start_thread
from rules.commands import Command
from rules.errors import RulesError
from rules.journal import parse
from rules.text import Text, render, text, translate
from rules.values import Record

if TYPE_CHECKING:
    from device.companion.questions import AppQuestions
    from device.games import Games
    from device.service.seat_link import Message
    from device.storage.session import GameSession
    from device.ui.controller import BaseController
    from device.ui.steps import ScreenStep
    from rules.game import State


class App(Protocol):
    """What the desk asks of the companion's app (:class:`device.companion.app.App`)."""

    session: GameSession
    games: Games
    controller: BaseController[State]
    questions: AppQuestions
    seats: Desk | None

    @property
    def state(self) -> State: ...

    def hand(self, errand: Callable[[], None]) -> None: ...

    def submit(self, cmd: Command, from_phone: bool = False) -> None: ...

    def tell(self, message: Text) -> None: ...


log = logging.getLogger(__name__)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or typed
CODE_LENGTH = 8  # 40 bits, guessed at a few a minute (the view limits wrong codes)
CODE_LIFE = 300.0  # seconds a pairing code works
# Seconds a connection waits for the main loop's answer: less than the view waits for it
# (device.web.seats.ASK_TIMEOUT), so that the phone is told "busy" rather than nothing.
ANSWER_WAIT = 8.0
MOST_CONNECTIONS = 8  # requests handled at once; more wait in the socket's backlog
COMMAND_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
# A test's kill point: the companion ends itself (SIGKILL) at this moment of a seat's
# command, so that the tests can check what a power cut there leaves (nothing else reads it).
KILL_AT = os.environ.get("CELAENO_SEAT_KILL_AT", "")


class Code(Record, frozen=False):
    faction: str
    expires: float


class Desk(Record, frozen=False):
    """The seats of the game the companion plays; answers on the main loop."""

    app: App
    book: SeatBook
    clock: Callable[[], float] = time.monotonic
    codes: dict[str, Code] = field(default_factory=dict)
    _ids: tuple[int, set[str]] | None = None  # the game's seat command ids, once read
    _listener: socket.socket | None = None

    # --- the socket ---------------------------------------------------------------------

    def listen(self, path: Path) -> None:
        """Take requests on the socket at ``path`` from now on (once)."""
        if self._listener is not None:
            return
        self._listener = seat_link.listen(path, seat_link.seats_group())
        log.info("seats: listening on %s", path)
        listener = self._listener
        start_thread(lambda: _accept(listener, self.answer_from_thread), "seats")

    def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
            self._listener = None

    def answer_from_thread(self, request: Message) -> Message:
        """Called by a connection's thread: the main loop answers, this thread waits."""
        answers: queue.SimpleQueue[Message] = queue.SimpleQueue()

        def errand() -> None:
            try:
                answers.put(self.answer(request))
            except Exception:
                answers.put({"status": "error"})
                raise

        self.app.hand(errand)
        try:
            return answers.get(timeout=ANSWER_WAIT)
        except queue.Empty:
            return {"status": "busy"}

    # --- on the main loop ---------------------------------------------------------------

    def answer(self, request: Message) -> Message:
        lang = str(request.get("lang", "en"))
        op = request.get("op")
        if op == "pair":
            return self._pair(str(request.get("code", "")), lang)
        if op == "send":
            return self._send(request, lang)
        if op == "proposals":
            return {"status": "ok", **self.app.controller.proposals(self.app.state)}
        return {"status": "malformed", "words": translate("seat.malformed", lang)}

    def code_for(self, faction: str) -> str:
        """A fresh pairing code for ``faction``'s seat (its earlier one stops working)."""
        self._forget_expired()
        self.codes = {c: held for c, held in self.codes.items() if held.faction != faction}
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        self.codes[code] = Code(faction, self.clock() + CODE_LIFE)
        return code

    def seats(self) -> list[SeatRow]:
        return self.book.active(self.app.session.game_id)

    def unpair(self, seat_id: int) -> None:
        self.book.end(seat_id)

    def game_started(self, before: State, before_id: int) -> None:
        """A New game: the same factions keep their phones, other factions end them all;
        the codes shown for the old game stop working."""
        self.codes.clear()
        self._ids = None
        after = self.app.session.game_id
        if _factions(before) == _factions(self.app.state) and before_id != after:
            self.book.carry(before_id, after)
        else:
            self.book.end_game(before_id)

    def _pair(self, code: str, lang: str) -> Message:
        self._forget_expired()
        held = self.codes.pop(_normal(code), None)
        if held is None:
            return {"status": "bad_code", "words": translate("seat.bad_code", lang)}
        credential, row = self.book.pair(self.app.session.game_id, held.faction)
        self.app.tell(text("seat.paired_event", faction=row.faction, n=row.phone))
        log.info("seats: phone %d of %s paired", row.phone, row.faction)
        words = translate("seat.paired", lang, faction=row.faction)
        return {"status": "paired", "credential": credential, "faction": row.faction,
                "phone": row.phone, "words": words}  # fmt: skip

    def _send(self, request: Message, lang: str) -> Message:
        row = self.book.find(str(request.get("credential", "")))
        if row is None or not row.acts_in(self.app.session.game_id):
            return {"status": "unknown_seat", "words": translate("seat.unknown", lang)}
        command_id, said = request.get("id"), request.get("command")
        if not isinstance(command_id, str) or not COMMAND_ID.fullmatch(command_id):
            return {"status": "malformed", "words": translate("seat.malformed", lang)}
        if not isinstance(said, dict) or "seat" in said:
            return {"status": "malformed", "words": translate("seat.malformed", lang)}
        if command_id in self._sent_ids():
            return {"status": "already", "words": translate("seat.already", lang)}
        seat = {"faction": row.faction, "phone": row.phone, "id": command_id}
        try:
            cmd = parse({**said, "seat": seat}, self.app.games.rules, self.app.session.played.game)
            self._kill_at("before_commit")
            self.app.submit(cmd, from_phone=True)
        except RulesError as error:
            status = "forbidden" if error.rule == "I13" else "refused"
            return {"status": status, "rule": error.rule, "words": _refusal(error, lang)}
        self._sent_ids().add(command_id)
        self._kill_at("after_commit")
        return {"status": "done", "words": self._done_words(cmd, lang)}

    def _done_words(self, cmd: Command, lang: str) -> str:
        last = self.app.session.last
        events: tuple[Text, ...] = () if last is None or last[0] is not cmd else last[1]
        return " ".join(render(event, lang) for event in events)

    def _sent_ids(self) -> set[str]:
        """The ids of the seat commands in the current game's journal, read once a game."""
        game_id = self.app.session.game_id
        if self._ids is None or self._ids[0] != game_id:
            self._ids = (game_id, _ids_in(self.app.session.store.commands(game_id)))
        return self._ids[1]

    def _forget_expired(self) -> None:
        now = self.clock()
        self.codes = {c: held for c, held in self.codes.items() if held.expires > now}

    @staticmethod
    def _kill_at(moment: str) -> None:
        if moment == KILL_AT:
            log.warning("seats: killed at %s (CELAENO_SEAT_KILL_AT)", moment)
            os.kill(os.getpid(), signal.SIGKILL)


def _normal(code: str) -> str:
    return "".join(char for char in code.upper() if char in CODE_ALPHABET)


def _factions(state: object) -> tuple[str, ...]:
    """The factions of a state of whichever game, if it has them (Normandie has sides)."""
    return tuple(getattr(state, "factions", ()))


def _refusal(error: RulesError, lang: str) -> str:
    return translate("seat.refused", lang, rule=error.rule_words(), reason=error.reason)


def _ids_in(lines: list[str]) -> set[str]:
    """Every ``seat.id`` of a game's journal lines (a line without a seat is passed over)."""
    found: set[str] = set()
    for line in lines:
        if '"seat"' not in line:
            continue
        seat = json.loads(line).get("seat")
        if isinstance(seat, dict) and isinstance(seat.get("id"), str):
            found.add(seat["id"])
    return found


# --- the listener's threads -----------------------------------------------------------------


def _accept(listener: socket.socket, answer: Callable[[Message], Message]) -> None:
    places = threading.BoundedSemaphore(MOST_CONNECTIONS)
    while True:
        try:
            connection, _ = listener.accept()
        except OSError:  # closed: the companion stops
            return
        places.acquire()
        start_thread(lambda c=connection: _serve(c, answer, places), "seat")  # type: ignore[misc]


def _serve(
    connection: socket.socket,
    answer: Callable[[Message], Message],
    places: threading.BoundedSemaphore,
) -> None:
    try:
        with connection:
            connection.settimeout(seat_link.TIMEOUT)
            try:
                request = seat_link.decode(seat_link.read_line(connection))
            except (ValueError, OSError):
                return
            connection.sendall(seat_link.encode(answer(request)))
    except OSError:
        pass  # the view went away: it asks again with the same id
    finally:
        places.release()


# --- what the app asks ----------------------------------------------------------------------


def open_desk(app: App) -> Desk:
    """The app's desk, made and listening the first time it is asked for."""
    if app.seats is None:
        book = SeatBook(app.session.store.connection)
        book.create()
        desk = Desk(app, book)
        desk.listen(seat_link.socket_path(app.session.store.path.parent))
        app.seats = desk
    return app.seats


def seats_screen(app: App) -> ScreenStep:
    """Menu → Seats on phones: each faction's code, or why there is none."""
    from device.ui.phones import page_url, show_on_phones
    from device.ui.seats import screens

    web, view = app.questions.web, app.questions.phone_view
    if not (web.enabled and web.seats):
        return screens.seats_off()
    if app.session.played.game.secrets is None:
        return screens.no_seats()
    not_started = view.start() if view is not None else None
    if not_started is not None:
        return show_on_phones(web, not_started=not_started)
    desk = open_desk(app)
    factions = list(_factions(app.state))

    def phones() -> list[screens.PairedPhone]:
        return [screens.PairedPhone(row.id, row.faction, row.phone) for row in desk.seats()]

    screen = screens.SeatsScreen(factions, page_url(web), desk.code_for, phones, desk.unpair)
    return screens.seats_step(screen)
