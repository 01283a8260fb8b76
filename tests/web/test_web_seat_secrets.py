"""I14 on the bytes each page receives: a faction's Elder Signs' values reach its own seat's
phones and nothing else — not the read-only page, not another seat's page — in the snapshot
and in the event stream alike. What is drawn is not looked at: the bytes are."""

from __future__ import annotations

import http.client
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.conftest import WebServer, running
from tests.web.seat_table import SeatTable, seat_table
from tests.web.test_web_seats import Phone

YS, GC, BG = "yellow_sign", "great_cthulhu", "black_goat"
SECRET = "seen by you alone"  # the words that introduce a seat's own values


def draw(faction: str, *values: int) -> dict[str, object]:
    return {"type": "draw_elder_signs", "faction": faction, "count": len(values),
            "values": list(values)}  # fmt: skip


def first_event(phone: Phone, lang: str = "en") -> bytes:
    """The first message of the page's event stream, as its bytes arrive."""
    connection = http.client.HTTPConnection("127.0.0.1", phone.web.port, timeout=20)
    headers = {"Cookie": f"seat={phone.cookie}"} if phone.cookie else {}
    try:
        connection.request("GET", f"/events?lang={lang}", headers=headers)
        reply = connection.getresponse()
        received = b""
        while received.count(b"\n\n") < 2:  # "retry: …", then the first message
            chunk = reply.read1(65536)
            assert chunk, received
            received += chunk
        return received
    finally:
        connection.close()


def kept_values(received: bytes) -> list[list[int]]:
    """The values in the reveal buttons of kept signs ("Reveal a 3"), as a page gets them."""
    said = received.decode("utf-8").replace('\\"', '"').replace("&quot;", '"')
    return [
        [int(v) for v in found.split(",")]
        for found in re.findall(
            r'"type":"reveal_elder_signs","faction":"[a-z_]+","values":\[([0-9,]+)\]', said
        )
    ]


@pytest.fixture()
def pages(tmp_path: Path) -> Iterator[tuple[WebServer, Phone, Phone, Phone]]:
    state = tmp_path / "state"
    with seat_table(state) as table, running(state, tmp_path / "web.log") as web:
        yellow, cthulhu = _paired(web, table, YS), _paired(web, table, GC)
        assert yellow.send(draw(YS, 3, 1), "draw-ys-0001").status == 200
        assert cthulhu.send(draw(GC, 2), "draw-gc-0001").status == 200
        table.play({"type": "draw_elder_signs", "faction": BG, "count": 1})
        web.wait_for_position(4)
        yield web, yellow, cthulhu, Phone(web)


def _paired(web: WebServer, table: SeatTable, faction: str) -> Phone:
    phone = Phone(web)
    assert phone.pair(table.code(faction)).status == 303
    return phone


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_seat_gets_its_own_values_and_no_other_page_gets_any(
    pages: tuple[WebServer, Phone, Phone, Phone], lang: str
) -> None:
    _web, yellow, cthulhu, reader = pages
    for phone, own in ((yellow, [3, 1]), (cthulhu, [2])):
        for received in (
            phone.request("GET", f"/snapshot?lang={lang}").body,
            first_event(phone, lang),
        ):
            reveals = kept_values(received)
            # each kept value is one reveal button (plus the three for a sign without one, none here)
            assert sorted(v for values in reveals for v in values) == sorted(set(own))
            assert b'"seat":"' in received  # the seat's part of the page, for this seat
    for received in (
        reader.request("GET", f"/snapshot?lang={lang}").body,
        first_event(reader, lang),
    ):
        assert b'"seat":"' not in received
        assert b"reveal_elder_signs" not in received and b"record_elder_signs" not in received
        assert kept_values(received) == []


def test_the_secret_words_reach_the_seat_alone(
    pages: tuple[WebServer, Phone, Phone, Phone],
) -> None:
    _web, yellow, cthulhu, reader = pages
    ys = yellow.request("GET", "/snapshot").text
    gc = cthulhu.request("GET", "/snapshot").text
    assert f"Their values, {SECRET}: 3 and 1" in ys and "2" not in _secret_line(ys)
    assert f"Their values, {SECRET}: 2" in gc and "3 and 1" not in gc
    assert SECRET not in reader.request("GET", "/snapshot").text
    assert SECRET not in reader.request("GET", "/").text


def test_the_counts_are_on_every_page(pages: tuple[WebServer, Phone, Phone, Phone]) -> None:
    """The scoreboard every page shows says how many each faction holds, as before."""
    _web, yellow, _cthulhu, reader = pages
    for phone in (yellow, reader):
        assert "Elder Signs" in phone.request("GET", "/snapshot").text


def _secret_line(page: str) -> str:
    found = re.search(rf"Their values, {SECRET}: ([^<]*)<", page)
    assert found is not None
    return found.group(1)
