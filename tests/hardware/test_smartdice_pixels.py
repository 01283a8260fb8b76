"""Pixels decoders from the maker's documented byte layouts, both roll-state numberings."""

from __future__ import annotations

import struct

from hypothesis import given
from hypothesis import strategies as st

from hardware.smartdice import pixels
from hardware.smartdice.pixels import (
    COMPANY_ID,
    INFO_SERVICE,
    BatteryMessage,
    IAmADie,
    PixelsAdvert,
    RollMessage,
    RollTracker,
    decode_advert,
    decode_message,
)

CURRENT_FW = 1735689600  # 2025-01-01: 1 rolled, 5 on face
INTERIM_FW = 1730000000  # 2024-10-27: 4 rolled, 5 crooked
LEGACY_FW = 1717000000  # 2024-05-29: 1 on face (the roll), 4 crooked


def advert(state: int, index: int, *, firmware: int = CURRENT_FW, design: int = 0x23,
           battery: int = 0x80 | 85, pixel_id: int = 0x12345678) -> PixelsAdvert | None:  # fmt: skip
    """Manufacturer data (LEDs, design, state, face index, battery) and the 0x180A service data."""
    return decode_advert(
        {COMPANY_ID: bytes([6, design, state, index, battery])},
        {INFO_SERVICE: struct.pack("<II", pixel_id, firmware)},
    )


def test_a_current_advertisement_reads_every_documented_field() -> None:
    assert advert(1, 4) == PixelsAdvert(
        pixel_id=0x12345678,
        die_type="d6",  # design 0x23: die type 2 (d6) << 4 | colourway 3
        colour="midnight_galaxy",
        state="rolled",
        face=5,  # face index 4
        battery=85,
        charging=True,  # bit 7
        firmware=CURRENT_FW,
    )


def test_current_numbering() -> None:
    states = [advert(value, 0) for value in range(7)]
    assert [a.state if a else None for a in states] == [
        "unknown", "rolled", "handling", "rolling", "crooked", "resting", "unknown"]  # fmt: skip


def test_legacy_numbering_has_on_face_at_1_and_crooked_at_4() -> None:
    states = [advert(value, 0, firmware=LEGACY_FW) for value in range(6)]
    assert [a.state if a else None for a in states] == [
        "unknown", "rolled", "handling", "rolling", "crooked", "unknown"]  # fmt: skip


def test_the_ten_days_between_numbered_rolled_4_and_crooked_5() -> None:
    states = [advert(value, 0, firmware=INTERIM_FW) for value in range(6)]
    assert [a.state if a else None for a in states] == [
        "unknown", "resting", "handling", "rolling", "rolled", "crooked"]  # fmt: skip


def test_the_numbering_changes_at_the_two_commits() -> None:
    assert pixels.numbering(pixels.NUMBERING_INTERIM_FROM - 1) is pixels.LEGACY
    assert pixels.numbering(pixels.NUMBERING_INTERIM_FROM) is pixels.INTERIM
    assert pixels.numbering(pixels.NUMBERING_CURRENT_FROM) is pixels.CURRENT
    assert pixels.numbering(None) is pixels.CURRENT


def test_before_september_2024_any_company_id_carries_the_data() -> None:
    found = decode_advert({0xFFFF: bytes([6, 0x21, 1, 0, 40])},
                          {INFO_SERVICE: struct.pack("<II", 7, LEGACY_FW)})  # fmt: skip
    assert found is not None
    assert (found.colour, found.face, found.charging) == ("onyx_black", 1, False)


def test_the_layout_from_before_july_2022() -> None:
    """No service data; the company id's high byte is the LED count; battery 0–255."""
    found = decode_advert({(6 << 8) | 0x12: struct.pack("<IBBB", 99, 1, 2, 255)}, {})
    # Face index 2 is face 4: that old firmware has the bad normals the makers correct for.
    assert found == PixelsAdvert(99, "d6", "unknown", "rolled", 4, 100, False,
                                 pixels.OLD_ADVERTISEMENT_FIRMWARE)  # fmt: skip


def test_firmware_with_bad_normals_gets_the_makers_correction() -> None:
    found = advert(1, 4, firmware=1700000000)  # 2023-11, before the fix
    assert found is not None and found.face == 2


