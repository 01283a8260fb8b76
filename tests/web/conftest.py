"""Fixtures for the phone view: a real journal written through the device's own store
and session (as the table writes it), and ``celaeno web`` as a real process on a free
port, restartable."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from device.settings.config import default_config
from device.settings.places import default_game
from device.storage.session import GameSession
from device.storage.store import Store
from rules.games import RULES
from tests.parsing import parse_any

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Table:
    """The table's side: the journal's one writer, committing as ``celaeno run`` does."""

    state_dir: Path
    store: Store
    session: GameSession

    def play(self, command: Mapping[str, Any]) -> None:
        self.session.submit(parse_any(dict(command)))

    @property
    def position(self) -> int:
        return sum(game.commands for game in self.store.games())


@contextmanager
def open_table(state_dir: Path) -> Iterator[Table]:
    with Store.open(state_dir / "journal.sqlite3") as store:
        session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
        yield Table(state_dir, store, session)


TABLE_PROCESS = """
import json, sys
from device.settings.config import default_config
from device.settings.places import default_game
from device.storage.session import GameSession
from device.storage.store import Store
from rules.games import RULES
from tests.parsing import parse_any
with Store.open(sys.argv[1]) as store:
    session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
    print("ready", flush=True)
    for line in sys.stdin:
        session.submit(parse_any(json.loads(line)))
        print("ok", flush=True)
"""


class TableProcess:
    """The table in a process of its own (as ``celaeno run`` is), for what only another
    process shows: the view sees it running only while it holds the journal open."""

    def __init__(self, state_dir: Path) -> None:
        state_dir.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [sys.executable, "-c", TABLE_PROCESS, str(state_dir / "journal.sqlite3")],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
        )  # fmt: skip
        assert self._answer() == "ready"

    def _answer(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def play(self, command: Mapping[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(dict(command)) + "\n")
        self.process.stdin.flush()
        assert self._answer() == "ok"

    def stop(self) -> None:
        """As the unit stops it: the journal closed, the process gone."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(30) == 0


@pytest.fixture()
def table(tmp_path: Path) -> Iterator[Table]:
    with open_table(tmp_path / "state") as found:
        yield found


@dataclass
class WebServer:
    """``celaeno web`` as a child process; ``restart()`` stops it and starts a new one."""

    state_dir: Path
    port: int
    max_pages: int = 8
    log: Path = field(default_factory=lambda: Path(os.devnull))
    options: tuple[str, ...] = ()
    environment: dict[str, str] = field(default_factory=dict)  # e.g. NOTIFY_SOCKET
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CELAENO_", "NOTIFY_"))}
        env["XDG_CONFIG_HOME"] = str(self.state_dir.parent / "xdg-config")
        env.update(self.environment)
        argv = [sys.executable, "-m", "device.cli", "web", "--state-dir", str(self.state_dir),
                "--address", "127.0.0.1", "--port", str(self.port),
                "--max-pages", str(self.max_pages), *self.options]  # fmt: skip
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                self.snapshot()
                return
            except OSError:
                assert self.process.poll() is None, self.log.read_text()
                time.sleep(0.1)
        raise AssertionError("celaeno web did not start: " + self.log.read_text())

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def restart(self) -> None:
        self.stop()
        self.start()

    def snapshot(self, lang: str = "en") -> dict[str, object]:
        with urllib.request.urlopen(f"{self.url}snapshot?lang={lang}", timeout=5) as answer:
            return dict(json.loads(answer.read()))

    def wait_for_position(self, position: int, timeout: float = 5) -> dict[str, object]:
        deadline = time.monotonic() + timeout
        while True:
            found = self.snapshot()
            if found["position"] == position or time.monotonic() > deadline:
                return found
            time.sleep(0.05)


@contextmanager
def running(state_dir: Path, log: Path, *options: str) -> Iterator[WebServer]:
    server = WebServer(state_dir, free_port(), log=log, options=options)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture()
def web(table: Table, tmp_path: Path) -> Iterator[WebServer]:
    with running(table.state_dir, tmp_path / "web.log") as server:
        yield server


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Table, WebServer]]:
    """One table and its server for a module's tests that only look: they play nothing,
    stop nothing and hold no page open past their end, so a fresh server would show them
    the same (hostile input, every route, a page's weight)."""
    top = tmp_path_factory.mktemp("shared")
    with open_table(top / "state") as found, running(found.state_dir, top / "web.log") as server:
        yield found, server


@pytest.fixture(scope="module")
def shared_web(shared: tuple[Table, WebServer]) -> WebServer:
    return shared[1]


@pytest.fixture(scope="module")
def shared_table(shared: tuple[Table, WebServer]) -> Table:
    return shared[0]
