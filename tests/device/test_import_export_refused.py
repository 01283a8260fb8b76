"""`celaeno import` stops at a refused line: exit 2, ``line N: reason``, what came before kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.device.conftest import celaeno, exported

START = [
    json.dumps({"type": "new_game", "map": "celaeno", "factions": ["great_cthulhu",
                "crawling_chaos", "yellow_sign"]}),
    "# a comment, then a blank line",
    "",
    json.dumps({"type": "next_phase"}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ('{"type": "roll", "values": [3]}', "nothing is waiting for the roll"),
        ('{"type": "next_phase", "colour": "red"}', "colour"),  # unknown fields are errors
        ('{"type": "next_phase"', "JSON"),
        (
            '{"type": "activate", "monster": "custodian", "by": "great_cthulhu", "area": "x"}',
            "no Area",
        ),
    ],
)
def test_a_refused_line_stops_the_import(tmp_path: Path, bad: str, reason: str) -> None:
    state_dir = tmp_path / "state"
    lines = [*START, bad, json.dumps({"type": "next_phase"})]
    source = tmp_path / "journal.jsonl"
    source.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    done = celaeno(tmp_path, "import", str(source), "--state-dir", str(state_dir))
    assert done.returncode == 2
    assert done.stdout.splitlines() == ["ok 1", "ok 4"]  # comments and blanks are skipped
    assert "Traceback" not in done.stderr
    (message,) = done.stderr.splitlines()
    assert message.startswith("line 5: ")
    assert reason.lower() in message.lower()
    assert exported(tmp_path, state_dir) == [START[0], START[3]]  # nothing after line 4