def test_a_d20_says_its_own_faces() -> None:
    found = advert(1, 16, design=0x70)
    assert found is not None and (found.die_type, found.face) == ("d20", 17)


def test_not_a_pixels_die() -> None:
    assert decode_advert({}, {}) is None
    assert decode_advert({COMPANY_ID: b"\x06\x23"}, {INFO_SERVICE: bytes(8)}) is None  # too short
    assert advert(1, 0, pixel_id=0) is None  # the makers drop id 0 as invalid


def test_messages_on_a_connection() -> None:
    assert decode_message(bytes([3, 1, 2]), CURRENT_FW) == RollMessage("rolled", 2)
    assert decode_message(bytes([3, 5, 2]), CURRENT_FW) == RollMessage("resting", 2)
    assert decode_message(bytes([3, 4, 2]), LEGACY_FW) == RollMessage("crooked", 2)
    assert decode_message(bytes([34, 50, 2]), None) == BatteryMessage(50, True)
    assert decode_message(bytes([34, 50, 1]), None) == BatteryMessage(50, False)  # low
    legacy = bytes([2, 6, 0x23, 0]) + bytes(4) + struct.pack("<IHI", 7, 100, LEGACY_FW) + bytes(4)
    assert decode_message(legacy, None) == IAmADie(LEGACY_FW)
    newer = bytes([2, 15]) + struct.pack("<HI", 0x100, CURRENT_FW) + bytes(8)
    assert decode_message(newer, None) == IAmADie(CURRENT_FW)
    for garbled in (b"", bytes([3, 1]), bytes([3, 1, 2, 0]), bytes([34]), bytes([2, 1]), b"\xff"):
        assert decode_message(garbled, None) is None


def test_a_roll_is_a_face_reached_by_rolling() -> None:
    tracker = RollTracker()
    seen = [tracker.observe(state, face) for state, face in [
        ("rolled", 3),  # already lying there: not a roll
        ("handling", 3), ("rolling", 2), ("rolled", 5),  # a roll: 5
        ("rolled", 5),  # the same advertisement again
        ("rolled", 2),  # a roll whose rolling fell between two advertisements
        ("handling", 2), ("resting", 4),  # picked up and put down: not a roll
        ("rolling", 4), ("crooked", 4),  # ended leaning: a word, not a value
    ]]  # fmt: skip
    assert seen == [None, None, None, 5, None, 2, None, None, None, "crooked"]


def test_a_die_that_went_away_starts_afresh() -> None:
    tracker = RollTracker()
    tracker.observe("rolling", 1)
    tracker.forget()
    assert tracker.observe("rolled", 4) is None


manufacturer_data = st.dictionaries(st.integers(0, 0xFFFF), st.binary(max_size=12), max_size=3)
service_data = st.dictionaries(st.sampled_from([INFO_SERVICE, "0000fe59-0000-1000-8000-00805f9b34fb"]),
                               st.binary(max_size=12), max_size=2)  # fmt: skip


@given(manufacturer_data, service_data)
def test_random_advertisements_never_crash_and_stay_in_range(
    manufacturer: dict[int, bytes], service: dict[str, bytes]
) -> None:
    found = decode_advert(manufacturer, service)
    if found is not None:
        assert found.pixel_id != 0 and 0 <= found.battery <= 100 and found.face >= 1
        assert found.state in set(pixels.CURRENT.values()) | set(pixels.LEGACY.values())


@given(manufacturer_data, service_data)
def test_one_advertisement_alone_is_never_a_roll(manufacturer: dict[int, bytes],
                                                  service: dict[str, bytes]) -> None:  # fmt: skip
    found = decode_advert(manufacturer, service)
    if found is not None:
        assert RollTracker().observe(found.state, found.face) is None


@given(st.lists(st.binary(max_size=24), max_size=40))
def test_random_notifications_never_roll_without_a_moving_state(stream: list[bytes]) -> None:
    """Only a RollState message saying handling (2) or rolling (3) can lead to a roll."""
    tracker = RollTracker()
    for data in stream:
        message = decode_message(data, CURRENT_FW)
        if isinstance(message, RollMessage):
            result = tracker.observe(message.state, message.index + 1)
            if result is not None:
                assert any(d[:1] == b"\x03" and len(d) == 3 and d[1] in (1, 2, 3) for d in stream)
