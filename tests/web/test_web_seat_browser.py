"""Seats end to end: the companion's screen drawn, each faction's QR code read back from it with
zbarimg, the address opened by headless Chromium as a phone (Debian's chromium, driven by
Playwright), taps by the browser — two phones at once, each its own faction, each seeing its
own Elder Signs' values only. Then the taps each thing a seat tells the table costs, counted
by the browser (the goals of Seats on phones). Screenshots of a seat's page at 390 px, in
English and Japanese, go to tests/output/seats/."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from device.companion.app import App
from device.network import hotspot
from device.ui import phones
from device.ui.phones import WebSettings
from hardware.events import ButtonPressed
from tests.device.companion_thread import Companion, companion
from tests.web.conftest import WebServer, free_port
from tests.web.test_web_browser import ARGS, CHROMIUM, wait_until

playwright_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
pytestmark = pytest.mark.skipif(
    not (Path(CHROMIUM).exists() or shutil.which("chromium")) or shutil.which("zbarimg") is None,
    reason="needs chromium and zbarimg (apt-get install chromium zbar-tools)",
)

OUTPUT = Path(__file__).resolve().parents[1] / "output" / "seats"
FOUR = ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"]
GAME = {"type": "new_game", "map": "celaeno", "factions": FOUR, "settings": {"scoreboard": True}}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@dataclass
class Table:
    """The companion (its app in a thread, its real screen) and the phone view beside it."""

    running: Companion
    web: WebServer
    state_dir: Path

    def journal(self) -> list[dict[str, Any]]:
        lines = self.running.call(lambda app: app.session.store.commands(app.session.game_id))
        return [json.loads(line) for line in lines]

    def press(self, *buttons: str) -> None:
        def pressed(app: App) -> None:
            for button in buttons:
                app.handle_input(ButtonPressed(button))
            app.draw()

        self.running.call(pressed)

    def play(self, command: dict[str, Any]) -> None:
        from rules.journal import parse

        self.running.call(
            lambda app: app.submit(parse(command, app.games.rules, app.session.played.game))
        )

    def code_on_the_screen(self, name: str) -> str:
        """The QR code the screen shows, as a phone's camera reads it (zbarimg)."""
        OUTPUT.mkdir(parents=True, exist_ok=True)
        path = OUTPUT / f"{name}.png"
        self.running.call(
            lambda app: (app.draw(), pygame.image.save(app.screen.surface, str(path)))
        )
        done = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sbinary", str(path)],
                              capture_output=True, check=True)  # fmt: skip
        (found,) = done.stdout.decode().split()
        return found


@pytest.fixture()
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    """The view listens on 127.0.0.1: that is the address the companion's codes carry."""
    monkeypatch.setattr(hotspot, "STATE", tmp_path / "no-hotspot.json")
    monkeypatch.setattr(phones, "machine_addresses", lambda: ["127.0.0.1"])
    state = tmp_path / "state"
    port = free_port()
    with companion(state, GAME, web=WebSettings(True, "0.0.0.0", port)) as running:
        web = WebServer(state, port, log=tmp_path / "web.log")
        web.start()
        try:
            yield Table(running, web, state)
        finally:
            web.stop()


def open_seats(app: App) -> None:
    main = [choice.label.key for choice in app.view().prompt.choices]
    app.react(app.controller.tap(main.index("main.menu"), app.state))
    keys = [choice.label.key for choice in app.view().prompt.choices]
    app.react(app.controller.tap(keys.index("menu.seats"), app.state))


class Phone:
    """A phone's browser on a seat's page; each tap counted."""

    def __init__(self, browser: Any, url: str, locale: str = "en") -> None:
        self.context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale,
                                           is_mobile=True, has_touch=True)  # fmt: skip
        self.page = self.context.new_page()
        self.page.goto(url)
        self.page.wait_for_selector("#connection.live")
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.taps += 1
        self.page.click(selector)

    def send(self, selector: str) -> str:
        """Tap a button that sends, and wait for the table's answer on the page."""
        before = self.page.evaluate("document.getElementById('view').dataset.position")
        self.page.evaluate("document.getElementById('seat-answer').className = ''")
        self.tap(selector)
        wait_until(self.page, "document.getElementById('seat-answer').className", "done")
        wait_until(self.page, f"document.getElementById('view').dataset.position > {before}", True)
        return str(self.page.text_content("#seat-answer"))

    def seat_text(self) -> str:
        return str(self.page.text_content("#seat"))

    def close(self) -> None:
        self.context.close()


def by_words(words: str) -> str:
    return f'#seat button:has-text("{words}")'


def test_two_phones_paired_from_the_screens_codes_tap_at_once(browser: Any, table: Table) -> None:
    table.running.call(open_seats)
    first = table.code_on_the_screen("e2e-great_cthulhu")
    cthulhu = Phone(browser, first)
    assert "You are Great Cthulhu" in cthulhu.seat_text()
    table.press("ok")  # the next faction's code
    second = table.code_on_the_screen("e2e-crawling_chaos")
    assert second != first
    chaos = Phone(browser, second, locale="ja")
    assert "あなたは這い寄る混沌です" in chaos.seat_text()
    try:
        # Both tap before either answer is awaited: two phones at once.
        cthulhu.page.click(by_words("A spellbook earned: now 1"))
        chaos.page.click('#seat .signs .row:has-text("引いた1枚の値は") button:has-text("2")')
        for phone, done in ((cthulhu, "1 of 6 spellbooks"), (chaos, "旧き印1枚を引く")):
            wait_until(phone.page, "document.getElementById('seat-answer').className", "done")
            assert done in str(phone.page.text_content("#seat-answer"))
        seats = [c["seat"]["faction"] for c in table.journal() if "seat" in c]
        assert sorted(seats) == ["crawling_chaos", "great_cthulhu"]
        wait_until(chaos.page, "document.querySelectorAll('#seat .signs button').length > 3", True)
        assert "その値（あなただけに表示）：2" in chaos.seat_text()
        assert "seen by you alone" not in cthulhu.seat_text()
        assert "値（あなただけに表示）" not in str(cthulhu.page.content())
        OUTPUT.mkdir(parents=True, exist_ok=True)
        cthulhu.page.screenshot(path=str(OUTPUT / "seat-page-en-390.png"), full_page=True)
        chaos.page.screenshot(path=str(OUTPUT / "seat-page-ja-390.png"), full_page=True)
    finally:
        cthulhu.close()
        chaos.close()


