"""Resting and listening: the scan's schedule, and what the hub makes of the gaps in it.

The schedule (:class:`ScanPlan`) and the hub are given the time; nothing here sleeps. The
bleak source following the schedule on a real D-Bus is in test_smartdice_bluez_bus.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.events import DiceRead
from hardware.smartdice.hub import QUIET_AFTER, Chosen
from hardware.smartdice.listening import SCAN_PERIOD, SCAN_WINDOW, ScanPlan, quiet_at_rest
from tests.hardware.test_smartdice_hub import (
    AGONY_FACES,
    GODICE,
    PIXEL,
    Clock,
    godice_seen,
    last_status,
    make,
    pixel_advert,
    reads,
    roll_pixel,
)

RED = Chosen(PIXEL, "pixels", "Red", "agony")


# --- the schedule -------------------------------------------------------------------------


def test_listening_scans_all_the_time() -> None:
    plan = ScanPlan()
    assert plan.listening and plan.scanning(0.0) and plan.scanning(1e6)
    assert plan.next_change(5.0) is None


def test_a_rest_begins_with_a_gap_then_a_window_each_period() -> None:
    plan = ScanPlan(window=3.0, period=60.0)
    assert plan.listen(False, 100.0) and not plan.listening
    assert not plan.listen(False, 130.0)  # still resting: the rest keeps its start
    assert [plan.scanning(100.0 + t) for t in (0, 56.9, 57.0, 59.9, 60.0, 116.9, 117.5)] == [
        False, False, True, True, False, False, True,
    ]  # fmt: skip
    assert plan.next_change(100.0) == pytest.approx(57.0)
    assert plan.next_change(158.0) == pytest.approx(2.0)  # the window closes at 160


def test_a_press_listens_at_once_and_the_next_rest_starts_afresh() -> None:
    plan = ScanPlan(window=3.0, period=60.0)
    plan.listen(False, 0.0)
    assert plan.listen(True, 20.0) and plan.scanning(20.0)
    plan.listen(False, 50.0)
    assert not plan.scanning(50.0 + 56.0) and plan.scanning(50.0 + 58.0)


def test_a_window_longer_than_its_period_is_refused() -> None:
    with pytest.raises(ValueError, match="shorter than its period"):
        ScanPlan(window=60.0, period=60.0)


@given(
    start=st.floats(0, 1e6),
    offset=st.floats(0, 1e4),
    window=st.floats(0.1, 10),
    gap=st.floats(0.1, 100),
)
def test_the_scan_changes_exactly_when_the_plan_says(
    start: float, offset: float, window: float, gap: float
) -> None:
    """Whatever the figures: the scan is as it is now until next_change, and differs right
    after it (so the loop, sleeping until then, never misses a window's edge)."""
    plan = ScanPlan(window=window, period=window + gap)
    plan.listen(False, start)
    now = start + offset
    left = plan.next_change(now)
    assert left is not None and 0 < left <= plan.period
    tiny = 1e-9 * max(1.0, now)  # well above the floats' rounding, well below a window
    if left > 2 * tiny:
        assert plan.scanning(now + left - tiny) == plan.scanning(now)
        assert plan.scanning(now + left + tiny) != plan.scanning(now)


def test_the_quiet_threshold_at_rest_exceeds_a_window_missed() -> None:
    assert quiet_at_rest() > SCAN_PERIOD + SCAN_WINDOW > QUIET_AFTER


# --- the hub: what is wanted decides the mode ---------------------------------------------


def test_a_roll_wanted_or_an_attended_table_listens_and_neither_rests() -> None:
    hub, _ = make(RED)
    told: list[bool] = []
    hub.on_change = lambda: told.append(hub.listening())
    assert hub.listening()  # nobody said anything: listening, as before there were modes
    hub.send_attended(False)
    assert not hub.listening()
    hub.send_expect(1, "agony")
    assert hub.listening()
    hub.send_idle()
    hub.send_attended(True)
    hub.send_attended(True)  # the same again: the loop is not woken for nothing
    assert told == [False, True, False, True]


# --- the hub: gaps in the scan ------------------------------------------------------------


def test_a_roll_made_while_resting_is_a_baseline_when_the_scan_resumes() -> None:
    """The die lay on 1; nobody listened while it was rolled to 6; the first advertisement
    after the gap (6, at rest) is where it lies, not a roll — even when a roll is wanted
    by then. The roll made after that is read."""
    hub, posted = make(RED)
    pixel_advert(hub, 1, 0)  # heard lying on face 1
    hub.send_attended(False)  # the table rests; the scan stops
    hub.scan_resumed()  # a window, or a press: the scan starts again
    hub.send_expect(1, "agony")
    pixel_advert(hub, 1, 5)  # face 6 now: rolled while nobody listened
    assert reads(posted) == []
    roll_pixel(hub, 2)  # a roll made now, face 3 → the Agony die's third face
    assert reads(posted) == [pixel_read(2)]


def test_without_a_gap_a_rolled_face_after_another_is_a_roll() -> None:
    """The control for the test above: the scan never stopped, so a new face with the
    moving part between two advertisements lost is a roll, as it always was."""
    hub, posted = make(RED)
    hub.send_expect(1, "agony")
    pixel_advert(hub, 1, 0)
    pixel_advert(hub, 1, 5)
    assert reads(posted) == [pixel_read(5)]


def test_a_connected_die_keeps_its_roll_across_a_gap_in_the_scan() -> None:
    """A GoDice is read over its connection, which a scan window does not touch."""
    hub, posted = make(Chosen(GODICE, "godice", "GoDice_1F_R_v03", "d6"))
    godice_seen(hub)
    hub.connected(GODICE)
    hub.godice_message(GODICE, b"R")
    hub.scan_resumed()
    hub.godice_message(GODICE, b"S\x00\x00\xc0")  # (0, 0, -64): face 5
    assert [read.values for read in reads(posted)] == [(5,)]


def pixel_read(index: int) -> DiceRead:
    """Red, the Agony die, read on face ``index + 1``."""
    return DiceRead((AGONY_FACES[index],), "pixels:Red")


# --- the hub: quiet, as the mode can know it ----------------------------------------------


def test_at_rest_a_die_missed_between_windows_is_not_quiet() -> None:
    clock = Clock()
    hub, posted = make(RED, clock=clock)
    pixel_advert(hub, 1, 0)
    hub.send_attended(False)
    clock.now += SCAN_PERIOD + SCAN_WINDOW + 1  # one window that did not hear it
    hub.publish()
    assert not last_status(posted).dice[0].quiet
    assert hub.next_quiet() == pytest.approx(quiet_at_rest() - SCAN_PERIOD - SCAN_WINDOW - 1,
                                             abs=0.1)  # fmt: skip
    clock.now += quiet_at_rest()  # two windows and more: gone
    hub.publish()
    assert last_status(posted).dice[0].quiet


def test_a_table_that_wakes_gives_a_die_heard_in_the_last_window_time_to_be_heard() -> None:
    """Last heard 50 s ago, in a window: listening from now, it is quiet only if it is not
    heard within QUIET_AFTER of the press — not at once because 50 > 10."""
    clock = Clock()
    hub, posted = make(RED, clock=clock)
    hub.send_attended(False)
    pixel_advert(hub, 1, 0)
    clock.now += 50
    hub.send_attended(True)
    hub.publish()
    assert not last_status(posted).dice[0].quiet
    clock.now += QUIET_AFTER + 0.5
    hub.publish()
    assert last_status(posted).dice[0].quiet
    pixel_advert(hub, 1, 0)  # heard: back at once
    assert not last_status(posted).dice[0].quiet


def test_a_die_already_quiet_stays_quiet_when_the_mode_changes_until_it_is_heard() -> None:
    """No "ready" for a die nobody heard: quiet while listening, it stays quiet when the
    table rests (though two windows have not passed); quiet at rest, it stays quiet when the
    table wakes (though QUIET_AFTER has not passed since the press)."""
    clock = Clock()
    hub, posted = make(RED, clock=clock)
    pixel_advert(hub, 1, 0)
    clock.now += QUIET_AFTER + 1
    hub.publish()
    assert last_status(posted).dice[0].quiet
    hub.send_attended(False)
    hub.publish()
    assert last_status(posted).dice[0].quiet
    assert hub.next_quiet() is None  # nothing left to look at: it is quiet already
    clock.now += 5
    hub.send_attended(True)
    hub.publish()
    assert last_status(posted).dice[0].quiet
    clock.now += 1
    pixel_advert(hub, 1, 0)  # heard: back
    assert not last_status(posted).dice[0].quiet
