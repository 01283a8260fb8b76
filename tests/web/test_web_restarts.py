"""The view restarted twenty times while the table plays and phones keep arriving: no
answer is ever below what was committed before it was asked, none says "the table is
not running", and no page ever shows a lower position than it showed.

The table commits in this process (the journal's one writer, as ``celaeno run``); the
view is ``celaeno web`` in its own process, stopped by SIGTERM (as systemd stops it)
or killed by SIGKILL, and started again. Raw clients ask for ``/snapshot`` and open
``/events`` at random moments from threads; a chromium page, when there is one,
records every position it displays and every notice it shows.
"""

from __future__ import annotations

import json
import random
import signal
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from display.web.words import EN
from tests.web.conftest import Table, WebServer, free_port

RESTARTS = 20
LAG = 0.5  # seconds a running view may take to show a commit (it promises well under 1 s)
NOT_RUNNING = EN["web.table_off"]  # the catalogue, not translate(): no import order
NEXT = {"type": "next_phase"}


@dataclass
class Commits:
    """What the table committed and when (monotonic), for the clients to compare with."""

    times: list[tuple[float, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, position: int) -> None:
        with self.lock:
            self.times.append((time.monotonic(), position))

    def floor(self, asked: float) -> int:
        """The position committed at least LAG seconds before ``asked``."""
        with self.lock:
            done = [position for at, position in self.times if at <= asked - LAG]
        return max(done, default=0)


@dataclass
class Findings:
    answers: int = 0
    below: list[str] = field(default_factory=list)
    not_running: list[str] = field(default_factory=list)
    journals: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def check(self, message: dict[str, Any], floor: int, where: str) -> None:
        with self.lock:
            self.answers += 1
            self.journals.add(str(message["journal"]))
            if int(message["position"]) < floor:
                self.below.append(f"{where}: position {message['position']} < {floor}")
            if NOT_RUNNING in str(message["html"]):
                self.not_running.append(f"{where}: position {message['position']}")


class Phones(threading.Thread):
    """A phone arriving now and then: a fresh /snapshot, or a fresh event stream read for
    a moment (every message checked against what was committed before it connected)."""

    def __init__(self, port: int, commits: Commits, found: Findings, seed: int) -> None:
        super().__init__(daemon=True)
        self.port, self.commits, self.found = port, commits, found
        self.random = random.Random(seed)
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            try:
                if self.random.random() < 0.5:
                    self._snapshot()
                else:
                    self._stream(self.random.uniform(0.05, 0.6))
            except OSError:
                pass  # the view is down for a moment: refused, or cut off mid-answer
            self.done.wait(self.random.uniform(0, 0.05))

    def _snapshot(self) -> None:
        asked = time.monotonic()
        url = f"http://127.0.0.1:{self.port}/snapshot?lang=en"
        with urllib.request.urlopen(url, timeout=10) as answer:
            body = answer.read()
        self.found.check(json.loads(body), self.commits.floor(asked), "snapshot")

    def _stream(self, seconds: float) -> None:
        asked = time.monotonic()
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as sock:
            sock.sendall(b"GET /events?lang=en HTTP/1.1\r\nHost: phone\r\n\r\n")
            buffer, shown = b"", 0
            until = time.monotonic() + seconds
            while time.monotonic() < until and (chunk := sock.recv(65536)):
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    if line.startswith(b"data: "):
                        message = json.loads(line[6:])
                        floor = max(shown, self.commits.floor(asked))
                        self.found.check(message, floor, "stream")
                        shown = int(message["position"])


@pytest.fixture()
def page_watch(web_for_restarts: WebServer) -> Iterator[Any]:
    """A chromium page that records each position it displays and each notice it shows;
    None where there is no chromium."""
    from tests.web import test_web_browser as browser_tests

    if not Path(browser_tests.CHROMIUM).exists():
        yield None
        return
    with browser_tests.playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=browser_tests.CHROMIUM, args=browser_tests.ARGS
        )
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale="en")
        page.goto(web_for_restarts.url)
        page.wait_for_selector("#connection.live")
        page.evaluate(RECORD)
        yield page
        browser.close()


RECORD = """() => {
  window.shown = [Number(document.getElementById('view').dataset.position)];
  window.notices = [];
  const view = document.getElementById('view');
  new MutationObserver(() => {
    window.shown.push(Number(view.dataset.position));
    const notice = view.querySelector('.notice');
    if (notice) window.notices.push(notice.textContent);
  }).observe(view, {attributes: true, childList: true});
}"""


@pytest.fixture()
def web_for_restarts(table: Table, tmp_path: Path) -> Iterator[WebServer]:
    server = WebServer(table.state_dir, free_port(), max_pages=32, log=tmp_path / "web.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def restart(web: WebServer, how: signal.Signals) -> None:
    assert web.process is not None
    web.process.send_signal(how)
    web.process.wait(15)
    web.start()


@pytest.mark.slow
def test_twenty_restarts_never_show_a_false_or_older_state(
    web_for_restarts: WebServer, table: Table, page_watch: Any
) -> None:
    web = web_for_restarts
    commits, found = Commits(), Findings()
    commits.add(table.position)
    phones = [Phones(web.port, commits, found, seed) for seed in range(4)]
    for phone in phones:
        phone.start()
    try:
        for number in range(RESTARTS):
            for _ in range(random.randint(1, 4)):  # the table plays on meanwhile
                table.play(NEXT)
                commits.add(table.position)
                time.sleep(random.uniform(0, 0.1))
            restart(web, signal.SIGKILL if number % 2 else signal.SIGTERM)
    finally:
        for phone in phones:
            phone.done.set()
        for phone in phones:
            phone.join(15)
    assert web.wait_for_position(table.position)["position"] == table.position
    print(f"{found.answers} answers over {RESTARTS} restarts, {table.position} commands")
    assert found.answers > 10 * RESTARTS
    assert found.below == [], found.below[:5]
    assert found.not_running == [], found.not_running[:5]
    journal = str((table.state_dir / "journal.sqlite3").stat().st_ino)
    assert found.journals == {journal}, "one journal, named the same by every view"
    if page_watch is not None:
        deadline = time.monotonic() + 10
        while page_watch.evaluate("window.shown[window.shown.length - 1]") != table.position:
            assert time.monotonic() < deadline, page_watch.evaluate("window.shown")
            time.sleep(0.05)
        shown = page_watch.evaluate("window.shown")
        assert shown == sorted(shown), f"the page went back: {shown}"
        assert page_watch.evaluate("window.notices") == []
