"""device.web.liveness: the table runs while another process holds its journal open (the
WAL dead-man-switch lock), read from /proc/locks; a crash or SIGKILL ends it at once."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from device.web.liveness import DMS_BYTE, holders, table_running
from display.web.words import EN
from tests.web.conftest import TableProcess, WebServer, running

NOT_RUNNING = EN["web.table_off"]  # the catalogue, not translate(): no import order

LOCKS = """\
1: POSIX  ADVISORY  READ 7840 fe:00:2147190 128 128
2: POSIX  ADVISORY  READ 7840 fe:00:2147185 1073741826 1073742335
3: POSIX  ADVISORY  READ 9001 fe:00:2147190 120 EOF
3: -> POSIX  ADVISORY  WRITE 9002 fe:00:2147190 128 128
4: FLOCK  ADVISORY  WRITE 9003 fe:00:2147190 0 EOF
5: OFDLCK ADVISORY  READ -1 fe:00:2147190 128 128
6: POSIX  ADVISORY  READ 9004 fe:00:21471900 128 128
7: POSIX  ADVISORY  WRITE 9005 fe:00:2147190 120 127
"""


def test_the_holders_of_the_dms_byte_are_read_from_proc_locks() -> None:
    """A range that covers byte 128 counts (to EOF too); a waiter (->), a flock, another
    inode whose number merely starts the same, and a range that ends before it do not."""
    assert holders(LOCKS, 2147190) == {7840, 9001}
    assert holders(LOCKS, 2147190, byte=DMS_BYTE - 1) == {9001, 9005}
    assert holders(LOCKS, 1) == set()
    assert holders("garbage\n\n1: POSIX\n", 2147190) == set()


def test_no_journal_or_no_shm_is_not_running(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    assert not table_running(journal)
    journal.write_bytes(b"")
    assert not table_running(journal), "a journal nobody has open has no -shm"


def test_only_this_process_holding_the_journal_is_not_running(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    journal.write_bytes(b"")
    shm = Path(f"{journal}-shm")
    shm.write_bytes(b"")
    inode = shm.stat().st_ino
    locks = tmp_path / "locks"
    locks.write_text(f"1: POSIX  ADVISORY  READ {os.getpid()} fe:00:{inode} 128 128\n")
    assert not table_running(journal, locks)
    locks.write_text(f"1: POSIX  ADVISORY  READ {os.getpid() + 1} fe:00:{inode} 128 128\n")
    assert table_running(journal, locks)
    assert table_running(journal, tmp_path / "no-such-file"), "no /proc/locks: a -shm is all"


@pytest.mark.skipif(not Path("/proc/locks").exists(), reason="Linux only")
def test_a_killed_table_is_not_running_at_once(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    table = TableProcess(tmp_path)
    assert table_running(journal)
    table.process.send_signal(signal.SIGKILL)
    table.process.wait(10)
    assert Path(f"{journal}-shm").exists(), "a killed table leaves its -shm behind"
    assert not table_running(journal), "but the kernel dropped its lock"


def test_the_page_says_not_running_once_the_table_stops_and_not_before(tmp_path: Path) -> None:
    """The table's unit stopped: the view, still running, says so within a couple of
    seconds and keeps the state the table left; started again, it is running again."""
    state = tmp_path / "state"
    table = TableProcess(state)
    table.play({"type": "next_phase"})
    with running(state, tmp_path / "web.log") as web:
        first = web.snapshot()
        assert first["position"] == 2 and NOT_RUNNING not in str(first["html"])
        table.stop()
        stopped = wait_for(web, lambda found: NOT_RUNNING in str(found["html"]))
        assert stopped["position"] == 2 and "Round 2" in str(stopped["html"])  # as it left it
        table = TableProcess(state)
        try:
            again = wait_for(web, lambda found: NOT_RUNNING not in str(found["html"]))
            assert again["position"] == 2
        finally:
            table.stop()


def wait_for(web: WebServer, wanted: Callable[[dict[str, object]], bool]) -> dict[str, object]:
    deadline = time.monotonic() + 5
    while not wanted(found := web.snapshot()):
        assert time.monotonic() < deadline, found
        time.sleep(0.05)
    return found
