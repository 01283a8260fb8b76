"""End to end: a Dreamlands game started from the menu, played to the end of its first Doom.

The new game is set up with the buttons alone (menu → New game → map → seats → Start);
the end of the Doom Phase asks for the Bhole's die and the Zoogs' six dice, which come from
the pseudo-terminal dice reader. The exported journal must replay (`celaeno replay`) to
the same state as the rules' own worked example E3 (D8, D14).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.cthulhu_wars.state import RollPending
from rules.text import text
from tests.device.conftest import ROOT, Table, exported, replayed
from tests.device.test_e2e_library import choose, next_phase, shot

E3 = ROOT / "rules" / "examples" / "dreamlands_e3.jsonl"
SEATS = ("great_cthulhu", "crawling_chaos", "yellow_sign")


def new_dreamlands_game(table: Table) -> None:
    choose(table, text("main.menu"))
    choose(table, text("menu.new_game"))
    choose(table, text("map.dreamlands"))
    for faction in SEATS:
        choose(table, text(f"faction.{faction}"))
    shot(table, "seats_chosen")
    choose(table, text("prompt.that_is_everyone"))
    shot(table, "new_game_confirm")
    choose(table, text("prompt.start_scoreboard.off"))


def pending_roll(table: Table) -> RollPending:
    pending = table.state.pending
    assert isinstance(pending, RollPending)
    return pending


@pytest.mark.slow
def test_the_end_of_a_dreamlands_doom_phase(table: Table, tmp_path: Path) -> None:
    new_dreamlands_game(table)
    assert table.state.map == "dreamlands" and table.state.factions == SEATS
    assert table.app.session.game_id == 2  # the Library game of the boot is kept
    shot(table, "dreamlands_boot")

    for _ in range(3):
        next_phase(table)
    assert table.state.phase == "doom"
    table.press("phase")
    shot(table, "end_of_doom_confirm")  # says the Bhole and the Zoogs will be rolled
    table.press("ok")

    assert (pending_roll(table).purpose, pending_roll(table).dice) == ("bhole", 1)
    shot(table, "bhole_roll")
    table.roll(4)
    assert (pending_roll(table).purpose, pending_roll(table).dice) == ("zoogs", 6)
    shot(table, "zoogs_roll")

    table.roll(1, 2, 2, 5, 6)  # five dice for six Zoogs: rejected, nothing changes
    assert pending_roll(table).purpose == "zoogs"
    assert table.app.view().status.last_rejected is not None
    shot(table, "zoogs_misread")
    table.roll(1, 2, 2, 5, 6, 3, checksum=True)
    assert (table.state.phase, table.state.pending) == ("action", None)
    shot(table, "dreamlands_action")

    state = replayed(tmp_path, exported(tmp_path, Path(table.app.session.store.path).parent))
    example = replayed(tmp_path, E3.read_text(encoding="utf-8").splitlines())
    assert state["bhole"] == example["bhole"] and state["bhole"] is not None
    zoogs = state["zoogs"]
    assert isinstance(zoogs, dict) and sum(zoogs.values()) == 6 and zoogs == example["zoogs"]
    assert state == example
