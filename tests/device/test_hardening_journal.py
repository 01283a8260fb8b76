"""Hostile journals through `celaeno replay` and `celaeno import`: words and exit 2, never a
traceback, and nothing left behind by a refused line (issue: hardening).

Each reproducer runs the command (in this process, tests/cli.py) on a real file or standard
input.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from device.storage import paths
from device.storage.journal_input import decode_journal
from device.storage.session import GameSession
from device.storage.store import Store
from rules.games import RULES
from rules.normandie.commands import NzNewBattle
from tests.device.conftest import ROOT, celaeno
from tests.parsing import parse_any_line, replay_game
from tests.properties import examples

EXAMPLES = ROOT / "rules" / "examples"
NORMANDIE = (EXAMPLES / "normandie_chapter1.jsonl").read_text(encoding="utf-8").splitlines()
PLACE_UNIT = json.loads(NORMANDIE[1])  # an nz_place_unit with a "name" text field


def run_bytes(tmp: Path, data: bytes, *args: str) -> subprocess.CompletedProcess[str]:
    """`celaeno ARGS -` with raw bytes on standard input (the file may not be UTF-8)."""
    return celaeno(tmp, *args, "-", stdin=data)


def place_unit_named(name: str) -> str:
    """The Normandie example's nz_place_unit line with ``name`` (escaped as JSON writes it)."""
    return json.dumps({**PLACE_UNIT, "name": name})


HOSTILE_LINES = {
    "invalid UTF-8": (b"\xff\n", "line 1: journal: not UTF-8 text (byte 1 of the line)."),
    "deep nesting": (
        ("[" * 2000 + "]" * 2000 + "\n").encode(),
        "line 1: journal: nested more than 32 levels deep.",
    ),
    "4,301-digit number": (
        ('{"type":"roll","values":[' + "9" * 4301 + "]}\n").encode(),
        "line 1: journal: a number longer than 18 digits.",
    ),
    "NaN": (b'{"type":"roll","values":[NaN]}\n', "line 1: journal: NaN is not JSON."),
    "lone surrogate": (
        (NORMANDIE[0] + "\n" + place_unit_named("\ud800") + "\n").encode(),
        "line 2: journal: nz_place_unit.name: expected a text without control characters "
        "or lone surrogates.",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_LINES))
@pytest.mark.parametrize("command", ["replay", "import"])
def test_a_hostile_line_is_refused_in_words(tmp_path: Path, case: str, command: str) -> None:
    data, message = HOSTILE_LINES[case]
    args = (
        ("import", "--state-dir", str(tmp_path / "state")) if command == "import" else ("replay",)
    )
    done = run_bytes(tmp_path, data, *args)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_line_separators_in_a_name_survive_export_and_import(tmp_path: Path) -> None:
    """U+2028 is legal in JSON; the export writes it escaped and reads back as the same game."""
    journal = tmp_path / "named.jsonl"
    journal.write_text(NORMANDIE[0] + "\n" + place_unit_named("a\u2028b\u2029c") + "\n")
    state = tmp_path / "state"
    assert celaeno(tmp_path, "import", str(journal), "--state-dir", str(state)).returncode == 0
    export = celaeno(tmp_path, "export", "--state-dir", str(state))
    assert export.returncode == 0, export.stderr
    assert "\u2028" not in export.stdout and "\\u2028" in export.stdout
    again = celaeno(tmp_path, "import", "-", "--state-dir", str(tmp_path / "again"),
                    stdin=export.stdout)  # fmt: skip
    assert again.returncode == 0, again.stderr
    replayed = celaeno(tmp_path, "replay", "-", stdin=export.stdout)
    assert replayed.returncode == 0, replayed.stderr
    assert "a\u2028b\u2029c" in replayed.stdout


def test_an_old_export_with_a_raw_line_separator_still_reads_back(tmp_path: Path) -> None:
    """Lines end at \\n only: a raw U+2028 stored by an earlier version stays inside its line."""
    raw = NORMANDIE[0] + "\n" + place_unit_named("x").replace('"x"', '"a\u2028b"') + "\n"
    done = celaeno(tmp_path, "replay", "-", stdin=raw)
    assert done.returncode == 0, done.stderr


def test_importing_normandie_into_an_empty_state_dir_makes_one_game(tmp_path: Path) -> None:
    state = tmp_path / "state"
    done = celaeno(tmp_path, "import", str(EXAMPLES / "normandie_chapter1.jsonl"),
                   "--state-dir", str(state))  # fmt: skip
    assert done.returncode == 0, done.stderr
    listed = celaeno(tmp_path, "export", "--list", "--state-dir", str(state))
    assert len(listed.stdout.splitlines()) == 1  # no default Cthulhu Wars game 1 before it
    first = celaeno(tmp_path, "export", "--game", "1", "--state-dir", str(state))
    assert json.loads(first.stdout.splitlines()[0])["type"] == "nz_new_battle"


def test_a_refused_first_line_leaves_no_game_behind(tmp_path: Path) -> None:
    state = tmp_path / "state"
    done = celaeno(tmp_path, "import", "-", "--state-dir", str(state),
                   stdin='{"type":"roll","values":[9]}\n')  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("line 1: ")
    listed = celaeno(tmp_path, "export", "--list", "--state-dir", str(state))
    assert listed.stdout == ""


def test_lines_before_a_bad_byte_are_imported_and_acknowledged(tmp_path: Path) -> None:
    lines = (EXAMPLES / "celaeno_e1.jsonl").read_bytes().split(b"\n")
    good = [line for line in lines if line.startswith(b"{")][:3]
    done = run_bytes(tmp_path, b"\n".join([*good, b"\xc3("]) + b"\n",
                     "import", "--state-dir", str(tmp_path / "state"))  # fmt: skip
    assert done.returncode == 2
    assert done.stdout.split() == ["ok", "1", "ok", "2", "ok", "3"]
    assert "line 4: journal: not UTF-8 text" in done.stderr


# --- the export always re-imports: a property over every text a name can hold -------------

NAMES = st.text(st.characters(codec=None), max_size=12)  # any code point, surrogates included


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=NAMES)
def test_every_accepted_name_exports_to_a_journal_that_replays_the_same(
    tmp_path_factory: pytest.TempPathFactory, name: str
) -> None:
    """Whatever a text field holds, it is refused at the boundary or round-trips exactly."""
    line = place_unit_named(name)
    try:
        command = parse_any_line(line)
    except ValueError:  # RulesError: refused in words at the boundary
        return
    assert command is not None
    directory = tmp_path_factory.mktemp("state")
    with Store.open(paths.database_path(directory)) as store:
        battle = parse_any_line(NORMANDIE[0])
        assert isinstance(battle, NzNewBattle)
        session = GameSession.start(store, battle, RULES)
        session.submit(command)
        stored = store.commands(session.game_id)
    exported = "".join(f"{text}\n" for text in stored).encode("utf-8")  # what export writes
    journal = decode_journal(exported)
    assert journal.bad_line is None and len(journal.lines) == 2
    state, _ = replay_game(journal.lines)
    assert state == session.state
