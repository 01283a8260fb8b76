"""Smart dice: decoder throughput, and what the Bluetooth source costs a table at rest.

    .venv/bin/python -m tests.bench.hardware.smartdice_bench [--seconds 20] [--seed 1]

Throughput: random advertisements and notifications through the Pixels and GoDice decoders
and the hub (a scan hears a few dozen advertisements a second, so anything past 10⁴/s is
plenty). Idle cost: this process's CPU time over ``--seconds`` with the source running and
with it off, as a share of one core. On a machine without a Bluetooth adapter the source
retries every few seconds and ticks once a second; that is what is measured there — real
scanning needs an adapter (or the booted machine's virtual one), and is said to be absent.
"""

from __future__ import annotations

import argparse
import os
import random
import struct
import time

from hardware.events import InputEvent, SmartDiceStatus
from hardware.smartdice import godice, pixels
from hardware.smartdice.hub import Chosen, DiceHub
from hardware.smartdice.source import BluetoothDice


def adverts(rng: random.Random, count: int) -> list[tuple[dict[int, bytes], dict[str, bytes]]]:
    made = []
    for _ in range(count):
        data = bytes([6, 0x21, rng.randint(0, 5), rng.randint(0, 5), rng.randint(0, 255)])
        info = struct.pack("<II", rng.randint(1, 2**32 - 1), 1735689600)
        made.append(({pixels.COMPANY_ID: data}, {pixels.INFO_SERVICE: info}))
    return made


def decoder_rate(rng: random.Random, count: int) -> tuple[float, float, float]:
    """Advertisements/s decoded, GoDice notifications/s decoded, and advertisements/s of a
    chosen die at rest through the hub (what a scan delivers most of the time)."""
    made = adverts(rng, count)
    started = time.perf_counter()
    for manufacturer, service in made:
        pixels.decode_advert(manufacturer, service)
    pixels_rate = count / (time.perf_counter() - started)
    notes = [rng.choice([b"R", b"S", b"FS", b"Bat"]) + rng.randbytes(3) for _ in range(count)]
    started = time.perf_counter()
    for data in notes:
        godice.decode(data)
    godice_rate = count / (time.perf_counter() - started)
    posted: list[InputEvent] = []
    hub = DiceHub(posted.append, [Chosen("AA", "pixels", "Red", "d6")])
    manufacturer, service = made[0]  # a die at rest: the same data, its signal wavering
    started = time.perf_counter()
    for n in range(count):
        hub.advertisement("AA", "Red", manufacturer, service, [], -60 - n % 7)
    return pixels_rate, godice_rate, count / (time.perf_counter() - started)


def heard_again_rate(count: int) -> float:
    """The same advertisement again, as the source hands it on (no decoding): per second."""
    posted: list[InputEvent] = []
    hub = DiceHub(posted.append, [Chosen("AA", "pixels", "Red", "d6")])
    data = ({pixels.COMPANY_ID: bytes([6, 0x21, 1, 0, 80])},
            {pixels.INFO_SERVICE: struct.pack("<II", 7, 1735689600)})  # fmt: skip
    hub.advertisement("AA", "Red", *data, [], -60)
    started = time.perf_counter()
    for n in range(count):
        hub.heard_again("AA", -60 - n % 7)
    return count / (time.perf_counter() - started)


def cpu_share(seconds: float, running: bool) -> tuple[float, str]:
    """This process's CPU over ``seconds``, % of one core, with the source on or off."""
    state = "off"
    events: list[InputEvent] = []
    source = BluetoothDice(events.append).start() if running else None
    time.sleep(1.0)  # past start-up (the first bleak import)
    before, wall = os.times(), time.monotonic()
    time.sleep(seconds)
    after, elapsed = os.times(), time.monotonic() - wall
    if source is not None:
        source.close()
        states = [e.state for e in events if isinstance(e, SmartDiceStatus)]
        state = states[-2] if len(states) >= 2 else "?"
    used = (after.user - before.user) + (after.system - before.system)
    return 100.0 * used / elapsed, state


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--seconds", type=float, default=20.0)
    options.add_argument("--seed", type=int, default=1)
    options.add_argument("--count", type=int, default=200_000)
    args = options.parse_args()
    rng = random.Random(args.seed)
    pixels_rate, godice_rate, hub_rate = decoder_rate(rng, args.count)
    print(f"Pixels advertisements decoded: {pixels_rate:,.0f}/s")
    print(f"GoDice notifications decoded: {godice_rate:,.0f}/s")
    print(f"advertisements of a die at rest through the hub: {hub_rate:,.0f}/s")
    print(f"the same advertisement again (the source's path, no decoding): "
          f"{heard_again_rate(args.count):,.0f}/s")  # fmt: skip
    off, _ = cpu_share(args.seconds, running=False)
    on, state = cpu_share(args.seconds, running=True)
    print(f"idle CPU, source off: {off:.3f} % of a core over {args.seconds:g} s")
    print(f"idle CPU, source on ({state}): {on:.3f} % of a core over {args.seconds:g} s")
    print(f"difference: {on - off:.3f} % of a core")


if __name__ == "__main__":
    main()
