"""The dice reader's line protocol (PROTOCOL.md), as a pure parser: bytes in, messages out.

No I/O here: :class:`LineParser` is fed whatever the serial port returned, keeps a partial line
until its newline arrives, and returns one result per complete line. Nothing a reader sends can
make it raise; what cannot be used comes back as :class:`Rejected` with a reason, so it can be
counted and shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from hardware.events import DiceRead, ReaderError, ReaderHello

MAX_LINE = 80  # bytes, not counting the line ending ("\n" or "\r\n")
FACES = frozenset("123456")
DICE = ("agony", "d6")  # what EXPECT may ask for

# Why a line was not used; dice-monitor prints these.
OVERLONG, GARBLED, CHECKSUM, MALFORMED, UNKNOWN = (
    "overlong",
    "garbled",
    "checksum",
    "malformed",
    "unknown",
)


@dataclass(frozen=True)
class Ping:
    """A keep-alive; the reader thread answers PONG."""


@dataclass(frozen=True)
class Rejected:
    """A line that was not used: the line (at most 80 bytes of it, escaped) and why."""

    line: str
    reason: str


Parsed: TypeAlias = DiceRead | ReaderError | ReaderHello | Ping | Rejected


def checksum(body: str) -> str:
    """The NMEA-style checksum of ``body``: the XOR of its bytes, as two upper-case hex digits."""
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return f"{value:02X}"


def with_checksum(body: str) -> str:
    return f"{body}*{checksum(body)}"


class LineParser:
    """Frames lines: keeps a partial line across feeds, drops an overlong one up to its newline."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overlong: bytes | None = None  # the head of a line being discarded

    def feed(self, data: bytes) -> list[Parsed]:
        results: list[Parsed] = []
        start = 0
        while (end := data.find(b"\n", start)) >= 0:
            self._keep(data[start:end])
            if (result := self._finish()) is not None:
                results.append(result)
            start = end + 1
        self._keep(data[start:])
        return results

    def reset(self) -> None:
        """Forget a partial line (the port closed: its end will never come)."""
        self._buffer.clear()
        self._overlong = None

    def _keep(self, chunk: bytes) -> None:
        if self._overlong is not None:
            return
        self._buffer += chunk
        if len(self._buffer) > MAX_LINE + 1:  # + 1 for a "\r" that may still end it
            self._overlong = bytes(self._buffer[:MAX_LINE])
            self._buffer.clear()

    def _finish(self) -> Parsed | None:
        overlong, self._overlong = self._overlong, None
        if overlong is not None:
            return Rejected(_shown(overlong), OVERLONG)
        line = bytes(self._buffer)
        self._buffer.clear()
        return parse_line(line)


def parse_line(raw: bytes) -> Parsed | None:
    """One line without its "\\n"; None for a blank line (ignored, not counted)."""
    line = raw[:-1] if raw.endswith(b"\r") else raw
    if not line:
        return None
    if len(line) > MAX_LINE:
        return Rejected(_shown(line[:MAX_LINE]), OVERLONG)
    if not all(0x20 <= byte <= 0x7E for byte in line):
        return Rejected(_shown(line), GARBLED)
    text = line.decode("ascii")
    body = _verified(text)
    if body is None:
        return Rejected(text, CHECKSUM)
    return _message(body) or Rejected(text, _why_not(body))


def _verified(text: str) -> str | None:
    """The line without its ``*HH``, or None if a checksum is present and wrong.

    "*" is reserved for the checksum: one anywhere but three from the end means a damaged line.
    """
    star = text.find("*")
    if star < 0:
        return text
    given = text[star + 1 :]
    if star != len(text) - 3 or given.upper() != checksum(text[:star]):
        return None
    return text[:star]


def _message(body: str) -> DiceRead | ReaderError | ReaderHello | Ping | None:
    verb, _, rest = body.partition(" ")
    words = rest.split(" ")
    if verb == "ROLL" and rest and all(word in FACES for word in words):
        return DiceRead(tuple(int(word) for word in words))
    if verb == "HELLO" and len(words) == 2 and all(words):
        return ReaderHello(words[0], words[1])
    if verb == "ERR" and rest.strip():
        return ReaderError(rest)
    if body == "PING":
        return Ping()
    return None


def _why_not(body: str) -> str:
    verb = body.partition(" ")[0]
    return MALFORMED if verb in ("ROLL", "HELLO", "ERR", "PING") else UNKNOWN


def _shown(raw: bytes) -> str:
    """Printable ASCII as it is, every other byte as \\xNN, so a log or screen shows it safely."""
    return "".join(chr(byte) if 0x20 <= byte <= 0x7E else f"\\x{byte:02x}" for byte in raw)
