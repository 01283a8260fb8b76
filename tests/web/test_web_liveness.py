"""device.web.liveness: the table runs while another process holds its journal open (the
WAL dead-man-switch lock), read from /proc/locks; a crash or SIGKILL ends it at once. The
view (device.web.feed) looks at it once a second, but not with a running table's commit."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from device.games import GAMES
from device.web import feed as feed_module
from device.web.feed import LIVENESS_INTERVAL, Feed
from device.web.liveness import DMS_BYTE, holders, table_running
from display.web.words import EN
from tests.web.conftest import Table, TableProcess, WebServer, running

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


NEXT = {"type": "next_phase"}


def _held_by_another(table: Table, locks: Path, held: bool) -> None:
    """The machine's lock list (as /proc/locks lists it) with or without another process
    holding the table's journal open: the table here runs in this process, not counted."""
    inode = (table.state_dir / "journal.sqlite3-shm").stat().st_ino
    locks.write_text(f"1: POSIX  ADVISORY  READ {os.getpid() + 1} fe:00:{inode} 128 128\n"
                     if held else "")  # fmt: skip


def test_a_running_tables_commit_is_not_a_look_the_next_poll_is(
    table: Table, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The locks are not read on the way from a running table's commit to the pages; the
    next poll that finds no commit reads them, and sees the table gone."""
    monkeypatch.setattr(feed_module, "LIVENESS_LONGEST", 60.0)  # however slow the machine
    locks = tmp_path / "locks"
    _held_by_another(table, locks, held=True)
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES, locks)
    assert feed.refresh() and feed.table_running
    _held_by_another(table, locks, held=False)  # the table gone (its last commit to come)
    table.play(NEXT)
    assert feed.refresh() and feed.position == 2
    assert feed.table_running, "the commit said it ran; the locks were not read"
    assert feed.refresh(), "the table gone is a change"
    assert not feed.table_running and feed.position == 2


def test_a_commit_is_a_look_while_the_table_was_not_running(table: Table, tmp_path: Path) -> None:
    """A table seen stopped and then committing is seen running with that commit."""
    locks = tmp_path / "locks"
    _held_by_another(table, locks, held=False)
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES, locks)
    assert feed.refresh() and not feed.table_running
    _held_by_another(table, locks, held=True)
    table.play(NEXT)
    assert feed.refresh() and feed.table_running and feed.position == 2


def test_commits_that_never_stop_put_the_look_off_no_longer_than_the_longest_wait(
    table: Table, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commits one after the other, never a poll without one: the look still comes once
    LIVENESS_LONGEST has passed since the last (here a fifth of a second), not before."""
    monkeypatch.setattr(feed_module, "LIVENESS_LONGEST", 0.2)
    locks = tmp_path / "locks"
    _held_by_another(table, locks, held=True)
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES, locks)
    looked = time.monotonic()  # no later than the feed's own look, which the wait counts from
    assert feed.refresh() and feed.table_running
    _held_by_another(table, locks, held=False)
    while feed.table_running and time.monotonic() - looked < 5:
        table.play(NEXT)
        assert feed.refresh()
    waited = time.monotonic() - looked
    assert not feed.table_running and 0.2 <= waited < 5, waited


@pytest.mark.skipif(not Path("/proc/locks").exists(), reason="Linux only")
def test_a_table_killed_just_after_a_commit_is_seen_within_the_interval(tmp_path: Path) -> None:
    """As the server polls (``may_have_changed``, then ``refresh``): a table killed right
    after a commit the view followed is seen not running within a second of the view's
    last look at it, as a table killed between commits is."""
    table = TableProcess(tmp_path)
    feed = Feed(tmp_path / "journal.sqlite3", GAMES)
    try:
        assert feed.refresh() and feed.table_running
        table.play(NEXT)
        assert feed.refresh() and feed.position == 2
        table.process.send_signal(signal.SIGKILL)
        table.process.wait(10)
        # counted from the kill, which follows the look: on a slow machine the kill may
        # come after the next look was due, and the table is then seen at once
        killed = time.monotonic()
        while feed.table_running and time.monotonic() - killed < 10:
            if feed.may_have_changed():
                feed.refresh()
            time.sleep(0.005)
        waited = time.monotonic() - killed
        assert not feed.table_running and waited < LIVENESS_INTERVAL + 0.5, waited
    finally:
        feed.close()


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
