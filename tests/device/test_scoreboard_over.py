"""After the scoreboard's end (K13) the rules refuse every command but undo (K14): on the
device in-process (MockFactory buttons, the app drawing under SDL's dummy driver), the
monsters' buttons open no question but say in one line what still works, as the footer
does; PHASE shows the Doom chart alone and back; OK opens a menu without the lines the
rules would refuse; UNDO goes back.
A game without the scoreboard won by the Citadels (D5) ends the same way."""

from __future__ import annotations

import json

import pytest

from rules.journal import parse_line
from rules.text import render, text
from tests.device.conftest import ROOT, Table
from tests.device.test_e2e_library import shot

EXAMPLE = ROOT / "rules" / "examples" / "celaeno_scoreboard.jsonl"


# K14, D5: a Dreamlands game with the scoreboard, won at once by holding the four Citadels.
CITADELS = [
    json.dumps({"type": "new_game", "map": "dreamlands", "settings": {"scoreboard": True},
                "factions": ["great_cthulhu", "crawling_chaos", "yellow_sign"]}),
    *(json.dumps({"type": "set_gate", "area": f"underworld_citadel_{label}", "gate": True,
                  "controller": "crawling_chaos"}) for label in ("1_2", "3", "4", "5_6")),
]  # fmt: skip


def ended(table: Table, journal: list[str] | None = None) -> None:
    """The example's whole game, ending with every Elder Sign revealed (K13, K14)."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines() if journal is None else journal
    for line in lines:
        cmd = parse_line(line, table.app.games.rules, table.app.session.played.game)
        if cmd is not None:
            table.app.submit(cmd)
    table.run_once()
    assert (table.state.game_over, table.state.winner) != (None, None)


@pytest.mark.parametrize("button", ["left", "right"])
def test_the_monsters_say_the_game_is_over(table: Table, button: str) -> None:
    ended(table)
    assert table.title() == "prompt.sb.over"
    before = table.state
    table.press(button)
    assert table.title() == "prompt.sb.over"  # no question opened: the end's summary stays
    error = table.app.status.error
    assert error is not None and error.key == "notice.sb.over"
    assert "OK" in render(error, "en") and "Back" in render(error, "en")
    assert "決定" in render(error, "ja") and "戻る" in render(error, "ja")  # as the footer
    hints = [(h.button, h.action.key) for h in table.app.view().prompt.hints]
    assert hints == [("ok", "hint.menu"), ("phase", "hint.sb.chart"), ("undo", "hint.undo")]
    shot(table, f"over_{button}")
    table.press("ok")  # the line goes at the next press; OK opens the menu
    assert table.app.status.error is None and table.title() == "prompt.menu"
    assert table.state is before  # nothing was submitted


@pytest.mark.parametrize("back", ["phase", "back", "ok"])
def test_phase_shows_the_doom_chart_alone_and_goes_back_to_the_winners(
    table: Table, back: str
) -> None:
    """K14: the summary first (who won and why, the table); PHASE draws the Doom chart in
    the board's whole room, with each faction's shape and final Doom; PHASE, BACK or OK
    go back to the winners. Nothing is submitted."""
    ended(table)
    before = table.state
    assert "phase" in [h.button for h in table.app.view().prompt.hints]  # said on screen
    table.press("phase")
    assert table.title() == "prompt.sb.chart" and table.app.status.error is None
    assert table.app.view().prompt.shows == "doom_chart"
    board = table.words("board")
    assert "GreatCthulhu22" in board and "BlackGoat16" in board  # the key: shape, name, Doom
    assert "+2+3+1+1+2+1" not in board  # the table is on the first view
    shot(table, f"over_chart_{back}")
    table.press(back)
    assert table.title() == "prompt.sb.over" and table.app.view().prompt.shows is None
    assert "+2+3+1+1+2+1" in table.words("board")  # the Black Goat's signs, the table back
    assert table.state is before


def test_the_menu_after_the_end_offers_only_what_the_rules_take(table: Table) -> None:
    ended(table)
    table.press("ok")
    keys = [c.label.key for c in table.app.view().prompt.choices]
    assert "menu.gate" not in keys and "menu.sb_faction" not in keys
    assert "menu.history" in keys and "menu.new_game" in keys
    shot(table, "over_menu")
    table.press("back")
    table.hold_back()  # UNDO: the last reveal is asked again (K14)
    assert table.state.game_over is None and table.title() != "prompt.sb.over"


@pytest.mark.parametrize("button", ["phase", "left", "right"])
def test_a_citadel_victory_with_the_scoreboard_ends_the_same(table: Table, button: str) -> None:
    """K14: the Citadels' winner ends a scoreboard game too; the rules refuse the rest."""
    ended(table, CITADELS)
    title = table.title()
    assert title == "prompt.winner"
    table.press(button)
    assert table.title() == title
    error = table.app.status.error
    assert error is not None and error.key == "notice.sb.over"
    table.press("ok")
    keys = [c.label.key for c in table.app.view().prompt.choices]
    assert "menu.gate" not in keys and "menu.new_game" in keys


# D5, D6: the same Dreamlands victory in a game without the scoreboard.
CITADELS_ALONE = [
    json.dumps({"type": "new_game", "map": "dreamlands",
                "factions": ["great_cthulhu", "crawling_chaos", "yellow_sign"]}),
    *CITADELS[1:],
]  # fmt: skip


@pytest.mark.parametrize("button", ["phase", "left", "right"])
def test_a_citadel_victory_without_the_scoreboard_ends_the_same(table: Table, button: str) -> None:
    """D5: the rules refuse every command but undo after the Citadels' winner, so PHASE and
    the monsters open no question: one line says what still works, in the same words."""
    ended(table, CITADELS_ALONE)
    assert table.state.scoreboard is None and table.title() == "prompt.winner"
    before = table.state
    table.press(button)
    assert table.title() == "prompt.winner"
    error = table.app.status.error
    assert error is not None and error.key == "notice.game_over"
    for lang in ("en", "ja"):
        assert render(error, lang) == render(text("notice.sb.over"), lang)
    hints = [(h.button, h.action.key) for h in table.app.view().prompt.hints]
    assert hints == [("ok", "hint.menu"), ("undo", "hint.undo")]
    shot(table, f"won_{button}")
    table.press("ok")
    assert table.app.status.error is None and table.title() == "prompt.menu"
    keys = [c.label.key for c in table.app.view().prompt.choices]
    assert "menu.gate" not in keys and "menu.bhole" not in keys and "menu.new_game" in keys
    assert table.state is before  # nothing was submitted
    table.press("back")
    table.hold_back()  # UNDO: the last Citadel's Gate is taken back
    assert table.state.winner is None and table.title() != "prompt.winner"
