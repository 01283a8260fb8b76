"""What the device benchmarks share: `celaeno run` as a child, a notify socket, CPU time,
instructions counted."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class Notifications:
    """A systemd-style notify socket (AF_UNIX datagrams) in a temporary directory."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / "notify.sock"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(self.path))

    def wait_for(self, assignment: str, timeout: float = 30.0) -> float:
        """Block until a datagram holds ``assignment``; the time.perf_counter() it arrived."""
        deadline = time.perf_counter() + timeout
        while (left := deadline - time.perf_counter()) > 0:
            self.sock.settimeout(left)
            try:
                message = self.sock.recv(4096).decode()
            except TimeoutError:
                break
            if assignment in message.splitlines():
                return time.perf_counter()
        raise TimeoutError(f"no {assignment} within {timeout} s")

    def close(self) -> None:
        self.sock.close()


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CELAENO_", "NOTIFY_"))}
    env.pop("WATCHDOG_USEC", None)
    # Bytecode as a Pi has it (pip compiles it at install): a shell that forbids writing it
    # would time the compiler at every start, not the companion.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **extra)
    return env


def celaeno(
    *args: str, python: str = sys.executable, under: Sequence[str] = (), **env: str
) -> subprocess.Popen[bytes]:
    """`celaeno` as a child; ``python``: the interpreter of the checkout to run (its venv's);
    ``under``: a command it runs under (valgrind's, say). It starts in the root directory, so
    that the checkout it runs is the one its venv has installed, never the one the benchmark
    happens to be started in."""
    return subprocess.Popen(
        [*under, python, "-m", "device.cli", *args],
        cwd="/",
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=environment(**env),
    )


def run_headless(
    state_dir: Path, notify: Notifications, python: str = sys.executable
) -> subprocess.Popen[bytes]:
    """`celaeno run` without a screen or a reader, as the benchmarks measure it."""
    return celaeno(
        "run",
        "--reader",
        "none",
        "--state-dir",
        str(state_dir),
        python=python,
        NOTIFY_SOCKET=str(notify.path),
    )


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def workdir() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="celaeno-bench-")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def instructions(command: Sequence[str], env: dict[str, str], cwd: str = "/") -> int:
    """Instructions ``command`` executes, counted by valgrind's callgrind (``apt-get install
    valgrind``): the same count for the same code and input on a loaded machine as on a quiet
    one, where a time would move with the other processes on the host."""
    under = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={os.devnull}"]
    done = subprocess.run([*under, *command], cwd=cwd, env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind counted nothing: {done.stderr[-500:]}")
    return int(found.group(1))


def callgrind_control(what: str, pid: int) -> None:
    """Ask the callgrind a process runs under to zero its counts (``-z``) or dump them."""
    subprocess.run(["callgrind_control", what, str(pid)], check=True, capture_output=True)


def callgrind_counts(dumps: Iterable[Path]) -> dict[str, int]:
    """Each thread's instructions in a dump (``--separate-threads=yes``): thread 1 is the
    main one."""
    found: dict[str, int] = {}
    for dump in sorted(dumps):
        lines = dump.read_text().splitlines()
        thread = next(line.split()[1] for line in lines if line.startswith("thread:"))
        total = next(int(line.split()[1]) for line in lines if line.startswith("summary:"))
        found["main" if thread == "1" else f"thread {thread}"] = total
    return found
