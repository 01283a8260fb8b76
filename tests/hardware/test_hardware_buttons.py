"""The GPIO button panel, driven through gpiozero's MockFactory pins."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.buttons import (
    DEFAULT_PINS,
    GROUND_PINS,
    HEADER_PIN,
    ButtonPanel,
    EncoderPins,
    wiring_table,
)
from hardware.events import ButtonPressed, InputEvent
from hardware.gestures import Timing

StepClock = Any  # the conftest fixture's clock, stepped by hand


@pytest.fixture()
def events() -> queue.Queue[InputEvent]:
    return queue.Queue()


@pytest.fixture()
def stepped(
    mock_pins: MockFactory, events: queue.Queue[InputEvent], clock: StepClock
) -> Iterator[ButtonPanel]:
    """A panel without its thread, pumped by the test on a clock it steps by hand."""
    with ButtonPanel(events.put, clock=clock) as panel:
        yield panel


def drained(events: queue.Queue[InputEvent]) -> list[str]:
    found = []
    while not events.empty():
        event = events.get_nowait()
        assert isinstance(event, ButtonPressed)
        found.append(event.button)
    return found


def toggle(factory: MockFactory, clock: StepClock, bcm: int, times: int, step: float) -> None:
    """``times`` edges ``step`` seconds apart, starting from the pin's current level."""
    pin = factory.pin(bcm)
    for _ in range(times):
        if pin.state:
            pin.drive_low()
        else:
            pin.drive_high()
        clock.advance(step)


def test_a_press_through_the_worker_thread(
    mock_pins: MockFactory, events: queue.Queue[InputEvent]
) -> None:
    with ButtonPanel(events.put) as panel:
        panel.start()
        mock_pins.pin(DEFAULT_PINS["right"]).drive_low()
        assert events.get(timeout=2) == ButtonPressed("right")
        mock_pins.pin(DEFAULT_PINS["right"]).drive_high()


def test_hold_back_is_undo_through_the_worker_thread(
    mock_pins: MockFactory, events: queue.Queue[InputEvent]
) -> None:
    with ButtonPanel(events.put, timing=Timing(hold_time=0.2)) as panel:
        panel.start()
        mock_pins.pin(DEFAULT_PINS["back"]).drive_low()
        assert events.get(timeout=2) == ButtonPressed("undo")
        mock_pins.pin(DEFAULT_PINS["back"]).drive_high()
    assert drained(events) == []


def test_five_toggles_within_3_ms_count_as_one_press(
    stepped: ButtonPanel,
    mock_pins: MockFactory,
    events: queue.Queue[InputEvent],
    clock: StepClock,
) -> None:
    toggle(mock_pins, clock, DEFAULT_PINS["phase"], times=5, step=0.0006)  # 3 ms in all
    stepped.pump(clock.advance(0.1))
    toggle(mock_pins, clock, DEFAULT_PINS["phase"], times=5, step=0.0006)
    stepped.pump(clock.advance(0.1))
    assert drained(events) == ["phase"]


def test_a_thousand_bounced_presses_count_a_thousand(
    stepped: ButtonPanel,
    mock_pins: MockFactory,
    events: queue.Queue[InputEvent],
    clock: StepClock,
) -> None:
    for _ in range(1000):
        toggle(mock_pins, clock, DEFAULT_PINS["ok"], times=7, step=0.0004)
        stepped.pump(clock.advance(0.08))
        toggle(mock_pins, clock, DEFAULT_PINS["ok"], times=5, step=0.0004)
        stepped.pump(clock.advance(0.08))
    assert drained(events) == ["ok"] * 1000


def test_hold_back_for_a_second_is_undo_and_not_back(
    stepped: ButtonPanel,
    mock_pins: MockFactory,
    events: queue.Queue[InputEvent],
    clock: StepClock,
) -> None:
    back = mock_pins.pin(DEFAULT_PINS["back"])
    back.drive_low()
    stepped.pump(clock.advance(0.99))
    assert drained(events) == []
    stepped.pump(clock.advance(0.02))
    assert drained(events) == ["undo"]
    back.drive_high()
    stepped.pump(clock.advance(0.5))
    assert drained(events) == []


