"""Being woken when the journal's directory changes (Linux inotify), instead of polling.

Every commit of the table writes to the journal's ``-wal`` file, which raises an
``IN_MODIFY`` event on its directory; a new or removed file (the table starting or
stopping) raises ``IN_CREATE``/``IN_DELETE``. So an idle table costs the phone view no
wake-ups at all, and a commit is seen as soon as it is written. The server still looks
once a second in case events were lost (a full queue, a file system without inotify).

inotify has no binding in the standard library; it is three calls into libc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path

IN_MODIFY = 0x00000002
IN_MOVED_FROM = 0x00000040
IN_MOVED_TO = 0x00000080
IN_CREATE = 0x00000100
IN_DELETE = 0x00000200
IN_NONBLOCK = os.O_NONBLOCK
IN_CLOEXEC = os.O_CLOEXEC
WATCHED = IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO


class DirectoryWatch:
    """A non-blocking inotify descriptor on one directory; ``fileno()`` for the event loop."""

    def __init__(self, directory: Path) -> None:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        if libc.inotify_add_watch(fd, os.fsencode(directory), WATCHED) < 0:
            error = ctypes.get_errno()
            os.close(fd)
            raise OSError(error, f"inotify_add_watch {directory}")
        self._fd = int(fd)

    def fileno(self) -> int:
        return self._fd

    def drain(self) -> bool:
        """Read every pending event; True if there was any."""
        seen = False
        while True:
            try:
                if not os.read(self._fd, 65536):
                    return seen
            except BlockingIOError:
                return seen
            seen = True

    def close(self) -> None:
        os.close(self._fd)


def watch(directory: Path) -> DirectoryWatch | None:
    """A watch on ``directory``, or None where inotify or the directory is not there."""
    try:
        return DirectoryWatch(directory)
    except (OSError, AttributeError, TypeError):
        return None
