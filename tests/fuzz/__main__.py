"""``python -m tests.fuzz [--long] [--seed N] [--only KIND ...]``: run the fuzzers, print a table.

Without ``--long`` a quick round (the same budget as the test suite). ``--long`` reaches the
goal counts: 10,000 mutated journals, 1,000 configuration files, 200 database faults and
10 MB of serial bytes. Run it at low priority on a shared machine: ``nice -n 10``. The exit
status is 1 when anything failed; failing inputs are kept in tests/output/fuzz/.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from tests.fuzz import configs, databases, journals, serial
from tests.fuzz.harness import Tally

QUICK = {"journals": 40, "configs": 20, "databases": 12, "serial": 256 * 1024}
LONG = {"journals": 10_000, "configs": 1_000, "databases": 200, "serial": 10 * 1024 * 1024}
HEADER = (
    "| input | tried | tracebacks | hangs | wrong exit codes | acknowledged lost | wall time |\n"
    "|---|---:|---:|---:|---:|---:|---:|"
)


def fuzzers(budget: dict[str, int], seed: int) -> dict[str, Callable[[], Tally]]:
    return {
        "journals": lambda: journals.fuzz(budget["journals"], seed),
        "configs": lambda: configs.fuzz(budget["configs"], seed),
        "databases": lambda: databases.fuzz(
            budget["databases"], seed, locks=budget["databases"] // 20
        ),
        "serial": lambda: serial.fuzz(budget["serial"], seed),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--long", action="store_true", help="reach the goal counts")
    parser.add_argument("--seed", type=int, default=12, help="the seed of every mutation")
    parser.add_argument("--only", nargs="+", choices=sorted(QUICK), help="some kinds only")
    args = parser.parse_args(argv)
    chosen = fuzzers(LONG if args.long else QUICK, args.seed)
    started = time.monotonic()
    tallies = []
    for name in args.only or list(chosen):
        tally = chosen[name]()
        tallies.append(tally)
        print(tally.row(), file=sys.stderr, flush=True)  # progress, kind by kind
    print(HEADER)
    for tally in tallies:
        print(tally.row())
    print(f"\nseed {args.seed}, wall time {time.monotonic() - started:.0f} s")
    for tally in tallies:
        for example in tally.examples:
            print(f"{tally.kind}: {example}")
    return 1 if any(tally.failures for tally in tallies) else 0


if __name__ == "__main__":
    sys.exit(main())