# --- the taps a seat's news costs, counted by the browser ------------------------------------

GOALS = {"spellbook": 2, "elder_sign_drawn": 3, "gate": 4, "ritual": 2, "gather_power": 1}


def test_the_goals_taps_on_a_seats_page(browser: Any, table: Table) -> None:
    """Each thing the Yellow Sign's player tells the table, from its page, in the fewest taps;
    printed, and held to the goals; the end's reveal of a kept sign costs no press at all."""
    table.running.call(open_seats)  # the desk opens; the Yellow Sign's code as its screen makes it
    code = table.running.call(lambda app: app.seats.code_for("yellow_sign"))  # type: ignore[union-attr]
    phone = Phone(browser, f"{table.web.url}pair?c={code}")
    taps: dict[str, int] = {}
    try:
        taps["spellbook"] = _counted(phone, lambda: phone.send(by_words("A spellbook earned")))
        row = '#seat .signs .row:has-text("You drew one worth")'
        taps["elder_sign_drawn"] = _counted(
            phone, lambda: phone.send(f"{row} button:has-text('3')")
        )
        taps["gate"] = _counted(phone, lambda: (phone.tap('details[data-key="gained"] summary'),
                                                phone.send(by_words("Fountain"))))  # fmt: skip
        assert {"type": "set_gate", "area": "fountain", "gate": True,
                "controller": "yellow_sign"}.items() <= table.journal()[-1].items()  # fmt: skip
        table.play({"type": "next_phase"})
        phone.page.wait_for_selector("#seat section.asked")
        phone.page.screenshot(path=str(OUTPUT / "seat-gather-en-390.png"))
        taps["gather_power"] = _counted(phone, lambda: phone.send(by_words("That is right")))
        assert table.journal()[-1]["type"] == "gather_power_line"
        lines = table.running.call(lambda app: app.public_state()["pending"]["lines"])
        # its Gate and the set-up's 6 Cultists (K1, K3), as the table's screen proposed them
        assert lines == {"yellow_sign": 2 + 6}
        table.play({"type": "gather_power", "power": dict.fromkeys(FOUR, 8)})  # then corrected
        table.play({"type": "next_phase"})
        chooser = table.running.call(lambda app: app.public_state()["pending"]["candidates"][0])
        table.play({"type": "first_player", "faction": chooser, "direction": "clockwise"})
        table.play({"type": "next_phase"})
        while (
            table.running.call(lambda app: app.public_state()["pending"]["faction"])
            != "yellow_sign"
        ):
            asked = table.running.call(lambda app: app.public_state()["pending"]["faction"])
            table.play({"type": "ritual", "faction": asked, "perform": False})
        phone.page.wait_for_selector("#seat section.asked >> text=Your Ritual")
        phone.page.screenshot(path=str(OUTPUT / "seat-ritual-en-390.png"))  # the question first
        taps["ritual"] = _counted(phone, lambda: phone.send(by_words("Perform it with")))
        assert table.journal()[-1]["great_old_ones"] == 1
    finally:
        phone.close()
    print("\n".join(f"{goal}: {n} taps (goal ≤ {GOALS[goal]})" for goal, n in taps.items()))
    assert {goal: n for goal, n in taps.items() if n > GOALS[goal]} == {}


def _counted(phone: Phone, action: Any) -> int:
    before = phone.taps
    action()
    return phone.taps - before


def test_the_ends_reveal_of_a_kept_sign_costs_no_press(table: Table) -> None:
    """K14, I14: the signs a phone kept are revealed by the companion itself."""
    code = table.running.call(lambda app: (open_seats(app), app.seats.code_for("yellow_sign"))[1])  # type: ignore[union-attr]
    said = table.running.call(lambda app: app.seats.answer({"op": "pair", "code": code}))  # type: ignore[union-attr]
    drawn = {"type": "draw_elder_signs", "faction": "yellow_sign", "count": 2, "values": [3, 2]}
    send = {"op": "send", "credential": said["credential"], "id": "drawn-00001", "command": drawn}
    assert table.running.call(lambda app: app.seats.answer(send))["status"] == "done"  # type: ignore[union-attr]
    table.play({"type": "adjust", "faction": "great_cthulhu", "doom": 29})
    table.play({"type": "draw_elder_signs", "faction": "great_cthulhu", "count": 1})
    started = len(table.journal())
    table.play({"type": "reveal_elder_signs", "faction": "great_cthulhu", "values": [1]})
    state = table.running.call(lambda app: app.public_state())
    assert state["game_over"] is not None and state["pending"] is None  # nothing asked
    assert state["scoreboard"]["revealed"]["yellow_sign"] == [3, 2]
    assert len(table.journal()) == started + 1  # no command for the Yellow Sign's reveal
