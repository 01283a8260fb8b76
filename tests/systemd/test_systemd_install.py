"""systemd/install.sh --dry-run: every step is printed and nothing is changed.

The script runs as a real subprocess. Commands that would change the machine are
shadowed on PATH by scripts that log their call: after a dry run the log must be
empty. getent is shadowed too, so that the test can play a fresh Pi (no celaeno user,
no gpio group) or one installed before (everything exists).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "systemd" / "install.sh"
SOURCE = SCRIPT.parents[1]
MUTATING = (
    "apt-get", "groupadd", "useradd", "usermod", "python3", "pip", "install", "udevadm",
    "systemctl", "chmod", "mv", "cp", "rm", "mkdir", "tee",
)  # fmt: skip


def run_script(tmp_path: Path, *arguments: str, existing: bool = False) -> tuple[int, str, Path]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    log = tmp_path / "calls.log"
    log.touch()
    for name in MUTATING:
        stub = bin_dir / name
        stub.write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\n')
        stub.chmod(0o755)
    getent = bin_dir / "getent"
    getent.write_text(f"#!/bin/sh\nexit {0 if existing else 2}\n")
    getent.chmod(0o755)
    destdir = tmp_path / "dest"
    destdir.mkdir(exist_ok=True)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "DESTDIR": str(destdir)}
    result = subprocess.run(
        ["bash", str(SCRIPT), *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    return result.returncode, result.stdout + result.stderr, destdir


def commands(output: str) -> list[str]:
    return [line[2:] for line in output.splitlines() if line.startswith("+ ")]


def test_a_dry_run_on_a_fresh_pi_prints_every_step_and_changes_nothing(tmp_path: Path) -> None:
    status, output, destdir = run_script(tmp_path, "--dry-run")
    assert status == 0, output
    assert (tmp_path / "calls.log").read_text() == ""
    assert list(destdir.iterdir()) == []
    steps = commands(output)
    dest = str(destdir)

    def has(*words: str) -> bool:
        return any(all(word in step for word in words) for step in steps)

    assert has("apt-get update")
    assert has("apt-get install", "python3-venv", "python3-lgpio", "libgbm1")
    for group in ("gpio", "dialout", "video", "render", "input"):
        assert has("groupadd --system", group)
    assert has("useradd --system", "--shell /usr/sbin/nologin", "celaeno")
    assert has("usermod --append --groups gpio,dialout,video,render,input celaeno")
    assert has("python3 -m venv --system-site-packages", f"{dest}/opt/celaeno/venv")
    assert has(f"{dest}/opt/celaeno/venv/bin/pip install --upgrade {SOURCE}")
    assert has("celaeno config --example >", f"{dest}/etc/celaeno/celaeno.toml")
    assert has(
        "install -D -m 0644",
        f"{SOURCE}/hardware/99-celaeno-dice-reader.rules",
        f"{dest}/etc/udev/rules.d/99-celaeno-dice-reader.rules",
    )
    assert has("udevadm control --reload-rules")
    assert has("install -D -m 0644", f"{SOURCE}/systemd/celaeno.service")
    assert has("install -D -m 0644", f"{SOURCE}/systemd/celaeno-web.service")
    assert has("useradd --system", "--shell /usr/sbin/nologin", "celaeno-web")
    assert steps[-6:] == [
        "systemctl daemon-reload",
        "systemctl disable getty@tty1.service",
        "systemctl enable celaeno.service",
        "systemctl restart celaeno.service",
        "systemctl enable celaeno-web.service",
        "systemctl restart celaeno-web.service",
    ]


def test_a_second_run_keeps_what_is_there(tmp_path: Path) -> None:
    destdir = tmp_path / "dest"
    python = destdir / "opt/celaeno/venv/bin/python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    config = destdir / "etc/celaeno/celaeno.toml"
    config.parent.mkdir(parents=True)
    config.write_text("[screen]\nlanguage = 'ja'\n")
    status, output, _ = run_script(tmp_path, "--dry-run", existing=True)
    assert status == 0, output
    assert (tmp_path / "calls.log").read_text() == ""
    steps = " | ".join(commands(output))
    assert "groupadd" not in steps and "useradd" not in steps
    assert "-m venv" not in steps
    assert "config --example" not in steps
    assert f"celaeno check-config {config}" in steps
    assert "user celaeno exists" in output and "keeping the existing configuration" in output
    assert config.read_text() == "[screen]\nlanguage = 'ja'\n"


@pytest.mark.parametrize("argument", ["--bogus", "dry-run"])
def test_an_unknown_option_changes_nothing(tmp_path: Path, argument: str) -> None:
    status, output, _ = run_script(tmp_path, argument)
    assert status == 2
    assert "unknown option" in output
    assert (tmp_path / "calls.log").read_text() == ""


def test_help(tmp_path: Path) -> None:
    status, output, _ = run_script(tmp_path, "--help")
    assert status == 0
    assert "--dry-run" in output
    assert (tmp_path / "calls.log").read_text() == ""
