"""Phones as seats through the real phone view (``celaeno web``, a process) and the real
companion's app and seats' desk (another process, :mod:`tests.web.seat_table`), over the real
local socket: pairing, a seat's command and its answer, exactly once, and every guard of the
door — each a test that fails if the guard is taken away — with what it refuses and that
nothing changed."""

from __future__ import annotations

import http.client
import json
import re
import signal
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import WebServer, free_port, running
from tests.web.seat_table import SCOREBOARD_GAME, SeatTable, seat_table

YS, GC = "yellow_sign", "great_cthulhu"
SPELLBOOK = {"type": "spellbooks", "faction": YS, "count": 1}


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.body)
        return found

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


@dataclass
class Phone:
    """A phone's browser, as far as the view can tell: its cookies, its address, and the
    headers a page of the view's own origin sends."""

    web: WebServer
    source: str = "127.0.0.1"
    cookie: str = ""
    token: str = ""

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> Answer:  # fmt: skip
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.web.port, timeout=20, source_address=(self.source, 0)
        )
        sent = {"Cookie": f"seat={self.cookie}"} if self.cookie else {}
        sent.update(headers or {})
        try:
            connection.request(method, path, body=body, headers=sent)
            reply = connection.getresponse()
            return Answer(reply.status, reply.headers, reply.read())
        finally:
            connection.close()

    def pair(self, code: str) -> Answer:
        answer = self.request("GET", f"/pair?c={code}")
        found = re.search(r"seat=([^;]+)", answer.headers.get("Set-Cookie", ""))
        if answer.status == 303 and found:
            self.cookie = found.group(1)
            page = self.request("GET", "/")
            self.token = re.search(r'data-token="([0-9a-f]+)"', page.text).group(1)  # type: ignore[union-attr]
        return answer

    def send(self, command: dict[str, Any], command_id: str = "phone-cmd-1",
             headers: dict[str, str] | None = None) -> Answer:  # fmt: skip
        own = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{self.web.port}",
               "X-Celaeno-Token": self.token}  # fmt: skip
        own.update(headers or {})
        own = {k: v for k, v in own.items() if v is not None}
        body = json.dumps({"id": command_id, "command": command}).encode()
        return self.request("POST", "/seat", body, own)


