"""Power cut: `celaeno import` of a 2,000-command journal is killed with SIGKILL at random moments.

After every kill, `celaeno export` must be a prefix of the input holding every command the
import printed ``ok`` for, and must replay cleanly (`celaeno replay`). The next import goes
on from where the journal stands (a journal without ``new_game`` continues the latest game),
so the kills land all along the 2,000 commands, and the last import finishes the job.

SIGKILL leaves the kernel's page cache alone, so this checks that SQLite commits are atomic
and that ``ok N`` is printed only after the commit; the fsyncs a real power cut needs are WAL
with ``synchronous=FULL`` (tests/device/test_store_journal.py).
"""

from __future__ import annotations

import json
import random
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from device.storage import paths
from device.storage.store import Store
from rules.games import RULES
from rules.journal import replay, state_json
from tests.bench.device.replay_bench import journal
from tests.device.conftest import ROOT, celaeno, celaeno_argv, clean_env, replayed

COMMANDS = 2_000
KILLS = 12
SEED = 6


def import_killed(tmp: Path, state_dir: Path, rest: list[str], moment: Moment) -> list[int]:
    """Import ``rest`` and SIGKILL it at ``moment``; the line numbers it printed ok."""
    source = tmp / "rest.jsonl"
    source.write_text("".join(line + "\n" for line in rest), encoding="utf-8")
    child = subprocess.Popen(
        celaeno_argv("import", str(source), "--state-dir", str(state_dir)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=clean_env(tmp),
    )
    oks: list[int] = []
    try:
        assert child.stdout is not None
        while len(oks) < moment.after_oks and (line := child.stdout.readline()):
            oks.append(int(line.split()[1]))
        time.sleep(moment.then_wait)  # somewhere inside the next commands' commits
        child.kill()
        out, err = child.communicate(timeout=10)
    finally:
        child.kill()
        child.wait(timeout=10)
    assert "Traceback" not in err
    return oks + [int(line.split()[1]) for line in out.splitlines() if line.startswith("ok ")]


@dataclass(frozen=True)
class Moment:
    """When to pull the plug: after this many ``ok`` lines, then this many seconds more."""

    after_oks: int
    then_wait: float

    @classmethod
    def random(cls, rng: random.Random, left: int) -> Moment:
        if rng.random() < 0.2:  # during start-up, before or around the first commit
            return cls(0, rng.uniform(0.0, 0.3))
        return cls(rng.randrange(left // (KILLS // 2) + 1), rng.uniform(0.0, 0.003))


def stored(tmp: Path, state_dir: Path) -> list[str]:
    """`celaeno export` of the latest game; nothing if the kill came before the first game."""
    done = celaeno(tmp, "export", "--state-dir", str(state_dir))
    if done.returncode == 2 and "no game" in done.stderr:
        return []
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.slow
def test_sigkill_during_import_leaves_a_prefix_with_every_ok(tmp_path: Path) -> None:
    lines = journal(COMMANDS)
    state_dir = tmp_path / "state"
    rng = random.Random(SEED)
    kept = 0  # commands of the input known to be in the journal
    landed = []
    for _ in range(KILLS):
        rest = lines[kept:]  # from the start: a new game; else the rest of the latest one
        moment = Moment.random(rng, len(rest))
        oks = [kept + n for n in import_killed(tmp_path, state_dir, rest, moment)]
        journal_now = stored(tmp_path, state_dir)
        assert journal_now == lines[: len(journal_now)]  # a prefix, in order, nothing extra
        assert len(journal_now) >= max([kept, *oks])  # every command printed ok is there
        if journal_now:
            # `celaeno replay` exits 0 and prints the state the rules reach in-process
            assert replayed(tmp_path, journal_now) == state_after(journal_now)
        with Store.open(paths.database_path(state_dir)) as store:
            assert store.notice is None  # never taken for a damaged database
        landed.append(len(journal_now))
        kept = len(journal_now)
    assert len(set(landed)) > KILLS // 2, f"the kills landed in too few places: {landed}"

    finished = celaeno(tmp_path, "import", "-", "--state-dir", str(state_dir),
                       stdin="".join(line + "\n" for line in lines[kept:]))  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    assert stored(tmp_path, state_dir) == lines
    assert replayed(tmp_path, lines) == state_after(lines)


def state_after(prefix: list[str]) -> object:
    """The state the rules reach after ``prefix`` in-process (the oracle), as JSON."""
    played, _ = replay(prefix, RULES)
    assert played is not None
    return json.loads(json.dumps(state_json(played)))
