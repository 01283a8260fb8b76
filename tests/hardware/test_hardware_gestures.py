"""Debounce, hold and repeat, fed with exact timestamps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.gestures import DebouncedButton, Debouncer, HoldForAlternate, Repeat, Timing

T = Timing()


def names(presses: list[tuple[float, str]]) -> list[str]:
    return [name for _at, name in presses]


def bounce(
    button: DebouncedButton, level: bool, at: float, toggles: int = 5
) -> list[tuple[float, str]]:
    """``toggles`` edges 0.5 ms apart, ending on ``level``."""
    fired = []
    for i in range(toggles):
        edge = level if (toggles - i) % 2 == 1 else not level
        fired += button.feed(edge, at + i * 0.0005)
    return fired


def test_a_press_counts_once_it_has_held_for_the_debounce_time() -> None:
    button = DebouncedButton("ok", T)
    assert button.feed(True, 0.0) == []
    assert button.tick(0.019) == []
    assert button.tick(0.020) == [(0.0, "ok")]
    assert button.tick(5.0) == []


def test_five_toggles_within_3_ms_are_one_press() -> None:
    button = DebouncedButton("phase", T)
    fired = bounce(button, True, 0.0, toggles=5) + button.tick(0.1)
    fired += bounce(button, False, 0.2, toggles=5) + button.tick(0.3)
    assert names(fired) == ["phase"]


def test_a_thousand_bounced_presses_count_a_thousand() -> None:
    button = DebouncedButton("left", T)
    fired = []
    for i in range(1000):
        start = i * 0.2
        fired += bounce(button, True, start, toggles=7)
        fired += bounce(button, False, start + 0.1, toggles=5)
    fired += button.tick(1000 * 0.2)
    assert names(fired) == ["left"] * 1000


def test_a_glitch_shorter_than_the_debounce_is_no_press() -> None:
    button = DebouncedButton("ok", T)
    fired = button.feed(True, 0.0) + button.feed(False, 0.010) + button.tick(1.0)
    assert fired == []


def test_back_short_press_is_back_on_release() -> None:
    button = DebouncedButton("back", T)
    button.feed(True, 0.0)
    assert button.tick(0.5) == []
    assert names(button.feed(False, 0.6) + button.tick(0.7)) == ["back"]


def test_back_held_for_hold_time_is_undo_and_no_back() -> None:
    button = DebouncedButton("back", T)
    button.feed(True, 0.0)
    assert button.tick(0.99) == []
    assert button.tick(1.0) == [(1.0, "undo")]
    assert names(button.feed(False, 3.0) + button.tick(3.1)) == []


def test_down_held_repeats_after_the_delay_at_ten_per_second() -> None:
    button = DebouncedButton("down", T)
    button.feed(True, 0.0)
    fired = button.tick(0.02) + button.tick(1.5)
    # press at 0, then 0.5, 0.6, ... 1.5: 1 + 11
    assert names(fired) == ["down"] * 12
    assert [round(at, 3) for at, _ in fired[1:3]] == [0.5, 0.6]
    assert names(button.feed(False, 1.55) + button.tick(3.0)) == []


@given(st.lists(st.floats(min_value=0.0, max_value=2.0), max_size=60))
def test_repeat_count_depends_only_on_how_long_it_was_held(ticks: list[float]) -> None:
    """However often (or rarely) tick is called, the presses and their times are the same."""
    held = 2.05
    ticked = Repeat("up", T.repeat_delay, T.repeat_interval)
    fired = ticked.press(0.0)
    for now in sorted(ticks):
        fired += ticked.tick(now)
    fired += ticked.release(held)
    untouched = Repeat("up", T.repeat_delay, T.repeat_interval)
    assert fired == untouched.press(0.0) + untouched.release(held)
    assert len(fired) == 1 + 16  # the press, then 0.5, 0.6 ... 2.0


def test_hold_fires_once_however_long_it_is_held() -> None:
    hold = HoldForAlternate("back", "undo", 1.0)
    hold.press(0.0)
    fired = hold.tick(1.0) + hold.tick(2.0) + hold.tick(10.0) + hold.release(11.0)
    assert names(fired) == ["undo"]


def test_debouncer_reports_the_edge_time_of_the_final_run() -> None:
    debouncer = Debouncer(0.02)
    debouncer.feed(True, 1.0)
    debouncer.feed(False, 1.001)
    debouncer.feed(True, 1.002)
    assert debouncer.poll(1.03) == [(True, 1.002)]


def test_zero_debounce_passes_levels_at_once() -> None:
    assert Debouncer(0.0).feed(True, 5.0) == [(True, 5.0)]


@pytest.mark.parametrize(
    "kwargs", [{"debounce": -0.01}, {"hold_time": -1.0}, {"repeat_interval": 0.0}]
)
def test_bad_timings_are_refused(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        Timing(**kwargs)
