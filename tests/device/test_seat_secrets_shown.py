"""I14 where the table looks: a faction's Elder Signs' values, kept by its phone, are on no
shared screen. The same game played with the values kept and without them gives the same
state JSON (what `celaeno replay` prints, the phones' read-only page and the table's screen
are drawn from), the same `celaeno replay --screenshot` pixel for pixel, the same screen on
the companion, and the same History but for the words saying which phone sent a command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from device.companion.app import App, Inputs
from device.storage.session import GameSession
from device.storage.store import Store
from device.ui.history import entries
from rules.games import RULES
from rules.journal import parse_line
from rules.text import render
from tests.device.conftest import Offscreen, celaeno

YS, GC = "yellow_sign", "great_cthulhu"
GAME = {"type": "new_game", "map": "celaeno", "factions": [GC, "crawling_chaos", YS],
        "settings": {"scoreboard": True}}  # fmt: skip


def seat(n: int) -> dict[str, Any]:
    return {"faction": YS, "phone": 1, "id": f"secret-{n:04d}"}


KEPT = [
    GAME,
    {"type": "draw_elder_signs", "faction": YS, "count": 2, "values": [3, 1], "seat": seat(1)},
    {"type": "draw_elder_signs", "faction": YS, "count": 1},
    {"type": "record_elder_signs", "faction": YS, "values": [2], "seat": seat(2)},
    {"type": "reveal_elder_signs", "faction": YS, "values": [3], "seat": seat(3)},
    {"type": "next_phase"},
]
# The same game at the table, no value kept: what every shared view must be the same as.
UNKEPT = [
    GAME,
    {"type": "draw_elder_signs", "faction": YS, "count": 2},
    {"type": "draw_elder_signs", "faction": YS, "count": 1},
    {"type": "reveal_elder_signs", "faction": YS, "values": [3]},
    {"type": "next_phase"},
]
PHONE = "Yellow Sign's phone: "


def _file(tmp_path: Path, name: str, commands: list[dict[str, Any]]) -> Path:
    path = tmp_path / f"{name}.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in commands), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_replay_prints_the_same_state_and_draws_the_same_screen(tmp_path: Path, lang: str) -> None:
    said = {}
    for name, commands in (("kept", KEPT), ("unkept", UNKEPT)):
        shot = tmp_path / f"{name}-{lang}.png"
        done = celaeno(tmp_path, "replay", str(_file(tmp_path, name, commands)), "--lang", lang,
                       "--screenshot", str(shot))  # fmt: skip
        assert done.returncode == 0, done.stderr
        said[name] = (json.loads(done.stdout), pygame.image.tobytes(pygame.image.load(shot), "RGB"))
    assert said["kept"][0] == said["unkept"][0]
    assert said["kept"][0]["scoreboard"]["elder_signs"][YS] == 2  # a count, on every screen
    assert said["kept"][1] == said["unkept"][1]  # not a pixel apart


def _app(tmp_path: Path, name: str, commands: list[dict[str, Any]]) -> tuple[App, Store]:
    store = Store.open(tmp_path / f"{name}.sqlite3")
    first = parse_line(json.dumps(commands[0]), RULES)
    assert first is not None
    session, _ = GameSession.resume(store, first, RULES)
    for command in commands[1:]:
        session.submit_line(json.dumps(command))
    return App(session, Offscreen(pygame.Surface((800, 480))), Inputs()), store


def test_the_companions_screen_and_history_show_no_value(tmp_path: Path) -> None:
    kept, kept_store = _app(tmp_path, "kept", KEPT)
    unkept, unkept_store = _app(tmp_path, "unkept", UNKEPT)
    with kept_store, unkept_store:
        assert kept.view().state == unkept.view().state
        said = [render(e.said) for e in entries(kept.session.played, 10)]
        plain = [render(e.said) for e in entries(unkept.session.played, 10)]
    phones = [line for line in said if line.startswith(PHONE)]
    assert len(phones) == 3  # the draw, the values kept, the reveal: each says its phone
    assert "Yellow Sign's phone: the Yellow Sign keeps a value for 1 Elder Sign." in said
    shared = [line.removeprefix(PHONE) for line in said if "keeps a value" not in line]
    assert [line[:1].upper() + line[1:] for line in shared] == plain
