"""What PROTOCOL.md promises a maker the screen shows for each reader line, on the real device.

A pseudo-terminal reader and gpiozero mock buttons drive the real app; every sentence the page
quotes must be the one drawn (frames saved to tests/output/e2e/).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.cthulhu_wars.state import AssignPending, RollPending
from rules.text import render
from tests.device.conftest import Table

ROOT = Path(__file__).resolve().parents[2]


def _protocol_page() -> str:
    (page,) = [p for p in ROOT.rglob("PROTOCOL.md") if ".venv" not in p.parts]
    return page.read_text(encoding="utf-8")


PAGE = _protocol_page()


def shows(table: Table, sentence: str, panel: str = "prompt") -> None:
    """The page quotes ``sentence`` and the screen draws it (text wraps anywhere)."""
    assert f'"{sentence}"' in PAGE, f"PROTOCOL.md does not quote {sentence!r}"
    assert "".join(sentence.split()) in table.words(panel), f"not on screen: {sentence!r}"


@pytest.mark.slow
def test_each_line_shows_what_the_protocol_page_says(table: Table) -> None:
    table.send("HELLO pico-reference 1.0", "ReaderHello")
    shows(table, "Dice reader pico-reference 1.0 is ready.")

    table.roll(3)  # round 1, Action Phase: nothing waits for a die
    shows(table, "Reader sent 3: no roll is wanted now.")

    table.send("ERR cocked", "ReaderError")
    shows(table, "The reader could not read the dice (cocked): roll again.")
    table.screenshot("reader_err")

    for count, line in enumerate(("DICE 3", "ROLL 7", "ROLL 3 5*1C"), start=1):
        table.send(line, "ReaderStatus")
        assert f"Misreaddice:{count}" in table.words("status")
    shows(table, "Misread dice: 3", "status")
    # The last garbled line is drawn in the status line, beside the main screen's choices.
    last = table.app.status.last_rejected
    assert last is not None and "ROLL 3 5*1C" in render(last, "en")
    assert "Last:“ROLL35*1C”" in table.words("status")
    table.screenshot("reader_unreadable_lines")

    for _ in range(4):  # to round 2's Action Phase: everyone has a Silence token (C1)
        table.press("phase", "ok")
    table.press("left", "ok", "ok")  # CUSTODIAN
    assert isinstance(table.state.pending, RollPending)
    table.roll(4)
    shows(table, "Last: Reader sent 4: the Agony die has no 4.", "status")
    table.roll(2, 5)
    shows(table, "Last: Reader sent 2 5: 1 die wanted, 2 read.", "status")
    assert isinstance(table.state.pending, RollPending)  # nothing changed
    table.screenshot("reader_misread")
    table.roll(2)
    assert isinstance(table.state.pending, AssignPending)

    table.reader.unplug()
    table.until(lambda: table.app.status.reader == "disconnected", "the unplug")
    shows(table, "Dice reader DISCONNECTED", "status")
    table.screenshot("reader_disconnected")
    table.reader.plug()
    table.until(lambda: table.app.status.reader == "connected", "the replug")
