"""Numbers on a dial, the Custodian's split, BACK and the footer, the history, mashing.

A dial turns within its range and never wraps (a number outside it cannot be entered);
rows that share a total never hold more than it. BACK is offered exactly where it does
something; no footer shows a label twice. The history is per game and loses what is
undone; a refusal goes at the next press. A minute of random presses never crashes,
never hangs and loses nothing: the journal replays to the state on screen.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.companion.app import App, Inputs
from device.companion.window import Window
from device.cthulhu_wars.decisions import proposed_split
from device.storage.session import GameSession
from device.storage.store import Store
from device.ui.steps import Dial, DialStep
from display.games import SCREENS
from display.screen.screen import Screen
from hardware.events import ButtonPressed, DiceRead
from rules.games import RULES
from rules.journal import parse_line, replay, state_json
from rules.text import render, text
from tests.device.copies import share_frozen_values
from tests.device.press_table import BASIC, Task, _Table, begin, copied
from tests.device.test_press_table import ROUND_2, TASKS, TWO_OVERDUE
from tests.properties import examples

BUTTONS = ("up", "down", "ok", "back", "left", "right", "phase", "undo")


def _dial(values: list[int], most: list[int], share: int | None) -> DialStep:
    rows = [
        Dial(f"r{i}", text("prompt.pay_doom"), m, v)
        for i, (v, m) in enumerate(zip(values, most, strict=True))
    ]
    return DialStep(text("prompt.pay_doom"), rows, lambda values: None, share=share)


@given(
    st.lists(st.integers(0, 6), min_size=1, max_size=4),
    st.lists(st.sampled_from(["up", "down", "row+", "row-"]), max_size=60),
)
@settings(max_examples=examples(200))
def test_a_dial_stays_within_its_range_and_its_total(most: list[int], presses: list[str]) -> None:
    share = sum(most) // 2
    step = _dial([0] * len(most), most, share)
    for press in presses:
        if press in ("up", "down"):
            step.move(-1 if press == "up" else 1)
        else:
            step.change_row(1 if press == "row+" else -1)
        values = [row.value for row in step.rows]
        assert all(0 <= v <= m for v, m in zip(values, most, strict=True))
        assert sum(values) <= share
        assert 0 <= step.left() <= share


def test_up_at_the_most_and_down_at_zero_change_nothing() -> None:
    step = _dial([3], [3], None)
    step.move(-1)  # UP
    assert step.rows[0].value == 3
    step = _dial([0], [3], None)
    step.move(1)  # DOWN
    assert step.rows[0].value == 0


@pytest.mark.parametrize(
    ("target", "presses"),
    [
        ({"a": 0, "b": 2, "c": 1}, ["row", "up"]),  # E1: one Unit from the top: one UP
        ({"a": 3, "b": 0, "c": 0}, ["up", "up"]),  # two Units, two UPs
        # from a row that is not the top one holding the most: DOWN on it first
        ({"a": 1, "b": 0, "c": 2}, ["row", "down", "row", "up"]),
        ({"a": 2, "b": 1, "c": 0}, ["row", "row", "down", "row-", "row-", "up"]),
    ],
)
def test_correcting_the_proposed_split_costs_one_up_per_unit_taken_from_the_top(
    target: dict[str, int], presses: list[str]
) -> None:
    """C13: one each is proposed; UP with nothing left takes from the top row holding the most."""
    assert proposed_split(3, ["a", "b", "c"]) == {"a": 1, "b": 1, "c": 1}
    rows = [Dial(f, text(f"faction.{f}"), 3, 1) for f in "abc"]
    step = DialStep(text("prompt.pay_doom"), rows, lambda values: None, share=3)
    for press in presses:
        if press in ("row", "row-"):
            step.change_row(1 if press == "row" else -1)
        else:
            step.move(-1 if press == "up" else 1)
    changes = sum(1 for press in presses if press in ("up", "down"))
    moved = sum(max(0, target[f] - 1) for f in "abc")
    assert step.values() == target
    assert changes <= 2 * moved
    if "down" not in presses:
        assert changes == moved


@given(st.data())
@settings(max_examples=examples(300))
def test_moving_a_unit_between_any_two_rows_costs_one_up_beyond_pointing_at_them(
    data: st.DataObject,
) -> None:
    """A shared dial of 2 to 5 rows, any split, any giver and taker: LIBRARIAN (round the
    rows) to the taker, CUSTODIAN (round the others) to the giver, then one UP moves one
    Unit from the giver to the taker and changes nothing else; the screen marks the giver
    before the press. Each of the pointing presses is at most one per row."""
    count = data.draw(st.integers(2, 5))
    values = data.draw(st.lists(st.integers(0, 3), min_size=count, max_size=count))
    total = sum(values)
    giver = data.draw(st.sampled_from([i for i, v in enumerate(values) if v > 0] or [0]))
    taker = data.draw(st.sampled_from([i for i in range(count) if i != giver]))
    if values[giver] == 0:
        return
    rows = [Dial(f"r{i}", text("prompt.pay_doom"), total, v) for i, v in enumerate(values)]
    step = DialStep(text("prompt.pay_doom"), rows, lambda values: None, share=total)
    step.cursor = data.draw(st.integers(0, count))
    pointing = 0
    while step.cursor != taker:  # two rows: the buttons go up and down; more: round them
        step.row_button(1 if step.picks_giver or step.cursor < taker else -1)
        pointing += 1
        assert pointing <= count + 1
    while step.gives() is not rows[giver]:
        step.row_button(-1)
        pointing += 1
        assert pointing <= 2 * (count + 1)
    marked = [c.detail for c in step.choices()].index(
        text("detail.gives", count=text("count.units", n=values[giver]))
    )
    assert marked == giver, "the screen says which row UP takes from"
    step.move(-1)  # UP
    moved = list(values)
    moved[giver] -= 1
    moved[taker] += 1
    assert [row.value for row in rows] == moved


def test_by_touch_the_row_tapped_before_is_the_one_a_tap_takes_from() -> None:
    """Tap the row to take from, then the row that takes, then that row again."""
    rows = [Dial(f, text(f"faction.{f}"), 4, v) for f, v in zip("abcd", (2, 1, 1, 0), strict=True)]
    step = DialStep(text("prompt.pay_doom"), rows, lambda values: None, share=4)
    for index in (1, 3, 3):  # b, then d, then d again: one of b's goes to d
        assert step.pick(index) is None
    assert step.values() == {"a": 2, "b": 0, "c": 1, "d": 1}


def _screens(task: Task, limit: int = 300) -> Iterator[_Table]:
    """The screens of ``task`` a search meets first (copies, each pressable)."""
    share_frozen_values()
    root = _Table(begin(task), task.dice)
    frontier, seen = [root], {root.screen()}
    while frontier and len(seen) < limit:
        table = frontier.pop(0)
        yield table
        for button in (*BASIC, *task.buttons):
            after = copied(table)
            after.press(button, lambda cmd: True)
            if after.screen() not in seen:
                seen.add(after.screen())
                frontier.append(after)


@pytest.mark.parametrize("name", ["custodian_split", "librarian_mixed", "gate_tome"])
def test_back_is_offered_exactly_where_it_does_something(name: str) -> None:
    task = next(task for _label, task in TASKS if task.name == name)
    for table in _screens(task):
        prompt = table.controller.prompt(table.state)
        offered = any(hint.button == "back" for hint in prompt.hints)
        after = copied(table)
        after.press("back", lambda cmd: True)
        assert offered == (after.screen() != table.screen()), render(prompt.title)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_footer_shows_a_label_twice(lang: str) -> None:
    pygame.display.init()
    for _label, task in TASKS:
        for table in _screens(task, 60):
            table.controller.lang = lang
            from device.companion.app import App as _App  # noqa: F401 (the app builds the same view)
            from display.view import View

            view = View(state_json(table.played), table.controller.prompt(table.state), lang=lang)
            screen = Screen(pygame.Surface((800, 480)), SCREENS)
            screen.render(view)
            words = [
                label.text
                for label in screen.labels()
                if label.panel == "hints" and label.text.strip()
            ]
            assert len(words) == len(set(words)), words


def _app(tmp_path: Path, *journal: str, surface: pygame.Surface | None = None) -> tuple[App, Store]:
    store = Store.open(tmp_path / "journal.sqlite3")
    first = parse_line(journal[0], RULES)
    assert first is not None
    session, _ = GameSession.resume(store, first, RULES)
    for line in journal[1:]:
        session.submit_line(line)
    return App(session, Window(surface or pygame.Surface((800, 480))), Inputs()), store


def _journal(app: App) -> list[str]:
    return app.session.store.commands(app.session.game_id)


def test_an_undone_command_leaves_the_history_and_a_new_game_starts_it_empty(
    tmp_path: Path,
) -> None:
    app, store = _app(tmp_path, *ROUND_2)
    with store:
        app.handle_input(ButtonPressed("ok"))  # the main screen's likely job: a Gate changed
        app.handle_input(ButtonPressed("ok"))  # the first Tome Area
        app.handle_input(ButtonPressed("ok"))  # Great Cthulhu takes it
        taken = list(app.log.latest)
        app.handle_input(ButtonPressed("phase"))
        app.handle_input(ButtonPressed("ok"))
        assert all(event in app.events for event in taken)
        app.handle_input(ButtonPressed("undo"))  # the phase
        app.handle_input(ButtonPressed("undo"))  # the Gate
        assert not any(event in app.events for event in taken)
        assert [e.key for e in app.log.latest] == ["event.undone"]


def test_a_refusal_goes_at_the_next_press(tmp_path: Path) -> None:
    app, store = _app(tmp_path, ROUND_2[0])  # round 1: nobody holds a Silence token (I1)
    with store:
        app.handle_input(ButtonPressed("left"))
        assert app.view().status.error is not None
        app.handle_input(ButtonPressed("down"))
        assert app.view().status.error is None


@pytest.mark.slow
def test_a_minute_of_mashing_never_crashes_hangs_or_loses_anything(tmp_path: Path) -> None:
    """600 presses (a minute at ten a second) and reader rolls at random, each drawn."""
    pygame.display.init()
    app, store = _app(tmp_path, *ROUND_2, surface=pygame.display.set_mode((800, 480)))
    chance = random.Random(21)
    with store:
        for _ in range(600):
            if chance.random() < 0.1:
                app.inputs.post(DiceRead((chance.randint(1, 6),)))
            else:
                app.inputs.post(ButtonPressed(chance.choice(BUTTONS)))
            app.run_once()  # handles what is queued and draws
            assert app.inputs.events.empty()  # nothing left waiting: no hang
            assert app.status.error is None or app.status.error.key != "device.internal_error"
        played, _events = replay(_journal(app), RULES)
        assert played is not None
        assert state_json(played) == state_json(app.session.played)  # nothing was lost


E2 = Path(__file__).resolve().parents[1] / "goldens" / "screens" / "celaeno_e2.jsonl"


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_after_an_undo_the_footer_leaves_an_entry_out_rather_than_cut_it(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    """Undoing an Agony payment opens its dial of several rows, and BACK then redoes: the
    English bar had no room for "Back redo" too and ended in a cut "Back …"."""
    lines = E2.read_text("utf-8").splitlines()
    journal = [line for line in lines if line.strip() and not line.startswith("#")]
    app, store = _app(tmp_path, *journal, surface=pygame.Surface(size))
    with store:
        app.controller.lang = lang
        app.handle_input(ButtonPressed("undo"))
        app.screen.render(app.view())
        hints = [label for label in app.screen.labels() if label.panel == "hints"]
        words = [label.text.strip() for label in hints]
        assert not any(label.truncated or "…" in label.text for label in hints), words
        assert render(text("hint.next_row"), lang).casefold() in [w.casefold() for w in words]
        back = render(text("screen.button.back"), lang)
        if back in words:  # shown only with what it does now
            said = words[words.index(back) + 1]
            assert said.casefold() == render(text("hint.redo"), lang).casefold()
        if lang == "ja":  # room for every entry
            assert back in words, words


TWO_ROWS = [  # the Sleeper's Librarian in the Oubliette: how many Units of each of two victims
    *TWO_OVERDUE,
    '{"type": "activate", "monster": "librarian", "by": "sleeper", "area": "oubliette"}',
    '{"type": "roll", "values": [3]}',
]


def _drawn_hints(app: App, lang: str) -> list[str]:
    app.controller.lang = lang
    app.screen.render(app.view())
    hints = [label for label in app.screen.labels() if label.panel == "hints"]
    assert not any(label.truncated for label in hints)
    return [label.text.strip().casefold() for label in hints]


def _said(key: str, lang: str) -> str:
    return render(text(key), lang).casefold()


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_number_screens_footer_says_how_to_move_between_rows(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    """Read back from the drawn footer: with two rows, both row buttons "change row";
    with three rows sharing a total, LIBRARIAN goes to the "next row" (kept before the
    Custodian's entry, which marks the row Up takes from and goes first where the bar is
    short: English at 480x320)."""
    app, store = _app(tmp_path, *TWO_ROWS, surface=pygame.Surface(size))
    with store:
        step = app.controller.showing(app.session.played.state)
        assert isinstance(step, DialStep) and len(step.rows) == 2
        words = _drawn_hints(app, lang)
        custodian, librarian = (_said(f"screen.button.{b}", lang) for b in ("left", "right"))
        change = words.index(_said("hint.row", lang))
        assert words[change - 2 : change] == [custodian, librarian], words
    lines = E2.read_text("utf-8").splitlines()
    journal = [line for line in lines if line.strip() and not line.startswith("#")]
    app, store = _app(tmp_path / "e2", *journal, surface=pygame.Surface(size))
    with store:
        app.handle_input(ButtonPressed("undo"))  # Great Cthulhu's payment: three rows
        words = _drawn_hints(app, lang)
        assert words[words.index(_said("hint.next_row", lang)) - 1] == librarian, words
        if lang == "ja" or size != (480, 320):
            assert words[words.index(_said("hint.take_from", lang)) - 1] == custodian, words
