"""The whole 4-player scoreboard game of the window game again, with four phones paired as
the factions' seats: `celaeno run` in a real X window (Xvfb) pressed with xdotool, the phone
view beside it, and four headless Chromium pages as the players' phones.

The phones are paired from the screen: Menu → Seats on phones, each faction's QR code read
from the window's picture with zbarimg and opened by its phone. Then each task of worked
example E4 is done where it is cheapest: what happened to a faction from its own phone (its
Gates, spellbooks, Elder Signs drawn with their values — the values of those a Ritual drew
kept from the phone after it — a reveal, a correction, its Ritual, its line of Gather Power,
the First Player when it chooses), everything else at the box with the fewest presses the
press search finds from the screen the companion shows. The end's reveals cost nothing: the
companion reveals every value a phone kept (K14, I14). The presses at the box and the taps
on each phone are printed and written beside the pictures; the box must take at most
:data:`MOST_PRESSES` (the window game alone takes ``WHOLE_GAME``'s, 330; 377 before).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from device.games import GAMES
from device.network.addresses import machine_addresses
from device.storage import paths
from device.storage.store import Store
from device.ui.history import redoable
from rules.commands import command_to_json
from rules.journal import apply, parse_line, state_json
from tests.device.test_window_game import (
    WHOLE_GAME,
    Mirror,
    Window,
    by_words,
    example,
    goals,
    keys_for,
    label,
    open_window,
    replayed,
)
from tests.device.xwindow import WAIT, needs_x, tail, x_server
from tests.web.conftest import WebServer, free_port
from tests.web.test_web_browser import ARGS, CHROMIUM, wait_until

playwright_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")

MOST_PRESSES = 150
FACTIONS = ["great_cthulhu", "crawling_chaos", "yellow_sign", "black_goat"]
AREAS = {"fountain": "Fountain", "black_hall": "Black Hall", "blue_hall": "Blue Hall",
         "gloomloft": "Gloomloft", "floating_tower": "Floating Tower",
         "lake_of_hali_overlook": "Lake of Hali Overlook"}  # fmt: skip
NAMES = {"great_cthulhu": "Great Cthulhu", "crawling_chaos": "Crawling Chaos",
         "yellow_sign": "Yellow Sign", "black_goat": "Black Goat"}  # fmt: skip
# The value of each Elder Sign a faction draws, in the order it draws them: what E4's
# reveals show (the Great Cthulhu's 2 in round 3, then 3, 1, 2 at the end; …).
SIGNS = {"great_cthulhu": [2, 3, 1, 2], "yellow_sign": [1, 2], "black_goat": [2, 3, 1, 1, 2, 1]}

pytestmark = [
    needs_x,
    pytest.mark.window,  # minutes: with the 480x320 window game (.ci/run), not the plain pytest
    pytest.mark.skipif(
        not (Path(CHROMIUM).exists() or shutil.which("chromium")) or not shutil.which("zbarimg"),
        reason="needs chromium and zbarimg (apt-get install chromium zbar-tools)",
    ),
]


@dataclass
class Phone:
    """One player's phone: a Chromium page on its faction's seat; every tap counted."""

    faction: str
    context: Any
    page: Any
    taps: int = 0

    def tap(self, selector: str) -> None:
        self.taps += 1
        self.page.click(selector)

    def send(self, selector: str) -> None:
        """The tap that sends; the table's answer must say it was done."""
        self.page.evaluate("document.getElementById('seat-answer').className = ''")
        self.tap(selector)
        wait_until(self.page, "document.getElementById('seat-answer').className", "done", WAIT)

    def at(self, position: int) -> None:
        """The page shows the journal at ``position`` (or later)."""
        wait_until(self.page, f"Number(document.getElementById('view').dataset.position) >= {position}",
                   True, WAIT)  # fmt: skip

    def dial(self, key: str) -> int:
        return int(self.page.text_content(f'#seat [data-dial="{key}"] output'))

    def turn(self, key: str, to: int) -> None:
        now = self.dial(key)
        step = 1 if to > now else -1
        for _ in range(abs(to - now)):
            self.tap(f'#seat [data-dial="{key}"] button[data-turn="{step}"]')


