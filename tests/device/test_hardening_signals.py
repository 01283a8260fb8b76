"""Real signals to `celaeno run` under SDL's dummy driver: SIGTERM, SIGINT, SIGHUP and SIGQUIT
all stop it cleanly (STOPPING=1, exit 0, no traceback, no crash), idle or starting up.

SIGQUIT used to kill the process with SIGSEGV: pygame's parachute handled it by calling
SDL_Quit and Py_FatalError from inside the signal handler (see device/service/stopping.py).
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from device.companion.app import App, Inputs
from device.companion.window import Window
from hardware.events import ButtonPressed
from tests.device.conftest import DEFAULT_SIGNALS, NotifyListener, open_session, start_run, stop

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
    try:
        listener.wait_for("STOPPING=1")
    except AssertionError as missing:
        state = "still running" if child.poll() is None else f"ended with {child.returncode}"
        _out, err = stop(child)
        raise AssertionError(f"{missing}; celaeno {state}; its stderr:\n{err[-2000:]}") from None
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


# Runs in a fresh interpreter as the console script does (import the entry point, call it):
# watches for the first import of the catalogue (rules.text, a third of a second on a loaded
# Pi), argparse and pygame, and says whether the stop handlers were already there. `--help`
# ends the command once its parser is built.
_SPY = """
import signal, sys
seen = []
class Spy:
    def find_spec(self, name, path=None, target=None):
        if name in ("rules.text", "pygame", "argparse") and not any(n == name for n, _ in seen):
            seen.append((name, signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, None)))
        return None
sys.meta_path.insert(0, Spy())
sys.argv = ["/opt/celaeno/venv/bin/celaeno", *{arguments!r}]
{body}
print(repr(seen), [signal.getsignal(s) is not signal.SIG_DFL for s in
      (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT)])
"""
_ENTRY_POINT = """
from device.cli.main import main
try:
    main()
except SystemExit:
    pass
"""


def spy(*arguments: str, body: str = _ENTRY_POINT) -> str:
    code = _SPY.format(arguments=list(arguments), body=body)
    done = subprocess.run([*DEFAULT_SIGNALS, sys.executable, "-c", code],
                          capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], check=True)  # fmt: skip
    return done.stdout.strip().splitlines()[-1]  # after the help


def test_the_handlers_are_in_before_the_entry_point_imports_anything_heavy() -> None:
    """`celaeno run` and a bare `celaeno` install them before the catalogue and argparse."""
    handled_first = "[('rules.text', True), ('argparse', True)] [True, True, True, True]"
    assert spy("run", "--help") == handled_first
    assert spy("--fullscreen", "--help") == handled_first
    assert spy("--help") == handled_first


def test_other_commands_and_importing_device_keep_the_default_handlers() -> None:
    """Only the companion: `celaeno export` keeps Ctrl+C; importing the packages (a test
    runner, a tool) neither installs handlers nor loads the catalogue."""
    seen = spy("export", "--help")
    assert seen.endswith("[False, True, False, False]"), seen  # Python's SIGINT
    imported = "import device, device.cli, device.cli.main, device.service, display, display.web"
    assert spy(body=imported) == "[] [False, True, False, False]"


def test_the_companion_is_read_from_the_command_as_the_parser_does() -> None:
    from device.service import stopping

    assert stopping.runs_companion([]) is True
    assert stopping.runs_companion(["--fullscreen"]) is True
    assert stopping.runs_companion(["run", "--reader", "none"]) is True
    assert stopping.runs_companion(["replay", "x"]) is False
    assert stopping.runs_companion(["export", "--list"]) is False


def test_stop_signals_at_random_early_moments_stop_cleanly(tmp_path: Path) -> None:
    """Each stop signal at random moments from the process's start to its first frame.

    A signal that finds the handlers in place (the SigCgt mask, read just before sending)
    must give exit 0, STOPPING=1 and no traceback. One before them lands in Python's own
    start, before any line of celaeno runs: counted and printed with the moment the
    handlers appeared, a figure, not a limit. Each signal's first try waits for the
    handlers before its random moment, so a slow start (a loaded machine) still checks a
    clean stop for every signal."""
    seed = time.time_ns() % 1_000_000
    chance = random.Random(seed)
    print(f"seed {seed}")
    early: list[str] = []
    clean = 0
    for sig in STOP_SIGNALS:
        for attempt in range(5):
            listener = NotifyListener(tmp_path / f"notify-{sig}-{attempt}.sock")
            delay = chance.uniform(0.0, 0.6)
            child = start_run(tmp_path, "--state-dir", str(tmp_path / "state"),
                              NOTIFY_SOCKET=str(listener.path))  # fmt: skip
            try:
                if attempt == 0:
                    _wait_for_the_handlers(child.pid)
                time.sleep(delay)
                ready = {signal.SIGHUP, signal.SIGQUIT} <= handled(child.pid)
                child.send_signal(sig)
                if ready:
                    assert_clean_stop(child, listener)
                    clean += 1
                else:
                    status = child.wait(timeout=30)
                    early.append(f"{signal.Signals(sig).name} at {delay * 1000:.0f} ms: {status}")
            finally:
                stop(child)
                listener.close()
    print(f"signals before the handlers (Python's own start): {len(early)} of 20 {early}")
    assert clean >= len(STOP_SIGNALS)


def _wait_for_the_handlers(pid: int, longest: float = 30.0) -> None:
    deadline = time.monotonic() + longest
    while not {signal.SIGHUP, signal.SIGQUIT} <= handled(pid):
        assert time.monotonic() < deadline, f"no stop handlers in {longest} s"
        time.sleep(0.01)


# --- in the loop itself ---------------------------------------------------------------------

RESCUE = 5.0  # seconds; the fixed loop ends its wait after the handler's 0.25 s


@pytest.fixture()
def app(state_dir: Path, surface: pygame.Surface) -> Iterator[App]:
    store, session = open_session(state_dir)
    with store:
        yield App(session, Window(surface), Inputs())


def test_a_stop_whose_handler_ends_after_the_wait_still_ends_the_wait(app: App) -> None:
    """The loop waits on its input queue; CPython 3.11's SimpleQueue.get(timeout), interrupted
    by a signal whose handler returns after the deadline, waits again for ever. A loaded
    machine makes a quick handler late; here the handler itself is late. The stop must
    still end the wait (a press posted after RESCUE frees the test if it does not)."""
    rescue = threading.Timer(RESCUE, app.inputs.post, args=(ButtonPressed("back"),))

    def stop_late(_signum: int, _frame: object) -> None:
        app.stop()  # what device.companion.running registers for every stop signal
        time.sleep(0.2)  # past the wait's deadline

    previous = signal.signal(signal.SIGALRM, stop_late)
    try:
        rescue.start()
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        started = time.monotonic()
        app.run_once(0.1)
        waited = time.monotonic() - started
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        rescue.cancel()
    assert app.quit
    assert waited < RESCUE / 2, f"the wait ended only after {waited:.2f} s"
