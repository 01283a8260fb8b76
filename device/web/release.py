"""Giving memory back once the phones have gone.

Measured with ``python -m tests.bench.device.web_bench --only memory``: 200 event streams
cost the view about 3 MiB (aiohttp's protocol, parser, request and response objects,
about 14 KiB a connection). When they drop, every one of those Python objects is
freed (tracemalloc finds nothing left), but two things keep the memory:

- a stream that aiohttp cancels because its phone hung up leaves a few objects in
  reference cycles (the cancelled task, its exception and frames), about 1,200 for
  200 streams. Only the cyclic garbage collector frees them, and its oldest
  generation may not run for a long time in a quiet server;
- freed memory stays with the allocator. CPython's small-object allocator gives an
  arena (1 MiB) back only when nothing in it is alive, and it hands out the free
  blocks of partly used 16 KiB pools before fresh ones, so what the view makes
  after the drop (each commit's state and page, the event loop's timers) keeps
  landing in the arenas the connections used: about 3 MiB stays, whether or not
  anything was committed meanwhile. glibc's malloc keeps freed space below the
  top of its heap unless asked to return it.

So when the last stream has closed, :func:`release` runs the collector and asks glibc
(where there is one) to hand free pages back. What CPython's allocator keeps is not
lost: the next phones reuse it, so it does not grow from one crowd to the next. The
view does not restart itself to get it back: its modules load no drawing library, and
without pygame it is smaller after a crowd than the restarting view was idle, while a
restart is a moment when a phone waits (seconds on a slow machine) for nothing (the
figures in docs/measured.md).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import sys
from collections.abc import Callable
from pathlib import Path

from rules.values import Record

log = logging.getLogger(__name__)


def resident_mib(status: Path = Path("/proc/self/status")) -> float | None:
    """A process's resident memory (VmRSS) in MiB; None where /proc has none."""
    try:
        text = status.read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return None


class Released(Record):
    collected: int  # objects in reference cycles the collector freed
    trimmed: bool | None  # glibc gave pages back; None: not glibc, nothing asked
    live_blocks: int  # blocks the small-object allocator still hands out: what is alive


def _glibc_trim() -> Callable[[int], int] | None:
    """``malloc_trim`` of the C library, if it is glibc (musl and others have none)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


MALLOC_TRIM = _glibc_trim()
SAID = {None: "not glibc: no trim", True: "free pages trimmed", False: "nothing to trim"}


def release(trim: Callable[[int], int] | None = MALLOC_TRIM) -> Released:
    """Free what the streams left in cycles, then return free pages to the system."""
    collected = gc.collect()
    trimmed = None if trim is None else bool(trim(0))
    # Resident memory keeps what the allocator keeps; the live blocks count only what is
    # still alive, so a crowd's objects kept by mistake show there and nowhere as plainly.
    live = sys.getallocatedblocks()
    log.info("the last page closed: %d objects in cycles freed, %s; %.1f MiB resident, "
             "%d blocks live", collected, SAID[trimmed], resident_mib() or 0.0, live)  # fmt: skip
    return Released(collected, trimmed, live)
