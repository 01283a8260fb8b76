"""The local socket from the phone view to the companion: how a seat's command reaches the
journal's one writer.

The view runs as its own user and may not write the journal; the companion listens on a
Unix socket beside the journal, ``<state dir>/seats/table.sock``. Only the companion's user
and the view's may open it: under the units both are in the group ``celaeno-seats`` (made by
``systemd/install.sh``; the owner's login is in the journal's group, not this one), the
socket's directory is ``0710`` (setgid, made in the group by the unit: see :func:`_give`)
and the socket ``0660``, both in that group. On a desktop the view is the companion's own
child, the same user: ``0700`` and ``0600``.

One request a connection: a JSON object on one line, answered by one line (the answer to a
seat's command waits for the commit). The companion listens only once a seat is paired, or
once "Seats on phones" is opened: a table without seats has no socket.
"""

from __future__ import annotations

import grp
import json
import os
import socket
import stat
from collections.abc import Mapping
from pathlib import Path

# One message either way: a JSON object (what json.loads gives; the reader checks each value).
Message = dict[str, object]

SEATS_GROUP = "celaeno-seats"
DIRECTORY = "seats"
SOCKET_NAME = "table.sock"
DIRECTORY_MODE = 0o710  # the group may reach the socket, not list or change the directory
SOCKET_MODE = 0o660  # connecting to a Unix socket needs write permission on it
PRIVATE_DIRECTORY, PRIVATE_SOCKET = 0o700, 0o600  # no such group: the companion's user only
MAX_MESSAGE = 16 * 1024  # a seat's command is a few hundred bytes
TIMEOUT = 10.0  # seconds for one exchange (the commit's fsync included)


class TableAway(Exception):
    """No companion listens (it is not running, or no seat was ever opened on it)."""


def socket_path(state_dir: Path) -> Path:
    return state_dir / DIRECTORY / SOCKET_NAME


def seats_group() -> int | None:
    """The group both the companion and the view are in, when this process is in it."""
    try:
        gid = grp.getgrnam(SEATS_GROUP).gr_gid
    except KeyError:
        return None
    return gid if gid in (os.getgid(), *os.getgroups()) else None


def listen(path: Path, group: int | None) -> socket.socket:
    """The companion's listening socket at ``path``, open to ``group`` (None: to this user
    only). A socket left by a companion that died is replaced."""
    directory = path.parent
    directory.mkdir(mode=PRIVATE_DIRECTORY, exist_ok=True)
    _give(directory, group, PRIVATE_DIRECTORY if group is None else DIRECTORY_MODE)
    if path.is_socket():
        path.unlink()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC)
    try:
        sock.bind(str(path))
        _give(path, group, PRIVATE_SOCKET if group is None else SOCKET_MODE)
        sock.listen(16)
    except BaseException:
        sock.close()
        raise
    return sock


def _give(path: Path, group: int | None, mode: int) -> None:
    """``path`` in ``group`` (None: left as made) with the permissions ``mode``, each changed
    only where it differs. Under its unit the companion may not chown at all (its system
    call filter takes ``@chown`` away) nor set a setgid bit (``RestrictSUIDSGID=``): the
    unit makes the directory in the group and setgid before the app starts, so the socket
    made in it is in the group from the start, and neither needs a chown."""
    found = path.stat()
    if group is not None and found.st_gid != group:
        os.chown(path, -1, group)
    if stat.S_IMODE(found.st_mode) & 0o777 != mode:
        os.chmod(path, mode)


def is_socket(path: Path) -> bool:
    try:
        return stat.S_ISSOCK(path.stat().st_mode)
    except OSError:
        return False


def encode(message: Mapping[str, object]) -> bytes:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def decode(line: bytes) -> Message:
    """One message; ValueError for anything but a JSON object on one line."""
    if len(line) > MAX_MESSAGE:
        raise ValueError("message too long")
    found = json.loads(line.decode("utf-8"))
    if not isinstance(found, dict):
        raise ValueError("not a JSON object")
    return found


def read_line(sock: socket.socket) -> bytes:
    """Bytes up to the first newline (at most :data:`MAX_MESSAGE`); ValueError beyond."""
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return b"".join(chunks)
        newline = chunk.find(b"\n")
        if newline >= 0:
            chunks.append(chunk[:newline])
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > MAX_MESSAGE:
            raise ValueError("message too long")


def ask(path: Path, request: Mapping[str, object], timeout: float = TIMEOUT) -> Message:
    """Send ``request`` to the companion and wait for its answer; :class:`TableAway` when
    nobody listens (no socket, or a socket left by a companion that died)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC) as sock:
        sock.settimeout(timeout)
        try:
            sock.connect(str(path))
        except (FileNotFoundError, ConnectionRefusedError, NotADirectoryError) as error:
            raise TableAway(str(error)) from None
        sock.sendall(encode(request))
        line = read_line(sock)
    if not line:  # the companion ended between taking the request and answering it
        raise TableAway("no answer")
    return decode(line)
