"""`celaeno run` in a real X server (Xvfb), driven with xdotool: the server, the companion's
window, keys, and pictures of the screen.

Keys go through the XTEST extension (``xdotool key`` without ``--window``) to the window
that has the focus, as a keyboard's would: synthetic events sent to a window are ones a
program may ignore. The pictures are read from Xvfb's own framebuffer (``-fbdir``: the
screen as an XWD file the server keeps up to date), so no screenshot program is needed.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

WAIT = 60.0  # a loaded machine takes a while to start the companion
SCREEN = (1920, 1080)

needs_x = pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)",
)


@contextmanager
def x_server(framebuffer: Path | None = None) -> Iterator[str]:
    """A real X server on a display number nobody uses, stopped afterwards; with
    ``framebuffer`` (a directory) its screen is kept there for :func:`screenshot`.

    ``-noreset``: an X server resets when its last client leaves and refuses connections
    while it does. The check that it answers is such a client, and a companion started
    right after it was once refused in a clean clone's run ("x11 not available"); that
    reset is the likely cause (not reproduced by hand), and keeping the server as it is
    removes it."""
    read_end, write_end = os.pipe()
    kept = ["-fbdir", str(framebuffer)] if framebuffer is not None else []
    size = "x".join(map(str, SCREEN))
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{size}x24", "-nolisten", "tcp",
         "-noreset", *kept],
        pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
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
        if xdotool(display, "getdisplaygeometry") == " ".join(map(str, SCREEN)):
            return
        assert server.poll() is None, f"Xvfb on {display} ended with {server.returncode}"
        time.sleep(0.1)
    raise AssertionError(f"Xvfb on {display} never answered a client")


def xdotool(display: str, *args: str) -> str:
    done = subprocess.run(
        ["xdotool", *args], capture_output=True, text=True, env={**os.environ, "DISPLAY": display},
        timeout=WAIT, check=False,
    )  # fmt: skip
    return done.stdout.strip()


def find_window(display: str, log: Path, process: subprocess.Popen[str]) -> str:
    """The companion's window, found by its title; a companion that ends first fails the
    test with its log, one that never shows a window fails it with the windows there were."""
    deadline = time.monotonic() + WAIT
    names: list[str] = []
    while time.monotonic() < deadline:
        # Every window, by its name (`search --name` misses SDL's UTF-8 title).
        windows = xdotool(display, "search", "--classname", "").split()
        names = [xdotool(display, "getwindowname", window) for window in windows]
        if "Celaeno" in names:
            return windows[names.index("Celaeno")]
        assert process.poll() is None, f"celaeno ended: {tail(log)}"
        time.sleep(0.2)
    raise AssertionError(f"no Celaeno window in {WAIT} s (windows: {names}): {tail(log)}")


def tail(log: Path) -> str:
    return log.read_text(errors="replace")[-2000:]


def wait_for(log: Path, line: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if line in log.read_text(errors="replace"):
            return
        assert process.poll() is None, f"celaeno ended: {tail(log)}"
        time.sleep(0.1)
    raise AssertionError(f"no {line!r} in the log: {tail(log)}")


def window_box(display: str, window: str) -> pygame.Rect:
    """Where ``window`` is on the screen, and its size."""
    shell = xdotool(display, "getwindowgeometry", "--shell", window)
    found = dict(line.split("=", 1) for line in shell.splitlines() if "=" in line)
    return pygame.Rect(int(found["X"]), int(found["Y"]), int(found["WIDTH"]), int(found["HEIGHT"]))


def screenshot(framebuffer: Path, box: pygame.Rect, path: Path) -> Path:
    """The part ``box`` of the screen as the X server holds it now, saved as a PNG."""
    pygame.image.save(read_xwd(framebuffer / "Xvfb_screen0").subsurface(box), str(path))
    return path


def read_xwd(path: Path) -> pygame.Surface:
    """A 24-bit TrueColor XWD file (Xvfb's screen): its header of 25 big-endian numbers,
    the rest of the header (the name), the colour map, then 32-bit pixels whose fourth
    byte is padding (read as alpha it would make the picture transparent)."""
    data = path.read_bytes()
    header = struct.unpack(">25I", data[:100])
    header_size, depth, width, height = header[0], header[3], header[4], header[5]
    byte_order, bits_per_pixel, bytes_per_line, ncolors = (
        header[7],
        header[11],
        header[12],
        header[19],
    )
    assert (depth, bits_per_pixel, bytes_per_line) == (24, 32, 4 * width), f"{path}: {header}"
    start = header_size + 12 * ncolors
    pixels = data[start : start + bytes_per_line * height]
    red, green, blue = (2, 1, 0) if byte_order == 0 else (1, 2, 3)  # LSB first: B G R pad
    rgb = bytearray(3 * width * height)
    for channel, offset in enumerate((red, green, blue)):
        rgb[channel::3] = pixels[offset::4]
    return pygame.image.frombuffer(bytes(rgb), (width, height), "RGB")
