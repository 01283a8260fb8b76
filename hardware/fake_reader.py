"""A simulated dice reader on a pseudo-terminal, for trying the companion without one.

:class:`FakeReader` opens a pty and plays the reader's end: ``path`` is the device the companion
opens (as it would open /dev/ttyACM0), and ``send_roll`` and friends write protocol lines to it.
A thread drains what the companion sends (EXPECT, IDLE, PONG) and hands each line to
``on_line``. ``unplug()`` and ``plug()`` imitate pulling and reinserting the USB cable; give
``link`` to keep one path across them, as the udev rule does for a real reader.
"""

from __future__ import annotations

import os
import select
import termios
import threading
import time
import tty
from collections.abc import Callable, Iterable
from pathlib import Path

from hardware.baud import termios_speed
from hardware.closing import ClosedOnExit
from hardware.protocol import with_checksum

# How long a line may wait for room in the pty before send_line gives up on it.
WRITE_TIMEOUT = 1.0


class FakeReader(ClosedOnExit):
    def __init__(
        self,
        link: str | Path | None = None,
        *,
        baud: int | None = None,
        on_line: Callable[[str], None] | None = None,
        write_timeout: float = WRITE_TIMEOUT,
    ) -> None:
        self._write_timeout = write_timeout
        self._link = Path(link) if link is not None else None
        self._speed = termios_speed(baud) if baud is not None else None
        self._on_line = on_line
        self._fds: tuple[int, int] | None = None  # (master, slave) while plugged in
        self._pty_name = ""
        self._stop = threading.Event()
        self._drain: threading.Thread | None = None
        self._write_lock = threading.Lock()

    @property
    def path(self) -> str:
        """The device path the companion should open."""
        return str(self._link) if self._link is not None else self._pty_name

    @property
    def plugged(self) -> bool:
        return self._fds is not None

    def start(self) -> FakeReader:
        self.plug()
        return self

    def plug(self) -> None:
        """Open a new pty (as a reader plugged in) and point ``link`` at it."""
        if self._fds is not None:
            return
        master, slave = os.openpty()
        os.set_blocking(master, False)  # a write waits at most write_timeout (send_line)
        # Raw at once: a fresh pty echoes and translates newlines until someone configures it.
        tty.setraw(slave)
        self._set_speed(slave)
        self._pty_name = os.ttyname(slave)
        if self._link is not None:
            staged = self._link.with_name(self._link.name + ".new")
            staged.unlink(missing_ok=True)
            staged.symlink_to(self._pty_name)
            staged.replace(self._link)  # atomic: the link never goes missing
        self._fds = (master, slave)
        self._stop.clear()
        self._drain = threading.Thread(target=self._read, args=(master,), name="fake-reader")
        self._drain.start()

    def unplug(self) -> None:
        """Close the pty: the companion's next read fails, as when USB is pulled."""
        self._stop.set()
        if self._drain is not None:
            self._drain.join()
            self._drain = None
        if self._fds is not None:
            with self._write_lock:
                for fd in self._fds:
                    os.close(fd)
                self._fds = None

    def close(self) -> None:
        self.unplug()
        if self._link is not None and self._link.is_symlink():
            self._link.unlink()

    def send_line(self, line: str, *, checksum: bool = False) -> bool:
        """Write one protocol line; False if unplugged, or if nothing read the pty for
        ``write_timeout`` seconds (its buffer is full: no companion has it open)."""
        data = (with_checksum(line) if checksum else line).encode("ascii", "replace") + b"\n"
        with self._write_lock:
            if self._fds is None:
                return False
            return _write_within(self._fds[0], data, self._write_timeout)

    def send_roll(self, values: Iterable[int], *, checksum: bool = False) -> bool:
        return self.send_line("ROLL " + " ".join(str(v) for v in values), checksum=checksum)

    def send_error(self, text: str) -> bool:
        return self.send_line(f"ERR {text}")

    def send_hello(self, name: str = "fake-reader", version: str = "1") -> bool:
        return self.send_line(f"HELLO {name} {version}")

    def _read(self, master: int) -> None:
        pending = b""
        while not self._stop.is_set():
            ready, _, _ = select.select([master], [], [], 0.05)
            if not ready:
                continue
            try:
                pending += os.read(master, 4096)
            except OSError:  # nobody has the slave open: nothing to read
                self._stop.wait(0.05)
                continue
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if self._on_line is not None:
                    self._on_line(line.rstrip(b"\r").decode("ascii", "backslashreplace"))

    def _set_speed(self, fd: int) -> None:
        # A pty moves bytes at any speed; setting one only makes the pty report it (stty).
        if self._speed is not None:
            attributes = termios.tcgetattr(fd)
            attributes[4] = attributes[5] = self._speed
            termios.tcsetattr(fd, termios.TCSANOW, attributes)

    def __enter__(self) -> FakeReader:
        return self.start()


def _write_within(fd: int, data: bytes, timeout: float) -> bool:
    """Write all of ``data`` to the non-blocking ``fd``, waiting at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view) :]
            continue
        except BlockingIOError:
            pass
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([], [fd], [], left)[1]:
            return False
    return True
