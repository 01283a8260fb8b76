"""Benchmark: input event → frame on screen, p50/p99 (target p99 ≤ 16.7 ms).

Run: ``.venv/bin/python -m tests.bench.device.input_latency [--events 500]``. In-process, headless
(SDL dummy driver, 800×480): the app waits in its main loop with the menu open; each
ButtonPressed (UP or DOWN, so the selection moves and the prompt is redrawn) is posted
through ``Inputs.post``, as a hardware thread does, and timed until the ``present`` that
shows it has returned.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from device.companion.app import App, Inputs
from device.companion.window import Window
from device.settings.config import default_config
from device.settings.places import default_game
from device.storage.session import GameSession
from device.storage.store import Store
from device.words import add_layer_words
from hardware.events import ButtonPressed
from rules.games import RULES
from tests.bench.device import machine
from tests.bench.device.harness import percentile


def measure(events: int, directory: Path, committing: bool = False) -> list[float]:
    """``committing``: PHASE then OK, over and over, so every other press commits a
    ``next_phase`` to the journal (for benchmarks that watch the journal, e.g. the phone
    view); otherwise UP/DOWN in the open menu."""
    pygame.display.init()
    surface = pygame.display.set_mode((800, 480))
    presented = threading.Event()

    class Timed(Window):
        def present(self, rects: list[pygame.Rect]) -> None:
            super().present(rects)
            presented.set()

    with Store.open(directory / "journal.sqlite3") as store:
        session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
        app = App(session, Timed(surface), Inputs())
        app.draw()
        if not committing:
            app.inputs.post(ButtonPressed("ok"))  # the menu: UP/DOWN move its selection
            app.run_once(1.0)
        presses = ("phase", "ok") if committing else ("up", "down")
        latencies = []
        for n in range(events):
            presented.clear()
            posted = time.perf_counter()
            app.inputs.post(ButtonPressed(presses[n % 2]))
            while not presented.is_set():
                app.run_once(1.0)
            latencies.append(time.perf_counter() - posted)
    pygame.display.quit()
    return latencies


def main() -> None:
    add_layer_words()  # as `celaeno` does when it starts
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="celaeno-bench-") as tmp:
        latencies = measure(args.events, Path(tmp))
    ms = [t * 1000 for t in latencies]
    print(f"machine: {machine()}")
    p50, p99 = percentile(ms, 0.5), percentile(ms, 0.99)
    print(f"input -> frame presented, {len(ms)} presses at 800x480: p50 {p50:.2f} ms, "
          f"p99 {p99:.2f} ms, max {max(ms):.2f} ms (target p99 <= 16.7 ms)")  # fmt: skip


if __name__ == "__main__":
    main()
