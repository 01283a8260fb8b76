"""device.web.release: what the view does when the last phone has gone."""

from __future__ import annotations

import gc
import platform
import weakref
from pathlib import Path

import pytest

from device.web.release import MALLOC_TRIM, release, resident_mib


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_objects_left_in_reference_cycles_are_freed() -> None:
    gc.disable()  # the collector must not run on its own between the cycle and release()
    try:
        first, second = Node(), Node()
        first.other, second.other = second, first
        alive = weakref.ref(first)
        del first, second
        assert alive() is not None  # a cycle: reference counting alone never frees it
        found = release(trim=None)
    finally:
        gc.enable()
    assert alive() is None
    assert found.collected >= 2
    assert found.trimmed is None  # no allocator asked: as on a C library without malloc_trim


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_on_glibc_free_pages_are_handed_back() -> None:
    assert MALLOC_TRIM is not None
    calls: list[int] = []

    def trim(pad: int) -> int:
        calls.append(pad)
        return MALLOC_TRIM(pad)

    found = release(trim=trim)
    assert calls == [0]  # keep no padding: give back all that is free
    assert found.trimmed in (True, False)


def test_resident_memory_is_read_from_proc(tmp_path: Path) -> None:
    status = tmp_path / "status"
    status.write_text("Name:\tpython\nVmPeak:\t  99999 kB\nVmRSS:\t   52224 kB\n")
    assert resident_mib(status) == 51.0
    assert resident_mib(tmp_path / "none") is None
    if Path("/proc/self/status").exists():
        assert (resident_mib() or 0) > 1


def test_the_live_blocks_count_what_is_kept_alive_and_not_what_was_freed() -> None:
    before = release(trim=None).live_blocks
    kept = [Node() for _ in range(5000)]  # a crowd's objects, held by mistake
    holding = release(trim=None).live_blocks
    del kept
    after = release(trim=None).live_blocks
    assert holding - before >= 5000
    assert after - before < 500  # freed, though the allocator may keep their arenas
