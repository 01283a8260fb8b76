"""A seat's command is in the journal exactly once over a bad Wi-Fi: sent again after a lost
answer — a dropped connection, the companion killed (SIGKILL) before or after its commit —
it is done once, and said "already done" when it was.

The companion is ``celaeno run`` itself, headless, a real process with a phone paired in its
journal (so it listens from its start, as after a restart); the requests go over its real
socket as the phone view sends them. The kill points are the companion's own
(``CELAENO_SEAT_KILL_AT``): it kills itself with SIGKILL at that moment of the command, the
way a power cut or the watchdog would end it, with nothing flushed or closed.
"""

from __future__ import annotations

import json
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from device.service import seat_link
from device.storage.seat_book import SeatBook
from device.storage.store import Store
from tests.device.conftest import ROOT, celaeno_argv, clean_env

GAME = {
    "type": "new_game",
    "map": "celaeno",
    "factions": ["great_cthulhu", "crawling_chaos", "yellow_sign"],
    "settings": {"scoreboard": True},
}
SPELLBOOK = {"type": "spellbooks", "faction": "yellow_sign", "count": 1}
START_WAIT = 60.0


def paired(state: Path) -> str:
    """A journal with a game and a phone paired as the Yellow Sign's seat: its credential."""
    with Store.open(state / "journal.sqlite3") as store:
        game = store.start_game(json.dumps(GAME))
        book = SeatBook(store.connection)
        book.create()
        credential, _row = book.pair(game, "yellow_sign")
    return credential


@contextmanager
def companion(tmp: Path, kill_at: str = "") -> Iterator[subprocess.Popen[str]]:
    """``celaeno run`` on ``tmp/state``, once its seats' socket answers."""
    env = clean_env(tmp, CELAENO_SEAT_KILL_AT=kill_at) if kill_at else clean_env(tmp)
    log = (tmp / "celaeno.log").open("a")
    process = subprocess.Popen(
        celaeno_argv("run", "--state-dir", str(tmp / "state"), "--reader", "simulated"),
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        _until_listening(tmp / "state", process)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(30)
        log.close()


def _until_listening(state: Path, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        assert process.poll() is None, "celaeno run ended at its start"
        try:
            seat_link.ask(seat_link.socket_path(state), {"op": "proposals"}, 5)
            return
        except (seat_link.TableAway, OSError):
            time.sleep(0.1)
    raise AssertionError("the companion's seats' socket never answered")


def send(state: Path, credential: str, command_id: str) -> dict[str, Any]:
    request = {"op": "send", "credential": credential, "id": command_id, "command": SPELLBOOK}
    return seat_link.ask(seat_link.socket_path(state), request)


def sent_once(state: Path, command_id: str) -> int:
    with Store.open(state / "journal.sqlite3", read_only=True) as store:
        lines = store.commands(store.current_game() or 0)
    return sum(1 for line in lines if json.loads(line).get("seat", {}).get("id") == command_id)


@pytest.mark.parametrize(
    ("kill_at", "in_journal_after_the_kill", "second_answer"),
    [
        ("before_commit", 0, "done"),  # never kept: sent again, done once
        ("after_commit", 1, "already"),  # kept, answer lost: sent again, "already done"
    ],
)
def test_killed_at_a_point_the_command_sent_again_is_in_the_journal_once(
    tmp_path: Path, kill_at: str, in_journal_after_the_kill: int, second_answer: str
) -> None:
    state = tmp_path / "state"
    credential = paired(state)
    with companion(tmp_path, kill_at) as process:
        with pytest.raises((seat_link.TableAway, ConnectionError)):
            send(state, credential, "killed-0001")
        assert process.wait(30) == -9  # SIGKILL, by its own hand at the kill point
    assert sent_once(state, "killed-0001") == in_journal_after_the_kill
    with companion(tmp_path):
        assert send(state, credential, "killed-0001")["status"] == second_answer
        assert send(state, credential, "killed-0001")["status"] == "already"
    assert sent_once(state, "killed-0001") == 1


def test_a_dropped_connection_then_the_same_command_is_done_once(tmp_path: Path) -> None:
    state = tmp_path / "state"
    credential = paired(state)
    with companion(tmp_path):
        request = {
            "op": "send",
            "credential": credential,
            "id": "dropped-001",
            "command": SPELLBOOK,
        }
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.connect(str(seat_link.socket_path(state)))
            sock.sendall(seat_link.encode(request))
        # the phone's connection is gone before the answer; the companion commits all the same
        deadline = time.monotonic() + 10
        while sent_once(state, "dropped-001") == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert send(state, credential, "dropped-001")["status"] == "already"
    assert sent_once(state, "dropped-001") == 1
