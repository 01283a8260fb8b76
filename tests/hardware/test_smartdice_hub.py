"""The hub: the makers' bytes in, the reader's events out (settled rolls only, clear words)."""

from __future__ import annotations

import struct

from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.events import DiceRead, InputEvent, SmartDiceStatus, SmartDieProblem
from hardware.smartdice import hub as smartdice_hub
from hardware.smartdice.hub import QUIET_AFTER, Chosen, DiceHub
from hardware.smartdice.pixels import COMPANY_ID, INFO_SERVICE, SERVICE
from rules.cthulhu_wars.commands import DEFAULT_AGONY_FACES
from tests.properties import examples

PIXEL, GODICE = "AA:00:00:00:00:01", "AA:00:00:00:00:02"
FIRMWARE = 1735689600  # current numbering: 1 rolled, 2 handling, 3 rolling, 4 crooked
AGONY_FACES = (1, 1, 2, 2, 3, 3)


def test_the_hubs_agony_faces_are_the_rules_default() -> None:
    """hardware/ cannot import the rules, so its default is written again: the same (C19)."""
    assert smartdice_hub.AGONY_FACES == DEFAULT_AGONY_FACES


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def make(*chosen: Chosen, clock: Clock | None = None) -> tuple[DiceHub, list[InputEvent]]:
    posted: list[InputEvent] = []
    return DiceHub(posted.append, chosen, AGONY_FACES, clock or Clock()), posted


def pixel_advert(hub: DiceHub, state: int, index: int, *, leds: int = 6, design: int = 0x21,
                 address: str = PIXEL, name: str = "Red") -> None:  # fmt: skip
    hub.advertisement(
        address,
        name,
        {COMPANY_ID: bytes([leds, design, state, index, 77])},
        {INFO_SERVICE: struct.pack("<II", 42, FIRMWARE)},
        [SERVICE],
        -61,
    )


def roll_pixel(hub: DiceHub, index: int, **kwargs: object) -> None:
    for state, face in ((2, 0), (3, 1), (1, index)):
        pixel_advert(hub, state, face, **kwargs)  # type: ignore[arg-type]


def godice_seen(hub: DiceHub, address: str = GODICE, name: str = "GoDice_1F_R_v03") -> None:
    hub.advertisement(address, name, {}, {}, [], -70)


def reads(posted: list[InputEvent]) -> list[DiceRead]:
    return [event for event in posted if isinstance(event, DiceRead)]


def problems(posted: list[InputEvent]) -> list[SmartDieProblem]:
    return [event for event in posted if isinstance(event, SmartDieProblem)]


def last_status(posted: list[InputEvent]) -> SmartDiceStatus:
    return [event for event in posted if isinstance(event, SmartDiceStatus)][-1]


def test_a_settled_pixels_roll_is_a_read_with_its_source() -> None:
    hub, posted = make(Chosen(PIXEL, "pixels", "Red", "d6"))
    pixel_advert(hub, 1, 2)  # lying there already: nothing
    roll_pixel(hub, 4)
    assert reads(posted) == [DiceRead((5,), "pixels:Red")]


def test_the_agony_die_maps_its_faces() -> None:
    hub, posted = make(Chosen(PIXEL, "pixels", "Red", "agony"))
    hub.send_expect(1, "agony")
    roll_pixel(hub, 5)  # face 6 → the sixth Agony face
    roll_pixel(hub, 0)  # face 1 → the first
    assert reads(posted) == [DiceRead((3,), "pixels:Red"), DiceRead((1,), "pixels:Red")]


def test_a_die_nobody_chose_is_listed_but_never_read() -> None:
    hub, posted = make()
    roll_pixel(hub, 3)
    assert reads(posted) == []
    (die,) = last_status(posted).dice
    assert (die.name, die.colour, die.battery, die.rssi, die.role) == (
        "Red",
        "onyx_black",
        77,
        -61,
        None,
    )


def test_godice_through_its_notifications() -> None:
    hub, posted = make(Chosen(GODICE, "godice", "GoDice_1F_R_v03", "d6"))
    godice_seen(hub)
    hub.godice_message(GODICE, b"Col\x01")
    hub.godice_message(GODICE, b"Bat\x0c")
    hub.godice_message(GODICE, b"R")
    hub.godice_message(GODICE, b"S\x00\x40\x00")  # face 3
    assert reads(posted) == [DiceRead((3,), "godice:GoDice_1F_R_v03")]
    (die,) = last_status(posted).dice
    assert (die.colour, die.battery) == ("red", 12)


