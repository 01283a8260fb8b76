"""systemd notifications (sd_notify) in a few lines of standard library.

The unit is ``Type=notify`` with ``WatchdogSec=``: the main loop sends ``READY=1`` once
the first frame is on screen, ``WATCHDOG=1`` every :func:`watchdog_interval` seconds from
the loop itself (so a hung loop stops the pings and systemd restarts the service),
``STATUS=`` for ``systemctl status`` and ``STOPPING=1`` on the way out.

Without ``$NOTIFY_SOCKET`` (a desktop, a test, ``celaeno run`` by hand) every call is a
no-op. A failed send is reported by the return value and never raised: losing a
notification must not stop a game.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping


def notify(*assignments: str, env: Mapping[str, str] | None = None) -> bool:
    """Send ``KEY=value`` lines to systemd; True if a datagram was sent."""
    address = _socket_address((os.environ if env is None else env).get("NOTIFY_SOCKET", ""))
    if address is None or not assignments:
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.sendto("\n".join(assignments).encode("utf-8"), address)
    except OSError:
        return False
    return True


def ready(status: str | None = None, env: Mapping[str, str] | None = None) -> bool:
    return notify("READY=1", *_status_line(status), env=env)


def watchdog(env: Mapping[str, str] | None = None) -> bool:
    return notify("WATCHDOG=1", env=env)


def status(text: str, env: Mapping[str, str] | None = None) -> bool:
    return notify(*_status_line(text), env=env)


def stopping(status: str | None = None, env: Mapping[str, str] | None = None) -> bool:
    return notify("STOPPING=1", *_status_line(status), env=env)


def watchdog_interval(env: Mapping[str, str] | None = None) -> float | None:
    """Seconds between ``WATCHDOG=1`` pings (half the unit's WatchdogSec), or None.

    None when no watchdog is set, when the value is not a positive number, or when
    ``$WATCHDOG_PID`` names another process (the variable was inherited by a child).
    """
    env = os.environ if env is None else env
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0 or not _watchdog_is_ours(env.get("WATCHDOG_PID", "")):
        return None
    return usec / 2 / 1_000_000


def _watchdog_is_ours(pid: str) -> bool:
    if not pid:
        return True
    try:
        return int(pid) == os.getpid()
    except ValueError:
        return False


def _socket_address(value: str) -> str | None:
    # "@name" is Linux's abstract namespace, spelled with a leading NUL byte.
    if value.startswith("@"):
        return "\0" + value[1:]
    if value.startswith("/"):
        return value
    return None  # unset, or a form we do not speak (vsock): stay silent


def _status_line(text: str | None) -> list[str]:
    # One notification is newline-separated assignments, so STATUS must be one line.
    if text is None:
        return []
    return ["STATUS=" + " ".join(text.split())]
