"""Gather Power with phones as seats (K3, I13): the lines the phones said are the table's dials
as they said them, the others as the screen proposes them, and one OK confirms them all."""

from __future__ import annotations

import json
from pathlib import Path

from device.companion.seats import open_desk
from hardware.events import ButtonPressed
from rules.text import render
from tests.device.test_dial_and_back import _app, _journal

YS = "yellow_sign"
GAME = {"type": "new_game", "map": "celaeno",
        "factions": ["great_cthulhu", "crawling_chaos", YS], "settings": {"scoreboard": True}}  # fmt: skip
GATES = [
    {"type": "set_gate", "area": "fountain", "gate": True, "controller": "great_cthulhu"},
    {"type": "next_phase"},
]
LINE = {"type": "gather_power_line", "faction": YS, "power": 7,
        "seat": {"faction": YS, "phone": 1, "id": "gather-line-1"}}  # fmt: skip


def test_a_phones_line_is_its_dial_and_one_ok_takes_every_line(tmp_path: Path) -> None:
    app, store = _app(tmp_path, *(json.dumps(c) for c in (GAME, *GATES, LINE)))
    with store:
        dial = app.controller._current(app.state)
        rows = {row.key: (row.value, render(row.label)) for row in dial.rows}
        assert rows[YS] == (7, "Yellow Sign: as its phone said")
        assert rows["great_cthulhu"][0] == 2 + 6  # its Gate and the set-up's Cultists (K1, K3)
        app.handle_input(ButtonPressed("ok"))
        last = json.loads(_journal(app)[-1])
        assert last == {"type": "gather_power",
                        "power": {"great_cthulhu": 8, "crawling_chaos": 6, YS: 7}}  # fmt: skip


def test_the_companion_proposes_to_the_phones_what_its_screen_proposes(tmp_path: Path) -> None:
    app, store = _app(tmp_path, *(json.dumps(c) for c in (GAME, *GATES)))
    with store:
        desk = open_desk(app)
        try:
            said = desk.answer({"op": "proposals"})
        finally:
            desk.close()
        shown = {row.key: row.value for row in app.controller._current(app.state).rows}
        assert said["status"] == "ok" and said["power"] == shown
        assert said["great_old_ones"] == {f: 1 for f in GAME["factions"]}  # type: ignore[union-attr]
