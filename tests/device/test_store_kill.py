"""A process appending to the journal is killed with SIGKILL at random moments.

After each kill the database must open without being moved aside and hold a prefix
of what was appended that contains every command the child reported as committed.
(SIGKILL leaves the kernel's page cache intact, so this checks SQLite's atomic
commits and the store's transactions, not the fsyncs that a power cut needs; those
are WAL + synchronous=FULL, checked by PRAGMA in test_store_journal.py.)
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from device.storage.store import Store

CHILD = """
import sys
from device.storage.store import Store

store = Store.open(sys.argv[1])
game = store.current_game() or store.new_game()
start = len(store.commands(game))
print(game, start, flush=True)
for n in range(start, start + 100000):
    seq = store.append(game, '{"type": "roll", "values": [%d], "n": %d}' % (n % 6 + 1, n))
    print(seq, flush=True)
"""


def expected(n: int) -> str:
    return f'{{"type": "roll", "values": [{n % 6 + 1}], "n": {n}}}'


def run_and_kill(path: Path, delay: float) -> tuple[int, int]:
    """Start the child, kill it after ``delay`` seconds of appending; (game, last seq seen)."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        game = int(child.stdout.readline().split()[0])
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        reported = [int(line) for line in child.stdout.read().split()]
    finally:
        child.kill()
        child.wait(timeout=10)
        if child.stdout is not None:
            child.stdout.close()
    return game, max(reported, default=0)


def test_sigkill_while_appending_leaves_a_prefix_with_everything_reported(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    rng = random.Random(6)
    committed = 0
    for _ in range(8):
        game, last_reported = run_and_kill(path, rng.uniform(0.0, 0.25))
        with Store.open(path) as store:
            assert store.notice is None
            stored = store.commands(game)
        assert stored == [expected(n) for n in range(len(stored))]  # a prefix, in order
        assert len(stored) >= max(last_reported, committed)
        committed = len(stored)
    assert committed > 0
