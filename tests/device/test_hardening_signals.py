"""Real signals to `celaeno run` under SDL's dummy driver: SIGTERM, SIGINT, SIGHUP and SIGQUIT
all stop it cleanly (STOPPING=1, exit 0, no traceback, no crash), idle or starting up.

SIGQUIT used to kill the process with SIGSEGV: pygame's parachute handled it by calling
SDL_Quit and Py_FatalError from inside the signal handler (see device/stopping.py).
"""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.device.conftest import NotifyListener, start_run, stop

STOP_SIGNALS = [signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT]


def handled(pid: int) -> set[int]:
    """The signals process ``pid`` has a handler for (the SigCgt mask in /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            mask = int(line.split()[1], 16)
            return {number for number in range(1, 65) if mask & (1 << (number - 1))}
    return set()


def until_handlers_installed(child: subprocess.Popen[str]) -> None:
    """Wait until the stop handlers are in place: the first thing `celaeno run` does."""
    deadline = time.monotonic() + 30
    while not {signal.SIGHUP, signal.SIGQUIT} <= handled(child.pid):
        assert child.poll() is None, "run ended before installing its handlers"
        assert time.monotonic() < deadline, "no stop handlers after 30 s"
        time.sleep(0.001)


def assert_clean_stop(child: subprocess.Popen[str], listener: NotifyListener) -> None:
    listener.wait_for("STOPPING=1")
    status = child.wait(timeout=30)
    _out, err = stop(child)
    assert status == 0, err
    assert "Traceback" not in err and "Fatal" not in err, err


@pytest.mark.parametrize("sig", STOP_SIGNALS, ids=lambda sig: signal.Signals(sig).name)
def test_a_stop_signal_while_idle_stops_cleanly(
    tmp_path: Path, listener: NotifyListener, sig: int
) -> None:
    child = start_run(tmp_path, "--state-dir", str(tmp_path / "state"),
                      NOTIFY_SOCKET=str(listener.path))  # fmt: skip
    try:
        listener.wait_for("READY=1")
        time.sleep(0.3)  # idle in the loop, between polls
        child.send_signal(sig)
        assert_clean_stop(child, listener)
    finally:
        stop(child)


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2])
@pytest.mark.parametrize("sig", STOP_SIGNALS, ids=lambda sig: signal.Signals(sig).name)
def test_a_stop_signal_during_start_up_stops_cleanly(
    tmp_path: Path, listener: NotifyListener, sig: int, delay: float
) -> None:
    """From the moment the handlers are in (before pygame, the journal or the window)."""
    child = start_run(tmp_path, "--state-dir", str(tmp_path / "state"),
                      NOTIFY_SOCKET=str(listener.path))  # fmt: skip
    try:
        until_handlers_installed(child)
        time.sleep(delay)
        child.send_signal(sig)
        assert_clean_stop(child, listener)
    finally:
        stop(child)
