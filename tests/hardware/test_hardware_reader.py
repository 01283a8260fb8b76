"""The reader thread over pyserial: real pseudo-terminals (os.openpty) and loop://."""

from __future__ import annotations

import os
import queue
import random
import socket
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.events import DiceRead, InputEvent, ReaderError, ReaderHello, ReaderStatus
from hardware.protocol import Rejected
from hardware.reader import READ_TIMEOUT, UNCANCELLABLE_READ_TIMEOUT, DiceReader
from tests.properties import examples

Events = queue.Queue[InputEvent]


class Pty:
    """A pseudo-terminal whose master end the test writes, as a reader's firmware would."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def read_line(self, timeout: float = 2.0) -> bytes:
        end, data = time.monotonic() + timeout, b""
        os.set_blocking(self.master, False)
        while not data.endswith(b"\n") and time.monotonic() < end:
            try:
                data += os.read(self.master, 100)
            except BlockingIOError:
                time.sleep(0.01)
        return data

    def close(self) -> None:
        # Once only: a closed fd number may already belong to something else.
        if self.master >= 0:
            os.close(self.master)
            os.close(self.slave)
            self.master = self.slave = -1


@pytest.fixture()
def pty() -> Iterator[Pty]:
    opened = Pty()
    yield opened
    opened.close()


@pytest.fixture()
def events() -> Events:
    return queue.Queue()


def wait_for(
    events: Events, wanted: Callable[[InputEvent], bool], timeout: float = 2.0
) -> InputEvent:
    """The first event that is ``wanted``, skipping others; fails after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while (left := end - time.monotonic()) > 0:
        try:
            event = events.get(timeout=left)
        except queue.Empty:
            break
        if wanted(event):
            return event
    raise AssertionError(f"nothing wanted arrived within {timeout} s")


def connected(event: InputEvent) -> bool:
    return isinstance(event, ReaderStatus) and event.status == "connected"


def disconnected(event: InputEvent) -> bool:
    return isinstance(event, ReaderStatus) and event.status == "disconnected"


def not_status(event: InputEvent) -> bool:
    return not isinstance(event, ReaderStatus)


@pytest.fixture()
def reader(pty: Pty, events: Events) -> Iterator[DiceReader]:
    with DiceReader(events.put, pty.path) as started:
        started.start()
        wait_for(events, connected)
        yield started


def test_valid_lines_with_lf_and_crlf_are_posted_in_order(
    reader: DiceReader, pty: Pty, events: Events
) -> None:
    pty.write(b"HELLO pico-dice 1.2\r\nROLL 4 2 6 1 1 5\nERR cocked\r\nROLL 2*0F\r\n")
    found = [wait_for(events, not_status) for _ in range(4)]
    assert found == [
        ReaderHello("pico-dice", "1.2"),
        DiceRead((4, 2, 6, 1, 1, 5)),
        ReaderError("cocked"),
        DiceRead((2,)),
    ]


def test_bad_lines_are_counted_in_the_status(reader: DiceReader, pty: Pty, events: Events) -> None:
    pty.write(b"ROLL 2*0E\n" + b"ROLL " + b"1 " * 60 + b"\nWHAT\nROLL 3\n")
    statuses = [wait_for(events, lambda e: isinstance(e, ReaderStatus)) for _ in range(3)]
    assert [(s.status, s.rejected) for s in statuses] == [("connected", n) for n in (1, 2, 3)]
    assert statuses[-1] == ReaderStatus("connected", 3, "WHAT")
    assert wait_for(events, not_status) == DiceRead((3,))


def test_a_partial_line_at_a_read_timeout_is_kept(pty: Pty, events: Events) -> None:
    with DiceReader(events.put, pty.path, read_timeout=0.05) as reader:
        reader.start()
        wait_for(events, connected)
        pty.write(b"ROLL 5")
        time.sleep(0.3)  # several 0.05 s read timeouts pass with half a line in hand
        pty.write(b" 6\n")
        assert wait_for(events, not_status) == DiceRead((5, 6))


def test_a_line_in_pieces_is_read_whole_at_the_shipped_timeout(
    reader: DiceReader, pty: Pty, events: Events
) -> None:
    """Each piece ends a read at once (a read waits for a byte, not for READ_TIMEOUT)."""
    for piece in (b"RO", b"LL 3", b" 4", b"\n"):
        pty.write(piece)
        time.sleep(0.1)
    assert wait_for(events, not_status) == DiceRead((3, 4))
    assert events.empty()


