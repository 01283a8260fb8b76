"""Benchmark: phones as seats under load — five seats sending as fast as the answers come, the
buttons pressed meanwhile, for ``--seconds`` (60).

Run: ``.venv/bin/python -m tests.bench.device.seats_bench [--seconds 60] [--idle 20]``.

1. **Load.** The companion (its app, its seats' desk and main loop, in a process of its own,
   headless) and the phone view (``celaeno web``, a process) beside a 5-player game that keeps
   the scoreboard; five phones paired through the view's ``/pair`` with the companion's
   codes. Each phone, a thread of this process with its own keep-alive connection, sends a
   command about its own faction (a correction of its Power, +1 then -1, always accepted)
   the moment the answer to the last one came, and now and then sends its last command again
   with the same id, as a phone whose answer was lost does. Meanwhile a thread presses the
   table's buttons (PHASE and BACK, opening and closing the question: screens drawn on the
   main loop). Printed: the commands answered, tap → answer on the phone (POST sent → its
   answer read) p50, p90, p99 and the longest, and two checks: every command acknowledged
   ("done") is in the journal exactly once and every one sent again was "already done";
   the journal replayed from its first line gives the state the companion shows.
2. **Start and idle.** ``celaeno run`` headless, start → READY and the idle CPU over
   ``--idle`` seconds (share of one core), on a journal without seats and on one with five
   phones paired (the table then listens for them from its start), alternating ``--runs``
   times. Nothing is sent meanwhile.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.storage.seat_book import SeatBook
from device.storage.store import Store
from tests.bench.device import machine
from tests.bench.device.harness import (
    Notifications,
    cpu_seconds,
    percentile,
    run_headless,
    workdir,
)
from tests.web.conftest import WebServer, free_port

FIVE = ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign", "opener_of_the_way"]
GAME = {"type": "new_game", "map": "celaeno", "factions": FIVE, "settings": {"scoreboard": True}}
AGAIN = 0.05  # the share of commands a phone sends again, as after a lost answer

# The companion: its app and seats' desk on their main loop, and a thread pressing buttons.
COMPANION = """
import json, os, sys, threading, time
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
from hardware.events import ButtonPressed
from rules.journal import parse_line, state_json

add_layer_words()
pygame.init()
store = Store.open(Path(sys.argv[1]) / "journal.sqlite3")
session, _ = GameSession.resume(store, parse_line(sys.argv[2], GAMES.rules), GAMES.rules)
class Offscreen(Window):
    def present(self, rects):
        pass

app = App(session, Offscreen(pygame.Surface((800, 480))), Inputs(), setup=TableSetup(GAMES))
desk = open_desk(app)
pressing = threading.Event()

def buttons():
    while True:
        pressing.wait()
        for button in ("phase", "back"):
            app.inputs.post(ButtonPressed(button))
            time.sleep(0.1)

def asked(line):
    word, _, rest = line.strip().partition(" ")
    if word == "code":
        return desk.code_for(rest)
    if word == "buttons":
        pressing.set()
        return "ok"
    if word == "quiet":
        pressing.clear()
        return "ok"
    if word == "state":
        return json.dumps(state_json(app.session.played), sort_keys=True)
    return "?"

def read():
    for line in sys.stdin:
        app.hand(lambda line=line: print(asked(line), flush=True))
    app.quit = True
    app.inputs.wake()

print("ready", flush=True)
threading.Thread(target=read, daemon=True).start()
threading.Thread(target=buttons, daemon=True).start()
while not app.quit:
    app.run_once(0.05)
"""


class Companion:
    def __init__(self, state: Path) -> None:
        state.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", COMPANION, str(state), json.dumps(GAME)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, env=env,
        )  # fmt: skip
        assert self.ask(None) == "ready"
        self.lock = threading.Lock()

    def ask(self, line: str | None) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        if line is not None:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(30)


@dataclass
class Phone:
    """One seat's phone: its cookie and token, its answers and how long each took."""

    faction: str
    port: int
    cookie: str = ""
    token: str = ""
    took: list[float] = field(default_factory=list)
    answers: Counter[str] = field(default_factory=Counter)
    done: list[str] = field(default_factory=list)  # ids acknowledged "done"
    again: list[tuple[str, str]] = field(default_factory=list)  # (id, answer) sent again

    def pair(self, code: str) -> None:
        answer = self._request("GET", f"/pair?c={code}", None, {})
        self.cookie = re.search(r"seat=([^;]+)", answer[1]["Set-Cookie"]).group(1)  # type: ignore[union-attr]
        page = self._request("GET", "/", None, {"Cookie": f"seat={self.cookie}"})[2]
        self.token = re.search(r'data-token="([0-9a-f]+)"', page).group(1)  # type: ignore[union-attr]

    def _request(self, method: str, path: str, body: bytes | None, headers: dict[str, str]
                 ) -> tuple[int, Any, str]:  # fmt: skip
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            reply = connection.getresponse()
            return reply.status, reply.headers, reply.read().decode()
        finally:
            connection.close()

    def run(self, until: float, rng: random.Random) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Content-Type": "application/json", "Cookie": f"seat={self.cookie}",
                   "Origin": f"http://127.0.0.1:{self.port}", "X-Celaeno-Token": self.token}  # fmt: skip
        change, number, last = 1, 0, None
        while time.monotonic() < until:
            if last is not None and rng.random() < AGAIN:
                command_id, command = last
            else:
                number += 1
                command_id = f"{self.faction[:12]}-{number:06d}"
                command = {"type": "adjust", "faction": self.faction, "power": change}
                change = -change
            body = json.dumps({"id": command_id, "command": command}).encode()
            started = time.perf_counter()
            connection.request("POST", "/seat", body=body, headers=headers)
            reply = connection.getresponse()
            said = json.loads(reply.read())
            self.took.append(time.perf_counter() - started)
            self.answers[said["status"]] += 1
            if last is not None and command_id == last[0]:
                self.again.append((command_id, said["status"]))
            elif said["status"] == "done":
                self.done.append(command_id)
                last = (command_id, command)
            else:
                raise AssertionError(f"{self.faction}: {said}")
        connection.close()


