"""Dice reader at rest: what its thread costs while no die is rolled, and how long close() takes.

    .venv/bin/python -m tests.bench.hardware.reader_rest_bench [--seconds 30] [--ports pty loop]

For each port (a FakeReader's pty, as a USB reader is seen, and pyserial's ``loop://``) a
connected DiceReader is left alone for ``--seconds``; the figures are its thread's CPU share
from ``/proc/self/task/<tid>/stat`` (utime + stime, in clock ticks), the same from
``schedstat`` (nanoseconds, finer than a tick), and how often the thread woke
(voluntary context switches a second). Then close() is timed.
"""

from __future__ import annotations

import argparse
import os
import queue
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hardware.events import InputEvent, ReaderStatus
from hardware.fake_reader import FakeReader
from hardware.reader import DiceReader

TICKS = os.sysconf("SC_CLK_TCK")


def task(tid: int, name: str) -> Path:
    return Path(f"/proc/self/task/{tid}/{name}")


def stat_seconds(tid: int) -> float:
    """utime + stime of one thread, in seconds (fields 14 and 15 of its stat)."""
    fields = task(tid, "stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def schedstat_seconds(tid: int) -> float:
    return int(task(tid, "schedstat").read_text().split()[0]) / 1e9


def wakes(tid: int) -> int:
    for line in task(tid, "status").read_text().splitlines():
        if line.startswith("voluntary_ctxt_switches:"):
            return int(line.split()[1])
    raise LookupError("no voluntary_ctxt_switches")


def reader_tid() -> int:
    for thread in threading.enumerate():
        if thread.name == "dice-reader" and thread.native_id is not None:
            return thread.native_id
    raise LookupError("no dice-reader thread")


@contextmanager
def port(kind: str) -> Iterator[str]:
    if kind == "loop":
        yield "loop://"
        return
    with FakeReader() as fake:
        fake.start()
        yield fake.path


def measure(kind: str, seconds: float) -> str:
    events: queue.Queue[InputEvent] = queue.Queue()
    with port(kind) as url:
        reader = DiceReader(events.put, url)
        reader.start()
        while not isinstance(event := events.get(timeout=5), ReaderStatus) or (
            event.status != "connected"
        ):
            pass
        time.sleep(0.5)  # past the connection's own work
        tid = reader_tid()
        before = (stat_seconds(tid), schedstat_seconds(tid), wakes(tid), time.monotonic())
        time.sleep(seconds)
        after = (stat_seconds(tid), schedstat_seconds(tid), wakes(tid), time.monotonic())
        started = time.monotonic()
        reader.close()
        closed = time.monotonic() - started
    wall = after[3] - before[3]
    return (
        f"{kind:4}: reader thread at rest {100 * (after[0] - before[0]) / wall:.3f} % of a core"
        f" (stat), {100 * (after[1] - before[1]) / wall:.4f} % (schedstat),"
        f" {(after[2] - before[2]) / wall:.1f} wakes/s over {wall:.0f} s;"
        f" close() {closed * 1000:.1f} ms"
    )


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--seconds", type=float, default=30.0)
    options.add_argument("--ports", nargs="+", choices=("pty", "loop"), default=["pty", "loop"])
    args = options.parse_args()
    for kind in args.ports:
        print(measure(kind, args.seconds), flush=True)


if __name__ == "__main__":
    main()