def test_ping_is_answered_with_pong(reader: DiceReader, pty: Pty) -> None:
    pty.write(b"PING\n")
    assert pty.read_line() == b"PONG\n"


def test_expect_and_idle_reach_the_reader(reader: DiceReader, pty: Pty) -> None:
    assert reader.send_expect(3, "agony")
    assert pty.read_line() == b"EXPECT 3 agony\n"
    assert reader.send_idle()
    assert pty.read_line() == b"IDLE\n"


@settings(max_examples=examples(15))
@given(st.binary(min_size=1, max_size=400))
def test_a_valid_roll_right_after_random_bytes_is_still_read(garbage: bytes) -> None:
    pty, events = Pty(), queue.Queue[InputEvent]()
    try:
        with DiceReader(events.put, pty.path) as reader:
            reader.start()
            wait_for(events, connected)
            pty.write(garbage + b"\nROLL 6 6\n")
            assert wait_for(events, lambda e: e == DiceRead((6, 6)))
    finally:
        pty.close()


class Socket:
    """A stable path (as the udev rule gives the reader) to a pty a test can pull out and
    replace with a new one, as a cable is pulled and a reader plugged back."""

    def __init__(self, tmp_path: Path) -> None:
        self.link = tmp_path / "celaeno-dice"
        self.ptys = [Pty()]
        self.link.symlink_to(self.ptys[0].path)

    @property
    def pty(self) -> Pty:
        return self.ptys[-1]

    def plug_new(self) -> Pty:
        self.ptys.append(Pty())
        self.link.unlink()
        self.link.symlink_to(self.pty.path)
        return self.pty

    def close(self) -> None:
        for pty in self.ptys:
            pty.close()


@pytest.fixture()
def plugged(tmp_path: Path) -> Iterator[Socket]:
    found = Socket(tmp_path)
    yield found
    found.close()


def test_unplug_then_a_new_pty_at_the_same_path_reconnects_within_2_s(
    plugged: Socket, events: Events
) -> None:
    with DiceReader(events.put, str(plugged.link)) as reader:
        reader.start()
        wait_for(events, connected)
        plugged.pty.close()  # the cable is pulled
        wait_for(events, disconnected)
        second = plugged.plug_new()
        plugged_at = time.monotonic()
        wait_for(events, connected, timeout=2.0)
        assert time.monotonic() - plugged_at < 2.0
        second.write(b"ROLL 1\n")
        assert wait_for(events, not_status) == DiceRead((1,))


def test_what_is_wanted_is_sent_again_when_the_reader_is_plugged_back(
    plugged: Socket, events: Events
) -> None:
    """Told while unplugged, or before a reset: the reader learns it when it is back."""
    with DiceReader(events.put, str(plugged.link)) as reader:
        reader.start()
        wait_for(events, connected)
        assert reader.send_expect(2, "agony")
        assert plugged.pty.read_line() == b"EXPECT 2 agony\n"
        plugged.pty.close()  # the cable is pulled
        wait_for(events, disconnected)
        assert not reader.send_expect(1, "agony")  # the game moved on meanwhile
        second = plugged.plug_new()
        wait_for(events, connected, timeout=2.0)
        assert second.read_line() == b"EXPECT 1 agony\n"
        assert reader.send_idle()
        assert second.read_line() == b"IDLE\n"


def test_a_reader_told_nothing_is_sent_nothing_on_connecting(reader: DiceReader, pty: Pty) -> None:
    assert pty.read_line(timeout=0.5) == b""


def test_each_change_of_connection_is_one_log_line(
    pty: Pty, events: Events, caplog: pytest.LogCaptureFixture
) -> None:
    """The journal answers "when did the reader come back" (the booted-machine test reads it)."""
    caplog.set_level("INFO", logger="hardware.reader")
    with DiceReader(events.put, pty.path) as reader:
        reader.start()
        wait_for(events, connected)
        pty.close()
        wait_for(events, disconnected)
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("dice reader")]
    assert said[0] == f"dice reader {pty.path} connected"
    assert f"dice reader {pty.path} disconnected" in said
    assert said.count(f"dice reader {pty.path} connected") == 1


def test_a_missing_port_is_disconnected_and_close_is_prompt(tmp_path: Path, events: Events) -> None:
    reader = DiceReader(events.put, str(tmp_path / "no-such-tty"))
    reader.start()
    assert wait_for(events, lambda e: True) == ReaderStatus("disconnected", 0, None)
    assert not reader.send_idle()
    started = time.monotonic()
    reader.close()
    reader.close()
    assert time.monotonic() - started < 1.0


