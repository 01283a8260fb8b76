"""Benchmark: peak memory of `celaeno run` resuming a 10,000-command game.

Run: ``.venv/bin/python -m tests.bench.device.peak_memory [--commands 10000]``. Imports a
generated Library journal (tests.bench.device.replay_bench) with `celaeno import`, then starts
`celaeno run` headless on it, waits for READY=1 (replayed and drawn), stops it with SIGTERM
and reads the child's peak resident set (ru_maxrss) from ``os.wait4``. The import's own
peak is printed too.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import time
from pathlib import Path

from tests.bench.device import machine
from tests.bench.device.harness import Notifications, celaeno, run_headless, workdir
from tests.bench.device.replay_bench import journal


def peak_kib(child: subprocess.Popen[bytes]) -> int:
    """Wait for ``child`` and return its ru_maxrss (KiB on Linux)."""
    _pid, _status, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # reaped here; keep Popen from waiting again
    return usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=10_000)
    args = parser.parse_args()
    with workdir() as tmp:
        source, state_dir = Path(tmp) / "journal.jsonl", Path(tmp) / "state"
        source.write_text("".join(line + "\n" for line in journal(args.commands)))
        started = time.perf_counter()
        importing = celaeno("import", str(source), "--state-dir", str(state_dir))
        import_peak, import_time = peak_kib(importing), time.perf_counter() - started
        notify = Notifications(Path(tmp))
        started = time.perf_counter()
        running = run_headless(state_dir, notify)
        ready = notify.wait_for("READY=1", timeout=120) - started
        running.send_signal(signal.SIGTERM)
        run_peak = peak_kib(running)
        notify.close()
    print(f"machine: {machine()}")
    print(f"celaeno import of {args.commands} commands: {import_time:.1f} s, "
          f"peak RSS {import_peak / 1024:.1f} MiB")  # fmt: skip
    print(f"celaeno run resuming it: first frame after {ready:.2f} s, "
          f"peak RSS {run_peak / 1024:.1f} MiB (ru_maxrss)")  # fmt: skip


if __name__ == "__main__":
    main()
