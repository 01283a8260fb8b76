"""GoDice decoder from the maker's documented messages, and the D6 shell's faces."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hardware.smartdice.godice import (
    D6_VECTORS,
    Battery,
    Colour,
    Rolling,
    RollTracker,
    Stable,
    d6_face,
    decode,
    settled_face,
)


def signed(*values: int) -> bytes:
    return bytes(value & 0xFF for value in values)


def test_every_documented_message_kind() -> None:
    assert decode(b"R") == Rolling()
    assert decode(b"S" + signed(-64, 0, 0)) == Stable("stable", (-64, 0, 0))
    assert decode(b"FS" + signed(0, 0, 64)) == Stable("fake", (0, 0, 64))
    assert decode(b"TS" + signed(0, 64, 0)) == Stable("tilt", (0, 64, 0))
    assert decode(b"MS" + signed(0, -64, 0)) == Stable("move", (0, -64, 0))
    assert decode(b"Bat" + bytes([87])) == Battery(87)
    assert decode(b"Col" + bytes([3])) == Colour("blue")


def test_garbled_or_unknown_notifications_are_nothing() -> None:
    for data in (b"", b"S", b"S\x00\x00", b"Ba", b"Bat", b"Bat\xc8", b"Col\x09", b"XS\x00\x00\x00",
                 b"RR", b"S\x00\x00\x00\x00"):  # fmt: skip
        assert decode(data) is None, data


def test_each_face_of_the_d6_shell() -> None:
    for face, vector in D6_VECTORS.items():
        assert d6_face(vector) == face
        assert settled_face(decode(b"S" + signed(*vector))) == face


def test_a_real_die_is_near_a_face_not_on_it() -> None:
    assert d6_face((58, 9, -12)) == 6
    assert d6_face((-3, 5, -70)) == 5


def test_between_faces_or_weightless_is_crooked() -> None:
    assert d6_face((45, 45, 0)) is None  # on an edge
    assert d6_face((0, 0, 0)) is None  # no gravity: not lying on anything
    assert d6_face((127, 127, 127)) is None


def test_only_stable_settles_a_roll() -> None:
    for kind in (b"FS", b"TS", b"MS"):
        assert settled_face(decode(kind + signed(64, 0, 0))) is None


def test_a_roll_is_a_stable_after_a_start() -> None:
    tracker = RollTracker()
    seen = [tracker.observe(decode(data)) for data in [
        b"S" + signed(64, 0, 0),  # the state when connected: not a roll
        b"R", b"FS" + signed(0, 64, 0), b"S" + signed(0, 64, 0),  # a roll: 3
        b"S" + signed(0, 64, 0),  # said again: not a second roll
        b"R", b"S" + signed(45, 45, 0),  # settled on an edge: crooked
    ]]  # fmt: skip
    assert seen == [None, None, None, 3, None, None, "crooked"]


def test_a_disconnect_mid_roll_forgets_the_start() -> None:
    tracker = RollTracker()
    tracker.observe(Rolling())
    tracker.forget()
    assert tracker.observe(decode(b"S" + signed(64, 0, 0))) is None


@given(st.lists(st.binary(max_size=8), max_size=40))
def test_random_notifications_never_crash_nor_roll_without_a_start(stream: list[bytes]) -> None:
    tracker = RollTracker()
    for data in stream:
        result = tracker.observe(decode(data))
        if result is not None:
            assert b"R" in stream
            assert result == "crooked" or 1 <= result <= 6


@given(st.tuples(st.integers(-128, 127), st.integers(-128, 127), st.integers(-128, 127)))
def test_any_vector_is_a_d6_face_or_crooked(xyz: tuple[int, int, int]) -> None:
    assert d6_face(xyz) in (None, 1, 2, 3, 4, 5, 6)
