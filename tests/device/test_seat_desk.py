"""The table's own check of a seat (I13), whatever the view in front of it lets through: a
phone unpaired, or paired in a game no longer played, is an unknown seat and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from device.companion.app import App
from device.companion.seats import Desk, open_desk
from tests.device.test_dial_and_back import _app, _journal

YS = "yellow_sign"
GAME = {"type": "new_game", "map": "celaeno", "factions": ["great_cthulhu", "crawling_chaos", YS],
        "settings": {"scoreboard": True}}  # fmt: skip
SPELLBOOK = {"type": "spellbooks", "faction": YS, "count": 1}


def _send(desk: Desk, credential: str, command_id: str) -> dict[str, Any]:
    return desk.answer({"op": "send", "credential": credential, "id": command_id,
                        "command": SPELLBOOK})  # fmt: skip


def _paired(app: App) -> tuple[Desk, str]:
    desk = open_desk(app)
    said = desk.answer({"op": "pair", "code": desk.code_for(YS)})
    assert said["status"] == "paired"
    assert _send(desk, said["credential"], "desk-first-1")["status"] == "done"
    return desk, str(said["credential"])


def test_an_unpaired_phone_is_an_unknown_seat_to_the_table(tmp_path: Path) -> None:
    app, store = _app(tmp_path, json.dumps(GAME))
    with store:
        desk, credential = _paired(app)
        try:
            (row,) = desk.seats()
            desk.unpair(row.id)
            before = _journal(app)
            assert _send(desk, credential, "desk-after-1")["status"] == "unknown_seat"
            assert _journal(app) == before
        finally:
            desk.close()


def test_a_phone_of_a_game_no_longer_played_is_an_unknown_seat(tmp_path: Path) -> None:
    app, store = _app(tmp_path, json.dumps(GAME))
    with store:
        desk, credential = _paired(app)
        try:
            # Its row left open but for another game of the journal (a New game with other
            # factions ends it: the desk's doing; here the row alone says where it acts).
            other = app.session.store.start_game(json.dumps(GAME))
            with app.session.store.connection as db:
                db.execute("UPDATE seats SET game_id = ?", (other,))
            before = _journal(app)
            assert _send(desk, credential, "desk-after-2")["status"] == "unknown_seat"
            assert _journal(app) == before
        finally:
            desk.close()