def test_several_d6_are_collected_until_the_count() -> None:
    hub, posted = make(
        Chosen(PIXEL, "pixels", "Red", "d6"), Chosen(GODICE, "godice", "GoDice_1F_R_v03", "d6")
    )
    godice_seen(hub)
    hub.send_expect(2, "d6")
    roll_pixel(hub, 0)
    assert reads(posted) == []
    hub.godice_message(GODICE, b"R")
    hub.godice_message(GODICE, b"S\xc0\x00\x00")  # face 1... (-64, 0, 0)
    assert reads(posted) == [DiceRead((1, 1), "pixels:Red,godice:GoDice_1F_R_v03")]


def test_rolling_handling_crooked_never_give_a_value() -> None:
    hub, posted = make(Chosen(PIXEL, "pixels", "Red", "d6"))
    for state in (2, 3, 2, 5, 3, 4):  # handling, rolling, put down, crooked
        pixel_advert(hub, state, 2)
    assert reads(posted) == []
    assert problems(posted) == [SmartDieProblem("Red", "crooked")]


def test_a_face_outside_the_shell_is_a_word_not_a_roll() -> None:
    hub, posted = make(Chosen(PIXEL, "pixels", "Red", "d6"))
    roll_pixel(hub, 9)  # a "D6" that says face 10
    assert reads(posted) == []
    assert problems(posted) == [SmartDieProblem("Red", "face_outside", 10)]


def test_a_die_that_is_not_six_sided_is_refused() -> None:
    hub, posted = make(Chosen(PIXEL, "pixels", "Red", "agony"))
    roll_pixel(hub, 16, leds=20, design=0x71)  # a D20
    assert reads(posted) == [] and problems(posted) == [SmartDieProblem("Red", "not_six_sided", 17)]


def test_two_agony_dice_commit_nothing() -> None:
    hub, posted = make(
        Chosen(PIXEL, "pixels", "Red", "agony"),
        Chosen(GODICE, "godice", "GoDice_1F_R_v03", "agony"),
    )
    hub.send_expect(1, "agony")
    roll_pixel(hub, 2)
    assert reads(posted) == [] and problems(posted) == [SmartDieProblem("Red", "two_agony")]


def test_the_wrong_die_for_the_roll_wanted_is_said() -> None:
    hub, posted = make(Chosen(PIXEL, "pixels", "Red", "d6"))
    hub.send_expect(1, "agony")
    roll_pixel(hub, 2)
    assert reads(posted) == [] and problems(posted) == [SmartDieProblem("Red", "not_agony", 3)]


def test_a_disconnect_mid_roll_loses_the_roll_and_says_so() -> None:
    hub, posted = make(Chosen(GODICE, "godice", "GoDice_1F_R_v03", "d6"))
    godice_seen(hub)
    hub.godice_message(GODICE, b"R")
    hub.disconnected(GODICE)
    hub.godice_message(GODICE, b"S\x40\x00\x00")  # after reconnecting: the die's state, no roll
    assert reads(posted) == [] and problems(posted) == [
        SmartDieProblem("GoDice_1F_R_v03", "lost_mid_roll")
    ]


def test_a_chosen_die_goes_quiet_and_comes_back() -> None:
    clock = Clock()
    hub, posted = make(Chosen(PIXEL, "pixels", "Red", "agony"), clock=clock)
    pixel_advert(hub, 1, 0)
    clock.now += QUIET_AFTER + 1
    hub.publish()
    assert last_status(posted).dice[0].quiet
    pixel_advert(hub, 1, 0)
    assert not last_status(posted).dice[0].quiet
    roll_pixel(hub, 1)
    assert reads(posted) == [DiceRead((1,), "pixels:Red")]  # used again, no press


def test_a_chosen_die_never_seen_is_listed_as_quiet() -> None:
    hub, _posted = make(Chosen(GODICE, "godice", "GoDice_1F_R_v03", "agony"))
    (die,) = hub.status().dice
    assert (die.name, die.role, die.quiet) == ("GoDice_1F_R_v03", "agony", True)


def test_pixels_without_a_face_in_their_advertisements_want_a_connection() -> None:
    hub, posted = make(Chosen(PIXEL, "pixels", "Red", "d6"))
    hub.advertisement(PIXEL, "Red", {}, {}, [SERVICE], -50)
    assert hub.wants_connection() == (PIXEL,)
    hub.pixels_message(PIXEL, bytes([3, 3, 0]))  # RollState: rolling
    hub.pixels_message(PIXEL, bytes([3, 1, 5]))  # rolled, face 6
    assert reads(posted) == [DiceRead((6,), "pixels:Red")]


