"""On a desktop, "Show on phones" starts the phone view beside the companion, as its own
process, only when chosen; the code is shown once the view answers; the view goes when
the companion goes, however it goes. Where systemd runs the view, none is started.

The real things: `celaeno run` in a real X server (Xvfb) driven with key presses, the
real `celaeno web` it starts, asked over HTTP, and the kernel's process table after."""

from __future__ import annotations

import argparse
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.companion.phone_view import PhoneView, beside_a_unit, listening, web_argv
from rules.text import render
from tests.device.conftest import ROOT, celaeno_argv, clean_env, write_config
from tests.device.xwindow import WAIT, find_window, needs_x, tail, wait_for, x_server, xdotool
from tests.web.conftest import free_port

# From a fresh default game's main screen (the Library: its cursor on its third line, the
# menu its fifth), the menu; then its seventh line, Show on phones (a fresh game has nothing
# to redo, so the menu has no Redo line).
# A tap must stay a tap on a loaded machine (see tests/device/test_window_game.py).
SLOW_HOLDS = "[buttons]\nhold_time = 10\nrepeat_delay = 5\n"
TO_SHOW_ON_PHONES = ["Down", "Down", "Return", *["Down"] * 6, "Return"]


def answers(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
        return int(response.status)


@pytest.fixture()
def x_display() -> Iterator[str]:
    with x_server() as display:
        yield display


def gone(pid: int, within: float = WAIT) -> bool:
    """The process ``pid`` has ended and been reaped (no longer in the process table)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists():
            return True
        time.sleep(0.1)
    return False


def view_pid(log: Path) -> int:
    started = [line for line in log.read_text().splitlines() if "started `celaeno web`" in line]
    assert len(started) == 1, tail(log)
    return int(started[0].rsplit("(pid ", 1)[1].rstrip(")"))


@needs_x
@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_show_on_phones_starts_the_view_and_the_view_ends_with_the_companion(
    x_display: str, tmp_path: Path, stop: signal.Signals
) -> None:
    display = x_display
    port = free_port()
    config = write_config(tmp_path, f'[web]\naddress = "127.0.0.1"\nport = {port}\n{SLOW_HOLDS}')
    log = tmp_path / "celaeno.log"
    env = clean_env(tmp_path, SDL_VIDEODRIVER="x11", DISPLAY=display)
    env.pop("INVOCATION_ID", None)
    argv = celaeno_argv("run", "--config", str(config), "--state-dir", str(tmp_path / "state"),
                        "--window", "--size", "800x480", "--reader", "none")  # fmt: skip
    with log.open("w") as out:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   text=True)  # fmt: skip
    try:
        window = find_window(display, log, process)
        time.sleep(1.0)  # the first frame: nothing started with the companion
        assert "started `celaeno web`" not in log.read_text() and not listening(port)
        xdotool(display, "windowactivate", "--sync", window)
        # XTEST keys to the focused window: an event sent to a named window may be ignored
        xdotool(display, "key", "--delay", "80", *TO_SHOW_ON_PHONES)
        wait_for(log, f"phone view: listening on port {port}", process)
        pid = view_pid(log)
        assert answers(port) == 200
        process.send_signal(stop)
        code = process.wait(timeout=WAIT)
    finally:
        process.kill()
        process.wait(timeout=WAIT)
    assert code == (-signal.SIGKILL if stop == signal.SIGKILL else 0), tail(log)
    # SIGKILL: the view read the end of its pipe; else the companion stopped it on its way out
    assert gone(pid), f"celaeno web (pid {pid}) outlived the companion: {tail(log)}"
    assert not listening(port)


def _args(tmp_path: Path, config: Path) -> argparse.Namespace:
    return argparse.Namespace(config=str(config), state_dir=str(tmp_path / "state"))


def test_chosen_twice_one_view_that_answers_and_stops(tmp_path: Path) -> None:
    port = free_port()
    config = write_config(tmp_path, f'[web]\naddress = "127.0.0.1"\nport = {port}\n')
    view = PhoneView(web_argv(_args(tmp_path, config)), port)
    try:
        assert view.start() is None
        assert view.process is not None
        first = view.process.pid
        assert answers(port) == 200 and listening(port)
        assert view.start() is None and view.process.pid == first  # not a second one
    finally:
        view.stop()
    assert gone(first) and not listening(port)


def test_a_view_already_listening_is_used_and_none_started(tmp_path: Path) -> None:
    with socket.socket() as someone:  # a `celaeno web` started by hand, as the kernel sees it
        someone.bind(("127.0.0.1", 0))
        someone.listen()
        port = int(someone.getsockname()[1])
        view = PhoneView(["false"], port)
        assert view.start() is None and view.process is None


def test_a_view_that_cannot_start_is_said_with_how_to_start_it(tmp_path: Path) -> None:
    port = free_port()
    config = write_config(tmp_path, f'[web]\nport = "{port}"\n')  # refused: not a number
    view = PhoneView(web_argv(_args(tmp_path, config)), port)
    said = view.start()
    assert said is not None and view.process is None
    assert render(said, "en") == (
        "The phone view did not start (it stopped with status 2; its log says why). "
        "Start it in a terminal: celaeno web"
    )
    assert "celaeno web" in render(said, "ja")


def test_where_systemd_runs_the_view_none_is_started(tmp_path: Path) -> None:
    unit = tmp_path / "celaeno-web.service"
    assert not beside_a_unit({}, unit)
    assert beside_a_unit({"INVOCATION_ID": "0f3c"}, unit)  # the companion is a service
    unit.write_text("[Service]\n")
    assert beside_a_unit({}, unit)  # install.sh put the view's unit here
