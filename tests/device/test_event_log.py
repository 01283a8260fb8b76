"""The event log on its own: this game's events, without what was undone."""

from __future__ import annotations

from device.companion.attention import ATTENDED_FOR, DiceAttention
from device.companion.event_log import EVENTS_KEPT, EventLog
from rules.text import Text, text


def events(*keys: str) -> list[Text]:
    return [text(key) for key in keys]


def test_the_latest_is_the_result_and_the_log_lists_what_came_before() -> None:
    log = EventLog()
    log.fresh_game(events("start"))
    log.accepted(events("a1", "a2"), starts_a_game=False, undo=False)
    assert log.latest == events("a1", "a2")
    assert log.shown == events("start")
    log.accepted(events("b"), starts_a_game=False, undo=False)
    assert log.shown == events("start", "a1", "a2")


def test_an_undo_takes_its_commands_events_out_and_a_new_game_starts_afresh() -> None:
    log = EventLog()
    for key in ("a", "b", "c"):
        log.accepted(events(key), starts_a_game=False, undo=False)
    log.accepted(events("undone"), starts_a_game=False, undo=True)
    assert log.latest == events("undone")
    assert log.shown == events("a", "b")
    log.accepted(events("new"), starts_a_game=True, undo=False)
    assert log.shown == []
    log.accepted(events("undone"), starts_a_game=False, undo=True)  # back past the start
    log.accepted(events("undone"), starts_a_game=False, undo=True)  # nothing left to take
    assert log.shown == []


def test_the_log_keeps_the_newest_that_fit() -> None:
    log = EventLog()
    for n in range(EVENTS_KEPT + 5):
        log.accepted(events(f"e{n}"), starts_a_game=False, undo=False)
    assert len(log.shown) == EVENTS_KEPT
    assert log.shown[-1] == text(f"e{EVENTS_KEPT + 3}")


def test_the_table_is_attended_after_a_touch_or_while_the_dice_screen_is_open() -> None:
    now = [100.0]
    attention = DiceAttention(None, lambda: now[0])
    assert attention.attended()  # a table just started
    now[0] += ATTENDED_FOR
    assert not attention.attended()
    attention.dice_screen(True)
    assert attention.attended()
    attention.dice_screen(False)
    attention.touched()
    now[0] += ATTENDED_FOR - 1
    assert attention.attended()