@settings(max_examples=examples(200))
@given(st.lists(st.tuples(st.booleans(), st.binary(max_size=10)), max_size=30))
def test_random_bytes_from_a_chosen_die_never_crash_nor_roll(
    stream: list[tuple[bool, bytes]],
) -> None:
    """Noise that never says "moving" (Pixels 2 or 3, GoDice "R") posts no roll."""
    hub, posted = make(
        Chosen(PIXEL, "pixels", "Red", "d6"), Chosen(GODICE, "godice", "GoDice_1F_R_v03", "d6")
    )
    godice_seen(hub)
    pixel_advert(hub, 1, 0)
    for to_pixel, data in stream:
        if to_pixel and not (len(data) == 3 and data[0] == 3 and data[1] in (2, 3)):
            hub.pixels_message(PIXEL, data)
        elif not to_pixel and data != b"R":
            hub.godice_message(GODICE, data)
    assert reads(posted) == []


def test_a_wavering_signal_alone_is_posted_at_most_every_ten_seconds() -> None:
    """Each post wakes the app's loop: RSSI that changes on every advertisement must not."""
    clock = Clock()
    hub, posted = make(clock=clock)
    pixel_advert(hub, 1, 0)
    count = len(posted)
    for rssi in (-60, -62, -59, -63):
        hub.advertisement(PIXEL, "Red", {COMPANY_ID: bytes([6, 0x21, 1, 0, 77])},
                          {INFO_SERVICE: struct.pack("<II", 42, FIRMWARE)}, [SERVICE], rssi)  # fmt: skip
    assert len(posted) == count
    clock.now += 11
    hub.publish()
    assert len(posted) == count + 1 and last_status(posted).dice[0].rssi == -63


@given(st.text(max_size=80))
def test_any_advertised_name_becomes_a_source_the_journal_can_hold(name: str) -> None:
    """A roll's source is journal text: no control characters, no separators, short."""
    from rules.codec import dump_json, parse_json

    hub, posted = make()
    pixel_advert(hub, 1, 0, name=name)
    (die,) = last_status(posted).dice
    source = die.source
    assert len(source) <= len("pixels:") + 32 and "," not in source.partition(":")[2]
    assert source.isprintable() and parse_json(dump_json({"source": source})) == {"source": source}


def test_a_chosen_godice_is_connected_only_once_it_is_seen() -> None:
    hub, _posted = make(Chosen(GODICE, "godice", "GoDice_1F_R_v03", "d6"))
    assert hub.wants_connection() == ()
    godice_seen(hub)
    assert hub.wants_connection() == (GODICE,)


def test_the_same_advertisement_again_is_only_the_time_heard() -> None:
    """A die at rest says the same many times a second: heard, never decoded into a state
    (so it can be no roll), and its signal kept at most once a second."""
    clock = Clock()
    hub, posted = make(Chosen(PIXEL, "pixels", "Red", "agony"), clock=clock)
    pixel_advert(hub, 1, 0)
    count = len(posted)
    for _ in range(50):
        clock.now += 0.1
        hub.heard_again(PIXEL, -70)
    assert reads(posted) == [] and len(posted) <= count + 5
    clock.now += QUIET_AFTER - 0.5
    hub.publish()
    assert not last_status(posted).dice[0].quiet  # heard just now: not quiet


def test_a_stranger_heard_again_costs_nothing() -> None:
    hub, posted = make()
    hub.heard_again("11:22:33:44:55:66", -40)
    assert posted == [] or all(isinstance(e, SmartDiceStatus) for e in posted)
    assert hub.status().dice == ()


def test_the_loop_is_told_when_to_look_again_not_every_second() -> None:
    clock = Clock()
    hub, _posted = make(Chosen(PIXEL, "pixels", "Red", "agony"), clock=clock)
    woken: list[str] = []
    hub.on_change = lambda: woken.append("changed")
    assert hub.next_quiet() is None  # nothing heard: nothing to look at
    pixel_advert(hub, 1, 0)
    assert woken == ["changed"]  # first seen
    left = hub.next_quiet()
    assert left is not None and QUIET_AFTER - 0.1 < left <= QUIET_AFTER + 0.1
    clock.now += QUIET_AFTER + 1
    assert hub.next_quiet() is None  # quiet now: only its return wakes the loop
    pixel_advert(hub, 1, 0)
    assert woken == ["changed", "changed"]
    hub.choose([], AGONY_FACES)
    assert woken == ["changed", "changed", "changed"]


def test_a_connected_die_at_rest_is_not_quiet_until_its_connection_drops() -> None:
    """A connected GoDice stops advertising and, lying still, says nothing: it is there."""
    clock = Clock()
    hub, posted = make(Chosen(GODICE, "godice", "GoDice_1F_R_v03", "d6"), clock=clock)
    godice_seen(hub)
    hub.connected(GODICE)
    clock.now += QUIET_AFTER * 5
    hub.publish()
    assert not last_status(posted).dice[0].quiet
    assert hub.next_quiet() is None  # nothing to look at while connected
    hub.disconnected(GODICE)
    assert hub.next_quiet() is not None
    clock.now += QUIET_AFTER + 1
    hub.publish()
    assert last_status(posted).dice[0].quiet
