"""Benchmark: CPU used by `celaeno run` while the table thinks.

Run: ``.venv/bin/python -m tests.bench.device.idle_cpu [--seconds 10] [--paired-phones N]``.
Starts `celaeno run` headless (SDL dummy driver, no dice reader), waits for READY=1 (first
frame drawn), then samples the process's CPU time over the window: target ≤ 0.5 % of one
core. For comparison the same measure of a naive loop that redraws the whole screen at 40
frames a second.

``--paired-phones N`` (0 to 5): the table resumes a 5-player game that keeps the scoreboard
with N phones paired as seats (as pairing leaves the journal: the table then listens for
them from its start), and during the window the N phones sit idle on their seats' pages
(``celaeno web`` beside the table, each phone's event stream open, nothing sent). N = 0 is
the same game without seats, to compare with.
"""

from __future__ import annotations

import argparse
import http.client
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.bench.device import machine
from tests.bench.device.harness import (
    Notifications,
    cpu_seconds,
    environment,
    run_headless,
    workdir,
)

NAIVE_LOOP = """
import pygame
from device.words import add_layer_words
from display.screen.screen import Screen
from tests.display.samples import SAMPLES, sample
add_layer_words()
pygame.display.init()
surface = pygame.display.set_mode((800, 480))
screen, view, clock = Screen(surface), sample(next(iter(SAMPLES))), pygame.time.Clock()
while True:
    pygame.event.pump()
    screen.invalidate()
    screen.render(view)
    pygame.display.flip()
    clock.tick(40)
"""


def busy_share(pid: int, seconds: float) -> float:
    """Share of one core the process used over ``seconds`` (0.01 = 1 %)."""
    before, started = cpu_seconds(pid), time.perf_counter()
    time.sleep(seconds)
    return (cpu_seconds(pid) - before) / (time.perf_counter() - started)


def idle_device(seconds: float, phones: int | None = None) -> float:
    """``phones``: None, a new journal; else the seats' game with that many phones paired,
    idle on their pages meanwhile."""
    from device.service.seat_link import socket_path
    from tests.bench.device.seats_bench import paired_journal

    with workdir() as tmp:
        state = Path(tmp) / "state"
        credentials = paired_journal(state, phones) if phones is not None else []
        notify = Notifications(Path(tmp))
        child = run_headless(state, notify)
        try:
            notify.wait_for("READY=1")
            listening = socket_path(state).exists()
            assert listening == bool(credentials), f"the table listens for seats: {listening}"
            with idle_pages(state, credentials):
                time.sleep(3.0)  # let start-up settle (the loop slows down after 2 s of quiet)
                return busy_share(child.pid, seconds)
        finally:
            child.terminate()
            child.wait(timeout=10)
            notify.close()


@contextmanager
def idle_pages(state: Path, credentials: list[str]) -> Iterator[None]:
    """Each phone (its seat's cookie) holds its page's event stream open through a
    `celaeno web` beside the table, reading what comes and sending nothing."""
    if not credentials:
        yield
        return
    from tests.web.conftest import WebServer, free_port

    web = WebServer(state, free_port())
    web.start()
    opened = threading.Barrier(len(credentials) + 1, timeout=60)
    streams = [
        threading.Thread(target=_stream, args=(web.port, c, opened), daemon=True)
        for c in credentials
    ]
    try:
        for stream in streams:
            stream.start()
        opened.wait()  # every phone has its page's first message: paired and watching
        yield
    finally:
        web.stop()


def _stream(port: int, credential: str, opened: threading.Barrier) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    connection.request("GET", "/events?lang=en", headers={"Cookie": f"seat={credential}"})
    answer = connection.getresponse()
    assert answer.status == 200, answer.status
    while not answer.readline().startswith(b"data: "):
        pass
    opened.wait()
    try:
        while answer.readline():  # until the view stops
            pass
    except OSError:
        pass


def naive_loop(seconds: float) -> float:
    child = subprocess.Popen([sys.executable, "-c", NAIVE_LOOP], env=environment())
    try:
        time.sleep(2.0)
        return busy_share(child.pid, seconds)
    finally:
        child.kill()
        child.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--paired-phones", type=int, choices=range(6), metavar="N",
                        help="the seats' 5-player game, N phones paired and idle")  # fmt: skip
    args = parser.parse_args()
    device = idle_device(args.seconds, args.paired_phones)
    naive = naive_loop(args.seconds)
    print(f"machine: {machine()}")
    what = "" if args.paired_phones is None else f", {args.paired_phones} phones paired and idle"
    print(f"idle `celaeno run` (dummy video, no reader{what}), {args.seconds:g} s: "
          f"{device * 100:.2f} % of one core (target <= 0.5 %)")  # fmt: skip
    print(f"naive 40 fps full redraw loop, {args.seconds:g} s: {naive * 100:.2f} % of one core")


if __name__ == "__main__":
    main()
