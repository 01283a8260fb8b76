"""Worker threads that the kernel knows by name.

Python before 3.14 leaves every thread named as the program, so ``top -H``, ``ps -L`` and
``/proc/PID/task/*/comm`` cannot tell the smart dice' loop from the main loop. A thread
started here names itself (its own ``/proc/thread-self/comm``, Linux only, at most 15
bytes), so a maker can see which part of the table spends what, and the booted machine's
CPU figures can split the table's unit by thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

# The calling thread's own name in the kernel. Written rather than set with prctl(PR_SET_NAME)
# through ctypes, which would load ctypes, ctypes.util and subprocess into every start.
OWN_NAME = Path("/proc/thread-self/comm")
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
    """Give the calling thread ``name`` in the kernel; False where that cannot be done (not
    Linux, or a /proc that is not mounted)."""
    try:
        OWN_NAME.write_bytes(name.encode()[:NAME_BYTES])
    except OSError:
        return False
    return True
