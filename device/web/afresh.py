"""Starting the view afresh, on the same listening socket, once the phones have gone.

200 event streams held and dropped leave the view about 3 MiB larger than it started
(``python -m device.bench.web_bench --only memory``), and no collection or trim gets it
back: CPython's small-object allocator keeps every 1 MiB arena that still holds one
live block, and what the view makes after the drop lands in them (see
:mod:`device.web.release`). The memory is not lost, the next crowd reuses it, but the
view would never be back to its size at start. A process that starts again is.

So when no page is open and the view is still more than a margin above the size it
had when it was ready, it replaces itself (``exec``) with a fresh start of the same
command, the same process id (systemd's unit goes on watching it), keeping its
listening socket open across: a phone that connects meanwhile waits in the kernel's
queue and is answered by the fresh view, never refused. The socket is passed the way
systemd passes sockets (``LISTEN_FDS``, ``LISTEN_PID``, descriptor 3), so the fresh
start finds it as it would find one systemd opened. Web servers that recycle their
workers do the same for the same reason (gunicorn's ``max_requests``).
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Mapping, MutableMapping
from pathlib import Path

LISTEN_FDS_START = 3  # sd_listen_fds(3): the first passed descriptor is always 3
# MiB above the size at start worth a fresh start; a phone or two coming and going
# leaves less than this, so they do not make the view restart each time.
MARGIN_MIB = 1.0


def resident_mib(status: Path = Path("/proc/self/status")) -> float | None:
    """This process's resident memory (VmRSS) in MiB; None where /proc has none."""
    try:
        text = status.read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return None


def worth_starting_afresh(now: float | None, at_start: float | None, margin: float) -> bool:
    """True when the view holds more than ``margin`` MiB beyond its size at start
    (a negative margin: never; unknown sizes: never)."""
    if margin < 0 or now is None or at_start is None:
        return False
    return now - at_start > margin


def inherited_socket(env: MutableMapping[str, str] | None = None) -> socket.socket | None:
    """The listening socket passed to this process (by :func:`start_afresh`, or by a
    systemd socket unit), or None. The variables are removed, as ``sd_listen_fds(1)``
    does, so a child process never takes the socket for its own."""
    env = os.environ if env is None else env
    count, pid = env.pop("LISTEN_FDS", ""), env.pop("LISTEN_PID", "")
    env.pop("LISTEN_FDNAMES", None)
    if count != "1" or pid != str(os.getpid()):
        return None
    sock = socket.socket(fileno=LISTEN_FDS_START)
    sock.set_inheritable(False)
    sock.setblocking(False)
    return sock


def handed_over_environment(env: Mapping[str, str], pid: int | None = None) -> dict[str, str]:
    """The environment of the fresh start: this one, plus the passed socket."""
    passed = {"LISTEN_FDS": "1", "LISTEN_PID": str(os.getpid() if pid is None else pid)}
    return {**env, **passed, "LISTEN_FDNAMES": "celaeno-web"}


def start_afresh(listening: int) -> None:
    """Replace this process with a fresh start of the same command, handing it the
    listening socket ``listening`` as descriptor 3. Returns only if ``exec`` failed
    (then the caller exits with an error and systemd restarts the unit)."""
    if listening != LISTEN_FDS_START:
        os.dup2(listening, LISTEN_FDS_START, inheritable=True)
        os.close(listening)
    else:
        os.set_inheritable(LISTEN_FDS_START, True)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, sys.orig_argv, handed_over_environment(os.environ))
