"""``celaeno replay`` end to end, as a user runs it on real files: in this process
(tests/cli.py), and once as the real program, whose standard output must be the state's
JSON alone (pygame greets on standard output when it is imported)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests import cli

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "rules" / "examples"


def celaeno(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return cli.celaeno(*args, stdin=stdin)


def as_a_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "device.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


@pytest.mark.parametrize("journal", sorted(EXAMPLES.glob("*.jsonl")), ids=lambda p: p.name)
def test_every_shipped_example_replays(journal: Path) -> None:
    result = celaeno("replay", str(journal))
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["version"] == 1


def test_prints_the_state_exactly_as_the_spec_defines_it() -> None:
    result = as_a_process("replay", str(EXAMPLES / "celaeno_e1.jsonl"))
    state = json.loads(result.stdout)
    keys = [
        "version",
        "game",
        "map",
        "sides",
        "round",
        "phase",
        "factions",
        "silence",
        "tomes",
        "gates",
        "custodian",
        "librarian",
        "pending",
        "winner",
    ]
    assert list(state)[: len(keys)] == keys
    assert state["custodian"] == "black_hall" and state["round"] == 3 and state["phase"] == "action"
    assert state["silence"] == {"great_cthulhu": True, "crawling_chaos": True, "yellow_sign": False}
    assert result.stderr == ""


def test_standard_input_and_a_pending_decision() -> None:
    lines = (EXAMPLES / "celaeno_e1.jsonl").read_text().splitlines()[:-1]  # stop before the split
    result = celaeno("replay", "-", stdin="\n".join(lines))
    assert result.returncode == 0
    assert json.loads(result.stdout)["pending"] == {
        "kind": "assign_agony",
        "monster": "custodian",
        "by": "yellow_sign",
        "area": "black_hall",
        "total": 3,
    }


def test_events_in_plain_words() -> None:
    result = celaeno("replay", str(EXAMPLES / "celaeno_e1.jsonl"), "--events")
    assert (
        result.stdout.splitlines()[-1]
        == "The Yellow Sign moves 1 Unit from the Black Hall to the Oubliette."
    )
    japanese = celaeno("replay", str(EXAMPLES / "celaeno_e1.jsonl"), "--events", "--lang", "ja")
    assert "黄色の印" in japanese.stdout


def test_a_refused_command_stops_with_its_line_and_rule() -> None:
    journal = (
        '{"type": "new_game", "map": "celaeno", "factions": ["sleeper", "black_goat", "yellow_sign"]}\n\n'
        "# round 1: nobody has a token yet\n"
        '{"type": "activate", "monster": "custodian", "by": "sleeper", "area": "oubliette"}\n'
    )
    result = celaeno("replay", "-", stdin=journal)
    assert result.returncode == 2
    assert result.stderr == "line 4: C3: the Sleeper has no Silence token.\n"
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("{not json", "line 2: journal: not JSON"),
        (
            '{"type": "next_phase", "extra": 1}',
            "line 2: journal: next_phase: unknown field “extra”.",
        ),
        ('{"type": "roll", "values": [1]}', "line 2: journal: nothing is waiting for the roll."),
    ],
)
def test_malformed_lines_exit_2_without_a_traceback(line: str, reason: str) -> None:
    first = '{"type": "new_game", "map": "celaeno", "factions": ["sleeper", "black_goat", "yellow_sign"]}'
    result = celaeno("replay", "-", stdin=f"{first}\n{line}\n")
    assert result.returncode == 2
    assert result.stderr.startswith(reason)
    assert "Traceback" not in result.stderr


def test_a_missing_file_is_a_clear_message() -> None:
    result = celaeno("replay", "/no/such/journal.jsonl")
    assert result.returncode == 2
    assert result.stderr == "cannot read /no/such/journal.jsonl: No such file or directory\n"


def test_help_works() -> None:
    result = celaeno("replay", "--help")
    assert result.returncode == 0 and "--events" in result.stdout
