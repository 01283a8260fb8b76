"""A game that keeps no scoreboard never loads it (I12).

The scoreboard's commands, decisions, records and handlers load the first time a journal
keeps it: a table without it, and every start of the companion, would otherwise compile
their dataclasses for nothing (``python -m tests.bench.device.start_time --instructions``
counts the start). Each journal replays in a fresh interpreter, whose modules are its own.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted((ROOT / "rules" / "examples").glob("*.jsonl"))
SCOREBOARD = "rules.cthulhu_wars.scoreboard"

# The child: replays a journal to its state JSON, then prints what is loaded.
REPLAY = """
import json, sys
from pathlib import Path
from rules.games import RULES
from rules.journal import replay, state_json

played, _ = replay(Path(sys.argv[1]).read_text(encoding="utf-8").splitlines(), RULES)
assert played is not None
state_json(played)
print(json.dumps(sorted(sys.modules)))
"""


def loaded_by_replaying(journal: Path) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", REPLAY, str(journal)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def keeps_scoreboard(journal: Path) -> bool:
    return '"scoreboard": true' in journal.read_text(encoding="utf-8").splitlines()[0]


CTHULHU_WARS = [p for p in EXAMPLES if p.name.startswith(("celaeno", "dreamlands"))]


def test_the_examples_have_games_with_and_without_it() -> None:
    kept = [keeps_scoreboard(p) for p in CTHULHU_WARS]
    assert True in kept and False in kept


@pytest.mark.parametrize("journal", CTHULHU_WARS, ids=lambda p: p.stem)
def test_only_a_game_that_keeps_the_scoreboard_loads_it(journal: Path) -> None:
    loaded = loaded_by_replaying(journal)
    assert "rules.cthulhu_wars.engine" in loaded  # the child did play the game
    scoreboard = sorted(m for m in loaded if m == SCOREBOARD or m.startswith(SCOREBOARD + "."))
    if keeps_scoreboard(journal):
        assert f"{SCOREBOARD}.handlers" in scoreboard
    else:
        assert scoreboard == []
