"""Benchmark: `celaeno run` start → first frame.

Run: ``.venv/bin/python -m tests.bench.device.start_time [--runs 5] [--against PYTHON]``. Starts
`celaeno run` headless (SDL dummy driver, no reader) with a fresh state directory and then
with a game to resume, and times from the process start to READY=1 on a notify socket
(the app sends it once the first frame is drawn). ``--against`` names the interpreter of
another checkout (its venv's ``bin/python``): the two start in turn, A B A B …, on a new
journal, and the medians and the pairwise ratio are printed, so a drift of the machine's
speed during the run hits both alike. ``--instructions`` counts instead the instructions
each start executes to READY under valgrind's callgrind (``apt-get install valgrind``):
one run each, and the same count on a loaded machine as on a quiet one. With
``--paired-phones N`` (0 to 5) the start resumes, instead of a new journal, a 5-player game
that keeps the scoreboard with N phones paired as seats (the table then listens for them
from its start); N = 0 is the same game without seats, to compare with.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tests.bench.device import machine
from tests.bench.device.harness import (
    Notifications,
    environment,
    instructions,
    run_headless,
    workdir,
)

# `celaeno run` as run_headless starts it, ending the process when it would send READY.
TO_READY = """
import os, sys
from device.service import notify
notify.ready = lambda *args, **kwargs: os._exit(0)
from device.cli.main import main
main(["run", "--reader", "none", "--state-dir", sys.argv[1]])
"""


def start_to_ready(state_dir: Path, directory: Path, python: str = sys.executable) -> float:
    notify = Notifications(directory)
    try:
        started = time.perf_counter()
        child = run_headless(state_dir, notify, python)
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
    parser.add_argument("--against", metavar="PYTHON", help="another checkout's interpreter")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions to READY (valgrind)"
    )
    parser.add_argument("--paired-phones", type=int, choices=range(6), metavar="N",
                        help="with --instructions: the seats' 5-player game, N phones paired")  # fmt: skip
    args = parser.parse_args()
    if args.instructions:
        counted([sys.executable, *([args.against] if args.against else [])], args.paired_phones)
        return
    if args.against:
        paired(args.runs, args.against)
        return
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


def paired(runs: int, other: str) -> None:
    ours, theirs = [], []
    with workdir() as tmp:
        start_to_ready(Path(tmp) / "warm-a", Path(tmp))  # warm both: files in the page cache
        start_to_ready(Path(tmp) / "warm-b", Path(tmp), other)
        for n in range(runs):
            ours.append(start_to_ready(Path(tmp) / f"a-{n}", Path(tmp)) * 1000)
            theirs.append(start_to_ready(Path(tmp) / f"b-{n}", Path(tmp), other) * 1000)
    print(f"machine: {machine()}")
    print(
        f"this checkout ({sys.executable}), new journal, {runs} runs: "
        f"median {statistics.median(ours):.0f} ms, min {min(ours):.0f}, max {max(ours):.0f}"
    )
    print(
        f"against ({other}): "
        f"median {statistics.median(theirs):.0f} ms, min {min(theirs):.0f}, max {max(theirs):.0f}"
    )
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(f"ratio this/against, pair by pair: median {statistics.median(ratios):.3f}, "
          f"min {min(ratios):.3f}, max {max(ratios):.3f}")  # fmt: skip


def instructions_to_ready(python: str, state_dir: Path, phones: int | None = None) -> int:
    """Instructions the start executes to READY, counted by callgrind (after one run that
    leaves the bytecode cached, as a Pi has it). ``phones``: None, a new journal; else the
    seats' game with that many phones paired (each run its own copy)."""
    from tests.bench.device.seats_bench import paired_journal

    env = environment()
    if phones is not None:
        for run in ("warm", "counted"):
            paired_journal(state_dir / run, phones)
    warm = [python, "-c", TO_READY, str(state_dir / "warm")]
    subprocess.run(warm, cwd="/", env=env, check=True, capture_output=True)
    return instructions([python, "-c", TO_READY, str(state_dir / "counted")], env)


def counted(pythons: list[str], phones: int | None = None) -> None:
    with workdir() as tmp:
        counts = [
            instructions_to_ready(p, Path(tmp) / str(n), phones) for n, p in enumerate(pythons)
        ]
    print(f"machine: {machine()}")
    journal = "new journal" if phones is None else f"the seats' game, {phones} phones paired"
    for python, count in zip(pythons, counts, strict=True):
        print(f"{python}: {count / 1e6:,.1f} million instructions to READY ({journal})")
    if len(counts) == 2:
        print(f"ratio this/against: {counts[0] / counts[1]:.3f}")


if __name__ == "__main__":
    main()
