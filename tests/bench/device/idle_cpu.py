"""Benchmark: CPU used by `celaeno run` while the table thinks.

Run: ``.venv/bin/python -m tests.bench.device.idle_cpu [--seconds 10]``. Starts `celaeno run`
headless (SDL dummy driver, no dice reader), waits for READY=1 (first frame drawn), then
samples the process's CPU time over the window: target ≤ 0.5 % of one core. For comparison
the same measure of a naive loop that redraws the whole screen at 40 frames a second.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
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


def idle_device(seconds: float) -> float:
    with workdir() as tmp:
        notify = Notifications(Path(tmp))
        child = run_headless(Path(tmp) / "state", notify)
        try:
            notify.wait_for("READY=1")
            time.sleep(3.0)  # let start-up settle (the loop slows down after 2 s of quiet)
            return busy_share(child.pid, seconds)
        finally:
            child.terminate()
            child.wait(timeout=10)
            notify.close()


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
    args = parser.parse_args()
    device = idle_device(args.seconds)
    naive = naive_loop(args.seconds)
    print(f"machine: {machine()}")
    print(f"idle `celaeno run` (dummy video, no reader), {args.seconds:g} s: "
          f"{device * 100:.2f} % of one core (target <= 0.5 %)")  # fmt: skip
    print(f"naive 40 fps full redraw loop, {args.seconds:g} s: {naive * 100:.2f} % of one core")


if __name__ == "__main__":
    main()
