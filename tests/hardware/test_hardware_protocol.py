"""The reader's line protocol (hardware/PROTOCOL.md), parsed without any port."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.events import DiceRead, ReaderError, ReaderHello
from hardware.protocol import LineParser, Parsed, Ping, Rejected, checksum, parse_line


def parse(data: bytes) -> list[Parsed]:
    return LineParser().feed(data)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b"HELLO pico-dice 1.2", ReaderHello("pico-dice", "1.2")),
        (b"ROLL 3", DiceRead((3,))),
        (b"ROLL 4 2 6 1 1 5", DiceRead((4, 2, 6, 1, 1, 5))),
        (b"ROLL 2*0F", DiceRead((2,))),
        (b"ROLL 2*0f", DiceRead((2,))),
        (b"ERR cocked", ReaderError("cocked")),
        (b"ERR die off the tray", ReaderError("die off the tray")),
        (b"PING", Ping()),
    ],
)
def test_the_spec_examples(line: bytes, expected: Parsed) -> None:
    assert parse(line + b"\n") == [expected]
    assert parse(line + b"\r\n") == [expected]


def test_the_spec_checksum_example() -> None:
    assert checksum("ROLL 2") == "0F"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"ROLL 2*0E", "checksum"),
        (b"ROLL 2*", "checksum"),
        (b"ROLL 2*0", "checksum"),
        (b"ROLL 2*0FF", "checksum"),
        (b"ROLL 2*G1", "checksum"),
        (b"ERR die*off", "checksum"),
        (b"ROLL", "malformed"),
        (b"ROLL 7", "malformed"),
        (b"ROLL 0", "malformed"),
        (b"ROLL 12", "malformed"),
        (b"ROLL 3  4", "malformed"),
        (b"ROLL 3 ", "malformed"),
        (b"HELLO pico", "malformed"),
        (b"HELLO a b c", "malformed"),
        (b"ERR", "malformed"),
        (b"ERR ", "malformed"),
        (b"PING now", "malformed"),
        (b"roll 3", "unknown"),
        (b"EXPECT 1 d6", "unknown"),
        (b"ROLL 3\x00", "garbled"),
        (b"ROLL \xe2\x9a\x80", "garbled"),
        (b"ROLL 3\rROLL 4", "garbled"),
    ],
)
def test_unusable_lines_are_rejected_with_a_reason(line: bytes, reason: str) -> None:
    [result] = parse(line + b"\n")
    assert isinstance(result, Rejected)
    assert result.reason == reason


def test_blank_lines_are_ignored() -> None:
    assert parse(b"\n\r\n\n") == []


def test_a_partial_line_is_kept_until_its_newline() -> None:
    parser = LineParser()
    assert parser.feed(b"ROL") == []
    assert parser.feed(b"L 5 ") == []
    assert parser.feed(b"6\r") == []
    assert parser.feed(b"\nROLL 1") == [DiceRead((5, 6))]
    assert parser.feed(b"\n") == [DiceRead((1,))]


def test_eighty_bytes_is_a_line_and_eighty_one_is_too_long() -> None:
    roll_80 = b"ROLL " + b" ".join([b"1"] * 38)  # 5 + 75 = 80 bytes
    assert len(roll_80) == 80
    assert parse(roll_80 + b"\r\n") == [DiceRead((1,) * 38)]
    [result] = parse(roll_80 + b" 2\n")
    assert result == Rejected(roll_80.decode(), "overlong")


def test_an_overlong_line_is_discarded_up_to_its_newline_and_counted_once() -> None:
    parser = LineParser()
    results = parser.feed(b"ROLL " + b"1 " * 200)
    results += parser.feed(b"3 4 5" * 100)
    results += parser.feed(b"\nROLL 6\n")
    assert [type(r) for r in results] == [Rejected, DiceRead]
    assert results[0].reason == "overlong"  # type: ignore[union-attr]
    assert results[1] == DiceRead((6,))


def test_reset_forgets_a_partial_line() -> None:
    parser = LineParser()
    parser.feed(b"ROLL 1 2")
    parser.reset()
    assert parser.feed(b"ROLL 3\n") == [DiceRead((3,))]


def test_a_rejected_line_is_shown_escaped() -> None:
    assert parse_line(b"\xff\x00ok") == Rejected("\\xff\\x00ok", "garbled")


@given(st.binary(max_size=2000))
def test_random_bytes_never_raise_and_give_only_known_results(data: bytes) -> None:
    for result in parse(data):
        assert isinstance(result, DiceRead | ReaderError | ReaderHello | Ping | Rejected)
        if isinstance(result, DiceRead):
            assert result.values and all(1 <= v <= 6 for v in result.values)


@given(st.binary(max_size=500), st.lists(st.integers(min_value=1, max_value=40), max_size=30))
def test_how_the_bytes_are_split_into_reads_changes_nothing(data: bytes, cuts: list[int]) -> None:
    whole = parse(data)
    parser, split, start = LineParser(), [], 0
    for size in cuts:
        split += parser.feed(data[start : start + size])
        start += size
    split += parser.feed(data[start:])
    assert split == whole


@given(st.binary(max_size=300), st.lists(st.integers(min_value=1, max_value=6), min_size=1))
def test_a_valid_roll_right_after_garbage_is_still_read(garbage: bytes, values: list[int]) -> None:
    values = values[:30]
    line = "ROLL " + " ".join(map(str, values))
    results = parse(garbage + b"\n" + line.encode() + b"\n")
    assert results[-1] == DiceRead(tuple(values))
