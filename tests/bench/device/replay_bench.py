"""Benchmark: replay of a 10,000-command Library journal.

Run: ``.venv/bin/python -m tests.bench.device.replay_bench [--commands N]``. Prints the
time to parse and apply the whole journal, commands per second, peak memory
(tracemalloc) of the replay, and what the game's history (undo and redo, the History
screen) holds in memory after a 2,000-command game. ``--against 'COMMAND'`` runs this
benchmark and another checkout's (the command that prints its "replay: best N ms") in
turn, each in a fresh process, and prints both medians and the ratio pair by pair.
``--scoreboard`` replays the same number of commands with and without the scoreboard in
turn; with ``--instructions`` it counts instead the instructions each replay executes under
valgrind's callgrind, which a loaded machine does not move (each replay's count is a
process that builds the journal and replays it, less one that only builds it). The journal
is generated deterministically: rounds of
phase changes, Gate changes, Custodian and Librarian activations with their rolls,
splits and payments, and an occasional undo.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import shlex
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rules.games import RULES
from rules.journal import replay
from tests.bench.device import machine
from tests.bench.device.harness import environment, instructions

# A replay under callgrind: the journal built, then replayed or not (argv: commands,
# "scoreboard" or "plain", "replay" or "build"). It ends without tearing the game down, as
# the device keeps what it replayed.
COUNTED = """
import os, sys
from rules.games import RULES
from rules.journal import replay
from tests.bench.device.replay_bench import journal
lines = journal(int(sys.argv[1]), scoreboard=sys.argv[2] == "scoreboard")
if sys.argv[3] == "replay":
    played, _ = replay(lines, RULES)
    assert played is not None, "the journal was refused"
os._exit(0)
"""
CHECKOUT = str(Path(__file__).resolve().parents[3])

FACTIONS = ["great_cthulhu", "crawling_chaos", "yellow_sign"]
GUARDIAN = "guardian_under_the_lake"


def _phases(scoreboard: bool) -> Iterator[dict[str, Any]]:
    """The round's 4 phase changes; with the scoreboard, its questions answered (K3, K6, K8)."""
    yield {"type": "next_phase"}
    if scoreboard:
        yield {"type": "gather_power", "power": {f: 8 for f in FACTIONS}}
    yield {"type": "next_phase"}
    if scoreboard:
        yield {"type": "first_player", "faction": FACTIONS[0], "direction": "clockwise"}
    yield {"type": "next_phase"}
    if scoreboard:
        yield from ({"type": "ritual", "faction": f, "perform": False} for f in FACTIONS)
    yield {"type": "next_phase"}


def _round(n: int, scoreboard: bool = False) -> Iterator[dict[str, Any]]:
    """One round of play: 4 phases, Gates changing hands, both monsters, an undo."""
    yield from _phases(scoreboard)
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
    agony = 2 if n else 1  # she stays in the Oubliette after the first round: +1
    if scoreboard and agony > 1:  # K15: the Doom the victim pays below
        yield {"type": "adjust", "faction": tome_holder, "doom": agony - 1}
    yield {"type": "activate", "monster": "librarian", "by": rival, "area": "oubliette"}
    yield {"type": "roll", "values": [1]}
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


def journal(commands: int, scoreboard: bool = False) -> list[str]:
    first: dict[str, Any] = {"type": "new_game", "map": "celaeno", "factions": FACTIONS}
    if scoreboard:
        first["settings"] = {"scoreboard": True}
    lines = [json.dumps(first)]
    n = 0
    while len(lines) < commands:
        lines += [json.dumps(cmd) for cmd in _round(n, scoreboard)]
        n += 1
    return lines[:commands]


def scoreboard_ratio(commands: int, pairs: int) -> None:
    """The same number of commands with and without the scoreboard, in turn (A B A B …)."""
    plain, scored = journal(commands), journal(commands, scoreboard=True)
    a: list[float] = []
    b: list[float] = []
    for _ in range(pairs):
        for lines, into in ((scored, a), (plain, b)):
            started = time.perf_counter()
            played, _ = replay(lines, RULES)
            into.append(time.perf_counter() - started)
            assert played is not None  # replay raises at a refused line
    ratios = [x / y for x, y in zip(a, b, strict=True)]
    print(f"machine: {machine()}")
    print(f"with the scoreboard: median {statistics.median(a) * 1000:.0f} ms; "
          f"without: median {statistics.median(b) * 1000:.0f} ms ({commands} commands each)")  # fmt: skip
    print(f"ratio with/without, pair by pair: median {statistics.median(ratios):.3f}, "
          f"min {min(ratios):.3f}, max {max(ratios):.3f}")  # fmt: skip


