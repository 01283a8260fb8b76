"""The table for the seats' tests: the real companion's :class:`App` and its seats' desk in a
process of its own, its main loop running, listening on the real socket beside a real
journal. What the table's buttons would do is asked on its standard input instead:

- ``code FACTION``: a new pairing code for that faction (as its QR screen makes one);
- ``play JSON``: a command entered at the table (as a button's);
- ``undo``: the table's undo.

Each answer is one line on standard output. The phone view (``celaeno web``) runs as a process
of its own beside it (:class:`tests.web.conftest.WebServer`), as under the units.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.web.conftest import ROOT

SCOREBOARD_GAME: dict[str, Any] = {
    "type": "new_game",
    "map": "celaeno",
    "factions": ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"],
    "settings": {"scoreboard": True},
}

PROCESS = """
import json, os, queue, sys, threading
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame
from pathlib import Path
from device.companion.app import App, Inputs, TableSetup
from device.companion.window import Window
from device.companion.seats import open_desk
from device.games import GAMES
from device.storage.session import GameSession
from device.storage.store import Store
from device.words import add_layer_words
from rules.commands import Undo
from rules.journal import parse, parse_line

add_layer_words()
pygame.init()
store = Store.open(Path(sys.argv[1]) / "journal.sqlite3")
first = parse_line(sys.argv[2], GAMES.rules)
session, _ = GameSession.resume(store, first, GAMES.rules)
class Offscreen(Window):
    def present(self, rects):
        pass

app = App(session, Offscreen(pygame.Surface((800, 480))), Inputs(), setup=TableSetup(GAMES))
desk = open_desk(app)
print("ready", flush=True)

def asked(line):
    word, _, rest = line.strip().partition(" ")
    if word == "code":
        return desk.code_for(rest)
    if word == "play":
        app.submit(parse(json.loads(rest), GAMES.rules, app.session.played.game))
        return "ok"
    if word == "undo":
        app.submit(Undo())
        return "ok"
    return "?"

def read():
    for line in sys.stdin:
        def errand(line=line):
            print(asked(line), flush=True)
        app.hand(errand)
    app.quit = True
    app.inputs.wake()

threading.Thread(target=read, daemon=True).start()
while not app.quit:
    app.run_once(0.05)
"""


class SeatTable:
    """The companion with its seats' desk, as a process (see the module's docstring)."""

    def __init__(self, state_dir: Path, first: Mapping[str, Any] = SCOREBOARD_GAME,
                 env: Mapping[str, str] | None = None) -> None:  # fmt: skip
        state_dir.mkdir(parents=True, exist_ok=True)
        environment = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", **(env or {})}
        self.process = subprocess.Popen(
            [sys.executable, "-c", PROCESS, str(state_dir), json.dumps(dict(first))],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env=environment, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        assert self._answer() == "ready"

    def _answer(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def ask(self, line: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self._answer()

    def code(self, faction: str) -> str:
        return self.ask(f"code {faction}")

    def play(self, command: Mapping[str, Any]) -> None:
        assert self.ask("play " + json.dumps(dict(command))) == "ok"

    def stop(self) -> int:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            return self.process.wait(30)
        return self.process.returncode

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(30)


@contextmanager
def seat_table(state_dir: Path, first: Mapping[str, Any] = SCOREBOARD_GAME,
               env: Mapping[str, str] | None = None) -> Iterator[SeatTable]:  # fmt: skip
    table = SeatTable(state_dir, first, env)
    try:
        yield table
    finally:
        if table.process.poll() is None:
            table.kill()
