"""What `celaeno run` has loaded when it tells systemd READY (its first frame is drawn).

Everything a start does not need before the first frame loads on use: the phone view's
server and asyncio, the QR encoder, the smart dice when they are off, Shadows over
Normandie while a Cthulhu Wars game is shown, the tile store, the scoreboard's screens, their
words and its questions while the game shown keeps none. Each costs the start
milliseconds on a Pi (``python -m tests.bench.device.start_time`` measures the whole), and
a new import at the top of a module on the run path brings them back without anyone
noticing: this test notices. The run is the real one, in a child process, stopped at READY.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

# The child: `celaeno run` as systemd starts it, which prints what is loaded at READY.
AT_READY = """
import json, os, sys
from device.service import notify

def ready(*args, **kwargs):
    print(json.dumps(sorted(sys.modules)), flush=True)
    os._exit(0)

notify.ready = ready
from device.cli.main import main
main(["run", *sys.argv[1:]])
"""

# Loaded on use, never by a start that shows a Cthulhu Wars game with smart dice off.
NOT_AT_START = (
    "asyncio",  # the phone view's server and the smart dice' loop
    "aiohttp",
    "segno",  # the QR code of "Show on phones"
    "budoux",  # Japanese line breaks: a start in English never lays Japanese out
    "bleak",  # smart dice
    "hardware.smartdice",
    "device.dice.table",
    "device.dice.screen",
    "device.web.server",
    "device.web.serving",
    "device.normandie.tilestore",
    "device.normandie.tileactions",
    "device.network.access_point",  # the table's own Wi-Fi: looked at when Show on phones opens
    "device.network.hotspot",
    "rules.cthulhu_wars.scoreboard",  # its rules: commands, decisions, records, and their
    # words (read when one is first shown)
    "device.cthulhu_wars.scoreboard",  # the scoreboard's questions and their words
    "display.cthulhu_wars.scoreboard.standings",  # its panel, end screen and phone table: drawn with it on
    "display.cthulhu_wars.scoreboard.panel",
    "display.cthulhu_wars.scoreboard.web",
    "display.cthulhu_wars.scoreboard.words",  # the panel's and the end's words
    "display.cthulhu_wars.scoreboard.end_summary",  # the end of a game that keeps one
    "display.cthulhu_wars.scoreboard.doom_chart",
    "display.cthulhu_wars.scoreboard.web_chart",
    "rules.normandie",  # the other game
    "display.normandie",
    "ctypes",  # thread names are written to /proc, not set through ctypes
    "zipfile",  # the window's icon is read from pygame's file, not looked up as a resource
    "importlib.readers",
    "subprocess",
    # phones as seats: their desk, their socket, their book and screens, their rules (I13)
    "device.companion.seats",
    "device.service.seat_link",
    "device.storage.seat_book",
    "device.ui.seats",  # the package: its screens and their words
    "rules.cthulhu_wars.seats",
)
# Loaded at a start only when a phone is paired as a seat of the game (it may send at once).
SEATS_AT_START = ("device.companion.seats", "device.service.seat_link", "device.storage.seat_book")


def loaded_at_ready(tmp_path: Path, *args: str) -> set[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CELAENO_", "NOTIFY_"))}
    env.update(SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run(
        [sys.executable, "-c", AT_READY, "--state-dir", str(tmp_path / "state"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def under(prefix: str, modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m == prefix or m.startswith(prefix + "."))


@pytest.mark.parametrize("reader", ["none", "simulated"])
def test_a_start_loads_only_what_the_first_frame_needs(tmp_path: Path, reader: str) -> None:
    loaded = loaded_at_ready(tmp_path, "--reader", reader)
    assert "device.companion.app" in loaded and "pygame" in loaded  # the child did reach READY
    early = {name: under(name, loaded) for name in NOT_AT_START}
    assert {name: found for name, found in early.items() if found} == {}


def test_a_start_with_a_seat_paired_listens_for_it_and_loads_only_that(tmp_path: Path) -> None:
    """A phone is paired as a seat of the game the journal holds: the start opens its desk
    (the phone may send at once), and nothing else of the seats."""
    from device.storage.seat_book import SeatBook
    from device.storage.store import Store

    state = tmp_path / "state"
    with Store.open(state / "journal.sqlite3") as store:
        game = store.start_game(json.dumps({"type": "new_game", "map": "celaeno",
                                            "factions": ["great_cthulhu", "crawling_chaos",
                                                         "yellow_sign"]}))  # fmt: skip
        book = SeatBook(store.connection)
        book.create()
        book.pair(game, "yellow_sign")
    loaded = loaded_at_ready(tmp_path, "--reader", "none")
    assert set(SEATS_AT_START) <= loaded
    others = [name for name in NOT_AT_START if name not in SEATS_AT_START]
    assert {name: under(name, loaded) for name in others if under(name, loaded)} == {}


# The scoreboard's own keys: "screen.sb.ritual", "prompt.sb.gather_power", "menu.sb_faction".
SCOREBOARD_KEY = re.compile(r"(^|\.)sb[._]")


def test_a_start_reads_no_word_of_the_scoreboard(tmp_path: Path) -> None:
    """No module of words a start loads holds the scoreboard's: its screens' words, like its
    code, wait for a game that keeps it (I12). Catches words added beside a layer's others."""
    loaded = loaded_at_ready(tmp_path, "--reader", "none")
    words = [name for name in loaded if "words" in name.split(".")]
    assert "display.cthulhu_wars.words" in words  # the check looks where such words went
    found = {
        name: sorted(key for key in getattr(importlib.import_module(name), "EN", {})
                     if SCOREBOARD_KEY.search(key))
        for name in words
    }  # fmt: skip
    assert {name: keys for name, keys in found.items() if keys} == {}


def test_the_parts_left_out_load_when_used(tmp_path: Path) -> None:
    """The list above names modules that exist: a rename would make it pass for nothing."""
    for name in NOT_AT_START:
        importlib.import_module(name)
    assert SCOREBOARD_KEY.search("screen.sb.ritual") and SCOREBOARD_KEY.search("menu.sb_faction")
