"""Whether the table is running, seen from another process without talking to it.

The table (``celaeno run``) holds the journal open for its whole run, and every SQLite
connection to a WAL database holds a shared lock on one byte of the ``-shm`` file for
as long as it is open: the "dead man switch" (DMS, byte 128 in the unix VFS; see
sqlite.org/walformat.html). The kernel drops it when the process ends, however it
ends (a clean stop, a crash, SIGKILL, a pulled plug). So "another process holds the DMS
lock on the journal's ``-shm``" is "the table is running", as the kernel sees it.

The locks are read from ``/proc/locks`` rather than asked with ``fcntl(F_GETLK)``: asking
needs a descriptor on the ``-shm`` file, and closing any descriptor on a file drops every
POSIX lock this process holds on it, SQLite's own among them (the view's connection, or
in a test the table's in the same process). Reading ``/proc/locks`` opens nothing of the
journal's. The view's own connection holds the same lock: locks of this process are not
counted. Another program that has the journal open (``celaeno export`` while the table is
stopped) counts as running for as long as it has it open.
"""

from __future__ import annotations

import os
from pathlib import Path

PROC_LOCKS = Path("/proc/locks")
# UNIX_SHM_DMS in SQLite's os_unix.c: UNIX_SHM_BASE (22 + SQLITE_SHM_NLOCK) * 4, plus
# SQLITE_SHM_NLOCK (8); the same since WAL came in (3.7.0).
DMS_BYTE = 128


def holders(locks: str, inode: int, byte: int = DMS_BYTE) -> set[int]:
    """The processes holding a lock on ``byte`` of the file ``inode`` (``/proc/locks``
    lines: ``1: POSIX  ADVISORY  READ 7840 fe:00:2147190 128 128``; a waiter's line has
    ``->`` and holds nothing)."""
    found: set[int] = set()
    for line in locks.splitlines():
        fields = line.split()
        if "->" in fields or len(fields) < 8 or fields[1] != "POSIX":
            continue
        pid, file, start, end = fields[4], fields[5], fields[6], fields[7]
        if not file.endswith(f":{inode}") or not pid.isdigit():
            continue
        last = None if end == "EOF" else int(end)
        if int(start) <= byte and (last is None or byte <= last):
            found.add(int(pid))
    return found


def table_running(journal: Path, locks: Path = PROC_LOCKS) -> bool:
    """True while another process has the journal ``journal`` open (the table)."""
    try:
        journal.stat()
        inode = Path(f"{journal}-shm").stat().st_ino
    except OSError:
        return False  # no journal (or none this user may see); no -shm: nobody has it open
    try:
        text = locks.read_text(encoding="ascii", errors="replace")
    except OSError:
        return True  # no /proc/locks (not Linux): a journal with a -shm is all we know
    return bool(holders(text, inode) - {os.getpid()})
