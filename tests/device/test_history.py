"""The history view and the guard on runs of UNDO (a sleeve on the button)."""

from __future__ import annotations

from rules.journal import state_json
from rules.text import render, text
from tests.device.press_table import Task, _Table, begin
from tests.device.test_press_table import ROUND_2

GATES = [
    *ROUND_2,
    '{"type": "set_gate", "area": "barrier_of_naach_tith", "gate": true, "controller": "yellow_sign"}',
    '{"type": "set_gate", "area": "fountain", "gate": true, "controller": "great_cthulhu"}',
    '{"type": "set_gate", "area": "gloomloft", "gate": true, "controller": null}',
]


def _table(journal: list[str]) -> _Table:
    return _Table(begin(Task("history", journal, lambda c: True, lambda c: True)), ())


def _press(table: _Table, *buttons: str) -> None:
    for button in buttons:
        table.press(button, lambda cmd: True)


def _choose(table: _Table, key: str) -> None:
    for _ in range(40):
        prompt = table.controller.prompt(table.state)
        assert prompt.selected is not None
        if prompt.choices[prompt.selected].label.key == key:
            _press(table, "ok")
            return
        _press(table, "down")
    raise AssertionError(f"no {key}")


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
    assert prompt.title == text("prompt.history_confirm", n=3)
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
