"""Dice reader line parser: garbage throughput, and lines lost or crashes in 10 MB of noise.

    .venv/bin/python -m tests.bench.hardware.parser_bench [--megabytes 10] [--seed 1]

A reader at 9600 baud delivers under 1 kB/s, so the parser needs to be orders of magnitude
faster than that; and no valid line that follows a newline may ever be lost to the noise
before it, whatever that noise is.
"""

from __future__ import annotations

import argparse
import random
import time

from hardware.events import DiceRead, ReaderError, ReaderHello
from hardware.protocol import LineParser, Parsed, Ping, Rejected, with_checksum


def garbage_throughput(data: bytes, chunk: int) -> float:
    """Bytes per second of ``data`` through the parser in reads of ``chunk`` bytes."""
    parser = LineParser()
    started = time.perf_counter()
    for start in range(0, len(data), chunk):
        parser.feed(data[start : start + chunk])
    return len(data) / (time.perf_counter() - started)


def valid_line(rng: random.Random) -> tuple[str, Parsed]:
    kind = rng.choice(("roll", "roll", "err", "hello", "ping"))
    if kind == "roll":
        values = tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 12)))
        result: Parsed = DiceRead(values)
        line = "ROLL " + " ".join(map(str, values))
    elif kind == "err":
        line, result = "ERR cocked", ReaderError("cocked")
    elif kind == "hello":
        line, result = "HELLO pico-dice 1.2", ReaderHello("pico-dice", "1.2")
    else:
        line, result = "PING", Ping()
    if rng.random() < 0.5:
        line = with_checksum(line)
    return line + rng.choice(("\n", "\r\n")), result


def mixed_stream(rng: random.Random, size: int) -> tuple[bytes, list[Parsed]]:
    """Noise (up to 400 random bytes, often overlong), a newline and a valid line, repeated."""
    parts, planted, total = [], [], 0
    while total < size:
        noise = rng.randbytes(rng.randint(0, 400))
        line, result = valid_line(rng)
        parts += [noise, b"\n", line.encode()]
        planted.append(result)
        total += len(noise) + 1 + len(line)
    return b"".join(parts), planted


def lost_and_crashes(
    data: bytes, planted: list[Parsed], rng: random.Random
) -> tuple[int, int, int]:
    """(planted lines not read, exceptions raised, lines rejected) feeding in random-sized reads."""
    parser, found, crashes, start = LineParser(), [], 0, 0
    while start < len(data):
        size = rng.randint(1, 512)
        try:
            found += parser.feed(data[start : start + size])
        except Exception:
            crashes += 1
        start += size
    rejected = sum(isinstance(item, Rejected) for item in found)
    usable = iter([item for item in found if not isinstance(item, Rejected)])
    # Every planted line must appear, in order; noise may add chance valid lines in between.
    lost = sum(1 for wanted in planted if not any(item == wanted for item in usable))
    return lost, crashes, rejected


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--megabytes", type=float, default=10.0)
    options.add_argument("--seed", type=int, default=1)
    args = options.parse_args()
    rng = random.Random(args.seed)
    size = int(args.megabytes * 1_000_000)

    garbage = rng.randbytes(size)
    for chunk in (64, 4096):
        rate = garbage_throughput(garbage, chunk)
        print(f"random garbage, {chunk:>4}-byte reads: {rate / 1e6:6.1f} MB/s")

    data, planted = mixed_stream(rng, size)
    started = time.perf_counter()
    lost, crashes, rejected = lost_and_crashes(data, planted, rng)
    elapsed = time.perf_counter() - started
    print(
        f"{len(data) / 1e6:.1f} MB of noise with {len(planted)} valid lines: "
        f"lines lost {lost}, crashes {crashes}, noise lines rejected {rejected}, "
        f"{len(data) / elapsed / 1e6:.1f} MB/s"
    )
    if lost or crashes:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
