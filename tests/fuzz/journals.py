"""Mutated journals through `celaeno replay`, `import` and `export` (seeded, reproducible).

Each journal is one of the examples in rules/examples/ with a few mutations: bytes flipped,
inserted or cut; lines dropped, repeated or swapped; a JSON value replaced by a hostile one
(a huge or deep value, a lone surrogate, a line separator, a control character). Checked:

- replay and import answer 0 or 2, never a traceback or a hang;
- every ``ok N`` import printed is in the journal on disk (acknowledged, never lost);
- the game import left behind exports, and that export replays and re-imports (exit 0).
"""

from __future__ import annotations

import random
import re
import tempfile
from pathlib import Path

from device.storage import paths
from device.storage.store import Store
from tests.fuzz.harness import Tally, run_cli, timed

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "rules" / "examples").glob("*.jsonl"))
HOSTILE_VALUES = [
    "9" * 4301,
    "-" + "9" * 30,
    "1e999",
    "NaN",
    "[" * 3000 + "]" * 3000,
    '"\\ud800"',
    '"a\\u2028b"',
    '"a\u2028b"',
    '"\\u0000"',
    '"\r"',
    '"' + "x" * 70000 + '"',
    "null",
    "true",
    "{}",
    "[]",
    '"' + "é" * 50 + '"',
    "0",
    "-1",
    "7",
]
HOSTILE_BYTES = [b"\xff", b"\xc3", b"\x00", b"\r", b"\n", b"\xe2\x80\xa8", b"\xef\xbb\xbf", b"\\"]
VALUE = re.compile(rb'(?<=: )("[^"]*"|-?\d+|true|false|null|\[[^\[\]]*\])')


def mutate(journal: bytes, chance: random.Random) -> bytes:
    for _ in range(chance.randint(1, 4)):
        journal = chance.choice(MUTATIONS)(journal, chance)
    return journal


def _replace_value(data: bytes, chance: random.Random) -> bytes:
    spans = [m.span() for m in VALUE.finditer(data)]
    if not spans:
        return data
    start, end = chance.choice(spans)
    return (
        data[:start] + chance.choice(HOSTILE_VALUES).encode("utf-8", "surrogatepass") + data[end:]
    )


def _flip_byte(data: bytes, chance: random.Random) -> bytes:
    if not data:
        return data
    at = chance.randrange(len(data))
    return data[:at] + bytes([chance.randrange(256)]) + data[at + 1 :]


def _insert_bytes(data: bytes, chance: random.Random) -> bytes:
    at = chance.randrange(len(data) + 1)
    return data[:at] + chance.choice(HOSTILE_BYTES) + data[at:]


def _cut(data: bytes, chance: random.Random) -> bytes:
    return data[: chance.randrange(len(data) + 1)]


def _shuffle_lines(data: bytes, chance: random.Random) -> bytes:
    lines = data.split(b"\n")
    if len(lines) < 2:
        return data
    i, j = chance.randrange(len(lines)), chance.randrange(len(lines))
    operation = chance.randrange(3)
    if operation == 0:
        del lines[i]
    elif operation == 1:
        lines.insert(i, lines[j])
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


MUTATIONS = [_replace_value, _replace_value, _flip_byte, _insert_bytes, _cut, _shuffle_lines]


def fuzz(count: int, seed: int) -> Tally:
    tally = Tally("journals (replay, import, export)")
    chance = random.Random(seed)
    seeds = [path.read_bytes() for path in EXAMPLES]
    with timed(tally), tempfile.TemporaryDirectory(prefix="celaeno-fuzz-") as scratch:
        for number in range(count):
            tally.tried += 1
            journal = mutate(chance.choice(seeds), chance)
            _one(journal, Path(scratch) / str(number), tally)
    return tally


def _one(journal: bytes, where: Path, tally: Tally) -> None:
    where.mkdir()
    source = where / "in.jsonl"
    source.write_bytes(journal)
    state = where / "state"
    tally.check(run_cli(["replay", str(source)]), (0, 2), journal, ".jsonl")
    imported = run_cli(["import", "-", "--state-dir", str(state)], stdin=journal)
    if not tally.check(imported, (0, 2), journal, ".jsonl"):
        return
    acknowledged = imported.stdout.count("ok ")
    stored = _stored(state)
    # An import onto an empty journal may add the configured new_game before its first line.
    if stored < acknowledged:
        tally.record("lost", f"{acknowledged} acknowledged, {stored} on disk", journal, ".jsonl")
    if stored:
        _export_reimports(where, state, journal, tally)


def _export_reimports(where: Path, state: Path, journal: bytes, tally: Tally) -> None:
    exported = where / "out.jsonl"
    export = run_cli(["export", "--state-dir", str(state), str(exported)])
    if not tally.check(export, (0,), journal, ".jsonl"):
        return
    again = run_cli(["replay", str(exported)])
    tally.check(again, (0,), exported.read_bytes(), ".export.jsonl")
    reimport = run_cli(["import", str(exported), "--state-dir", str(where / "again")])
    tally.check(reimport, (0,), exported.read_bytes(), ".export.jsonl")


def _stored(state: Path) -> int:
    database = paths.database_path(state)
    if not database.exists():
        return 0
    with Store.open(database, read_only=True) as store:
        return sum(game.commands for game in store.games())
