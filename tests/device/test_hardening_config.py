"""Hostile configuration files: `check-config` answers fast and in escaped words, and `run`
never crashes on a file that `check-config` accepts (issue: hardening)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.device.conftest import (
    NotifyListener,
    celaeno,
    celaeno_process,
    start_run,
    stop,
    write_config,
)


def check(tmp: Path, text: str) -> tuple[int, str]:
    done = celaeno(tmp, "check-config", str(write_config(tmp, text)), timeout=30)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stderr


@pytest.mark.parametrize(
    ("entries", "why"),
    [
        (['"great_cthulhu"'] * 100_000, "named twice: great_cthulhu"),
        ([f'"x{i}"' for i in range(100_000)], "unknown: x0, x1, x2, x3, x4 and 99995 more"),
    ],
)
def test_a_100000_entry_list_is_answered_at_once(
    tmp_path: Path, entries: list[str], why: str
) -> None:
    """The check was quadratic (20,000 entries: 3.2 s); the 30 s timeout catches a relapse."""
    status, err = check(tmp_path, f"[table]\nfactions = [{', '.join(entries)}]\n")
    assert status == 2 and why in err
    assert len(err) < 1000  # the echoed value is cut short, not 100,000 entries long


def test_a_4301_digit_number_is_refused_in_words(tmp_path: Path) -> None:
    status, err = check(tmp_path, "[reader]\nbaud = " + "9" * 4301 + "\n")
    assert status == 2
    assert err == f"{tmp_path / 'celaeno.toml'}: a number is too long to read (over 4,300 digits)\n"


def test_control_characters_are_echoed_escaped(tmp_path: Path) -> None:
    status, err = check(tmp_path, '[screen]\nlanguage = "en\\r\\u0000\\u001b[2J"\n')
    assert status == 2
    assert 'got "en\\r\\u0000\\u001B[2J"' in err
    assert not any(char in err for char in "\r\x00\x1b")


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ('[device]\nstate_dir = "/x\\u0000y"', "a directory name cannot hold control characters"),
        ('[device]\nstate_dir = "~nosuchuser/x"', "there is no user 'nosuchuser'"),
        ('[dreamlands.citadels]\nsurface_citadel_3 = "Ul\\u0000thar"', "control character"),
        ('[dreamlands.citadels]\nsurface_citadel_3 = "Ul\\tthar"', "control character"),
    ],
)
def test_what_would_crash_run_is_refused_by_the_check(tmp_path: Path, line: str, why: str) -> None:
    status, err = check(tmp_path, line + "\n")
    assert status == 2 and why in err
    ran = celaeno_process(tmp_path, "run", "--config", str(tmp_path / "celaeno.toml"))
    assert ran.returncode == 2 and why in ran.stderr and "Traceback" not in ran.stderr


@pytest.mark.parametrize("option", ["/x\x01y", "~nosuchuser/x"])
@pytest.mark.parametrize("command", ["run", "export", "import"])
def test_a_bad_state_dir_option_is_refused_in_words(
    tmp_path: Path, command: str, option: str
) -> None:
    args = [command, "--state-dir", option] + (["-"] if command == "import" else [])
    done = (celaeno_process if command == "run" else celaeno)(tmp_path, *args, stdin="")
    assert done.returncode == 2
    assert done.stderr.startswith("state directory: ")
    assert "Traceback" not in done.stderr


def test_run_draws_an_accepted_dreamlands_citadel_name(
    tmp_path: Path, listener: NotifyListener
) -> None:
    config = write_config(tmp_path, '[table]\nmap = "dreamlands"\n[dreamlands.citadels]\n'
                   'surface_citadel_3 = "Ulthar \\u2603 ウルタール"\n')  # fmt: skip
    assert celaeno(tmp_path, "check-config", str(config)).returncode == 0
    child = start_run(tmp_path, "--config", str(config), "--state-dir", str(tmp_path / "s"),
                      NOTIFY_SOCKET=str(listener.path))  # fmt: skip
    try:
        listener.wait_for("READY=1")
    finally:
        _out, err = stop(child, signal.SIGTERM)
    assert child.returncode == 0 and "Traceback" not in err
