"""The reference reader for makers (MicroPython on a Pico), checked against the companion itself.

Its line-building code is imported under CPython: the lines it makes must parse, with the
companion's own parser, as the rolls, hellos and pings they mean; its checksum must be the
companion's; it must understand what the companion's reader thread really sends (a real
pseudo-terminal between the two). Every example of PROTOCOL.md is checked the same way.
"""

from __future__ import annotations

import importlib.util
import queue
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.events import DiceRead, InputEvent, ReaderError, ReaderHello, ReaderStatus
from hardware.fake_reader import FakeReader
from hardware.protocol import LineParser, Parsed, Ping, Rejected, checksum, parse_line
from hardware.reader import DiceReader

ROOT = Path(__file__).resolve().parents[2]


def _one(pattern: str) -> Path:
    found = [p for p in ROOT.rglob(pattern) if ".venv" not in p.parts]
    assert len(found) == 1, f"{pattern}: {found}"
    return found[0]


def _load_reference_reader() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "celaeno_reference_reader", _one("reference_reader/main.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # under any name but __main__: run() does not start
    return module


pico = _load_reference_reader()
PROTOCOL = _one("hardware/PROTOCOL.md").read_text(encoding="utf-8")


def companion_reads(line: str) -> Parsed:
    """What the companion makes of one line as the reader sends it, "\\r\\n" and all."""
    (parsed,) = LineParser().feed(line.encode("ascii") + b"\r\n")
    return parsed


# --- the lines it makes ------------------------------------------------------------------


@pytest.mark.parametrize("with_checksum", [True, False])
def test_its_lines_parse_as_what_they_mean(with_checksum: bool) -> None:
    assert companion_reads(pico.roll_line((3,), with_checksum)) == DiceRead((3,))
    assert companion_reads(pico.roll_line((4, 2, 6, 1, 1, 5), with_checksum)) == DiceRead(
        (4, 2, 6, 1, 1, 5)
    )
    assert companion_reads(pico.hello_line("pico-dice", "1.2", with_checksum)) == ReaderHello(
        "pico-dice", "1.2"
    )
    assert companion_reads(pico.ping_line(with_checksum)) == Ping()
    assert companion_reads(pico.error_line("cocked die", with_checksum)) == ReaderError(
        "cocked die"
    )


def test_it_sends_checksums_by_default_and_they_are_the_companions() -> None:
    assert pico.roll_line((3, 5)) == "ROLL 3 5*1B"
    assert (
        pico.hello_line() == f"HELLO {pico.NAME} {pico.VERSION}*{checksum(pico.hello_line()[:-3])}"
    )


@given(st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=77))
def test_its_checksum_is_the_companions(body: str) -> None:
    assert pico.checksum(body) == checksum(body)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=25))
def test_any_roll_it_makes_is_read_exactly(values: list[int]) -> None:
    line = pico.roll_line(tuple(values))
    assert len(line) <= 80
    assert companion_reads(line) == DiceRead(tuple(values))


def test_an_error_text_cannot_fake_a_checksum() -> None:
    assert companion_reads(pico.error_line("die*off  the tray")) == ReaderError("die off the tray")
    assert companion_reads(pico.error_line("  ")) == ReaderError("unreadable")


@pytest.mark.parametrize("values", [(), (0,), (7,), (1, 9)])
def test_it_refuses_to_send_a_roll_that_is_not_dice(values: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        pico.roll_line(values)


def test_it_refuses_to_send_an_overlong_line() -> None:
    with pytest.raises(ValueError, match="80 bytes"):
        pico.roll_line((6,) * 40)


# --- what it understands -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "meaning"),
    [
        ("EXPECT 1 agony", ("expect", 1, "agony")),
        ("EXPECT 6 d6\r", ("expect", 6, "d6")),
        ("IDLE", ("idle", 0, "")),
        ("PONG", ("pong", 0, "")),
        ("EXPECT 2 d6*" + checksum("EXPECT 2 d6"), ("expect", 2, "d6")),
        ("EXPECT 2 d6*00", None),
        ("EXPECT two d6", None),
        ("EXPECT 2 d20", None),
        ("HELLO", None),
        ("", None),
    ],
)
def test_what_it_makes_of_companion_lines(line: str, meaning: tuple[str, int, str] | None) -> None:
    assert pico.parse_companion(line) == meaning


def test_its_line_splitter_frames_like_the_companion() -> None:
    splitter = pico.LineSplitter()
    assert splitter.feed(b"EXP") == []
    assert splitter.feed(b"ECT 2 d6\r\nID") == ["EXPECT 2 d6"]
    assert splitter.feed(b"LE\n" + b"X" * 200 + b"\nPONG\n") == ["IDLE", "PONG"]


@pytest.fixture()
def link() -> Iterator[tuple[FakeReader, DiceReader, queue.Queue[InputEvent], list[str]]]:
    """The companion's reader thread on one end of a real pty, the test as the Pico on the other."""
    heard: list[str] = []
    posted: queue.Queue[InputEvent] = queue.Queue()
    with FakeReader(on_line=heard.append) as board, DiceReader(posted.put, board.path) as reader:
        reader.start()
        # Opening the port drops what was sent before (pyserial empties the input buffer).
        assert posted.get(timeout=5) == ReaderStatus("connected")
        yield board, reader, posted, heard


