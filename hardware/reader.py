"""The serial dice reader: one thread reads lines, posts what they say, and survives unplugging.

The thread opens the port (a path, a pyserial URL such as ``loop://``, or ``auto``), feeds every
read to :class:`~hardware.protocol.LineParser` and posts :class:`DiceRead`, :class:`ReaderError`,
:class:`ReaderHello` and :class:`ReaderStatus`. It answers PING with PONG itself. When the port
fails (USB unplugged, pty closed) it posts "disconnected" and tries again every second until the
port is back; nothing else stops. The app may send EXPECT and IDLE from its own thread; the
latest of them is sent again whenever the port (re)opens, so a reader that was unplugged or
reset while a roll was wanted lights up again without waiting for the game to move on.
At rest the thread sleeps in its read, waking every READ_TIMEOUT seconds; close() cancels
that read (pyserial's ``cancel_read``) instead of waiting for it.

A roll is reported exactly as read; whether it fits the pending roll is the device's business.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal

from hardware import threads
from hardware.closing import ClosedOnExit
from hardware.events import Post, ReaderStatus
from hardware.ports import DEFAULT_PATTERNS, find_port
from hardware.protocol import DICE, MAX_LINE, LineParser, Parsed, Ping, Rejected

if TYPE_CHECKING:
    from hardware.library_types import SerialPort


log = logging.getLogger(__name__)

DEFAULT_BAUD = 9600
RECONNECT_INTERVAL = 1.0  # seconds between attempts to reopen a missing port
# How long a read waits for a byte. At rest the thread wakes only this often: close() does not
# wait it out (it cancels the read), and a pulled reader ends the read at once (the port reads
# as ready and gives nothing), so nothing waits on this but a port that cannot be cancelled.
READ_TIMEOUT = 2.0
# A port without pyserial's cancel_read (socket://, for one) reads with this instead, so that
# close() still returns within about this long.
UNCANCELLABLE_READ_TIMEOUT = 0.1
WRITE_TIMEOUT = 0.5  # a reader that stops reading must not block the app thread


class DiceReader(ClosedOnExit):
    """Reads a dice reader on ``port`` and posts input events; see the module docstring.

    ``on_rejected`` (optional, called on the reader thread) receives each unusable line with the
    reason, for diagnostics such as ``celaeno dice-monitor``; the app only needs the counts in
    :class:`ReaderStatus`. ``read_timeout`` is for tests that need a read to time out soon.
    """

    def __init__(
        self,
        post: Post,
        port: str = "auto",
        *,
        baud: int = DEFAULT_BAUD,
        patterns: Sequence[str] = DEFAULT_PATTERNS,
        on_rejected: Callable[[Rejected], None] | None = None,
        reconnect_interval: float = RECONNECT_INTERVAL,
        read_timeout: float = READ_TIMEOUT,
    ) -> None:
        if baud <= 0:
            raise ValueError(f"baud must be a positive number, not {baud}")
        if not read_timeout > 0:
            raise ValueError(f"read_timeout must be a positive number, not {read_timeout}")
        self._post, self._port, self._baud = post, port, baud
        self._patterns = tuple(patterns)
        self._on_rejected = on_rejected
        self._interval = reconnect_interval
        self._read_timeout = read_timeout
        self._parser = LineParser()
        self._stop = threading.Event()
        self._lock = threading.Lock()  # guards _serial between the thread and send_*
        self._wanted: str | None = None  # the latest EXPECT or IDLE, for a reopened port
        self._serial: SerialPort | None = None
        self._thread: threading.Thread | None = None
        self._status: Literal["connected", "disconnected", "absent"] | None = None
        self._rejected = 0
        self._last_rejected: str | None = None
        self._last_failure = ""
        self._found_one = True  # False while "auto" looks and finds no port
        self._url: str | None = None  # the port "auto" found last

    # --- the app's side -------------------------------------------------------------------

    def start(self) -> None:
        if self._thread is None and not self._stop.is_set():
            self._thread = threads.start(self._run, "dice-reader")

    def close(self) -> None:
        self._stop.set()
        self._cancel_read()
        if self._thread is not None:
            self._thread.join()

    def _cancel_read(self) -> None:
        """Wake the thread's read now rather than at its timeout.

        Under the lock the port is still open: the thread forgets it under the lock before
        closing it. A cancel that comes between two reads is not lost: pyserial keeps it (a
        byte in a pipe on POSIX, a mark in loop://'s queue) and the next read returns at once,
        after which the thread sees the stop."""
        with self._lock:
            cancel = getattr(self._serial, "cancel_read", None)
            if cancel is None:
                return
            try:
                cancel()
            except (OSError, queue.Full) as error:  # pyserial's SerialException is an OSError
                # loop://'s queue is full, so its read will not block anyway; a failing port
                # ends its read by itself.
                log.debug("dice reader %s: cancelling a read: %s", self._port, error)

    def send_expect(self, count: int, die: str) -> bool:
        """Tell the reader a roll of ``count`` dice is wanted; False if no reader is connected."""
        if die not in DICE:
            raise ValueError(f"die must be one of {', '.join(DICE)}, not {die!r}")
        if not 1 <= count <= 30:
            raise ValueError(f"a roll is 1 to 30 dice, not {count}")
        return self._want(f"EXPECT {count} {die}")

    def send_idle(self) -> bool:
        """Tell the reader no roll is wanted now; False if no reader is connected."""
        return self._want("IDLE")

    def send_attended(self, attended: bool) -> bool:
        """Someone is at the table or not: nothing to tell a reader, which reads its dice all
        the time (the smart dice rest when nobody is there; hardware/PROTOCOL.md has no line
        for it). Always False: no line was sent."""
        return False

    def _want(self, line: str) -> bool:
        self._wanted = line
        return self._send(line)

    # --- the reader thread ----------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            port = self._open()
            if port is not None:
                if (wanted := self._wanted) is not None:
                    self._send(wanted)
                self._set_status("connected")
                self._serve(port)
                self._parser.reset()
            if not self._stop.is_set():
                self._set_status("disconnected" if self._found_one else "absent")
                self._stop.wait(self._interval)

    def _open(self) -> SerialPort | None:
        import serial

        url = find_port(self._patterns) if self._port == "auto" else self._port
        # A named port that will not open is a fault; "auto" finding nothing is not.
        self._found_one = url is not None
        self._url = url
        try:
            if url is None:
                raise LookupError("no serial port matches the reader patterns")
            port: SerialPort = serial.serial_for_url(
                url, baudrate=self._baud, timeout=self._read_timeout, write_timeout=WRITE_TIMEOUT
            )
            if not hasattr(port, "cancel_read"):
                port.timeout = min(self._read_timeout, UNCANCELLABLE_READ_TIMEOUT)
        except (LookupError, ValueError, OSError, serial.SerialException) as error:
            self._note_failure(f"dice reader {self._port}: {error}")
            return None
        self._last_failure = ""
        with self._lock:
            self._serial = port
        return port

    def _serve(self, port: SerialPort) -> None:
        import serial

        try:
            while not self._stop.is_set():
                for item in self._parser.feed(port.read(port.in_waiting or 1)):
                    self._handle(item)
        except (OSError, serial.SerialException) as error:
            log.warning("dice reader %s lost: %s", self._port, error)
        finally:
            with self._lock:
                self._serial = None
            port.close()

    def _handle(self, item: Parsed) -> None:
        if isinstance(item, Ping):
            self._send("PONG")
        elif isinstance(item, Rejected):
            self._rejected += 1
            self._last_rejected = item.line
            if self._on_rejected is not None:
                self._on_rejected(item)
            self._post_status()
        else:
            self._post(item)

    def _send(self, line: str) -> bool:
        import serial

        data = f"{line}\n".encode("ascii")
        assert len(data) <= MAX_LINE + 1
        with self._lock:
            if self._serial is None:
                return False
            try:
                self._serial.write(data)
            except (OSError, serial.SerialException) as error:
                log.warning("dice reader %s: could not send %s: %s", self._port, line, error)
                return False
        return True

    def _set_status(self, status: Literal["connected", "disconnected", "absent"]) -> None:
        if status != self._status:
            self._status = status
            # In the log too: "when did the reader come back" is answered by the journal.
            log.info("dice reader %s %s", self._name(), status)
            self._post_status()

    def _name(self) -> str:
        """The port as configured, and for "auto" the one it found: "auto (/dev/ttyACM0)"."""
        if self._port == "auto" and self._url is not None:
            return f"auto ({self._url})"
        return self._port

    def _post_status(self) -> None:
        assert self._status is not None
        self._post(ReaderStatus(self._status, self._rejected, self._last_rejected))

    def _note_failure(self, message: str) -> None:
        # Said once, not every second while the reader stays unplugged.
        if message != self._last_failure:
            log.warning("%s (retrying every %g s)", message, self._interval)
            self._last_failure = message
