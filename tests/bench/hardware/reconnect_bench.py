"""Dice reader: how long from an unplug to "disconnected", and from a replug to "connected".

    .venv/bin/python -m tests.bench.hardware.reconnect_bench [--trials 10]

Uses FakeReader (a real pty behind a stable symlink, as the udev rule gives a real reader) and
replugs at a random moment, so the figures cover every phase of the one-second retry.
"""

from __future__ import annotations

import argparse
import queue
import random
import statistics
import tempfile
import time
from pathlib import Path

from hardware.events import InputEvent, ReaderStatus
from hardware.fake_reader import FakeReader
from hardware.reader import DiceReader


def wait_status(events: queue.Queue[InputEvent], status: str) -> float:
    while True:
        event = events.get(timeout=5)
        if isinstance(event, ReaderStatus) and event.status == status:
            return time.monotonic()


def summary(name: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    return f"{name}: min {ms[0]:.0f} ms, median {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms"


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--trials", type=int, default=10)
    args = options.parse_args()
    rng = random.Random(1)
    events: queue.Queue[InputEvent] = queue.Queue()
    noticed, reconnected = [], []
    with tempfile.TemporaryDirectory() as folder:
        link = Path(folder) / "celaeno-dice"
        with FakeReader(link) as fake, DiceReader(events.put, str(link)) as reader:
            reader.start()
            wait_status(events, "connected")
            for _ in range(args.trials):
                pulled = time.monotonic()
                fake.unplug()
                noticed.append(wait_status(events, "disconnected") - pulled)
                time.sleep(rng.uniform(0.0, 1.0))
                fake.plug()
                plugged = time.monotonic()
                reconnected.append(wait_status(events, "connected") - plugged)
    print(summary(f"unplug -> disconnected ({args.trials} trials)", noticed))
    print(summary(f"replug -> connected    ({args.trials} trials)", reconnected))


if __name__ == "__main__":
    main()