def test_a_short_back_is_back(
    stepped: ButtonPanel,
    mock_pins: MockFactory,
    events: queue.Queue[InputEvent],
    clock: StepClock,
) -> None:
    mock_pins.pin(DEFAULT_PINS["back"]).drive_low()
    stepped.pump(clock.advance(0.3))
    mock_pins.pin(DEFAULT_PINS["back"]).drive_high()
    stepped.pump(clock.advance(0.1))
    assert drained(events) == ["back"]


def test_holding_down_repeats_after_half_a_second_at_ten_per_second(
    stepped: ButtonPanel,
    mock_pins: MockFactory,
    events: queue.Queue[InputEvent],
    clock: StepClock,
) -> None:
    down = mock_pins.pin(DEFAULT_PINS["down"])
    down.drive_low()
    for _ in range(155):  # 1.55 s in 10 ms steps, as the worker would wake
        stepped.pump(clock.advance(0.01))
    down.drive_high()
    stepped.pump(clock.advance(0.5))
    # the press, then repeats at 0.5, 0.6 ... 1.5 s after it
    assert drained(events) == ["down"] * 12


def test_two_buttons_at_once_are_both_seen(
    stepped: ButtonPanel,
    mock_pins: MockFactory,
    events: queue.Queue[InputEvent],
    clock: StepClock,
) -> None:
    mock_pins.pin(DEFAULT_PINS["left"]).drive_low()
    clock.advance(0.005)
    mock_pins.pin(DEFAULT_PINS["right"]).drive_low()
    stepped.pump(clock.advance(0.1))
    assert drained(events) == ["left", "right"]


def test_rotary_encoder_clockwise_is_down_and_back_is_up(
    mock_pins: MockFactory, events: queue.Queue[InputEvent]
) -> None:
    pins = {name: pin for name, pin in DEFAULT_PINS.items() if name not in ("up", "down")}
    with ButtonPanel(events.put, pins, encoder=EncoderPins(a=20, b=21)):
        a, b = mock_pins.pin(20), mock_pins.pin(21)
        for drive in (a.drive_low, b.drive_low, a.drive_high, b.drive_high):  # one detent
            drive()
        assert drained(events) == ["down"]
        for drive in (b.drive_low, a.drive_low, b.drive_high, a.drive_high):
            drive()
        assert drained(events) == ["up"]


@pytest.mark.parametrize(
    ("pins", "encoder", "message"),
    [
        ({"start": 17}, None, "unknown button 'start'"),
        ({"ok": 40}, None, "not a BCM GPIO number"),
        ({"ok": 17, "back": 17}, None, "used twice: 17"),
        ({"ok": 17}, EncoderPins(17, 18), "used twice: 17"),
    ],
)
def test_bad_pin_maps_are_refused_with_a_reason(
    mock_pins: MockFactory,
    pins: dict[str, int],
    encoder: EncoderPins | None,
    message: str,
) -> None:
    with pytest.raises(ValueError, match=message):
        ButtonPanel(lambda event: None, pins, encoder=encoder)


def test_close_is_idempotent_and_frees_the_pins(mock_pins: MockFactory) -> None:
    panel = ButtonPanel(lambda event: None)
    panel.start()
    panel.close()
    panel.close()
    with ButtonPanel(lambda event: None):  # the same pins can be claimed again
        pass


def test_default_wiring_table() -> None:
    assert wiring_table() == [
        ("left", 17, 11),
        ("right", 27, 13),
        ("phase", 22, 15),
        ("up", 5, 29),
        ("down", 6, 31),
        ("ok", 13, 33),
        ("back", 26, 37),
    ]
    assert not set(GROUND_PINS) & set(HEADER_PIN.values())
