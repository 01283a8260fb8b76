"""End to end: a whole Library round at the table, from boot to the result in words.

gpiozero mock presses on the real button panel and a pseudo-terminal dice reader drive the
real app; the outcome is checked through `celaeno export` and `celaeno replay` on the same
state directory, and through the frames drawn (saved to tests/output/e2e/).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from device.companion.app import App, Inputs
from device.companion.window import Window
from device.settings.config import default_config
from rules.cthulhu_wars.state import AssignPending, RollPending, SatisfyPending
from rules.text import Text, render_fragment, text, translate
from tests.device.conftest import Table, down_to, exported, open_session, replayed

GC, CC, BG = "great_cthulhu", "crawling_chaos", "black_goat"
GUARDIAN = "guardian_under_the_lake"
MOST_PRESSES = 40  # more UP/DOWN than any list on this map needs


def choose(table: Table, label: Text) -> int:
    """DOWN to ``label``, then OK; the presses it took."""
    return down_to(
        lambda: table.app.view().prompt, table.press, lambda c: c.label == label, MOST_PRESSES
    )


def set_gate(table: Table, area: str, answer: Text) -> None:
    """A Gate changed (on the main screen) → the Area → what is there now."""
    choose(table, text("main.gate"))
    assert table.title() == "prompt.gate_where"
    choose(table, text(f"area.{area}"))
    choose(table, answer)


def next_phase(table: Table) -> None:
    table.press("phase")
    assert table.title() == "prompt.next_phase"
    table.press("ok")


def shot(table: Table, name: str) -> None:
    table.screenshot(name)
    table.assert_labels_fit()


def result_keys(table: Table) -> list[str]:
    """The events of the last accepted command, as the result box shows them."""
    result = table.app.view().prompt.result
    assert result is not None and result.key == "device.result"
    return [event.key for event in result.params["events"]]


@pytest.mark.slow
def test_a_whole_library_round(table: Table, tmp_path: Path) -> None:
    shot(table, "boot")
    assert table.title() == "prompt.idle.celaeno.action"
    assert table.app.view().status.reader == "connected"  # the reader's status is always shown

    # Round 1: Great Cthulhu takes the Guardian's Gate (C6), then loses it: the Tome is Overdue (C7).
    set_gate(table, GUARDIAN, text("prompt.gate_controlled", faction=GC))
    set_gate(table, GUARDIAN, text("prompt.gate_abandoned"))
    assert table.state.tomes[GUARDIAN].holder == GC
    assert table.state.overdue_tomes(GC) == (GUARDIAN,)
    shot(table, "tome_overdue")

    # PHASE four times, each confirmed, saying what the next phase does (T1, C1, C5).
    table.press("phase")
    shot(table, "phase_confirm")
    table.press("ok")
    for _ in range(3):
        next_phase(table)
    assert (table.state.round, table.state.phase) == (2, "action")
    assert all(table.state.silence.values())  # C1: everyone took a token
    shot(table, "round2_action")

    custodian_round(table)
    librarian_round(table)
    check_export(table, tmp_path)
    # Only the main screen's hint bar is cut short; no other frame.
    assert {title for title in table.hints_cut} <= {"prompt.idle.celaeno.action"}


def custodian_round(table: Table) -> None:
    """CUSTODIAN → who → where → a roll from the reader → who is there → the split: 6 presses."""
    presses = 0
    table.press("left")  # CUSTODIAN
    presses += 1
    shot(table, "custodian_who")
    table.press("ok")  # Great Cthulhu, the first with a token
    presses += 1
    shot(table, "custodian_where")
    table.press("ok")  # the first Area
    presses += 1
    assert isinstance(table.state.pending, RollPending)
    shot(table, "custodian_roll")

    table.roll(4)  # the Agony die has no 4 (C19): a rejected read, nothing changes
    assert isinstance(table.state.pending, RollPending)
    rejected = table.app.view().status.last_rejected
    assert rejected is not None and rejected.key == "notice.misread"
    shown = translate("screen.last_rejected", reason=render_fragment(rejected))
    assert "".join(shown.split()) in table.words("status")  # "Reader sent 4: …"
    shot(table, "custodian_misread")

    table.roll(2)
    assert isinstance(table.state.pending, AssignPending) and table.state.pending.total == 2
    shot(table, "custodian_split")
    assert table.title() == "prompt.who_is_there"
    table.press("ok")  # everyone has Units there (C13)
    shot(table, "custodian_proposed")
    table.press("up")  # Crawling Chaos takes the Black Goat's one: 2 of them go
    table.press("ok")
    presses += 3
    assert table.state.pending is None
    assert presses <= 6
    shot(table, "custodian_result")

    # Holding BACK undoes the split, then the roll: dice included.
    table.hold_back()
    assert isinstance(table.state.pending, AssignPending)
    assert result_keys(table) == ["event.undone"]
    shot(table, "undo_split")
    table.hold_back()
    assert isinstance(table.state.pending, RollPending)
    table.roll(2)
    table.press("ok", "up", "ok")
    assert table.state.pending is None


def librarian_round(table: Table) -> None:
    """Crawling Chaos sends the Librarian after Great Cthulhu's Overdue Tome (C16, C17)."""
    table.press("right")  # LIBRARIAN
    prompt = table.app.view().prompt
    assert not prompt.choices[0].enabled  # Great Cthulhu: no enemy holds an Overdue Tome
    shot(table, "librarian_who")
    table.press("ok")  # Crawling Chaos, the first it is open to
    table.press("ok")  # the first Area
    assert table.state.activation is not None and table.state.activation.by == CC
    table.roll(3)
    assert table.title() == "prompt.units_present"
    shot(table, "librarian_present")
    table.press("ok")  # one Unit of Great Cthulhu there: it takes all 3 Agony
    pending = table.state.pending
    assert isinstance(pending, SatisfyPending) and (pending.faction, pending.agony) == (GC, 3)
    shot(table, "librarian_payment")

    # Great Cthulhu returns the Tome and loses 2 Doom: rows Units, Tome, Doom (all 3 by default).
    table.press("right", "up")  # the Tome row: yes, which takes one from Doom
    shot(table, "librarian_paid")
    table.press("ok")
    assert table.state.pending is None
    assert table.state.tomes[GUARDIAN].holder is None  # C9: back in its slot
    assert result_keys(table)  # the result, in words
    assert table.words() != ""
    shot(table, "librarian_result")


