"""``reader.port = "auto"``: a real reader when one is plugged in; a simulated one
only in a desktop session; on an appliance with none, "No dice reader" while it keeps looking
— never a simulator reported as the real thing."""

from __future__ import annotations

import functools
import logging
import os
import queue
import subprocess
import sys
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.companion import runtime
from hardware import ports, reader
from hardware.events import InputEvent, ReaderStatus
from hardware.reader import DiceReader
from tests.device.conftest import ROOT, NotifyListener, celaeno_argv

PATTERNS = ports.DEFAULT_PATTERNS
DESKTOP = {"DISPLAY": ":0", "HOME": "/home/pi"}
WAYLAND = {"WAYLAND_DISPLAY": "wayland-0"}
APPLIANCE = {"INVOCATION_ID": "0f3c", "NOTIFY_SOCKET": "/run/systemd/notify"}  # the unit
CONSOLE: dict[str, str] = {"HOME": "/home/pi", "TERM": "linux"}  # ssh or tty2, no display


def test_a_desktop_session_is_a_display_outside_a_systemd_service() -> None:
    assert runtime.desktop_session(DESKTOP)
    assert runtime.desktop_session(WAYLAND)
    assert not runtime.desktop_session(CONSOLE)
    assert not runtime.desktop_session(APPLIANCE)
    assert not runtime.desktop_session({**DESKTOP, **APPLIANCE})  # a unit that has a DISPLAY
    assert not runtime.desktop_session({"DISPLAY": ""})


@pytest.fixture()
def no_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The udev rule's stable name, pointed into tmp: nothing plugged in until linked."""
    link = tmp_path / "celaeno-dice"
    find = functools.partial(ports.find_port, stable_name=str(link), ports=[])
    monkeypatch.setattr(runtime, "find_port", find)
    monkeypatch.setattr(reader, "find_port", find)
    return link


class Pty:
    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture()
def plugged(no_reader: Path) -> Iterator[Pty]:
    """A reader plugged in: the stable name links to a real pseudo-terminal."""
    pty = Pty()
    no_reader.symlink_to(pty.path)
    yield pty
    pty.close()


@pytest.mark.parametrize("env", [CONSOLE, APPLIANCE, {**DESKTOP, **APPLIANCE}])
def test_an_appliance_without_a_reader_keeps_looking_and_never_simulates(
    no_reader: Path, env: dict[str, str]
) -> None:
    assert runtime.reader_choice("auto", PATTERNS, env) == ("auto", True)


@pytest.mark.parametrize("env", [DESKTOP, WAYLAND])
def test_a_desktop_without_a_reader_simulates_one(no_reader: Path, env: dict[str, str]) -> None:
    assert runtime.reader_choice("auto", PATTERNS, env) == ("simulated", False)


@pytest.mark.parametrize("env", [CONSOLE, APPLIANCE, DESKTOP])
def test_a_plugged_in_reader_wins_everywhere(plugged: Pty, env: dict[str, str]) -> None:
    assert runtime.reader_choice("auto", PATTERNS, env) == ("auto", False)


def test_asked_for_is_what_you_get(no_reader: Path) -> None:
    for wanted in ("simulated", "none", "/dev/ttyACM0"):
        assert runtime.reader_choice(wanted, PATTERNS, APPLIANCE) == (wanted, False)


def statuses(events: queue.Queue[InputEvent], until: str, timeout: float = 5) -> list[str]:
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    while until not in seen:
        event = events.get(timeout=max(0.01, deadline - time.monotonic()))
        if isinstance(event, ReaderStatus):
            seen.append(event.status)
    return seen


def test_auto_says_absent_then_finds_the_reader_when_it_is_plugged_in(
    no_reader: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="hardware.reader")
    events: queue.Queue[InputEvent] = queue.Queue()
    pty = Pty()
    try:
        with DiceReader(events.put, "auto", reconnect_interval=0.05) as found:
            found.start()
            assert statuses(events, "absent") == ["absent"]  # not "DISCONNECTED": none was there
            no_reader.symlink_to(pty.path)
            assert statuses(events, "connected") == ["connected"]
    finally:
        pty.close()
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert said[:2] == ["dice reader auto absent", f"dice reader auto ({no_reader}) connected"]


def test_a_named_port_that_is_missing_is_disconnected_not_absent(tmp_path: Path) -> None:
    events: queue.Queue[InputEvent] = queue.Queue()
    with DiceReader(events.put, str(tmp_path / "ttyACM9"), reconnect_interval=0.05) as named:
        named.start()
        assert statuses(events, "disconnected") == ["disconnected"]


def run_env(tmp: Path, **extra: str) -> dict[str, str]:
    """A headless `celaeno run` with no display and not under systemd, plus ``extra``."""
    drop = ("DISPLAY", "WAYLAND_DISPLAY", "INVOCATION_ID", "NOTIFY_SOCKET", "WATCHDOG_USEC")
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("CELAENO_")}
    env.update(
        SDL_VIDEODRIVER="dummy", XDG_CONFIG_HOME=str(tmp / "c"), XDG_DATA_HOME=str(tmp / "d")
    )
    return {**env, **extra}


def reader_lines(tmp: Path, **extra: str) -> list[str]:
    """The reader's log lines of `celaeno run --reader auto` from its start until two of its
    reconnect intervals after READY (a line said again at each attempt would show)."""
    notify = NotifyListener(tmp / f"notify-{len(os.listdir(tmp))}.sock")
    child = subprocess.Popen(
        celaeno_argv("run", "--reader", "auto"), cwd=ROOT,
        env={**run_env(tmp, **extra), "NOTIFY_SOCKET": str(notify.path)},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        notify.wait_for("READY=1")
        time.sleep(2 * reader.RECONNECT_INTERVAL + 0.5)
    finally:
        child.terminate()
        _out, err = child.communicate(timeout=30)
        notify.close()
    assert child.returncode == 0, err
    return [line for line in err.splitlines() if line.startswith("INFO hardware.reader")]


@pytest.mark.skipif(
    Path(ports.STABLE_NAME).exists(), reason="a reader is plugged into this machine"
)
def test_run_on_an_appliance_and_on_a_desktop(tmp_path: Path) -> None:
    """The real command: headless and not in a session it says "absent"; with a display it
    simulates (a pseudo-terminal, /dev/pts/N)."""
    appliance = reader_lines(tmp_path, INVOCATION_ID="0f3c")
    assert appliance == ["INFO hardware.reader: dice reader auto absent"], appliance
    desktop = reader_lines(tmp_path, DISPLAY=":0")
    assert len(desktop) == 1 and desktop[0].startswith(
        "INFO hardware.reader: dice reader /dev/pts/"
    )
    assert desktop[0].endswith(" connected")
    assert sys.platform == "linux"
