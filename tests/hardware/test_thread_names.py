"""Worker threads carry their names into the kernel (hardware/threads.py), read back from
/proc as ``top -H`` and the booted machine's CPU figures read them."""

import sys
import threading
from pathlib import Path

import pytest

from hardware import threads

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="thread names in /proc are Linux's"
)


def kernel_name(thread: threading.Thread) -> str:
    return Path(f"/proc/self/task/{thread.native_id}/comm").read_text().strip()


def test_a_started_thread_is_known_to_the_kernel_by_its_name() -> None:
    named, release = threading.Event(), threading.Event()
    thread = threads.start(lambda: (named.set(), release.wait(5)), "smart-dice")
    try:
        assert named.wait(5)
        assert kernel_name(thread) == "smart-dice"
        assert thread.name == "smart-dice" and thread.daemon
    finally:
        release.set()
        thread.join(5)


def test_a_long_name_is_cut_to_what_the_kernel_keeps() -> None:
    seen: list[str] = []

    def look() -> None:
        threads.name_this_thread("a-name-longer-than-fifteen")
        seen.append(kernel_name(threading.current_thread()))

    thread = threading.Thread(target=look)
    thread.start()
    thread.join(5)
    assert seen == ["a-name-longer-t"]