def _wait_for(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def _next_dice(posted: queue.Queue[InputEvent]) -> InputEvent:
    while True:
        event = posted.get(timeout=5)
        if not isinstance(event, ReaderStatus):
            return event


def test_it_understands_what_the_companion_really_sends(
    link: tuple[FakeReader, DiceReader, queue.Queue[InputEvent], list[str]],
) -> None:
    board, reader, _, heard = link
    _wait_for(lambda: reader.send_expect(3, "d6"))
    assert reader.send_idle()
    assert reader.send_expect(1, "agony")
    board.send_line(pico.ping_line())  # the companion's thread answers PONG itself
    _wait_for(lambda: len(heard) == 4)
    companion = pico.Companion(0)
    meanings = []
    for line in heard:
        meanings.append(pico.parse_companion(line))
        companion.heard(line)
    assert meanings == [
        ("expect", 3, "d6"),
        ("idle", 0, ""),
        ("expect", 1, "agony"),
        ("pong", 0, ""),
    ]
    assert (companion.dice, companion.die, companion.faces()) == (1, "agony", pico.AGONY_FACES)


def test_the_companion_reads_what_it_sends(
    link: tuple[FakeReader, DiceReader, queue.Queue[InputEvent], list[str]],
) -> None:
    board, _, posted, _ = link
    for line in (pico.hello_line(), pico.roll_line((4, 2)), pico.error_line("cocked")):
        board.send_line(line)
    assert _next_dice(posted) == ReaderHello(pico.NAME, pico.VERSION)
    assert _next_dice(posted) == DiceRead((4, 2))
    assert _next_dice(posted) == ReaderError("cocked")


# --- its button, its rolls, its keep-alive (the board's logic, without the board) ----------


def test_a_press_counts_once_after_the_debounce_time() -> None:
    button = pico.Button()
    assert [button.pressed(True, t) for t in (0, 10, 19)] == [False] * 3
    assert button.pressed(True, pico.DEBOUNCE_MS)
    assert not button.pressed(True, 500)  # held: still one press
    assert not button.pressed(False, 510)
    assert not button.pressed(True, 520)  # a bounce shorter than the debounce time
    assert not button.pressed(False, 530)
    assert [button.pressed(True, t) for t in (600, 620)] == [False, True]


def test_a_roll_is_the_dice_the_companion_expects(monkeypatch: pytest.MonkeyPatch) -> None:
    companion = pico.Companion(0)
    assert companion_reads(companion.roll()) in [DiceRead((v,)) for v in pico.D6_FACES]
    companion.heard("EXPECT 6 d6")
    read = companion_reads(companion.roll())
    assert isinstance(read, DiceRead) and len(read.values) == 6
    companion.heard("EXPECT 1 agony")
    for _ in range(50):
        read = companion_reads(companion.roll())
        assert isinstance(read, DiceRead) and read.values[0] in pico.AGONY_FACES
    monkeypatch.setattr(pico, "read_dice", lambda count, faces: None)
    assert companion_reads(companion.roll()) == ReaderError("unreadable")


def test_it_pings_and_notices_a_companion_that_stops_answering() -> None:
    companion = pico.Companion(0)
    assert not companion.ping_due(pico.PING_EVERY_MS - 1)
    assert companion.ping_due(pico.PING_EVERY_MS)
    companion.heard("PONG")
    assert companion.answering and companion.led(pico.PING_EVERY_MS) == 0
    assert companion.ping_due(2 * pico.PING_EVERY_MS)
    assert not companion.ping_due(2 * pico.PING_EVERY_MS + pico.PONG_WITHIN_MS + 1)
    assert not companion.answering
    assert {companion.led(t) for t in (0, 250, 500, 750)} == {0, 1}  # blinking
    companion.heard("EXPECT 1 d6")
    assert companion.answering and companion.led(0) == 1


# --- PROTOCOL.md ---------------------------------------------------------------------------


def _block_after(marker: str) -> list[str]:
    match = re.search(rf"<!-- lines: {marker} -->\n(.*?)\n\n", PROTOCOL, re.DOTALL)
    assert match, marker
    return match.group(1).splitlines()


def test_every_reader_line_in_the_protocol_page_is_accepted() -> None:
    lines = [line for line in _block_after("reader") if not line.startswith("```")]
    assert len(lines) >= 5
    for line in lines:
        assert not isinstance(companion_reads(line), Rejected), line
    assert pico.hello_line() in lines and pico.ping_line() in lines


def test_every_rejected_line_in_the_protocol_page_is_rejected_for_the_reason_given() -> None:
    rows = [re.match(r"\| `(.*)` \| `(\w+)`", row) for row in _block_after("rejected")]
    examples = [row.groups() for row in rows if row]
    assert len(examples) >= 6
    for line, reason in examples:
        assert parse_line(line.encode("ascii")) == Rejected(line, reason), line


def test_the_worked_checksum_example_adds_up() -> None:
    rows = re.findall(
        r"^\| (?:`(.)`|space) \| ([0-9A-F]{2}) \| ([01 ]{9}) \| ([0-9A-F]{2}) \|$", PROTOCOL, re.M
    )
    body, running = "", 0
    for char, hex_byte, binary, so_far in rows:
        char = char or " "
        assert int(hex_byte, 16) == ord(char) == int(binary.replace(" ", ""), 2)
        running ^= ord(char)
        assert f"{running:02X}" == so_far
        body += char
    assert body == "ROLL 3 5" and f"`{body}*{checksum(body)}`" in PROTOCOL


def test_the_pages_checksum_code_is_right() -> None:
    match = re.search(r"```python\n(.*?)```", PROTOCOL, re.DOTALL)
    assert match
    namespace: dict[str, object] = {}
    exec(match.group(1), namespace)
    page_checksum = namespace["checksum"]
    assert callable(page_checksum)
    for body in ("ROLL 3 5", "HELLO pico-reference 1.0", "PING", "ERR die off the tray"):
        assert page_checksum(body) == checksum(body)
