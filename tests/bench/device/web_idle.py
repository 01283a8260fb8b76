"""Benchmark: the phone view under silent connections — a phone still gets its page.

Run: ``.venv/bin/python -m tests.bench.device.web_idle [--silent 200] [--seconds 60]``.

Another process (at the lowest priority, as another machine would be) holds
``--silent`` connections to the view that never send a byte, and opens a new one as
soon as the view closes one, for ``--seconds``. Meanwhile a phone, every 0.2 s, loads
the page (``GET /`` on a new connection) and opens an event stream until its first
message; and one page keeps its event stream open the whole time while the table
commits once a second. Printed: p50/p99/max of both, the answers that were not a
page (503, refused, timed out), the commits the open page received, the silent
connections the view closed, and its memory (VmRSS) during the attack.

``--source DIR`` runs the view from another checkout (``git archive <commit> | tar -x
-C DIR``), for the same figures before a change.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from device.settings.config import default_config
from device.settings.places import default_game
from device.storage.session import GameSession
from device.storage.store import Store
from rules.cthulhu_wars.commands import NextPhase
from rules.games import RULES
from tests.bench.device import machine
from tests.bench.device.harness import percentile
from tests.bench.device.web_bench import as_other_machines, rss_mib, web_server

SILENT = """
import selectors, socket, sys, time
port, count, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
selector = selectors.DefaultSelector()
def open_one():
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    except OSError:
        return 0
    sock.setblocking(False)
    selector.register(sock, selectors.EVENT_READ)
    return 1
opened = sum(open_one() for _ in range(count))
print("open", flush=True)
closed, until = 0, time.monotonic() + seconds
while time.monotonic() < until:
    for key, _ in selector.select(timeout=0.2):
        try:
            data = key.fileobj.recv(65536)
        except OSError:
            data = b""
        if not data:  # the view closed it: another takes its place at once
            selector.unregister(key.fileobj)
            key.fileobj.close()
            closed += 1
            opened += open_one()
print(f"{opened} {closed}", flush=True)
"""
PAGE_EVERY = 0.2  # seconds between a phone's visits


@dataclass
class Phone:
    page_ms: list[float] = field(default_factory=list)
    stream_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def visit(port: int, phone: Phone) -> None:
    """A phone arriving: the page on a new connection, then its event stream's first message."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as answer:
            answer.read()
        phone.page_ms.append((time.monotonic() - started) * 1000)
    except (OSError, urllib.error.HTTPError) as error:
        phone.failures.append(f"GET /: {error}")
        return
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /events?lang=en HTTP/1.1\r\nHost: phone\r\n\r\n")
            found = b""
            while b"\ndata: " not in found and (chunk := sock.recv(65536)):
                found += chunk
        if not found.startswith(b"HTTP/1.1 200") or b"\ndata: " not in found:
            phone.failures.append(f"/events: {found[:40]!r}")
            return
        phone.stream_ms.append((time.monotonic() - started) * 1000)
    except OSError as error:
        phone.failures.append(f"/events: {error}")


class OpenPage(threading.Thread):
    """One page whose event stream stays open throughout: the positions it receives."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(b"GET /events?lang=en HTTP/1.1\r\nHost: page\r\n\r\n")
        self.positions: list[int] = []

    def run(self) -> None:
        buffer = b""
        try:
            while chunk := self.sock.recv(65536):
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                self.positions += [int(line[4:]) for line in lines if line.startswith(b"id: ")]
        except OSError:
            pass


def attack(silent: int, seconds: float, source: Path | None) -> None:
    with tempfile.TemporaryDirectory(prefix="celaeno-web-idle-") as tmp:
        state_dir = Path(tmp)
        with Store.open(state_dir / "journal.sqlite3") as store:
            session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
            with web_server(state_dir, 64, source) as (port, process):
                idle_rss = rss_mib(process.pid)
                page = OpenPage(port)
                page.start()
                attacker = subprocess.Popen(
                    [sys.executable, "-c", SILENT, str(port), str(silent), str(seconds)],
                    preexec_fn=as_other_machines, stdout=subprocess.PIPE, text=True,
                )  # fmt: skip
                assert attacker.stdout is not None
                assert attacker.stdout.readline().strip() == "open"
                phone, committed, most_rss = Phone(), [], 0.0
                until, next_commit = time.monotonic() + seconds, time.monotonic() + 1
                while time.monotonic() < until:
                    visit(port, phone)
                    if time.monotonic() >= next_commit:
                        session.submit(NextPhase())
                        committed.append(sum(game.commands for game in store.games()))
                        next_commit += 1
                    most_rss = max(most_rss, rss_mib(process.pid))
                    time.sleep(PAGE_EVERY)
                opened, closed = map(int, attacker.stdout.readline().split())
                attacker.wait(10)
                time.sleep(1)
                page.sock.close()
                page.join(5)
        report(silent, seconds, phone, committed, page.positions, (opened, closed),
               (idle_rss, most_rss))  # fmt: skip


def summary(ms: list[float]) -> str:
    if not ms:
        return "none served"
    return (f"p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
            f"max {max(ms):.1f} ms")  # fmt: skip


def report(
    silent: int,
    seconds: float,
    phone: Phone,
    committed: list[int],
    received: list[int],
    sockets: tuple[int, int],
    rss: tuple[float, float],
) -> None:
    visits = len(phone.page_ms) + sum(f.startswith("GET") for f in phone.failures)
    print(f"{silent} silent connections held and reopened for {seconds:.0f} s "
          f"({sockets[0]} opened, {sockets[1]} closed by the view)")  # fmt: skip
    print(f"  a phone's GET /, {visits} visits: {summary(phone.page_ms)}")
    print(f"  its event stream to the first message: {summary(phone.stream_ms)}")
    print(f"  answers that were not the page or its stream: {len(phone.failures)}"
          + (f" (first: {phone.failures[0]})" if phone.failures else ""))  # fmt: skip
    got = sum(position in received for position in committed)
    print(f"  the page open throughout received {got} of {len(committed)} commits")
    print(f"  the view's VmRSS: {rss[0]:.1f} MiB before, {rss[1]:.1f} MiB at most during it")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--silent", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--source", type=Path, default=None, help="the view from this checkout")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    attack(args.silent, args.seconds, args.source)


if __name__ == "__main__":
    main()