def journal(state: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(state / "journal.sqlite3") as db:
        rows = db.execute("SELECT command FROM commands ORDER BY game_id, seq").fetchall()
    return [json.loads(line) for (line,) in rows]


@pytest.fixture()
def state_dir(tmp_path: Path) -> Path:
    return tmp_path / "state"


@pytest.fixture()
def table(state_dir: Path) -> Iterator[SeatTable]:
    with seat_table(state_dir) as found:
        yield found


@pytest.fixture()
def web(table: SeatTable, state_dir: Path, tmp_path: Path) -> Iterator[WebServer]:
    with running(state_dir, tmp_path / "web.log") as server:
        yield server


@pytest.fixture()
def yellow(web: WebServer, table: SeatTable) -> Phone:
    phone = Phone(web)
    assert phone.pair(table.code(YS)).status == 303
    return phone


# --- pairing -------------------------------------------------------------------------------


def test_a_code_pairs_the_phone_with_a_cookie_its_script_cannot_read(
    web: WebServer, table: SeatTable
) -> None:
    phone = Phone(web)
    answer = phone.pair(table.code(YS))
    assert answer.status == 303 and answer.headers["Location"] == "/"
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert len(phone.cookie) >= 43  # 256 random bits, base64url: more than 128 asked for
    page = phone.request("GET", "/").text
    assert "You are the Yellow Sign" in page
    assert phone.cookie not in page  # the page carries a token derived from it, not it


def test_a_code_dies_on_use_and_a_wrong_one_says_how_to_get_another(
    web: WebServer, table: SeatTable
) -> None:
    code = table.code(YS)
    assert Phone(web).pair(code).status == 303
    again = Phone(web).pair(code)
    assert again.status == 400 and "At the table: Menu → Seats on phones" in again.text
    assert "seat=" not in again.headers.get("Set-Cookie", "")


def test_a_head_request_spends_no_code(web: WebServer, table: SeatTable) -> None:
    """A link preview asking HEAD is no phone pairing: the code still works after it."""
    code = table.code(YS)
    assert Phone(web).request("HEAD", f"/pair?c={code}").status == 405
    assert Phone(web).pair(code).status == 303


def test_a_new_code_for_a_faction_ends_its_earlier_one(web: WebServer, table: SeatTable) -> None:
    old = table.code(YS)
    new = table.code(YS)
    assert Phone(web).pair(old).status == 400
    assert Phone(web).pair(new).status == 303


def test_wrong_codes_are_limited_per_address_429(web: WebServer, table: SeatTable) -> None:
    guesser = Phone(web, source="127.0.0.3")
    for _ in range(5):
        assert guesser.pair("AAAAAAAA").status == 400
    right = table.code(YS)
    refused = guesser.pair(right)
    assert refused.status == 429 and "wait ten minutes" in refused.text
    assert Phone(web, source="127.0.0.4").pair(right).status == 303  # another phone: its own count


# --- a seat's command ------------------------------------------------------------------------


def test_a_seats_command_is_committed_with_its_seat_and_answered_in_the_rules_words(
    yellow: Phone, state_dir: Path
) -> None:
    answer = yellow.send(SPELLBOOK, "spellbook-0001")
    assert answer.status == 200, answer.text
    assert answer.json()["words"] == "Yellow Sign's phone: the Yellow Sign has 1 of 6 spellbooks."
    assert journal(state_dir)[-1] == {
        **SPELLBOOK,
        "seat": {"faction": YS, "phone": 1, "id": "spellbook-0001"},
    }


def test_the_same_id_again_is_already_done_and_in_the_journal_once(
    yellow: Phone, state_dir: Path
) -> None:
    assert yellow.send(SPELLBOOK, "same-id-0001").status == 200
    again = yellow.send(SPELLBOOK, "same-id-0001")
    assert (again.status, again.json()["status"]) == (200, "already")
    ids = [c.get("seat", {}).get("id") for c in journal(state_dir)]
    assert ids.count("same-id-0001") == 1


def test_a_refusal_is_said_in_the_rules_words_and_changes_nothing(
    yellow: Phone, state_dir: Path
) -> None:
    before = journal(state_dir)
    answer = yellow.send({"type": "ritual", "faction": YS, "perform": False})
    assert answer.status == 409
    assert answer.json()["words"] == (
        "Refused, nothing changed. Journal: nothing is waiting for the Ritual decision."
    )
    assert journal(state_dir) == before


def test_undo_at_the_table_takes_back_a_phones_command(
    yellow: Phone, table: SeatTable, state_dir: Path
) -> None:
    assert yellow.send(SPELLBOOK, "to-be-undone").status == 200
    table.ask("undo")
    assert journal(state_dir)[-1] == {"type": "undo"}
    answer = yellow.send(SPELLBOOK, "to-be-undone")
    assert answer.json()["status"] == "already"  # undone at the table: not done again


# --- the guards: each refuses, and nothing changes ---------------------------------------------


def test_no_credential_is_401_and_nothing_changes(web: WebServer, state_dir: Path) -> None:
    before = journal(state_dir)
    answer = Phone(web).send(SPELLBOOK)
    assert answer.status == 401 and "no faction's seat" in answer.json()["words"]
    assert journal(state_dir) == before


def test_a_made_up_credential_is_401(web: WebServer, state_dir: Path) -> None:
    before = journal(state_dir)
    answer = Phone(web, cookie="x" * 43, token="0" * 32).send(SPELLBOOK)
    assert answer.status == 401
    assert journal(state_dir) == before


def test_a_seat_acting_for_another_faction_is_403_and_nothing_changes(
    yellow: Phone, state_dir: Path
) -> None:
    before = journal(state_dir)
    answer = yellow.send({"type": "spellbooks", "faction": GC, "count": 1})
    assert answer.status == 403
    assert "I13" in answer.json()["words"] and "not to Great Cthulhu" in answer.json()["words"]
    assert journal(state_dir) == before


def test_a_seat_cannot_send_what_the_table_enters(yellow: Phone, state_dir: Path) -> None:
    before = journal(state_dir)
    assert yellow.send({"type": "next_phase"}).status == 403
    # about its own faction, yet the table's to enter (C17): I13, not the rules' "nothing asked"
    satisfy = {"type": "satisfy", "faction": "yellow_sign", "units": 1, "doom": 0}
    refused = yellow.send(satisfy)
    assert refused.status == 403 and "I13" in refused.json()["words"]
    assert yellow.send({"type": "undo"}).status == 409
    assert journal(state_dir) == before


def _unpair_all(state_dir: Path) -> None:
    """As the table's "Unpair it" does (the seats' table, in the journal's database)."""
    with sqlite3.connect(state_dir / "journal.sqlite3") as db:
        db.execute("UPDATE seats SET ended = 'now'")


def test_a_revoked_credential_is_401_and_the_page_says_how_to_pair_again(
    yellow: Phone, state_dir: Path
) -> None:
    _unpair_all(state_dir)
    before = journal(state_dir)
    answer = yellow.send(SPELLBOOK)
    assert answer.status == 401 and answer.json()["ended"] is True
    assert "Menu → Seats on phones" in answer.json()["words"]
    page = yellow.request("GET", "/")
    assert page.status == 401 and "To pair it again" in page.text
    assert "seat=;" in page.headers["Set-Cookie"] or 'seat="";' in page.headers["Set-Cookie"]
    assert journal(state_dir) == before


def test_a_revoked_credential_is_401_with_the_table_away_too(
    yellow: Phone, table: SeatTable, state_dir: Path
) -> None:
    """The view knows an ended seat itself: 401 and how to pair again, not "not running"."""
    _unpair_all(state_dir)
    table.kill()
    answer = yellow.send(SPELLBOOK, "revoked-away-1")
    assert answer.status == 401 and answer.json()["ended"] is True


def test_an_old_games_credential_is_401(yellow: Phone, table: SeatTable, state_dir: Path) -> None:
    other = {**SCOREBOARD_GAME, "factions": [GC, YS, "sleeper"]}
    table.play(other)
    answer = yellow.send(SPELLBOOK)
    assert answer.status == 401 and answer.json()["ended"] is True
    assert yellow.request("GET", "/").status == 401


def test_a_new_game_with_the_same_factions_keeps_the_seats(yellow: Phone, table: SeatTable) -> None:
    table.play(SCOREBOARD_GAME)
    assert yellow.send(SPELLBOOK, "after-new-game").status == 200


@pytest.mark.parametrize(
    ("headers", "why"),
    [
        ({"Origin": "http://evil.example"}, "another origin"),
        ({"Origin": None}, "no Origin, no Sec-Fetch-Site"),
        ({"Origin": None, "Sec-Fetch-Site": "cross-site"}, "a cross-site fetch"),
        ({"X-Celaeno-Token": None}, "no token"),
        ({"X-Celaeno-Token": "0" * 32}, "another token"),
    ],
)
def test_a_post_that_is_not_the_pages_own_is_403(
    yellow: Phone, state_dir: Path, headers: dict[str, str], why: str
) -> None:
    before = journal(state_dir)
    answer = yellow.send(SPELLBOOK, headers=headers)
    assert answer.status == 403, why
    assert journal(state_dir) == before


def test_a_same_origin_fetch_without_origin_is_the_pages_own(yellow: Phone) -> None:
    answer = yellow.send(SPELLBOOK, headers={"Origin": None, "Sec-Fetch-Site": "same-origin"})
    assert answer.status == 200


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"{" * 2000, 413),  # larger than the view takes
        (b"not json", 400),
        (b'{"id": "abcdefgh1", "command": "spellbooks"}', 400),
        (b'{"id": 7, "command": {"type": "spellbooks"}}', 400),
        (b'{"command": {"type": "spellbooks"}}', 400),
        (b'{"id": "abcdefgh1", "command": {"type": "spellbooks"}, "more": 1}', 400),
        (b'{"id": "x", "command": {"type": "spellbooks", "faction": "yellow_sign", "count": 1}}', 400),
        (b'{"id": "abcdefgh1", "command": {"type": "spellbooks", "faction": "yellow_sign"}}', 409),
        (b'{"id": "abcdefgh1", "command": {"type": "spellbooks", "faction": "yellow_sign", '
         b'"count": 1, "seat": {"faction": "great_cthulhu", "phone": 1, "id": "abcdefgh1"}}}', 400),
        (b"\xff\xfe", 400),
    ],
)  # fmt: skip
def test_oversized_or_malformed_bodies_are_4xx_never_a_traceback(
    yellow: Phone, state_dir: Path, body: bytes, status: int
) -> None:
    before = journal(state_dir)
    headers = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{yellow.web.port}",
               "X-Celaeno-Token": yellow.token}  # fmt: skip
    answer = yellow.request("POST", "/seat", body, headers)
    assert answer.status == status, answer.text
    assert b"Traceback" not in answer.body
    assert journal(state_dir) == before


