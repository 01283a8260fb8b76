"""K8 with phones as seats: while the table asks a faction's Ritual, a phone's spellbook,
Elder Signs drawn or correction of Power goes in as the buttons' own do (PHASE, the menu),
and the table's screen keeps the same Ritual question, answered by the same OK."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from device.companion.seats import open_desk
from hardware.events import ButtonPressed
from tests.device.test_dial_and_back import _app, _journal

GC, CC, YS = "great_cthulhu", "crawling_chaos", "yellow_sign"
GAME = {"type": "new_game", "map": "celaeno", "factions": [GC, CC, YS],
        "settings": {"scoreboard": True}}  # fmt: skip
TO_THE_RITUALS = [
    {"type": "next_phase"},
    {"type": "gather_power", "power": {GC: 8, CC: 8, YS: 8}},
    {"type": "next_phase"},
    {"type": "first_player", "faction": GC, "direction": "clockwise"},
    {"type": "next_phase"},
]


@pytest.mark.parametrize(
    "said",
    [
        {"type": "spellbooks", "faction": GC, "count": 1},
        {"type": "draw_elder_signs", "faction": GC, "count": 1, "values": [2]},
        {"type": "adjust", "faction": GC, "power": 1},
    ],
)
def test_a_phones_correction_while_its_ritual_is_asked_keeps_the_question(
    tmp_path: Path, said: dict[str, Any]
) -> None:
    app, store = _app(tmp_path, *(json.dumps(c) for c in (GAME, *TO_THE_RITUALS)))
    with store:
        asked = app.controller.prompt(app.state).title
        pending = app.state.pending
        assert type(pending).__name__ == "RitualPending" and pending.faction == GC
        desk = open_desk(app)
        try:
            paired = desk.answer({"op": "pair", "code": desk.code_for(GC)})
            sent = {"op": "send", "credential": paired["credential"], "id": "meanwhile-1",
                    "command": said}  # fmt: skip
            answer = desk.answer(sent)
        finally:
            desk.close()
        assert answer["status"] == "done", answer
        last = json.loads(_journal(app)[-1])
        assert last["type"] == said["type"] and last["seat"]["faction"] == GC
        assert type(app.state.pending).__name__ == "RitualPending"
        assert app.state.pending.faction == GC  # the same Ritual, still to answer
        assert app.controller.prompt(app.state).title == asked
        app.handle_input(ButtonPressed("ok"))  # the table's answer, as before the phone's
        assert json.loads(_journal(app)[-1])["type"] == "ritual"
