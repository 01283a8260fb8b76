"""device.service.notify against a real AF_UNIX datagram socket, as systemd listens."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from device.service import notify


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[socket.socket, dict[str, str]]]:
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        sock.bind(str(path))
        sock.settimeout(2)
        yield sock, {"NOTIFY_SOCKET": str(path)}
    finally:
        sock.close()


def received(sock: socket.socket) -> list[str]:
    return sock.recv(4096).decode("utf-8").split("\n")


def test_ready_sends_ready_and_status(listener: tuple[socket.socket, dict[str, str]]) -> None:
    sock, env = listener
    assert notify.ready("Round 2, action", env=env)
    assert received(sock) == ["READY=1", "STATUS=Round 2, action"]


@pytest.mark.parametrize(
    ("send", "expected"),
    [
        (lambda env: notify.watchdog(env=env), ["WATCHDOG=1"]),
        (lambda env: notify.stopping(env=env), ["STOPPING=1"]),
        (lambda env: notify.status("reader\nconnected", env=env), ["STATUS=reader connected"]),
    ],
)
def test_each_notification_arrives_as_one_datagram(
    listener: tuple[socket.socket, dict[str, str]],
    send: Callable[[dict[str, str]], bool],
    expected: list[str],
) -> None:
    sock, env = listener
    assert send(env)
    assert received(sock) == expected


def test_abstract_namespace_socket() -> None:
    name = f"celaeno-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(2)
        assert notify.watchdog(env={"NOTIFY_SOCKET": "@" + name})
        assert received(sock) == ["WATCHDOG=1"]


def test_without_notify_socket_nothing_is_sent() -> None:
    assert not notify.ready(env={})
    assert not notify.watchdog(env={"NOTIFY_SOCKET": ""})


def test_a_vanished_socket_is_reported_not_raised(tmp_path: Path) -> None:
    assert not notify.watchdog(env={"NOTIFY_SOCKET": str(tmp_path / "gone.sock")})


def test_watchdog_interval_is_half_of_watchdog_usec() -> None:
    assert notify.watchdog_interval({"WATCHDOG_USEC": "20000000"}) == 10.0
    own = {"WATCHDOG_USEC": "3000000", "WATCHDOG_PID": str(os.getpid())}
    assert notify.watchdog_interval(own) == 1.5


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"WATCHDOG_USEC": "0"},
        {"WATCHDOG_USEC": "soon"},
        {"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"},
        {"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "x"},
    ],
)
def test_no_watchdog_interval_when_not_ours_or_unset(env: dict[str, str]) -> None:
    if env.get("WATCHDOG_PID") == "1":
        assert os.getpid() != 1
    assert notify.watchdog_interval(env) is None