def test_with_no_companion_a_seats_command_is_503_the_table_is_not_running(
    yellow: Phone, table: SeatTable, state_dir: Path
) -> None:
    table.kill()
    answer = yellow.send(SPELLBOOK, "while-away-1")
    assert (
        answer.status == 503
        and answer.json()["words"] == "The table is not running: nothing changed."
    )
    assert Phone(yellow.web).pair("ABCDEFGH").status == 503


def test_a_stalled_table_is_busy_and_the_command_sent_again_is_done_once(
    yellow: Phone, table: SeatTable, state_dir: Path
) -> None:
    """The table stopped (SIGSTOP) while a command waits: the phone hears "busy" (503); the
    table, going on, does the command it had taken; sent again, it is already done."""
    table.process.send_signal(signal.SIGSTOP)
    try:
        stalled = yellow.send(SPELLBOOK, "stalled-0001")
    finally:
        table.process.send_signal(signal.SIGCONT)
    assert stalled.status == 503 and "did not answer in time" in stalled.json()["words"]
    again = yellow.send(SPELLBOOK, "stalled-0001")
    assert again.status == 200 and again.json()["status"] in ("done", "already")
    ids = [c.get("seat", {}).get("id") for c in journal(state_dir)]
    assert ids.count("stalled-0001") == 1


def test_the_read_only_page_is_as_before(web: WebServer) -> None:
    page = Phone(web).request("GET", "/")
    assert page.status == 200
    assert 'id="seat"' not in page.text and "data-token" not in page.text
    assert "Read-only view: everything is decided at the table." in page.text
    assert Phone(web).request("GET", "/seat").status == 405  # POST only


def test_seats_off_leaves_no_write_route(table: SeatTable, state_dir: Path, tmp_path: Path) -> None:
    config = tmp_path / "celaeno.toml"
    config.write_text("[web]\nseats = false\n", encoding="utf-8")
    server = WebServer(state_dir, free_port(), log=tmp_path / "off.log",
                       options=("--config", str(config)))  # fmt: skip
    server.start()
    try:
        phone = Phone(server)
        assert phone.request("GET", f"/pair?c={table.code(YS)}").status == 404
        assert phone.request(
            "POST", "/seat", b"{}", {"Content-Type": "application/json"}
        ).status in (404, 405)
    finally:
        server.stop()
