"""The history view and the guard on runs of UNDO (a sleeve on the button)."""

from __future__ import annotations

import pygame
import pytest

from device.ui.history import how_rolled
from display.games import SCREENS
from display.screen.screen import Screen
from display.view import View
from rules.cthulhu_wars.commands import Roll
from rules.journal import state_json
from rules.text import render, render_fragment, text
from tests.device.conftest import ROOT, down_to
from tests.device.press_table import Task, _Table, begin
from tests.device.test_press_table import ROUND_2

GATES = [
    *ROUND_2,
    '{"type": "set_gate", "area": "barrier_of_naach_tith", "gate": true, "controller": "yellow_sign"}',
    '{"type": "set_gate", "area": "fountain", "gate": true, "controller": "great_cthulhu"}',
    '{"type": "set_gate", "area": "gloomloft", "gate": true, "controller": null}',
]
# A Normandie battle in turn 1's Order Phase, its Zombies' order still to choose.
NORMANDIE = (ROOT / "rules" / "examples" / "normandie_chapter1.jsonl").read_text("utf-8")
BATTLE = NORMANDIE.splitlines()[:10]


def _table(journal: list[str]) -> _Table:
    return _Table(begin(Task("history", journal, lambda c: True, lambda c: True)), ())


def _press(table: _Table, *buttons: str) -> None:
    for button in buttons:
        table.press(button, lambda cmd: True)


def _choose(table: _Table, key: str) -> None:
    down_to(
        lambda: table.controller.prompt(table.state),
        lambda button: _press(table, button),
        lambda choice: choice.label.key == key,
    )


def _open_history(table: _Table) -> None:
    _choose(table, "main.menu")
    _choose(table, "menu.history")
    assert table.controller.prompt(table.state).title.key == "prompt.history"


def test_the_history_lists_the_commands_in_words_newest_first() -> None:
    table = _table(GATES)
    _open_history(table)
    choices = table.controller.prompt(table.state).choices
    words = [render(choice.label) for choice in choices[:3]]
    assert "Gloomloft" in words[0] and "Fountain" in words[1] and "Barrier" in words[2]


def test_choosing_a_command_goes_back_to_just_before_it_after_saying_how_many() -> None:
    before_barrier = _table(GATES[:-3]).played
    table = _table(GATES)
    _open_history(table)
    _press(table, "down", "down", "ok")  # the Barrier's Gate, three commands back
    prompt = table.controller.prompt(table.state)
    assert prompt.title.key == "prompt.history_confirm" and prompt.title.params["n"] == 3
    chosen = render(table.controller.prompt(table.state).title)  # names the command chosen
    assert "Barrier" in chosen, chosen
    _press(table, "ok")
    assert [cmd.TYPE for cmd in table.commands] == ["undo"] * 3
    assert state_json(table.played) == state_json(before_barrier)


def test_no_keeps_everything() -> None:
    table = _table(GATES)
    _open_history(table)
    _press(table, "ok", "down", "ok")  # the newest, then No
    assert table.commands == []


def test_a_run_of_undos_asks_once_before_going_on() -> None:
    table = _table(GATES)
    _press(table, "undo", "undo", "undo")
    assert [cmd.TYPE for cmd in table.commands] == ["undo"] * 3
    _press(table, "undo")  # the fourth in a row: asked, nothing undone yet
    assert table.controller.prompt(table.state).title.key == "prompt.undo_run"
    assert len(table.commands) == 3
    _press(table, "ok")  # yes
    _press(table, "undo")  # the run goes on without asking again
    assert len(table.commands) == 5


def test_a_run_answered_no_undoes_nothing_more_and_another_press_starts_afresh() -> None:
    table = _table(GATES)
    _press(table, "undo", "undo", "undo", "undo")
    _press(table, "down", "ok")  # No
    assert len(table.commands) == 3
    _press(table, "undo")  # a new run: the first undo of it
    assert len(table.commands) == 4


def test_after_an_undo_the_main_screen_offers_redo_first_and_ok_brings_it_back() -> None:
    table = _table(GATES)
    before = table.played
    _press(table, "undo")
    prompt = table.controller.prompt(table.state)
    assert prompt.selected == 0 and prompt.choices[0].label.key == "main.redo"
    assert "Gloomloft" in render(prompt.choices[0].label)  # what comes back, in words
    _press(table, "ok")
    assert [cmd.TYPE for cmd in table.commands] == ["undo", "redo"]
    assert state_json(table.played) == state_json(before)
    assert table.controller.prompt(table.state).choices[0].label.key != "main.redo"


def test_back_with_nothing_to_go_back_to_redoes_in_order_until_a_new_command() -> None:
    table = _table(GATES)
    before = table.played
    _press(table, "undo", "undo")
    hints = {h.button: h.action.key for h in table.controller.prompt(table.state).hints}
    assert hints["back"] == "hint.redo"
    _press(table, "back", "back")  # the Fountain's Gate, then Gloomloft's
    assert [cmd.TYPE for cmd in table.commands] == ["undo", "undo", "redo", "redo"]
    assert state_json(table.played) == state_json(before)
    _press(table, "undo", "phase", "ok")  # a new command: nothing to redo any more
    hints = {h.button: h.action.key for h in table.controller.prompt(table.state).hints}
    assert "back" not in hints