@dataclass
class Game:
    window: Window
    mirror: Mirror
    phones: dict[str, Phone] = field(default_factory=dict)
    box: Counter[str] = field(default_factory=Counter)  # presses at the box, per task
    tasks: list[tuple[str, str, int]] = field(default_factory=list)  # (who, task, presses/taps)
    drawn: Counter[str] = field(default_factory=Counter)  # signs each faction has drawn
    mirrored: int = 0  # the journal's commands the mirror has

    def position(self) -> int:
        with Store.open(paths.database_path(self.window.state_dir), read_only=True) as store:
            return sum(game.commands for game in store.games())

    def journal(self) -> list[dict[str, Any]]:
        return self.window.journal()

    def press(self, task: str, keys: list[str], made: list[dict[str, Any]] | None = None) -> None:
        """``keys`` at the box; the journal must then end with the commands ``made``."""
        self.window.press(keys)
        self.box[task] += len(keys)
        self.tasks.append(("box", task, len(keys)))
        if made:
            deadline = time.monotonic() + WAIT
            while self.journal()[-len(made) :] != list(made) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert self.journal()[-len(made) :] == list(made), tail(self.window.log)
        self.mirrored = len(self.journal())

    def from_phone(self, faction: str, task: str, act: Callable[[Phone], None]) -> None:
        """A phone's taps; its commands, each its own seat's, go to the mirror as the
        companion applied them (a phone's command leaves the box's screen where it is)."""
        phone = self.phones[faction]
        taps = phone.taps
        phone.at(self.position())
        act(phone)
        self.catch_up(faction)
        self.tasks.append((faction, task, phone.taps - taps))

    def catch_up(self, faction: str) -> None:
        journal = self.journal()
        table = self.mirror.table
        for said in journal[self.mirrored :]:
            assert said.get("seat", {}).get("faction") == faction, said
            cmd = parse_line(json.dumps(said), GAMES.rules, table.played.game)
            assert cmd is not None
            table.played = apply(table.played, cmd).played
            table.controller.follow(table.played)
            table.controller.offer_redo(redoable(table.played))
        self.mirrored = len(journal)

    def state(self) -> dict[str, Any]:
        return state_json(self.mirror.table.played)


@pytest.fixture()
def framebuffer(tmp_path: Path) -> Path:
    kept = tmp_path / "framebuffer"
    kept.mkdir()
    return kept


@pytest.fixture()
def x_display(framebuffer: Path) -> Iterator[str]:
    with x_server(framebuffer) as display:
        yield display


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def test_a_whole_game_with_four_seats_takes_few_presses_at_the_box(
    x_display: str, framebuffer: Path, tmp_path: Path, browser: Any
) -> None:
    if not machine_addresses():
        pytest.skip("no network address a phone could open (the codes carry one)")
    os.environ.pop("INVOCATION_ID", None)  # a desktop: no unit runs the view
    port = free_port()
    web = WebServer(tmp_path / "state", port, log=tmp_path / "web.log",
                    options=("--address", "0.0.0.0"))  # fmt: skip
    settings = f'\n[web]\naddress = "0.0.0.0"\nport = {port}\n'
    window = open_window(
        x_display, tmp_path, framebuffer, (800, 480), settings, "window_game_seats"
    )
    web.start()
    game = Game(window, Mirror())
    try:
        _play(game, browser)
        journal = window.journal()
    finally:
        for phone in game.phones.values():
            phone.context.close()
        web.stop()
        window.process.terminate()
        code = window.process.wait(timeout=WAIT)
    assert code == 0, tail(window.log)
    report = _report(game)
    (window.shots / "presses.txt").write_text(report + "\n", encoding="utf-8")
    print(report)
    final, told = replayed(journal), replayed(example())
    assert final["game_over"] == told["game_over"] == {"reason": "ritual_track",
                                                        "winners": ["great_cthulhu"]}  # fmt: skip
    for track in ("power", "doom", "spellbooks", "elder_signs", "elder_signs_left"):
        assert final["scoreboard"][track] == told["scoreboard"][track], track
    assert {f: sorted(v) for f, v in final["scoreboard"]["revealed"].items()} == {
        f: sorted(v) for f, v in told["scoreboard"]["revealed"].items()
    }
    assert sum(game.box.values()) <= MOST_PRESSES


def _play(game: Game, browser: Any) -> None:
    want = example()
    _box(game, want[0])  # New game: four factions, the scoreboard on
    _pair(game, browser)
    for command in want[1:]:
        _task(game, command)
    game.window.shot("end")


def _box(game: Game, want: dict[str, Any]) -> None:
    """A task at the box: the fewest presses the search finds from the screen shown."""
    table = game.mirror.table
    before, keys = len(table.commands), []
    for goal in goals(want, game.mirror):
        keys += keys_for(game.mirror, goal)
    made = [command_to_json(cmd) for cmd in table.commands[before:]]
    game.press("next phase" if want["type"] == "next_phase" else label(want), keys, made)


def _pair(game: Game, browser: Any) -> None:
    """Menu → Seats on phones; each faction's code read from the window, opened by its phone."""
    keys = by_words(game.mirror, "main.menu")
    game.mirror.press(keys, lambda cmd: False)
    to_seats = by_words(game.mirror, "menu.seats")
    game.mirror.table.controller._stack.clear()  # the app opens the seats' screens, not the mirror
    game.press("pairing", [*keys, *to_seats])
    for faction in FACTIONS:
        picture = game.window.shot(f"seats_{faction}")
        (url,) = _decoded(picture)
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("#connection.live")
        assert f"You are {_who(faction)}" in str(page.text_content("#seat"))
        game.phones[faction] = Phone(faction, context, page)
        game.press("pairing", ["ok"])  # the next faction's code; after the last, the phones
    game.press("pairing", ["up", "ok"])  # "Back to the game", the list's last line
    game.window.shot("paired")


