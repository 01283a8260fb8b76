"""Resting and listening: when the source scans, and what the hub makes of the gaps.

The decision (:func:`scan_wanted`) and the hub are given what they need, the time
included; nothing here sleeps. The bleak source following them on a real D-Bus is in
test_smartdice_bluez_bus.py.
"""

from __future__ import annotations

import pytest

from hardware.events import DiceRead
from hardware.smartdice.hub import QUIET_AFTER, Chosen
from hardware.smartdice.listening import DISCOVERY_FILTER, RSSI_FLOOR, scan_wanted
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


# --- when the source scans ----------------------------------------------------------------


def test_someone_at_the_table_scans_whatever_the_dice() -> None:
    """The Dice screen lists every die around; a press often asks for a roll next."""
    assert scan_wanted(True, False, [])
    assert scan_wanted(True, False, [True, True])
    assert scan_wanted(True, True, [True])


def test_an_untouched_table_with_no_roll_wanted_never_scans() -> None:
    assert not scan_wanted(False, False, [])
    assert not scan_wanted(False, False, [False, True])  # even with a die to find again


def test_a_roll_wanted_scans_only_for_a_chosen_die_that_is_not_connected() -> None:
    assert scan_wanted(False, True, [False])  # a Pixels die read from its advertisements
    assert scan_wanted(False, True, [True, False])
    assert not scan_wanted(False, True, [True, True])  # GoDice, connected: nothing to hear
    assert not scan_wanted(False, True, [])  # no die chosen: no smart die can answer


def test_bluez_is_asked_not_to_signal_repeats_nor_far_devices() -> None:
    assert DISCOVERY_FILTER["DuplicateData"] is False
    assert DISCOVERY_FILTER["RSSI"] == RSSI_FLOOR and -100 < RSSI_FLOOR <= -85


def test_the_hub_scans_for_a_roll_until_every_chosen_die_is_connected() -> None:
    hub, _ = make(Chosen(GODICE, "godice", "GoDice_1F_R_v03", "d6"))
    told: list[bool] = []
    hub.on_change = lambda: told.append(hub.scan_wanted())
    hub.send_attended(False)
    assert not hub.scan_wanted()
    hub.send_expect(1, "d6")
    assert hub.scan_wanted()  # not seen yet: only a scan finds it
    godice_seen(hub)
    hub.connected(GODICE)
    assert not hub.scan_wanted() and told[-1] is False  # the loop is told: stop the scan
    hub.disconnected(GODICE)
    assert hub.scan_wanted() and told[-1] is True  # gone: scan to find it again


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


def test_at_rest_a_die_nobody_listens_to_is_never_called_quiet() -> None:
    """Nothing scans at rest: silence then says nothing about the die."""
    clock = Clock()
    hub, posted = make(RED, clock=clock)
    pixel_advert(hub, 1, 0)
    hub.send_attended(False)
    clock.now += 24 * 3600
    hub.publish()
    assert not last_status(posted).dice[0].quiet
    assert hub.next_quiet() is None  # and the loop has nothing to wake for


def test_listening_again_a_die_not_heard_within_quiet_after_is_quiet() -> None:
    clock = Clock()
    hub, posted = make(RED, clock=clock)
    pixel_advert(hub, 1, 0)
    hub.send_attended(False)
    clock.now += 3600
    hub.send_expect(1, "agony")  # a roll wanted: listening, scanning for Red
    assert hub.next_quiet() == pytest.approx(QUIET_AFTER, abs=0.1)
    clock.now += QUIET_AFTER + 0.5
    hub.publish()
    assert last_status(posted).dice[0].quiet


def test_a_table_that_wakes_gives_a_die_heard_in_the_last_window_time_to_be_heard() -> None:
    """Last heard 50 s ago, before the table rested: listening from now, it is quiet only if it is not
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
    table rests (though nothing is counted at rest), and when the table wakes (though
    QUIET_AFTER has not passed since the press)."""
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
