"""Mutated configuration files through `celaeno check-config` and `celaeno run`.

Each file is the commented example (``celaeno config --example``), or its Dreamlands
variant, with values replaced by hostile ones, lines dropped or repeated and bytes flipped.
`check-config` must answer 0 or 2; a file it accepts must start `run` (headless, asked to
stop as soon as its first frame is drawn) with exit 0: never a traceback on a file the
check let through.
"""

from __future__ import annotations

import random
import re
import tempfile
from pathlib import Path

from device.service import stopping
from device.settings.config import example
from tests.fuzz.harness import Tally, run_cli, timed
from tests.fuzz.journals import HOSTILE_BYTES

HOSTILE_VALUES = [
    "9" * 4301,
    "99999999999999999999",
    "-1",
    "0",
    "nan",
    "inf",
    "1e308",
    "true",
    '""',
    '"/x\\u0000y"',
    '"~nosuchuser/x"',
    '"a\\rb"',
    '"\\u001b[2J"',
    '"\\ud7ff\\ue000"',
    '"' + "x" * 5000 + '"',
    "[" + ", ".join(['"great_cthulhu"'] * 20000) + "]",
    "[" + ", ".join(f'"f{i}"' for i in range(20000)) + "]",
    "[" * 200 + "]" * 200,
    "{}",
    "{ upper = 3, lower = 5 }",
    '{ surface = 5, underworld = 5, x = "y" }',
    "[1, 2, 3, 4, 5, 6]",
    "1979-05-27T07:32:00Z",
    '"dreamlands"',
    '"ja"',
    '"Ulthar ウルタール"',
    "'''multi\nline'''",
]
# Values some key accepts, so that many files pass the check and reach `run`.
PLAUSIBLE_VALUES = [
    '"Ulthar ウルタール ☃"',
    '"Kadath \u00e9"',
    '"ja"',
    '"dreamlands"',
    "false",
    "true",
    "90",
    "270",
    '["black_goat", "sleeper", "windwalker", "ancients"]',
    '["great_cthulhu", "yellow_sign", "tcho_tcho", "bubastis", "daemon_sultan"]',
    "{ upper = 3, lower = 3 }",
    '"relative/state"',
    '"~/celaeno-state"',
    '"simulated"',
    '"none"',
    "19200",
    "1.5",
    "[1, 1, 2, 2, 3, 6]",
    "4",
    '"none"',
    '["dice"]',
]
ASSIGNMENT = re.compile(r"^(\w+) = (.*)$", re.MULTILINE)


def seeds() -> list[str]:
    base = example()
    dreamlands = base.replace('map = "celaeno"', 'map = "dreamlands"').replace(
        'surface_citadel_3 = ""', 'surface_citadel_3 = "Ulthar"'
    )
    return [base, dreamlands]


def mutate(text: str, chance: random.Random) -> bytes:
    for _ in range(chance.choice([1, 1, 1, 2, 3])):
        assignments = list(ASSIGNMENT.finditer(text))
        if assignments and chance.random() < 0.7:
            match = chance.choice(assignments)
            value = chance.choice(HOSTILE_VALUES if chance.random() < 0.4 else PLAUSIBLE_VALUES)
            text = text[: match.start(2)] + value + text[match.end(2) :]
        else:
            lines = text.split("\n")
            i, j = chance.randrange(len(lines)), chance.randrange(len(lines))
            lines.insert(i, lines[j]) if chance.random() < 0.5 else lines.pop(i)
            text = "\n".join(lines)
    data = text.encode("utf-8", "surrogatepass")
    if chance.random() < 0.2:
        at = chance.randrange(len(data))
        data = data[:at] + chance.choice(HOSTILE_BYTES) + data[at:]
    return data


def fuzz(count: int, seed: int, run_every: int = 1) -> Tally:
    """``run_every``: start `run` on every n-th accepted file (each start draws a frame)."""
    tally = Tally("configuration files (check-config, run)")
    chance = random.Random(seed)
    texts = seeds()
    accepted = ran = 0
    with timed(tally), tempfile.TemporaryDirectory(prefix="celaeno-fuzz-") as scratch:
        for number in range(count):
            tally.tried += 1
            data = mutate(chance.choice(texts), chance)
            where = Path(scratch) / str(number)
            where.mkdir()
            config = where / "celaeno.toml"
            config.write_bytes(data)
            checked = run_cli(["check-config", str(config)], hang=5.0)
            if not tally.check(checked, (0, 2), data, ".toml") or checked.status != 0:
                continue
            accepted += 1
            if accepted % run_every == 0:
                _run(config, where, data, tally)
                ran += 1
    tally.kind = f"configuration files (check-config; run on {ran} accepted)"
    return tally


def _run(config: Path, where: Path, data: bytes, tally: Tally) -> None:
    """`run` on an accepted file, in the scratch space (the file's state_dir went through the
    same check as --state-dir: device.storage.paths.directory)."""
    args = ["run", "--config", str(config), "--reader", "none", "--window"]
    stopping.request()  # stop after the first frame
    outcome = run_cli([*args, "--state-dir", str(where / "state")], hang=30.0)
    tally.check(outcome, (0,), data, ".toml")
