"""Bytes through the dice reader's line parser (hardware/protocol.py), as a serial port
delivers them: in chunks of any size, with noise, cut lines, overlong lines and checksums.

Checked: the parser never raises; the result does not depend on how the bytes were chunked;
and no roll comes out that the reader did not send (a noise line is never a false roll).
"""

from __future__ import annotations

import random

from hardware.events import DiceRead
from hardware.protocol import LineParser, Parsed, with_checksum
from tests.fuzz.harness import Tally, timed

BLOCK = 64 * 1024  # bytes per parser run


def fuzz(total_bytes: int, seed: int) -> Tally:
    tally = Tally("serial bytes (reader protocol)")
    chance = random.Random(seed)
    fed = 0
    with timed(tally):
        while fed < total_bytes:
            stream, sent = _stream(chance, BLOCK)
            fed += len(stream)
            tally.tried += 1
            try:
                whole = LineParser().feed(stream)
                chunked = _chunked(stream, chance)
            except Exception as error:
                tally.record("tracebacks", repr(error), stream, ".bin")
                continue
            if whole != chunked:
                tally.record("wrong_exit", "chunking changed what was read", stream, ".bin")
            if not _only_sent_rolls(whole, sent):
                tally.record("wrong_exit", "a roll the reader did not send", stream, ".bin")
    tally.kind = f"serial bytes (reader protocol), {fed / 1e6:.1f} MB in {tally.tried} blocks"
    return tally


def _stream(chance: random.Random, size: int) -> tuple[bytes, list[tuple[int, ...]]]:
    """Lines and noise; the rolls sent as valid lines, in order."""
    parts: list[bytes] = []
    sent: list[tuple[int, ...]] = []
    length = 0
    while length < size:
        kind = chance.random()
        if kind < 0.4:
            values = tuple(chance.randint(1, 6) for _ in range(chance.randint(1, 8)))
            body = "ROLL " + " ".join(map(str, values))
            line = (with_checksum(body) if chance.random() < 0.5 else body).encode()
            sent.append(values)
            part = line + chance.choice([b"\n", b"\r\n"])
        elif kind < 0.55:
            part = chance.choice([b"PING\n", b"HELLO dice 1\n", b"ERR cocked\n", b"\n", b"\r\n"])
        else:
            part = bytes(chance.randrange(256) for _ in range(chance.randint(1, 200)))
            part = part.replace(b"ROLL", b"RO_L")  # noise, not a forged line
        parts.append(part)
        length += len(part)
    return b"".join(parts), sent


def _chunked(stream: bytes, chance: random.Random) -> list[Parsed]:
    parser = LineParser()
    results: list[Parsed] = []
    at = 0
    while at < len(stream):
        step = chance.choice([1, 2, 3, 7, 64, 1000, 4096])
        results += parser.feed(stream[at : at + step])
        at += step
    return results


def _only_sent_rolls(results: list[Parsed], sent: list[tuple[int, ...]]) -> bool:
    """Every roll read is one of the rolls sent, in order (noise may swallow some)."""
    ahead = iter(sent)
    return all(
        any(values == result.values for values in ahead)
        for result in results
        if isinstance(result, DiceRead)
    )