def check_export(table: Table, tmp_path: Path) -> None:
    first_area = table.state.librarian
    assert first_area is not None
    lines = exported(tmp_path, Path(table.app.session.store.path).parent)
    expected: list[dict[str, Any]] = [
        default_config().table.new_game(),
        {"type": "set_gate", "area": GUARDIAN, "gate": True, "controller": GC},
        {"type": "set_gate", "area": GUARDIAN, "gate": True, "controller": None},
        *[{"type": "next_phase"}] * 4,
        {"type": "activate", "monster": "custodian", "by": GC, "area": first_area},
        {"type": "roll", "values": [2], "source": "reader"},
        {"type": "assign_agony", "present": {GC: 0, CC: 2, BG: 0}, "assign": {GC: 0, CC: 2, BG: 0}},
        {"type": "undo"},
        {"type": "undo"},
        {"type": "roll", "values": [2], "source": "reader"},
        {"type": "assign_agony", "present": {GC: 0, CC: 2, BG: 0}, "assign": {GC: 0, CC: 2, BG: 0}},
        {"type": "activate", "monster": "librarian", "by": CC, "area": first_area},
        {"type": "roll", "values": [3], "source": "reader"},
        {"type": "assign_agony", "present": {GC: 1}, "assign": {GC: 3}},
        {"type": "satisfy", "faction": GC, "units": 0, "doom": 2, "tomes": [GUARDIAN]},
    ]
    assert [json.loads(line) for line in lines] == expected
    state = replayed(tmp_path, lines)
    assert state["round"] == 2 and state["pending"] is None
    assert state["silence"] == {GC: False, CC: False, BG: True}
    assert state["custodian"] == state["librarian"] == first_area


def test_the_main_library_screen_names_every_button(
    surface: pygame.Surface, state_dir: Path
) -> None:
    store, session = open_session(state_dir)
    with store:
        app = App(session, Window(surface), Inputs())
        app.draw()
        assert [label.text for label in app.screen.labels() if label.truncated] == []
