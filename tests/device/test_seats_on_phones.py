"""The menu's "Seats on phones" on the companion's real screen: each faction's QR code, read
back from the screen's pixels by a real decoder (zbarimg), is the page's address with a
pairing code that pairs a phone as that faction's seat; OK shows the next faction's; then the
phones paired, any of which is unpaired. At every size, in both languages (screenshots in
tests/output/seats/). A pairing code works once, and for CODE_LIFE seconds."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pygame
import pytest

from device.companion.app import App
from device.companion.seats import CODE_LIFE, Desk
from device.network import hotspot
from device.storage.seat_book import SeatBook
from device.ui import phones
from device.ui.phones import WebSettings
from hardware.events import ButtonPressed
from rules.text import render
from tests.device.companion_thread import Companion, companion
from tests.device.test_show_on_phones import _assert_drawn_whole, _press_to

OUTPUT = Path(__file__).resolve().parents[1] / "output" / "seats"
FOUR = ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"]
GAME = {"type": "new_game", "map": "celaeno", "factions": FOUR, "settings": {"scoreboard": True}}
SIZES = [(480, 320), (800, 480), (1920, 1080)]
PAGE = "http://192.168.1.20:8080/pair?c="
WEB = WebSettings(True, "0.0.0.0", 8080)


@pytest.fixture(autouse=True)
def a_house_network(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The companion on a house network at 192.168.1.20, not on its own Wi-Fi."""
    monkeypatch.setattr(hotspot, "STATE", tmp_path / "no-hotspot.json")
    monkeypatch.setattr(phones, "machine_addresses", lambda: ["192.168.1.20"])


def labels(app: App) -> list[str]:
    return [choice.label.key for choice in app.view().prompt.choices]


def open_seats(app: App) -> None:
    """The main screen's menu line, then the menu's Seats on phones, pressed as a table
    does (each press takes the last one's words away: the fresh game's greeting too)."""
    _press_to(app, lambda key: key == "main.menu")
    _press_to(app, lambda key: key == "menu.seats")
    app.draw()


def press(*buttons: str) -> Any:
    def pressed(app: App) -> None:
        for button in buttons:
            app.handle_input(ButtonPressed(button))
        app.draw()

    return pressed


def shot(running: Companion, name: str) -> Path:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / f"{name}.png"
    running.call(lambda app: (app.draw(), pygame.image.save(app.screen.surface, str(path))))
    return path


def decoded(path: Path) -> list[str]:
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        pytest.skip("zbarimg is not installed (Debian's zbar-tools)")
    done = subprocess.run([zbarimg, "--quiet", "--raw", "-Sbinary", str(path)],
                          capture_output=True, check=False)  # fmt: skip
    return [line.decode("utf-8") for line in done.stdout.splitlines() if line]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_factions_code_is_read_back_from_the_screen_and_ok_shows_the_next(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    with companion(tmp_path / "state", GAME, size, lang, WEB) as running:
        running.call(open_seats)
        for faction in FOUR:
            prompt = running.call(lambda app: app.view().prompt)
            assert prompt.title.key == "seats.scan" and prompt.title.params["faction"] == faction
            assert prompt.qr is not None and prompt.qr.startswith(PAGE)
            path = shot(running, f"seats-{faction}-{lang}-{size[0]}x{size[1]}")
            assert decoded(path) == [prompt.qr]  # what a phone's camera reads
            address, pairing = prompt.qr.split("/pair")
            lines = (f"{address}/", f"pair{pairing}")
            running.call(lambda app, lines=lines: _assert_drawn_whole(app, lines))
            code = prompt.qr.removeprefix(PAGE)
            said = running.call(
                lambda app, code=code: app.seats.answer({"op": "pair", "code": code})
            )  # type: ignore[union-attr]
            assert said["status"] == "paired" and said["faction"] == faction
            running.call(press("ok"))  # the next faction, after the last the phones paired
        prompt = running.call(lambda app: app.view().prompt)
        assert prompt.title.key == "seats.phones" and prompt.title.params["n"] == 4
        assert [c.label.params["faction"] for c in prompt.choices[:4]] == FOUR
        shot(running, f"seats-phones-{lang}-{size[0]}x{size[1]}")


def test_a_phone_is_unpaired_from_the_list(tmp_path: Path) -> None:
    with companion(tmp_path / "state", GAME, web=WEB) as running:
        running.call(open_seats)
        code = running.call(lambda app: app.view().prompt.qr).removeprefix(PAGE)
        said = running.call(lambda app: app.seats.answer({"op": "pair", "code": code}))  # type: ignore[union-attr]
        running.call(press("down", "ok"))  # "Phones paired, unpair one"
        assert running.call(lambda app: labels(app)[0]) == "seats.phone"
        running.call(press("ok"))  # Great Cthulhu's phone 1
        title = running.call(lambda app: render(app.view().prompt.title))
        assert title == "Unpair Great Cthulhu's phone 1? It becomes a read-only view."
        running.call(press("ok"))  # "Unpair it"
        assert running.call(lambda app: app.view().prompt.title.params["n"]) == 0
        asked = {"op": "send", "credential": said["credential"], "id": "after-unpair",
                 "command": {"type": "spellbooks", "faction": "great_cthulhu", "count": 1}}  # fmt: skip
        assert running.call(lambda app: app.seats.answer(asked))["status"] == "unknown_seat"  # type: ignore[union-attr]


def test_seats_off_says_so_and_makes_no_code(tmp_path: Path) -> None:
    web = WebSettings(True, "0.0.0.0", 8080, seats=False)
    with companion(tmp_path / "state", GAME, web=web) as running:
        running.call(open_seats)
        prompt = running.call(lambda app: app.view().prompt)
        assert prompt.title.key == "seats.off" and prompt.qr is None
        assert running.call(lambda app: app.seats) is None  # nothing listens


def test_a_normandie_battles_page_stays_read_only(tmp_path: Path) -> None:
    from device.companion.seats import seats_screen

    examples = Path(__file__).resolve().parents[2] / "rules" / "examples"
    battle = json.loads((examples / "normandie_chapter1.jsonl").read_text().splitlines()[0])
    with companion(tmp_path / "state", battle) as running:
        step = running.call(seats_screen)
        assert step.title.key == "seats.not_this_game" and step.qr is None


# --- the pairing codes ---------------------------------------------------------------------


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_code_works_for_its_life_only_and_once(tmp_path: Path) -> None:
    with companion(tmp_path / "state", GAME) as running:
        clock = Clock()

        def desk(app: App) -> Desk:
            found = Desk(app, SeatBook(app.session.store.connection), clock=clock)
            found.book.create()
            return found

        made = running.call(desk)
        early = running.call(lambda app: made.code_for("yellow_sign"))
        late = running.call(lambda app: made.code_for("black_goat"))
        clock.now = CODE_LIFE - 1
        assert (
            running.call(lambda app: made.answer({"op": "pair", "code": early}))["status"]
            == "paired"
        )
        assert (
            running.call(lambda app: made.answer({"op": "pair", "code": early}))["status"]
            == "bad_code"
        )
        clock.now = CODE_LIFE + 1
        assert (
            running.call(lambda app: made.answer({"op": "pair", "code": late}))["status"]
            == "bad_code"
        )
