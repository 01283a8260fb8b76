"""Benchmark: `celaeno run` start → first frame (issue 6, "Measure").

Run: ``.venv/bin/python -m device.bench.start_time [--runs 5]``. Starts `celaeno run`
headless (SDL dummy driver, no reader) with a fresh state directory and then with a game
to resume, and times from the process start to READY=1 on a notify socket (the app sends
it once the first frame is drawn).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from device.bench import machine
from device.bench.harness import Notifications, run_headless, workdir


def start_to_ready(state_dir: Path, directory: Path) -> float:
    notify = Notifications(directory)
    try:
        started = time.perf_counter()
        child = run_headless(state_dir, notify)
        try:
            return notify.wait_for("READY=1") - started
        finally:
            child.terminate()
            child.wait(timeout=10)
    finally:
        notify.close()
        notify.path.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    fresh, resumed = [], []
    with workdir() as tmp:
        for n in range(args.runs):
            fresh.append(start_to_ready(Path(tmp) / f"fresh-{n}", Path(tmp)))
            resumed.append(start_to_ready(Path(tmp) / "fresh-0", Path(tmp)))
    print(f"machine: {machine()}")
    for name, times in (("new journal", fresh), ("resuming a game", resumed)):
        ms = [t * 1000 for t in times]
        median = statistics.median(ms)
        print(f"start -> first frame (READY=1), {name}, {len(ms)} runs: "
              f"median {median:.0f} ms, min {min(ms):.0f} ms, max {max(ms):.0f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
