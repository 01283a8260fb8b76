"""The menu's faction lines at the table: CUSTODIAN and LIBRARIAN move two seats round them
(with the real controller and rules), activate their monster everywhere else, and the
footer drawn at every size says what they do while the cursor is on a faction line."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from device.companion.app import App
from device.cthulhu_wars.controller import CthulhuWarsController
from hardware.events import ButtonPressed
from rules.text import Text, render, text
from tests.device.press_table import _Table, begin
from tests.device.test_dial_and_back import _app
from tests.device.test_press_table import GC, SCOREBOARD_SIGNS, TO_THE_MENU, menu_task
from tests.device.test_scoreboard_menu import _at

MENU = [*TO_THE_MENU, "ok"]  # "Something else happened", then OK: the menu


def _table(*buttons: str) -> _Table:
    """The 4-player game of the press table (First Player Great Cthulhu), ``buttons`` pressed."""
    table = _Table(begin(menu_task("seats", GC)), ())
    for button in buttons:
        table.press(button, lambda cmd: False)
        assert not table.dead and table.commands == [], button
    return table


def _title(table: _Table) -> Text:
    return table.controller.prompt(table.state).title


def test_on_the_faction_lines_the_two_buttons_choose_a_faction_and_open_no_monster() -> None:
    """The seating order Great Cthulhu, Crawling Chaos, the Black Goat, the Yellow Sign: two
    seats from the First Player is the Black Goat, either way; two on from it, the First
    Player again. The menu stays, with no command given."""
    table = _table(*MENU)
    menu = table.controller._current(table.state)
    assert _at(menu) == GC
    table.press("right", lambda cmd: False)
    assert _at(table.controller._current(table.state)) == "black_goat"
    table.press("right", lambda cmd: False)
    assert _at(table.controller._current(table.state)) == GC
    table.press("left", lambda cmd: False)
    assert _at(table.controller._current(table.state)) == "black_goat"
    assert not table.dead and table.commands == [] and _title(table) == text("prompt.menu")
    table.press("ok", lambda cmd: False)
    assert _title(table) == text("prompt.sb.what_happened", faction="black_goat")


@pytest.mark.parametrize("button", ["left", "right"])
def test_off_the_faction_lines_the_two_buttons_still_activate_their_monster(button: str) -> None:
    """On the menu's "Gate changed" (below the four faction lines) and on the main screen,
    the button opens its monster's activation, as it does in a game without the scoreboard."""
    main = _table()
    fresh = CthulhuWarsController()
    fresh.press(button, main.state)
    activation = fresh.prompt(main.state).title
    assert activation != text("prompt.menu")
    on_gate = _table(*MENU, "down", "down", "down")
    assert _at(on_gate.controller._current(on_gate.state)) == "menu.gate"
    on_gate.press(button, lambda cmd: False)
    assert _title(on_gate) == activation
    main.press(button, lambda cmd: False)
    assert _title(main) == activation


def _footer(app: App, lang: str) -> list[str]:
    app.controller.lang = lang
    app.screen.render(app.view())
    hints = [label for label in app.screen.labels() if label.panel == "hints"]
    assert not any(label.truncated or "…" in label.text for label in hints)
    return [label.text.strip().casefold() for label in hints]


def _said(key: str, lang: str) -> str:
    return render(text(key), lang).casefold()


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_footer_says_what_the_two_buttons_do_on_a_faction_line_only(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    """Read back from the drawn footer, whole: on a faction line "Custodian Librarian 2
    seats away"; on the menu's other lines no word of the two buttons."""
    app, store = _app(tmp_path, *SCOREBOARD_SIGNS, surface=pygame.Surface(size))
    with store:
        for button in MENU:
            app.handle_input(ButtonPressed(button))
        words = _footer(app, lang)
        custodian, librarian = (_said(f"screen.button.{b}", lang) for b in ("left", "right"))
        seats = words.index(_said("hint.sb.two_seats", lang))
        assert words[seats - 2 : seats] == [custodian, librarian], words
        assert _said("hint.choose", lang) in words, words
        for button in ("up", "up"):  # the Yellow Sign's line, then the menu's last line
            app.handle_input(ButtonPressed(button))
        words = _footer(app, lang)
        assert custodian not in words and _said("hint.sb.two_seats", lang) not in words, words
