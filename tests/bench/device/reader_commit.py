"""Benchmark: dice reader line → durable commit, p50/p99.

Run: ``.venv/bin/python -m tests.bench.device.reader_commit [--rolls 200]``. In-process: a
FakeReader pseudo-terminal feeds a real DiceReader thread, which posts into the app's
inputs; the app's main loop (headless) takes the roll and commits it (WAL,
synchronous=FULL). Each roll is timed from ``FakeReader.send_roll`` to the return of the
store's commit; an undo (not timed) then makes the roll pending again.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from device.companion.app import App, DiceSources, Inputs
from device.companion.window import Window
from device.storage.session import GameSession
from device.storage.store import Store
from device.words import add_layer_words
from hardware.events import ButtonPressed
from hardware.fake_reader import FakeReader
from hardware.reader import DiceReader
from rules.games import RULES
from rules.journal import parse
from tests.bench.device import machine
from tests.bench.device.harness import percentile

SETUP = [
    {"type": "new_game", "map": "celaeno", "factions": ["great_cthulhu", "crawling_chaos",
                                                         "black_goat"]},
    *[{"type": "next_phase"}] * 4,
    {"type": "activate", "monster": "custodian", "by": "great_cthulhu", "area": "black_hall"},
]  # fmt: skip


class TimedStore(Store):
    """The real store, noting when each commit returned."""

    committed: list[tuple[float, str]]

    def append(self, game_id: int, command_json: str) -> int:
        seq = super().append(game_id, command_json)
        self.committed.append((time.perf_counter(), command_json))
        return seq


def measure(rolls: int, directory: Path) -> list[float]:
    pygame.display.init()
    surface = pygame.display.set_mode((800, 480))
    store = TimedStore.open(directory / "journal.sqlite3")
    store.committed = []
    session = GameSession.start(store, parse(SETUP[0], RULES), RULES)
    for cmd in SETUP[1:]:
        session.submit(parse(cmd, RULES, session.played.game))
    inputs = Inputs()
    latencies = []
    with FakeReader() as fake, DiceReader(inputs.post, fake.path) as reader:
        app = App(session, Window(surface), inputs, dice=DiceSources(reader, "disconnected"))
        reader.start()
        while app.status.reader != "connected":
            app.run_once(0.1)
        for _ in range(rolls):
            assert session.played.game.wanted_roll(app.state) is not None
            before = len(store.committed)
            sent = time.perf_counter()
            fake.send_roll([2])
            while len(store.committed) == before:
                app.run_once(1.0)
            latencies.append(store.committed[-1][0] - sent)
            app.handle_input(ButtonPressed("undo"))
    store.close()
    pygame.display.quit()
    return latencies


def main() -> None:
    add_layer_words()  # as `celaeno` does when it starts
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="celaeno-bench-") as tmp:
        ms = [t * 1000 for t in measure(args.rolls, Path(tmp))]
    print(f"machine: {machine()}")
    print(f"reader ROLL line -> durable commit, {len(ms)} rolls: p50 {percentile(ms, 0.5):.2f} ms, "
          f"p99 {percentile(ms, 0.99):.2f} ms, max {max(ms):.2f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