def replay_instructions(commands: int, scoreboard: bool) -> int:
    """Instructions a replay of ``commands`` commands executes (callgrind). The hash seed is
    fixed, so that the same journal takes the same path through every dict and set. One
    replay runs first, not counted, and leaves the bytecode cached, as a Pi has it: else the
    first count of a checkout would include compiling the modules only the replay imports
    (the scoreboard's)."""
    env = environment(PYTHONHASHSEED="0")
    said = ["scoreboard" if scoreboard else "plain"]
    warm = [sys.executable, "-c", COUNTED, str(commands), *said, "replay"]
    subprocess.run(warm, cwd=CHECKOUT, env=env, check=True, capture_output=True)
    build, whole = (
        instructions([sys.executable, "-c", COUNTED, str(commands), *said, part], env, CHECKOUT)
        for part in ("build", "replay")
    )
    return whole - build


def scoreboard_instructions(commands: int) -> None:
    scored = replay_instructions(commands, scoreboard=True)
    plain = replay_instructions(commands, scoreboard=False)
    print(f"machine: {machine()}")
    print(f"instructions to replay {commands} commands (callgrind): with the scoreboard "
          f"{scored / 1e6:,.1f} million, without {plain / 1e6:,.1f} million; "
          f"ratio with/without {scored / plain:.3f}")  # fmt: skip


def history_bytes(commands: int) -> tuple[int, int]:
    """Bytes held after replaying ``commands`` commands: the game with its history, and
    the game's state alone."""
    lines = journal(commands)
    gc.collect()
    tracemalloc.start()
    played, _ = replay(lines, RULES)
    assert played is not None
    gc.collect()
    with_history = tracemalloc.get_traced_memory()[0]
    state = played.state
    del played
    gc.collect()
    alone = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del state
    return with_history, alone


def best_ms(command: list[str], cwd: str | None = None) -> float:
    out = subprocess.run(command, capture_output=True, text=True, check=True, cwd=cwd).stdout
    found = re.search(r"replay: best (\d+) ms", out)
    if found is None:
        raise SystemExit(f"no 'replay: best N ms' in the output of {shlex.join(command)}")
    return float(found.group(1))


def paired(against: str, pairs: int, repeat: int) -> None:
    ours = [sys.executable, "-m", "tests.bench.device.replay_bench", "--repeat", str(repeat)]
    theirs = shlex.split(against)
    a, b = [], []
    for _ in range(pairs):
        a.append(best_ms(ours))
        b.append(best_ms(theirs, cwd="/"))  # its own installed checkout, not this one
    print(f"machine: {machine()}")
    print(f"this checkout: median of {pairs} bests {statistics.median(a):.0f} ms ({a})")
    print(f"against ({against}): median {statistics.median(b):.0f} ms ({b})")
    ratios = [x / y for x, y in zip(a, b, strict=True)]
    print(f"ratio this/against, pair by pair: median {statistics.median(ratios):.3f}, "
          f"min {min(ratios):.3f}, max {max(ratios):.3f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--against", metavar="COMMAND", help="another checkout's benchmark")
    parser.add_argument("--pairs", type=int, default=7, help="with --against or --scoreboard")
    parser.add_argument(
        "--scoreboard", action="store_true", help="the same journal with and without the scoreboard"
    )
    parser.add_argument(
        "--instructions", action="store_true", help="with --scoreboard: count them (valgrind)"
    )
    args = parser.parse_args()
    if args.scoreboard and args.instructions:
        scoreboard_instructions(args.commands)
        return
    if args.scoreboard:
        scoreboard_ratio(args.commands, args.pairs)
        return
    if args.against:
        paired(args.against, args.pairs, args.repeat)
        return
    lines = journal(args.commands)
    timings = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        played, _ = replay(lines, RULES)
        timings.append(time.perf_counter() - started)
    assert played is not None
    tracemalloc.start()
    replay(lines, RULES)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    best = min(timings)
    print(f"machine: {machine()}")
    print(f"journal: {len(lines)} commands, ending in {played.game.summary(played.state)}")
    rate = len(lines) / best
    print(f"replay: best {best * 1000:.0f} ms of {args.repeat}, {rate:,.0f} commands/s")
    print(f"peak memory during replay: {peak / 2**20:.1f} MiB (tracemalloc)")
    held, alone = history_bytes(2_000)
    print(f"held after a 2,000-command game: {held / 2**20:.2f} MiB, of which the history "
          f"{(held - alone) / 2**20:.2f} MiB ({(held - alone) / 2_000:.0f} bytes a command)")  # fmt: skip


if __name__ == "__main__":
    main()
