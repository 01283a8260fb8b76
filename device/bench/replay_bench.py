"""Benchmark: replay of a 10,000-command Library journal (issue 2, "Measure").

Run: ``.venv/bin/python -m device.bench.replay_bench [--commands N]``. Prints the
time to parse and apply the whole journal, commands per second, and peak memory
(tracemalloc) of the replay. The journal is generated deterministically: rounds of
phase changes, Gate changes, Custodian and Librarian activations with their rolls,
splits and payments, and an occasional undo.
"""

from __future__ import annotations

import argparse
import json
import time
import tracemalloc
from collections.abc import Iterator
from typing import Any

from device.bench import machine
from rules.games import GAMES
from rules.journal import replay

FACTIONS = ["great_cthulhu", "crawling_chaos", "yellow_sign"]
GUARDIAN = "guardian_under_the_lake"


def _round(n: int) -> Iterator[dict[str, Any]]:
    """One round of play: 4 phases, Gates changing hands, both monsters, an undo."""
    yield from ({"type": "next_phase"} for _ in range(4))
    holder, rival = FACTIONS[n % 3], FACTIONS[(n + 1) % 3]
    yield {"type": "set_gate", "area": GUARDIAN, "gate": True, "controller": holder}
    yield {"type": "set_gate", "area": GUARDIAN, "gate": True, "controller": None}
    yield {"type": "activate", "monster": "custodian", "by": holder, "area": "black_hall"}
    yield {"type": "roll", "values": [1 + n % 3]}
    yield {"type": "undo"}
    yield {"type": "roll", "values": [2]}
    present = {f: 2 for f in FACTIONS}
    split = {rival: 2, FACTIONS[(n + 2) % 3]: 1 if n else 0}
    split[holder] = (3 if n else 2) - sum(split.values())
    yield {"type": "assign_agony", "present": present, "assign": split}
    tome_holder = _holder_of_guardian(n)
    yield {"type": "activate", "monster": "librarian", "by": rival, "area": "oubliette"}
    yield {"type": "roll", "values": [1]}
    agony = 2 if n else 1  # she stays in the Oubliette after the first round: +1
    yield {"type": "assign_agony", "present": {tome_holder: 3}, "assign": {tome_holder: agony}}
    yield {
        "type": "satisfy",
        "faction": tome_holder,
        "units": 0,
        "doom": agony - 1,
        "tomes": [GUARDIAN],
    }


def _holder_of_guardian(n: int) -> str:
    # Each round the Tome was returned the round before, so this round's holder takes it.
    return FACTIONS[n % 3]


def journal(commands: int) -> list[str]:
    lines = [json.dumps({"type": "new_game", "map": "celaeno", "factions": FACTIONS})]
    n = 0
    while len(lines) < commands:
        lines += [json.dumps(cmd) for cmd in _round(n)]
        n += 1
    return lines[:commands]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    lines = journal(args.commands)
    timings = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        played, _ = replay(lines, GAMES)
        timings.append(time.perf_counter() - started)
    assert played is not None
    tracemalloc.start()
    replay(lines, GAMES)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    best = min(timings)
    print(f"machine: {machine()}")
    print(f"journal: {len(lines)} commands, ending in {played.game.summary(played.state)}")
    rate = len(lines) / best
    print(f"replay: best {best * 1000:.0f} ms of {args.repeat}, {rate:,.0f} commands/s")
    print(f"peak memory during replay: {peak / 2**20:.1f} MiB (tracemalloc)")


if __name__ == "__main__":
    main()
