"""A desktop window that is resized (by hand or by a tiling window manager) lays itself
out again and never crashes: `celaeno run` in a real X server (Xvfb), resized with
xdotool to sizes from 480×320 to 1920×1080, keys pressed at each size, then stopped."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.device.conftest import ROOT, celaeno_argv, clean_env

SIZES = [(1024, 600), (480, 320), (1920, 1080), (800, 480), (640, 480), (1280, 720)]
WAIT = 60.0  # a loaded machine takes a while to start the companion

needs_x = pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)",
)


@pytest.fixture()
def x_display() -> Iterator[str]:
    """A real X server on a display number nobody uses, stopped afterwards."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    with os.fdopen(read_end) as reader:
        number = reader.readline().strip()
    try:
        assert number, "Xvfb found no free display number"
        _until_the_server_answers(f":{number}", server)
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _until_the_server_answers(display: str, server: subprocess.Popen[bytes]) -> None:
    """The companion starts only on a server that has answered a client, so a window that
    never shows is the companion's failure, not the server's."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if _xdotool(display, "getdisplaygeometry") == "1920 1080":
            return
        assert server.poll() is None, f"Xvfb on {display} ended with {server.returncode}"
        time.sleep(0.1)
    raise AssertionError(f"Xvfb on {display} never answered a client")


def _xdotool(display: str, *args: str) -> str:
    done = subprocess.run(
        ["xdotool", *args], capture_output=True, text=True, env={**os.environ, "DISPLAY": display},
        timeout=WAIT, check=False,
    )  # fmt: skip
    return done.stdout.strip()


def _window(display: str, log: Path, process: subprocess.Popen[str]) -> str:
    """The companion's window, found by its title; a companion that ends first fails the
    test with its log, one that never shows a window fails it with the windows there were."""
    deadline = time.monotonic() + WAIT
    names: list[str] = []
    while time.monotonic() < deadline:
        # Every window, by its name (`search --name` misses SDL's UTF-8 title).
        windows = _xdotool(display, "search", "--classname", "").split()
        names = [_xdotool(display, "getwindowname", window) for window in windows]
        if "Celaeno" in names:
            return windows[names.index("Celaeno")]
        assert process.poll() is None, f"celaeno ended: {_tail(log)}"
        time.sleep(0.2)
    raise AssertionError(f"no Celaeno window in {WAIT} s (windows: {names}): {_tail(log)}")


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-2000:]


def _wait_for(log: Path, line: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if line in log.read_text(errors="replace"):
            return
        assert process.poll() is None, f"celaeno ended: {_tail(log)}"
        time.sleep(0.1)
    raise AssertionError(f"no {line!r} in the log: {_tail(log)}")


@needs_x
@pytest.mark.slow
def test_a_resized_window_lays_out_again_and_lives(x_display: str, tmp_path: Path) -> None:
    log = tmp_path / "celaeno.log"
    env = clean_env(tmp_path, SDL_VIDEODRIVER="x11", DISPLAY=x_display)
    argv = celaeno_argv("run", "--state-dir", str(tmp_path / "state"),
                        "--window", "--size", "800x480", "--reader", "none")  # fmt: skip
    with log.open("w") as out:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   text=True)  # fmt: skip
    try:
        window = _window(x_display, log, process)
        for width, height in SIZES:
            _xdotool(x_display, "windowsize", "--sync", window, str(width), str(height))
            _wait_for(log, f"laid out for {width}x{height}", process)
            _xdotool(x_display, "windowactivate", "--sync", window)
            _xdotool(x_display, "key", "--window", window, "Down", "Down", "Return", "Escape")
            time.sleep(0.3)
            assert process.poll() is None, _tail(log)
        geometry = _xdotool(x_display, "getwindowgeometry", window)
        assert "1280x720" in geometry
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=WAIT)
    assert code == 0, _tail(log)
    assert "Fatal Python error" not in log.read_text(errors="replace")
