"""The footer, read back from the drawn screen: each keycap names a button (or how it is
pressed), the words after it what it does now; a line never parts a keycap from its words;
and on the smallest screen the main screen's footer keeps to one line, so that the status
line under it stays (issue 50, item 7)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from display.layout.canvas import Label
from hardware.events import ButtonPressed
from rules.text import LANGUAGES, render, text
from tests.device.test_dial_and_back import TWO_ROWS, _app
from tests.device.test_press_table import ROUND_2

SIZES = ((480, 320), (800, 480), (1920, 1080))
E4 = Path(__file__).resolve().parents[2] / "rules" / "examples" / "celaeno_scoreboard.jsonl"
# E4 in its second round's Action Phase, with the scoreboard: the main screen's footer
SCOREBOARD_ACTION = E4.read_text("utf-8").splitlines()[:19]


def drawn(journal: list[str], size: tuple[int, int], lang: str, tmp: Path) -> list[Label]:
    app, store = _app(tmp, *journal, surface=pygame.Surface(size))
    with store:
        app.controller.lang = lang
        app.screen.render(app.view())
        return app.screen.labels()


def keycaps(lang: str) -> set[str]:
    buttons = ("left", "right", "phase", "up", "down", "ok", "back", "undo")
    return {render(text(f"screen.button.{b}"), lang) for b in buttons}


def entries(labels: list[Label], lang: str) -> list[tuple[str, str]]:
    """Each footer entry's last keycap and the words after it (none: the keycap alone)."""
    caps = keycaps(lang)
    hints = [label for label in labels if label.panel == "hints"]
    found = []
    for label, after in zip(hints, [*hints[1:], None], strict=True):
        if label.text.strip() in caps and (after is None or after.text.strip() not in caps):
            found.append((label.text.strip(), after.text.strip() if after else ""))
    return found


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_undo_keycap_names_how_it_is_pressed_and_its_words_the_undo(
    size: tuple[int, int], lang: str, tmp_path: Path
) -> None:
    """ "[Undo] Hold Back" put the action in the keycap, the reverse of "[Phase] Next
    phase": it reads "[Hold Back] Undo" wherever the entry is drawn."""
    said = dict(entries(drawn(ROUND_2, size, lang, tmp_path), lang))
    hold, undo = render(text("screen.button.undo"), lang), render(text("hint.undo"), lang)
    assert render(text("screen.button.phase"), lang) in said
    if size != (480, 320):  # the smallest screen may leave it out (below)
        assert said[hold] == undo
    assert said.get(hold, undo) == undo
    assert hold == {"en": "Hold Back", "ja": "戻る長押し"}[lang]


@pytest.mark.parametrize("journal", [ROUND_2, SCOREBOARD_ACTION], ids=["library", "scoreboard"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_main_screens_footer_keeps_to_one_line_and_the_status_stays(
    journal: list[str], lang: str, tmp_path: Path
) -> None:
    """At 480x320 the main screen's footer wrapped ("[Undo]" / "Hold Back") and pushed the
    status line off the screen: it keeps to one line, its last entry left out if need be,
    and the status line is drawn under it."""
    labels = drawn(journal, (480, 320), lang, tmp_path)
    hints = [label for label in labels if label.panel == "hints"]
    assert len({label.rect.centery for label in hints}) == 1, [h.text for h in hints]
    assert render(text("hint.next_phase"), lang) in [h.text.strip() for h in hints]
    status = [label for label in labels if label.panel == "status"]
    assert status and all(label.rect.bottom <= 320 for label in status)
    assert max(h.rect.bottom for h in hints) <= min(s.rect.top for s in status)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_footer_on_two_lines_keeps_each_keycap_with_its_words(lang: str, tmp_path: Path) -> None:
    """A dial of two rows has more entries than one line holds at 480x320 in English: the
    second line starts with a whole entry, never with the words of a keycap left above."""
    app, store = _app(tmp_path, *TWO_ROWS, surface=pygame.Surface((480, 320)))
    with store:
        app.controller.lang = lang
        app.handle_input(ButtonPressed("down"))  # nothing changes but the footer's look
        app.screen.render(app.view())
        hints = [label for label in app.screen.labels() if label.panel == "hints"]
    caps = keycaps(lang)
    for label, after in pairwise(hints):
        if label.text.strip() in caps and after.text.strip() not in caps:
            assert after.rect.centery == label.rect.centery, (label.text, after.text)
    said = [label.text.strip() for label in hints]
    assert render(text("hint.row"), lang) in said  # how to move between rows, still said
