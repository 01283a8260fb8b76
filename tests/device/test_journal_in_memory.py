"""A card whose data partition cannot be used keeps this start's games in memory only: the
status line says so for as long as the companion runs, and never "Journal saved" (a ✓ there
would be a promise that a power cut breaks)."""

from __future__ import annotations

import dataclasses

from display.panels.shared import _status_spans
from display.view import View
from tests.device.conftest import Table


def status_words(view: View) -> str:
    return "".join(span.text for span in _status_spans(view, saved_words=True))


def test_the_status_line_says_not_saved_to_the_card_after_every_command(table: Table) -> None:
    assert "Journal saved" in status_words(table.app.view())
    table.app.journal_in_memory()
    table.press("phase")  # a command accepted: the journal took it, in memory
    table.run_once()
    view = table.app.view()
    assert view.status.saved and view.status.in_memory
    words = status_words(view)
    assert "Not saved to the card" in words and "Journal saved" not in words
    assert "カードに保存されません" in status_words(dataclasses.replace(view, lang="ja"))
