"""A desktop window that is resized (by hand or by a tiling window manager) lays itself
out again and never crashes: `celaeno run` in a real X server (Xvfb), resized with
xdotool to sizes from 480×320 to 1920×1080, keys pressed at each size, then stopped."""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.device.conftest import ROOT, celaeno_argv, clean_env
from tests.device.xwindow import WAIT, find_window, needs_x, tail, wait_for, x_server, xdotool

SIZES = [(1024, 600), (480, 320), (1920, 1080), (800, 480), (640, 480), (1280, 720)]


@pytest.fixture()
def x_display() -> Iterator[str]:
    with x_server() as display:
        yield display


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
        window = find_window(x_display, log, process)
        for width, height in SIZES:
            xdotool(x_display, "windowsize", "--sync", window, str(width), str(height))
            wait_for(log, f"laid out for {width}x{height}", process)
            xdotool(x_display, "windowactivate", "--sync", window)
            xdotool(x_display, "key", "--window", window, "Down", "Down", "Return", "Escape")
            time.sleep(0.3)
            assert process.poll() is None, tail(log)
        geometry = xdotool(x_display, "getwindowgeometry", window)
        assert "1280x720" in geometry
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=WAIT)
    assert code == 0, tail(log)
    assert "Fatal Python error" not in log.read_text(errors="replace")