def closing_time(reader: DiceReader) -> float:
    started = time.monotonic()
    reader.close()
    return time.monotonic() - started


@pytest.mark.parametrize("where", ["pty", "loop://"])
def test_a_connected_reader_closes_within_half_a_second(
    where: str, pty: Pty, events: Events
) -> None:
    """close() cancels the read it is blocked in (2 s, READ_TIMEOUT) instead of waiting it out."""
    reader = DiceReader(events.put, pty.path if where == "pty" else where)
    reader.start()
    wait_for(events, connected)
    time.sleep(0.2)  # the thread is in its read by now
    assert closing_time(reader) < 0.5
    assert READ_TIMEOUT >= 1.0  # else this test could pass without the cancel


def test_closing_at_any_moment_is_prompt(events: Events) -> None:
    """A cancel that comes between two reads is kept for the next one, not lost."""
    chance = random.Random(31)
    for _ in range(20):
        reader = DiceReader(events.put, "loop://")
        reader.start()
        time.sleep(chance.uniform(0.0, 0.03))  # opening, connecting, or reading
        assert closing_time(reader) < 0.5


def test_a_port_that_cannot_cancel_a_read_reads_briefly_and_closes_promptly(
    events: Events,
) -> None:
    """socket:// has no cancel_read: its reads keep a short timeout instead."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        reader = DiceReader(events.put, f"socket://127.0.0.1:{server.getsockname()[1]}")
        reader.start()
        wait_for(events, connected)
        peer, _ = server.accept()
        with peer:
            peer.sendall(b"ROLL 2 2\n")
            assert wait_for(events, not_status) == DiceRead((2, 2))
            time.sleep(0.2)
            assert closing_time(reader) < UNCANCELLABLE_READ_TIMEOUT + 0.4


def voluntary_switches(thread_id: int) -> int:
    status = Path(f"/proc/self/task/{thread_id}/status").read_text()
    return int(status.split("voluntary_ctxt_switches:")[1].split()[0])


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_a_reader_at_rest_wakes_at_most_once_in_1_5_s(reader: DiceReader) -> None:
    """It was ten times a second (a 0.1 s read timeout)."""
    (thread,) = [t for t in threading.enumerate() if t.name == "dice-reader"]
    assert thread.native_id is not None
    before = voluntary_switches(thread.native_id)
    time.sleep(1.5)
    assert voluntary_switches(thread.native_id) - before <= 1


def test_a_pulled_reader_is_noticed_at_once_not_at_a_read_timeout(pty: Pty, events: Events) -> None:
    with DiceReader(events.put, pty.path) as reader:
        reader.start()
        wait_for(events, connected)
        time.sleep(0.2)  # the thread is in its read
        pulled = time.monotonic()
        pty.close()
        wait_for(events, disconnected)
        assert time.monotonic() - pulled < 0.5


def test_over_loop_url_what_is_sent_comes_back_and_is_rejected(events: Events) -> None:
    rejected: list[Rejected] = []
    with DiceReader(events.put, "loop://", on_rejected=rejected.append) as reader:
        reader.start()
        wait_for(events, connected)
        assert reader.send_expect(2, "d6")
        status = wait_for(events, lambda e: isinstance(e, ReaderStatus) and e.rejected == 1)
        assert status == ReaderStatus("connected", 1, "EXPECT 2 d6")
    assert rejected == [Rejected("EXPECT 2 d6", "unknown")]


def test_close_before_start_and_twice_is_harmless(events: Events) -> None:
    reader = DiceReader(events.put, "loop://")
    reader.close()
    reader.start()  # after close: stays closed
    reader.close()
    assert events.empty()


@pytest.mark.parametrize(("count", "die"), [(0, "d6"), (31, "d6"), (1, "d20")])
def test_expect_refuses_impossible_rolls(events: Events, count: int, die: str) -> None:
    with pytest.raises(ValueError):
        DiceReader(events.put, "loop://").send_expect(count, die)


def test_a_bad_baud_is_refused(events: Events) -> None:
    with pytest.raises(ValueError, match="baud"):
        DiceReader(events.put, "loop://", baud=0)


@pytest.mark.parametrize("timeout", [0.0, -1.0, float("nan")])
def test_a_bad_read_timeout_is_refused(events: Events, timeout: float) -> None:
    with pytest.raises(ValueError, match="read_timeout"):
        DiceReader(events.put, "loop://", read_timeout=timeout)
