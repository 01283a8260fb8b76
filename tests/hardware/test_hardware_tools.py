"""celaeno fake-reader and dice-monitor, end to end as separate processes (their refusals in
this process, tests/cli.py), and FakeReader."""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from hardware.events import DiceRead, InputEvent, ReaderStatus
from hardware.fake_reader import FakeReader
from hardware.reader import DiceReader
from hardware.tools import typed_line
from tests import cli

CELAENO = [sys.executable, "-m", "device.cli"]


class Lines:
    """A process's output read on a thread, so the test can wait for a line with a timeout."""

    def __init__(self, stream: IO[str]) -> None:
        self._lines: queue.Queue[str] = queue.Queue()
        self._thread = threading.Thread(target=self._pump, args=(stream,))
        self._thread.start()

    def _pump(self, stream: IO[str]) -> None:
        for line in stream:
            self._lines.put(line)

    def next(self, timeout: float = 5.0) -> str:
        return self._lines.get(timeout=timeout)

    def join(self) -> None:
        self._thread.join()


@pytest.fixture()
def fake_reader() -> Iterator[tuple[subprocess.Popen[str], str]]:
    process = subprocess.Popen(
        [*CELAENO, "fake-reader", "--random", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    path = process.stdout.readline().strip()
    yield process, path
    if process.poll() is None:
        process.kill()
    process.wait(timeout=5)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def test_dice_monitor_against_fake_reader(fake_reader: tuple[subprocess.Popen[str], str]) -> None:
    reader, path = fake_reader
    assert reader.stdin is not None
    monitor = subprocess.Popen(
        [*CELAENO, "dice-monitor", "--port", path], stdout=subprocess.PIPE, text=True
    )
    assert monitor.stdout is not None
    out = Lines(monitor.stdout)
    try:
        assert json.loads(out.next()) == {"event": "status", "status": "connected"}
        for typed in ("3 5", "HELLO fake 1.0", "ERR cocked", "WHAT", "9", "", "2,4"):
            reader.stdin.write(typed + "\n")
        reader.stdin.flush()
        records = [json.loads(out.next()) for _ in range(6)]
        assert records[:4] == [
            {"event": "roll", "values": [3, 5]},
            {"event": "hello", "name": "fake", "version": "1.0"},
            {"event": "error", "text": "cocked"},
            {"event": "rejected", "line": "ROLL 9", "reason": "malformed"},
        ]
        assert records[4]["event"] == "roll" and len(records[4]["values"]) == 3  # --random 3
        assert records[5] == {"event": "roll", "values": [2, 4]}
        reader.stdin.close()  # end of input: the fake reader goes away, like a pulled cable
        assert reader.wait(timeout=5) == 0
        assert json.loads(out.next()) == {"event": "status", "status": "disconnected"}
    finally:
        monitor.send_signal(signal.SIGINT)
        assert monitor.wait(timeout=5) == 130
        out.join()


def test_fake_reader_says_when_it_sends_nothing(
    fake_reader: tuple[subprocess.Popen[str], str],
) -> None:
    reader, _path = fake_reader
    _out, err = reader.communicate("hello there\n", timeout=5)
    assert "sent nothing for 'hello there'" in err
    assert reader.returncode == 0


@pytest.mark.parametrize("baud", ["fast", "99999999999999999999", "0", "-9600"])
def test_dice_monitor_refuses_a_bad_baud(baud: str) -> None:
    """Refused before the port is opened: exit 2 at once, never a retry every second."""
    done = cli.celaeno("dice-monitor", "--port", "loop://", f"--baud={baud}", timeout=10)
    assert done.returncode == 2
    assert f"expected a whole number from 300 to 4000000, not '{baud}'" in done.stderr


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        ("3", "ROLL 3"),
        ("4 2, 6", "ROLL 4 2 6"),
        ("9", "ROLL 9"),
        ("ERR cocked", "ERR cocked"),
        ("PING", "PING"),
        ("roll 3", None),
        ("three", None),
    ],
)
def test_typed_lines(typed: str, line: str | None) -> None:
    assert typed_line(typed) == line


def test_fake_reader_in_process_unplug_and_replug_at_the_same_path(tmp_path: Path) -> None:
    events: queue.Queue[InputEvent] = queue.Queue()
    heard: list[str] = []
    link = tmp_path / "dice"

    def next_event(kind: type[Any]) -> Any:
        while not isinstance(event := events.get(timeout=3), kind):
            pass
        return event

    with (
        FakeReader(link, baud=115200, on_line=heard.append) as fake,
        DiceReader(events.put, str(link), baud=115200) as reader,
    ):
        reader.start()
        assert next_event(ReaderStatus).status == "connected"
        fake.send_roll([1, 2, 3], checksum=True)
        assert next_event(DiceRead) == DiceRead((1, 2, 3))
        assert reader.send_idle()
        fake.unplug()
        assert not fake.send_roll([1])
        assert next_event(ReaderStatus).status == "disconnected"
        fake.plug()
        started = time.monotonic()
        assert next_event(ReaderStatus).status == "connected"
        assert time.monotonic() - started < 2.0
        deadline = time.monotonic() + 3
        while len(heard) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
    assert heard == ["IDLE", "IDLE"]  # told again once plugged back
    assert not link.exists()


def test_fake_reader_refuses_a_nonstandard_baud() -> None:
    with pytest.raises(ValueError, match="not a standard baud rate"):
        FakeReader(baud=12345)
