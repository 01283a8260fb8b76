"""``celaeno`` run in this process (tests/cli.py) answers as the real program does: the
same exit status, standard output and standard error, for the kinds of command the tests
run that way (a journal on standard input, its bytes not UTF-8, a refused file, a
configuration, a serial tool's refusal, an argument refused by argparse)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import cli

ROOT = Path(__file__).resolve().parents[1]
FIRST = b'{"type": "new_game", "map": "celaeno", "factions": ["sleeper", "black_goat", "yellow_sign"]}\n'
COMMANDS: dict[str, tuple[tuple[str, ...], bytes]] = {
    "a refused line": (("replay", "-"), FIRST + b'{"type": "roll", "values": [1]}\n'),
    "bytes not UTF-8": (("replay", "-"), FIRST + b"\xc3(\n"),
    "the events in Japanese": (("replay", "-", "--events", "--lang", "ja"), FIRST),
    "no such file": (("replay", "/no/such/journal.jsonl"), b""),
    "a usage error": (("replay", "--no-such-option"), b""),
    "help": (("check-config", "--help"), b""),
    "a bad speed": (("dice-monitor", "--port", "loop://", "--baud=fast"), b""),
}


def as_a_process(args: tuple[str, ...], stdin: bytes, env: dict[str, str]) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", *args],
        input=stdin, capture_output=True, cwd=ROOT, env=env, timeout=60, check=False,
    )  # fmt: skip
    return done.returncode, done.stdout.decode(), done.stderr.decode("utf-8", "replace")


@pytest.mark.parametrize("case", list(COMMANDS))
def test_in_this_process_as_in_its_own(case: str, tmp_path: Path) -> None:
    args, stdin = COMMANDS[case]
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    here = cli.celaeno(*args, stdin=stdin, env=env)
    assert (here.returncode, here.stdout, here.stderr) == as_a_process(args, stdin, env)


def test_the_environment_given_is_the_commands_and_ours_is_given_back(tmp_path: Path) -> None:
    """A game imported under one XDG data directory is listed there, by both."""
    before = dict(os.environ)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    example = ROOT / "rules" / "examples" / "celaeno_e1.jsonl"
    assert cli.celaeno("import", str(example), env=env).returncode == 0
    listed = cli.celaeno("export", "--list", env=env)
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 1
    assert (listed.returncode, listed.stdout, listed.stderr) == as_a_process(
        ("export", "--list"), b"", env
    )
    assert dict(os.environ) == before


def test_a_command_past_its_time_is_stopped_as_a_child_would_be() -> None:
    """`fake-reader` with nothing read waits a second for each line: 0.5 s is too short."""
    with pytest.raises(subprocess.TimeoutExpired):
        cli.celaeno("fake-reader", stdin="3 4\n" * 3000, timeout=0.5)