def _who(faction: str) -> str:
    return ("the " if faction in ("yellow_sign", "black_goat") else "") + NAMES[faction]


def _decoded(picture: Path) -> list[str]:
    done = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sbinary", str(picture)],
                          capture_output=True, check=False)  # fmt: skip
    return [line.decode() for line in done.stdout.splitlines() if line]


def _task(game: Game, want: dict[str, Any]) -> None:
    """Each of E4's commands from the faction's phone where a seat says it, else at the box."""
    kind, faction, task = want["type"], want.get("faction", ""), label(want)
    if kind == "set_gate":
        game.from_phone(want["controller"], task, lambda p: _gate(p, want["area"]))
    elif kind == "spellbooks":
        have = game.state()["scoreboard"]["spellbooks"][faction]
        game.from_phone(faction, task, lambda p: _spellbooks(p, game, want["count"] - have))
    elif kind == "draw_elder_signs":
        game.from_phone(faction, task, lambda p: _draw(p, game, faction))
    elif kind == "adjust":
        game.from_phone(faction, task, lambda p: _correct(p, want))
    elif kind == "reveal_elder_signs":
        if game.state()["game_over"] is None:  # at the end the companion revealed them all
            value = want["values"][0]
            game.from_phone(
                faction, task, lambda p: p.send(f'#seat button:text-is("Reveal a {value}")')
            )
    elif kind == "gather_power":
        for who in FACTIONS:
            game.from_phone(
                who, f"gather power: {who}", lambda p: _line(p, want["power"][p.faction])
            )
        _box(game, want)  # the box's OK: every line as its phone said it
    elif kind == "first_player":
        chooser = game.state()["pending"]["chooser"]
        way = "clockwise" if want["direction"] == "clockwise" else "counter-clockwise"
        said = f'#seat button:text-is("{NAMES[faction]}, {way}")'
        game.from_phone(chooser, task, lambda p: p.send(said))
    elif kind == "ritual":
        game.from_phone(faction, task, lambda p: _ritual(p, game, want))
    else:
        _box(game, want)


def _gate(phone: Phone, area: str) -> None:
    phone.tap('#seat details[data-key="gained"] summary')
    phone.send(f'#seat details[data-key="gained"] button:text-is("{AREAS[area]}")')


def _spellbooks(phone: Phone, game: Game, more: int) -> None:
    for _ in range(more):
        phone.at(game.position())  # the button counts from the latest state
        phone.send('#seat button:has-text("A spellbook earned")')


def _draw(phone: Phone, game: Game, faction: str) -> None:
    value = SIGNS[faction][game.drawn[faction]]
    game.drawn[faction] += 1
    phone.send(f'#seat .signs .row:has-text("You drew one worth") button:text-is("{value}")')


def _correct(phone: Phone, want: dict[str, Any]) -> None:
    phone.tap('#seat details[data-key="correction"] summary')
    phone.turn("doom_change", want.get("doom", 0))
    phone.turn("power_change", want.get("power", 0))
    phone.send('#seat button:text-is("Correct them")')


def _line(phone: Phone, power: int) -> None:
    phone.page.wait_for_selector('#seat [data-dial="power"]')
    phone.turn("power", power)
    phone.send('#seat button:has-text("That is right")')


def _ritual(phone: Phone, game: Game, want: dict[str, Any]) -> None:
    phone.page.wait_for_selector("#seat section.asked >> text=Your Ritual")
    if not want["perform"]:
        phone.send('#seat button:text-is("Pass: no Ritual")')
        return
    phone.turn("goo", want["great_old_ones"])
    phone.send('#seat button:has-text("Perform it with")')
    faction = want["faction"]
    for _ in range(want["great_old_ones"]):  # each sign the Ritual drew: its value, kept
        value = SIGNS[faction][game.drawn[faction]]
        game.drawn[faction] += 1
        phone.at(game.position())
        row = '#seat .signs .row:has-text("One without a value is worth")'
        phone.send(f'{row} button:text-is("{value}")')


def _report(game: Game) -> str:
    lines = [f"{'who':>15}  {'n':>3}  task"]
    lines += [f"{who:>15}  {n:>3}  {task}" for who, task, n in game.tasks]
    lines += [
        "",
        f"presses at the box: {sum(game.box.values())} (the window game alone: {WHOLE_GAME[0]})",
    ]
    lines += [f"  {task}: {n}" for task, n in game.box.items()]
    lines += [f"taps on {faction}'s phone: {phone.taps}" for faction, phone in game.phones.items()]
    return "\n".join(lines)
