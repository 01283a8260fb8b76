"""device.web.afresh: the view starts afresh on the same socket once the phones have
gone and it holds more memory than at start; no phone is refused meanwhile."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.web.afresh import (
    handed_over_environment,
    inherited_socket,
    resident_mib,
    worth_starting_afresh,
)
from device.web.server import RELEASE_DELAY
from device.web.webcmd import EXIT_FAILED, Handover, _start_afresh
from tests.web.conftest import Table, WebServer, free_port, running
from tests.web.test_web_server import open_stream

NEXT = {"type": "next_phase"}
AFRESH = "starting afresh on the same socket"


@pytest.mark.parametrize(
    ("now", "at_start", "margin", "worth"),
    [
        (53.0, 51.0, 1.0, True),
        (51.5, 51.0, 1.0, False),  # a phone or two leave less than the margin
        (52.0, 51.0, 1.0, False),  # more than, not as much as
        (51.0, 51.0, 0.0, False),
        (51.1, 51.0, 0.0, True),
        (90.0, 51.0, -1.0, False),  # negative: never
        (None, 51.0, 1.0, False),  # no /proc: never
        (53.0, None, 1.0, False),
    ],
)
def test_worth_starting_afresh_only_above_the_margin(
    now: float | None, at_start: float | None, margin: float, worth: bool
) -> None:
    assert worth_starting_afresh(now, at_start, margin) is worth


def test_resident_memory_is_read_from_proc(tmp_path: Path) -> None:
    status = tmp_path / "status"
    status.write_text("Name:\tpython\nVmPeak:\t  99999 kB\nVmRSS:\t   52224 kB\n")
    assert resident_mib(status) == 51.0
    assert resident_mib(tmp_path / "none") is None
    if Path("/proc/self/status").exists():
        assert (resident_mib() or 0) > 1


def test_a_socket_is_taken_only_when_passed_to_this_process() -> None:
    for env in ({}, {"LISTEN_FDS": "1", "LISTEN_PID": "1"}, {"LISTEN_FDS": "2"}):
        given = {**env, "LISTEN_FDNAMES": "x", "PATH": "/bin"}
        assert inherited_socket(given) is None
        assert given == {"PATH": "/bin"}  # never handed on to a child process


def test_the_fresh_start_is_told_of_one_socket_for_this_process() -> None:
    env = handed_over_environment({"PATH": "/bin", "LISTEN_FDS": "4"}, pid=4321)
    assert env == {"PATH": "/bin", "LISTEN_FDS": "1", "LISTEN_PID": "4321",
                   "LISTEN_FDNAMES": "celaeno-web"}  # fmt: skip


def test_a_fresh_start_that_cannot_be_made_exits_with_an_error() -> None:
    closed = os.dup(0)
    os.close(closed)
    assert _start_afresh(Handover(closed)) == EXIT_FAILED  # systemd restarts the unit


@pytest.fixture()
def eager(table: Table, tmp_path: Path) -> Iterator[WebServer]:
    """A view that starts afresh whenever the last page closed (margin 0 MiB)."""
    with running(table.state_dir, tmp_path / "web.log", "--afresh-above", "0") as server:
        yield server


class Asking(threading.Thread):
    """A phone loading the state over and over, counting answers and failures."""

    def __init__(self, web: WebServer) -> None:
        super().__init__(daemon=True)
        self.url = f"{web.url}snapshot"
        self.answered = 0
        self.failures: list[str] = []
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            try:
                with urllib.request.urlopen(self.url, timeout=10) as answer:
                    answer.read()
                self.answered += 1
            except OSError as error:
                self.failures.append(repr(error))
            time.sleep(0.01)


def wait_for_line(web: WebServer, text: str, count: int = 1, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while web.log.read_text().count(text) < count:
        assert time.monotonic() < deadline, web.log.read_text()
        time.sleep(0.05)


def test_the_view_starts_afresh_in_the_same_process_and_refuses_no_one(
    eager: WebServer, table: Table
) -> None:
    assert eager.process is not None
    pid = eager.process.pid
    sock, _ = open_stream(eager)
    asking = Asking(eager)
    asking.start()
    sock.close()
    wait_for_line(eager, "started afresh")
    time.sleep(0.5)
    asking.done.set()
    asking.join(15)
    assert asking.failures == []
    assert asking.answered > 0
    assert eager.process.poll() is None and eager.process.pid == pid  # the unit's own process
    assert AFRESH in eager.log.read_text()
    table.play(NEXT)  # the fresh view follows the journal as the old one did
    assert eager.wait_for_position(table.position)["position"] == table.position
    again, found = open_stream(eager)  # and serves pages on the socket it was handed
    with again:
        while b"data: " not in found and (chunk := again.recv(65536)):
            found += chunk
    assert f"id: {table.position}".encode() in found


def test_the_view_holding_its_size_serves_on(web: WebServer) -> None:
    sock, _ = open_stream(web)
    sock.close()
    wait_for_line(web, "the last page closed", timeout=RELEASE_DELAY + 10)
    assert AFRESH not in web.log.read_text()  # one phone leaves less than the margin


def test_a_negative_margin_never_starts_afresh(table: Table, tmp_path: Path) -> None:
    with running(table.state_dir, tmp_path / "web.log", "--afresh-above", "-1") as web:
        sock, _ = open_stream(web)
        sock.close()
        wait_for_line(web, "the last page closed", timeout=RELEASE_DELAY + 10)
        assert AFRESH not in web.log.read_text()


def test_a_request_still_open_holds_the_fresh_start_off_until_it_ends(eager: WebServer) -> None:
    sock, _ = open_stream(eager)
    loading = socket.create_connection(("127.0.0.1", eager.port))  # a page loading, say
    loading.sendall(b"GET / HTTP/1.1\r\n")  # (a silent one would be closed in 3 s)
    sock.close()
    wait_for_line(eager, "the last page closed", timeout=RELEASE_DELAY + 10)
    time.sleep(0.5)
    assert AFRESH not in eager.log.read_text()
    loading.close()
    wait_for_line(eager, "started afresh", timeout=10)


def test_systemd_hears_a_status_and_watchdog_pings_through_the_fresh_start(
    table: Table, tmp_path: Path
) -> None:
    """Never STOPPING=1 (systemd would wait for an exit, then kill); a ping right before
    the exec and one before the journal is read again, so the watchdog's whole period is
    left for the fresh start; READY=1 again once it serves."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(tmp_path / "notify.sock"))
    listener.settimeout(0.2)
    env = {"NOTIFY_SOCKET": str(tmp_path / "notify.sock"), "WATCHDOG_USEC": "600000000"}
    web = WebServer(table.state_dir, free_port(), log=tmp_path / "web.log",
                    options=("--afresh-above", "0"), environment=env)  # fmt: skip
    heard: list[str] = []
    try:
        web.start()
        sock, _ = open_stream(web)
        sock.close()
        deadline = time.monotonic() + RELEASE_DELAY + 20
        while heard.count("READY=1") < 2 and time.monotonic() < deadline:
            with contextlib.suppress(TimeoutError):
                heard += listener.recv(4096).decode().splitlines()
    finally:
        web.stop()
        listener.close()
    assert "STOPPING=1" not in heard[: heard.index("READY=1", heard.index("READY=1") + 1)]
    status = heard.index("STATUS=starting afresh to give memory back")
    again = heard.index("READY=1", status)
    assert heard[status + 1 : again].count("WATCHDOG=1") == 2, heard
