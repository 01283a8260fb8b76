"""The phone view beside the companion on a desktop: ``celaeno web`` as a child process.

On the Pi the phone view is a unit of its own (``systemd/celaeno-web.service``), so
whatever it does the table plays on. A desktop has no such unit, so the first time "Show
on phones" is chosen the companion starts ``celaeno web`` itself, as its own process with
the companion's configuration and journal, and never before: a table that never shows on
phones never pays for the server. It waits for the view's ``READY=1`` on a notification
socket of its own, the way systemd waits for it (the view says it once it listens), so
the code on the screen is of a view that answers.

The child goes with the companion. Every way the companion stops (SIGTERM, the window
closed, Ctrl+C) ends in :meth:`PhoneView.stop`; and the child's standard input is a pipe
whose other end only the companion holds, which the kernel closes however the companion
ends (SIGKILL included), and the view stops when it closes (``--until-stdin-closes``).

Where the unit is installed, or the companion itself runs as a systemd service, the unit
runs the view and the companion starts none: :func:`beside_a_unit`.
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from rules.text import Text, text

log = logging.getLogger(__name__)

WEB_UNIT = Path("/etc/systemd/system/celaeno-web.service")  # where systemd/install.sh puts it
# The view took about 1 s to say READY on a loaded desktop; a Pi 3 several times that.
READY_WAIT = 20.0
STOP_WAIT = 10.0  # the unit's TimeoutStopSec
# What a child must not inherit from a companion run by systemd: the watchdog and the
# notification socket are the companion's own.
NOT_INHERITED = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID")
LISTEN = "0A"  # a socket's state in /proc/net/tcp: TCP_LISTEN
TCP_TABLES = (Path("/proc/net/tcp"), Path("/proc/net/tcp6"))


def beside_a_unit(env: Mapping[str, str], unit: Path = WEB_UNIT) -> bool:
    """Whether systemd runs the phone view here: its unit is installed, or the companion
    is itself a service (systemd sets ``INVOCATION_ID`` for every unit it starts)."""
    return unit.exists() or bool(env.get("INVOCATION_ID"))


def web_argv(args: argparse.Namespace) -> list[str]:
    """``celaeno web`` with the companion's own places (the same journal and [web])."""
    argv = [sys.executable, "-m", "device.cli", "web", "--until-stdin-closes"]
    if args.config:
        argv += ["--config", str(args.config)]
    if args.state_dir:
        argv += ["--state-dir", str(args.state_dir)]
    return argv


def listening(port: int, tables: Sequence[Path] = TCP_TABLES) -> bool:
    """Whether some process on this machine listens on TCP ``port`` (a view started by
    hand, say). Read from the kernel's tables: the table's process opens no network socket."""
    for table in tables:
        try:
            lines = table.read_text(encoding="ascii").splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()  # sl local_address rem_address st ...
            if len(fields) > 3 and fields[3] == LISTEN and fields[1].endswith(f":{port:04X}"):
                return True
    return False


class PhoneView:
    """``celaeno web`` started on demand beside the companion, and stopped with it."""

    def __init__(self, argv: list[str], port: int, tables: Sequence[Path] = TCP_TABLES) -> None:
        self.argv, self.port, self.tables = argv, port, tables
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Text | None:
        """Start the view unless one answers already; None once one does, else why not."""
        if self.process is not None and self.process.poll() is None:
            return None
        if listening(self.port, self.tables):
            log.info("phone view: port %d already has a listener; not starting another", self.port)
            return None
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as ready:
            # Linux's abstract namespace: no file to clean up, gone with the socket.
            name = f"celaeno-view-{os.getpid()}-{secrets.token_hex(4)}"
            ready.bind("\0" + name)
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                env=_child_env(os.environ, "@" + name),
                # Ctrl+C in the terminal reaches the companion alone, which stops the view.
                start_new_session=True,
            )
            log.info("phone view: started `celaeno web` (pid %d)", self.process.pid)
            return self._until_ready(ready)

    def _until_ready(self, ready: socket.socket) -> Text | None:
        assert self.process is not None
        deadline = time.monotonic() + READY_WAIT
        while (left := deadline - time.monotonic()) > 0:
            ready.settimeout(min(0.2, left))
            try:
                said = ready.recv(4096).decode("utf-8", "replace").splitlines()
            except TimeoutError:
                said = []
            if "READY=1" in said:
                log.info("phone view: listening on port %d", self.port)
                return None
            code = self.process.poll()
            if code is not None:
                log.warning("phone view: `celaeno web` ended with status %d", code)
                self.stop()
                return text("web.not_started", reason=text("web.ended", code=code))
        log.warning("phone view: no READY=1 in %.0f s; stopping it", READY_WAIT)
        self.stop()
        return text("web.not_started", reason=text("web.no_answer", seconds=int(READY_WAIT)))

    def stop(self) -> None:
        """Stop the view if this companion started it (closing its pipe, then SIGTERM)."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()
        process.terminate()
        try:
            process.wait(timeout=STOP_WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.info("phone view: stopped (pid %d)", process.pid)


def _child_env(env: Mapping[str, str], notify_socket: str) -> dict[str, str]:
    child = {k: v for k, v in env.items() if k not in NOT_INHERITED}
    child["NOTIFY_SOCKET"] = notify_socket
    return child