ROLLS = [
    *ROUND_2,
    '{"type": "activate", "monster": "custodian", "by": "yellow_sign", "area": "black_hall"}',
    '{"type": "roll", "values": [1], "source": "godice:Blue"}',
    '{"type": "assign_agony", "present": {"yellow_sign": 1}, "assign": {"yellow_sign": 1}}',
    '{"type": "undo"}',
    '{"type": "undo"}',
    '{"type": "roll", "values": [1], "source": "reader"}',
    '{"type": "assign_agony", "present": {"yellow_sign": 1}, "assign": {"yellow_sign": 1}}',
    *['{"type": "next_phase"}'] * 4,
    '{"type": "activate", "monster": "custodian", "by": "yellow_sign", "area": "fountain"}',
    '{"type": "roll", "values": [2], "source": "keys"}',
    '{"type": "undo"}',
    '{"type": "roll", "values": [2]}',
    '{"type": "assign_agony", "present": {"yellow_sign": 2}, "assign": {"yellow_sign": 2}}',
]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_history_says_where_each_roll_came_from_and_draws_it(lang: str) -> None:
    """Issue 24, item 4: the roll's source (JOURNAL.md) beside the roll, in words; an old
    journal's roll (no source) says nothing more. Drawn whole at 800×480."""
    table = _table(ROLLS)
    table.controller.lang = lang
    _open_history(table)
    prompt = table.controller.prompt(table.state)
    rolls = [c for c in prompt.choices if c.label.key.startswith("event.agony_rolled")]
    assert [c.detail and render_fragment(c.detail, lang) for c in rolls] == [
        None,  # no source: a journal from before it was recorded
        {"en": "rolled on the dice reader", "ja": "ダイスリーダーで読み取り"}[lang],
    ]  # the undone rolls (GoDice, by hand) are not in the history
    _press(table, *["down"] * prompt.choices.index(rolls[1]))  # the reader's roll on screen
    pygame.display.init()
    screen = Screen(pygame.Surface((800, 480)), SCREENS)
    screen.render(View(state_json(table.played), table.controller.prompt(table.state), lang=lang))
    drawn = " ".join(label.text for label in screen.labels() if label.panel == "prompt")
    assert {"en": "dice reader", "ja": "ダイスリーダー"}[lang] in drawn
    assert not any(label.truncated for label in screen.labels())


def test_a_smart_die_is_said_by_name_and_kind() -> None:
    roll = Roll((3,), "pixels:Red,godice:Blue")
    assert (
        render_fragment(how_rolled(roll) or text("x"))
        == "rolled with Red (Pixels) and Blue (GoDice)"
    )
    assert render_fragment(how_rolled(Roll((3,), "keys")) or text("x"), "ja") == "手で入力"
    assert how_rolled(Roll((3,))) is None


SPLIT_3 = [  # the Custodian in the Barrier: 3 Agony, Great Cthulhu 1 and Crawling Chaos 2 (C13)
    *ROUND_2,
    '{"type": "activate", "monster": "custodian", "by": "yellow_sign", "area": "barrier_of_naach_tith"}',
    '{"type": "roll", "values": [3]}',
    '{"type": "assign_agony", "present": {"great_cthulhu": 1, "crawling_chaos": 2}, "assign": {"great_cthulhu": 1, "crawling_chaos": 2}}',
]  # fmt: skip


NAMES = {
    "en": ("Great Cthulhu", "Crawling Chaos", "2 Units", "Barrier of Naach-Tith"),
    "ja": ("大いなるクトゥルフ", "這い寄る混沌", "2ユニット", "ナアク＝ティスの障壁"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_split_s_line_names_every_faction_it_moved(lang: str) -> None:
    """Issue 32: the History's line of a split named only the first faction."""
    table = _table(SPLIT_3)
    _open_history(table)
    line = render(table.controller.prompt(table.state).choices[0].label, lang)
    for name in NAMES[lang]:
        assert name in line, line


def test_a_normandie_battles_menu_redoes_an_undo_and_opens_the_history() -> None:
    played = _table(BATTLE[:-1])  # where the undo below leads, with nothing undone
    _press(played, "ok")  # the rules would refuse a redo: the menu offers none
    keys = [c.label.key for c in played.controller.prompt(played.state).choices]
    assert "menu.redo" not in keys and "menu.history" in keys
    table = _table(BATTLE)
    _press(table, "undo", "ok")  # the last phase change undone; OK on the idle screen: the menu
    _choose(table, "menu.redo")
    assert [cmd.TYPE for cmd in table.commands] == ["undo", "redo"]
    assert state_json(table.played) == state_json(_table(BATTLE).played)
    _press(table, "undo", "ok")
    _choose(table, "menu.history")
    assert table.controller.prompt(table.state).title.key == "prompt.history"