def load(seconds: float) -> None:
    with workdir() as tmp:
        state = Path(tmp) / "state"
        companion = Companion(state)
        port = free_port()
        web = WebServer(state, port, log=Path(tmp) / "web.log")
        web.start()
        try:
            phones = [Phone(faction, port) for faction in FIVE]
            for phone in phones:
                phone.pair(companion.ask(f"code {phone.faction}"))
            companion.ask("buttons")
            until = time.monotonic() + seconds
            threads = [threading.Thread(target=p.run, args=(until, random.Random(i)))
                       for i, p in enumerate(phones)]  # fmt: skip
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            companion.ask("quiet")
            live = companion.ask("state")
        finally:
            web.stop()
        companion.stop()
        _report(phones, seconds, state, live)


def _report(phones: list[Phone], seconds: float, state: Path, live: str) -> None:
    took = [t for phone in phones for t in phone.took]
    answers = sum((phone.answers for phone in phones), Counter[str]())
    print(f"load: {len(phones)} seats for {seconds:.0f} s, the buttons pressed meanwhile")
    print(f"  answers: {sum(answers.values())} ({dict(answers)}), "
          f"{sum(answers.values()) / seconds:.1f} a second")  # fmt: skip
    print("  tap -> answer on the phone: "
          f"p50 {percentile(took, 0.5) * 1000:.1f} ms, p90 {percentile(took, 0.9) * 1000:.1f} ms, "
          f"p99 {percentile(took, 0.99) * 1000:.1f} ms, longest {max(took) * 1000:.1f} ms")  # fmt: skip
    ids = _journal_ids(state)
    done = [i for phone in phones for i in phone.done]
    twice = sorted(i for i, n in Counter(ids).items() if n > 1)
    missing = sorted(set(done) - set(ids))
    again = [(i, said) for phone in phones for i, said in phone.again]
    not_already = [i for i, said in again if said != "already"]
    print(f"  exactly once: {len(done)} acknowledged, {len(missing)} missing from the journal, "
          f"{len(twice)} in it twice; {len(again)} sent again, {len(not_already)} "
          "not answered already done")  # fmt: skip
    replayed = _replayed(state)
    print(
        f"  the journal replayed: {'equal to' if replayed == live else 'DIFFERENT from'} "
        "the companion's live state"
    )
    if missing or twice or not_already or replayed != live:
        raise SystemExit(1)


def _journal_ids(state: Path) -> list[str]:
    with sqlite3.connect(state / "journal.sqlite3") as db:
        lines = [line for (line,) in db.execute("SELECT command FROM commands")]
    return [json.loads(line)["seat"]["id"] for line in lines if '"seat"' in line]


def _replayed(state: Path) -> str:
    from rules.games import RULES
    from rules.journal import replay, state_json

    with Store.open(state / "journal.sqlite3", read_only=True) as store:
        game = store.current_game()
        assert game is not None
        played, _ = replay(store.commands(game), RULES)
    assert played is not None
    return json.dumps(state_json(played), sort_keys=True)


# --- start and idle, with and without seats -------------------------------------------------


def paired_journal(state: Path, seats: int) -> list[str]:
    """A journal of :data:`GAME` with ``seats`` phones paired, one a faction (the first
    ``seats`` of :data:`FIVE`), as pairing leaves it; their credentials (the phones' cookies)."""
    state.mkdir(parents=True, exist_ok=True)
    with Store.open(state / "journal.sqlite3") as store:
        game = store.start_game(json.dumps(GAME))
        if not seats:
            return []
        book = SeatBook(store.connection)
        book.create()
        return [book.pair(game, faction)[0] for faction in FIVE[:seats]]


def start_and_idle(seconds: float, runs: int) -> None:
    found: dict[str, list[tuple[float, float]]] = {"no seats": [], "five phones paired": []}
    for _ in range(runs):
        for name, seats in (("no seats", 0), ("five phones paired", 5)):
            with workdir() as tmp:
                state = Path(tmp) / "state"
                paired_journal(state, seats)
                notify = Notifications(Path(tmp))
                started = time.perf_counter()
                child = run_headless(state, notify)
                try:
                    ready = notify.wait_for("READY=1") - started
                    time.sleep(3.0)  # the loop slows down after 2 s of quiet
                    before, at = cpu_seconds(child.pid), time.perf_counter()
                    time.sleep(seconds)
                    share = (cpu_seconds(child.pid) - before) / (time.perf_counter() - at)
                    found[name].append((ready, share))
                finally:
                    child.terminate()
                    child.wait(timeout=10)
                    notify.close()
    for name, figures in found.items():
        readies = sorted(r for r, _ in figures)
        shares = sorted(s for _, s in figures)
        print(f"{name}: start -> READY median {readies[len(readies) // 2]:.2f} s "
              f"({', '.join(f'{r:.2f}' for r in readies)}); idle CPU median "
              f"{shares[len(shares) // 2] * 100:.2f} % of a core "
              f"({', '.join(f'{s * 100:.2f}' for s in shares)})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--idle", type=float, default=20.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=("load", "idle"))
    args = parser.parse_args()
    print(f"machine: {machine()}, load average {os.getloadavg()[0]:.1f}")
    if args.only != "idle":
        load(args.seconds)
    if args.only != "load":
        start_and_idle(args.idle, args.runs)


if __name__ == "__main__":
    main()
