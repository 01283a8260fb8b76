"""What went wrong with the journal on disk, in words that say what to do about it.

SQLite and the operating system report storage faults as error codes; this module is the
one place that turns them into a :class:`Fault` and a message naming the file. Each fault
the table can meet has its own words: a read-only file or directory, a full disk, another
program holding the lock, a file the user may not open, a damaged file. The store raises
:class:`device.storage.store.StoreError` carrying the fault; every command prints its message.
"""

from __future__ import annotations

import errno
import grp
import os
import sqlite3
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

Fault = Literal["read_only", "disk_full", "locked", "no_access", "damaged", "other"]

# SQLite's primary result codes (the low byte of an extended code).
_SQLITE_FAULTS: dict[int, Fault] = {
    sqlite3.SQLITE_READONLY: "read_only",
    sqlite3.SQLITE_FULL: "disk_full",
    sqlite3.SQLITE_BUSY: "locked",
    sqlite3.SQLITE_LOCKED: "locked",
    sqlite3.SQLITE_PERM: "no_access",
    sqlite3.SQLITE_CANTOPEN: "no_access",
    sqlite3.SQLITE_AUTH: "no_access",
    sqlite3.SQLITE_CORRUPT: "damaged",
    sqlite3.SQLITE_NOTADB: "damaged",
    sqlite3.SQLITE_SCHEMA: "damaged",
    sqlite3.SQLITE_ERROR: "damaged",  # "no such table": our schema is gone
}
_OS_FAULTS: dict[int, Fault] = {
    errno.EROFS: "read_only",
    errno.ENOSPC: "disk_full",
    errno.EDQUOT: "disk_full",
    errno.EACCES: "no_access",
    errno.EPERM: "no_access",
    errno.ENOTDIR: "no_access",
    errno.EISDIR: "no_access",
    errno.EEXIST: "no_access",  # mkdir: a file stands where the directory should be
}
# Below this much free space an I/O error is the disk being full: SQLite reports a failed
# growth of its shared-memory or WAL file as a generic I/O error, not as SQLITE_FULL.
_NEARLY_FULL = 256 * 1024


def classify(error: BaseException, path: Path) -> Fault:
    """The fault behind ``error``, raised while using the journal at ``path``."""
    if isinstance(error, UnicodeDecodeError):  # text in the file that is not UTF-8
        return "damaged"
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", -1) & 0xFF
        if code == sqlite3.SQLITE_IOERR:
            return "disk_full" if _nearly_full(path.parent) else "other"
        fault = _SQLITE_FAULTS.get(code, "other")
    elif isinstance(error, OSError) and error.errno is not None:
        fault = _OS_FAULTS.get(error.errno, "other")
    else:
        fault = "other"
    # SQLite says only "unable to open" when it may not create its -wal or -shm file.
    if fault in ("no_access", "other") and _read_only(path):
        return "read_only"
    return fault


def message(fault: Fault, path: Path, detail: str) -> str:
    """One paragraph: what happened to the journal at ``path`` and what to do."""
    where = path.parent
    words = {
        "read_only": f"the journal {path} cannot be written: the file or its directory is "
        f"read-only ({detail}). Nothing new can be saved. Make both writable by the user "
        f"running celaeno (the service runs as celaeno: chown -R celaeno {where}), or "
        "choose another --state-dir.",
        "disk_full": f"the disk holding the journal {path} is full ({detail}). Every command "
        f"already acknowledged is kept, but nothing new can be saved. Free some space "
        f"(df -h {where} shows how much is left), then try again.",
        "locked": f"the journal {path} is locked by another program that is writing to it "
        f"({detail}): a running celaeno, or another celaeno import. Wait for it to finish "
        "or stop it, then try again.",
        "no_access": f"cannot open the journal {path} ({detail}). Check that {where} is a "
        f"directory that the user running celaeno may read and write.{group_hint(where)}",
        "damaged": f"the journal {path} cannot be used: {detail}; it was left as it is. "
        "Start celaeno run to set it aside and begin a new journal, or restore it from a "
        "backup.",
        "other": f"cannot use the journal {path}: {detail}",
    }
    return words[fault]


def group_hint(directory: Path, groups: Iterable[int] | None = None) -> str:
    """ " Its group may read it: add yourself …" when ``directory`` lets its group in and the
    user is not in that group (the service's /var/lib/celaeno, group celaeno); else ""."""
    try:
        info = os.stat(directory)
    except OSError:
        return ""
    mine = {*os.getgroups(), os.getegid()} if groups is None else set(groups)
    if info.st_gid in mine or not info.st_mode & stat.S_IRGRP:
        return ""
    try:
        name = grp.getgrgid(info.st_gid).gr_name
    except KeyError:
        name = str(info.st_gid)
    return (
        f" Its group {name} may read it: add yourself to the group {name} "
        f"(sudo usermod -a -G {name} $USER), then log in again."
    )


def _read_only(path: Path) -> bool:
    """The file or its directory cannot be written, by mount or by permission."""
    try:
        if os.statvfs(path.parent).f_flag & os.ST_RDONLY:
            return True
    except OSError:
        return False
    writable = os.access(path.parent, os.W_OK)
    return not writable or (path.exists() and not os.access(path, os.W_OK))


def _nearly_full(directory: Path) -> bool:
    try:
        stats = os.statvfs(directory)
    except OSError:
        return False
    return stats.f_bavail * stats.f_frsize < _NEARLY_FULL
