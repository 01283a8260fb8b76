"""Worker threads that the kernel knows by name.

Python before 3.14 leaves every thread named as the program, so ``top -H``, ``ps -L`` and
``/proc/PID/task/*/comm`` cannot tell the smart dice' loop from the main loop. A thread
started here names itself (``prctl(PR_SET_NAME)``, Linux only, at most 15 bytes), so a maker
can see which part of the table spends what, and the booted machine's CPU figures can split
the table's unit by thread.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
import threading
from collections.abc import Callable
from functools import cache

PR_SET_NAME = 15
NAME_BYTES = 15  # the kernel's TASK_COMM_LEN, 16, with its terminating zero


def start(target: Callable[[], object], name: str) -> threading.Thread:
    """A daemon thread running ``target``, named ``name`` for Python and for the kernel."""

    def named() -> None:
        name_this_thread(name)
        target()

    thread = threading.Thread(target=named, name=name, daemon=True)
    thread.start()
    return thread


def name_this_thread(name: str) -> bool:
    """Give the calling thread ``name`` in the kernel; False where that cannot be done."""
    prctl = _prctl()
    if prctl is None:
        return False
    return bool(prctl(PR_SET_NAME, name.encode()[:NAME_BYTES], 0, 0, 0) == 0)


@cache
def _prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return None
    prctl: Callable[..., int] = libc.prctl
    return prctl
