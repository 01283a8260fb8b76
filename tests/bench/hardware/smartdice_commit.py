"""Benchmark: a smart die settles → the roll durably committed, and → drawn, p50/p99 (host).

Run: ``.venv/bin/python -m tests.bench.hardware.smartdice_commit [--rolls 200]``. In-process,
headless (SDL's dummy driver): the real hub is handed a Pixels die's "rolled" advertisement
(the makers' bytes) from another thread, as the Bluetooth loop hands it; it posts into the
app's inputs; the app's main loop commits the roll (WAL, synchronous=FULL) and draws. Each
roll is timed from the advertisement to the return of the store's commit, and to the first
frame presented after it; an undo (not timed) makes the roll pending again. Bluetooth and
BlueZ themselves are not in this figure (the booted machine's bench has them).
"""

from __future__ import annotations

import argparse
import os
import struct
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from device.companion.app import App, DiceSources, Inputs
from device.companion.window import Window
from device.storage.session import GameSession
from device.words import add_layer_words
from hardware.events import ButtonPressed
from hardware.smartdice.hub import Chosen, DiceHub
from hardware.smartdice.pixels import COMPANY_ID, INFO_SERVICE
from rules.games import RULES
from rules.journal import parse
from tests.bench.device import machine
from tests.bench.device.harness import percentile
from tests.bench.device.reader_commit import SETUP, TimedStore

RED = "F1:70:1C:5E:00:01"
INFO = {INFO_SERVICE: struct.pack("<II", 7, 1735689600)}  # current roll-state numbering
ROLLED, ROLLING = 1, 3


def advertise(hub: DiceHub, state: int, index: int) -> None:
    data = {COMPANY_ID: bytes([6, 0x21, state, index, 80])}
    hub.advertisement(RED, "Red", data, INFO, [], -60)


def measure(rolls: int, directory: Path) -> tuple[list[float], list[float]]:
    pygame.display.init()
    surface = pygame.display.set_mode((800, 480))
    store = TimedStore.open(directory / "journal.sqlite3")
    store.committed = []
    session = GameSession.start(store, parse(SETUP[0], RULES), RULES)
    for cmd in SETUP[1:]:
        session.submit(parse(cmd, RULES, session.played.game))
    inputs = Inputs()
    presented: list[float] = []

    class Timed(Window):
        def present(self, rects: list[pygame.Rect]) -> None:
            super().present(rects)
            presented.append(time.perf_counter())

    hub = DiceHub(inputs.post, [Chosen(RED, "pixels", "Red", "agony")])
    app = App(session, Timed(surface), inputs, dice=DiceSources(hub))
    hub.set_state("scanning")
    advertise(hub, ROLLED, 0)  # lying there: its state, never a roll
    app.run_once()
    committed, drawn = [], []
    for n in range(rolls):
        assert session.played.game.wanted_roll(app.state) is not None
        advertise(hub, ROLLING, 2)
        app.run_once()
        before, frames = len(store.committed), len(presented)
        sent = time.perf_counter()
        threading.Thread(target=advertise, args=(hub, ROLLED, n % 6)).start()
        while len(store.committed) == before:
            app.run_once(1.0)  # takes the roll, commits it, draws the frame before returning
        committed.append(store.committed[-1][0] - sent)
        drawn.append((presented[frames:] or [time.perf_counter()])[0] - sent)
        app.handle_input(ButtonPressed("undo"))
        app.run_once()
        if session.played.game.wanted_roll(app.state) is None:  # a run of undos: go on
            app.handle_input(ButtonPressed("ok"))
            app.run_once()
    store.close()
    pygame.display.quit()
    return committed, drawn


def main() -> None:
    add_layer_words()  # as `celaeno` does when it starts
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="celaeno-bench-") as tmp:
        committed, drawn = measure(args.rolls, Path(tmp))
    print(f"machine: {machine()}")
    for what, seconds in (("durable commit", committed), ("frame presented", drawn)):
        ms = [s * 1000 for s in seconds]
        print(f"Pixels 'rolled' advertisement -> {what}, {len(ms)} rolls: "
              f"p50 {percentile(ms, 0.5):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms, "
              f"max {max(ms):.2f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
