"""systemd/install.sh --dry-run: every step is printed and nothing is changed.

The script runs as a real subprocess. Commands that would change the machine are
shadowed on PATH by scripts that log their call: after a dry run the log must be
empty. getent is shadowed too, so that the test can play a fresh Pi (no celaeno user,
no gpio group) or one installed before (everything exists).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "systemd" / "install.sh"
SOURCE = SCRIPT.parents[1]
MUTATING = (
    "apt-get", "groupadd", "useradd", "usermod", "python3", "pip", "install", "udevadm",
    "systemctl", "chmod", "mv", "cp", "rm", "mkdir", "tee", "ln",
)  # fmt: skip


def run_script(
    tmp_path: Path,
    *arguments: str,
    existing: bool = False,
    archive_has_lgpio: bool = True,
    systemd_running: bool = True,
    **extra_env: str,
) -> tuple[int, str, Path]:
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
    # apt-cache only reads; the stub plays Raspberry Pi OS's archive (python3-lgpio there)
    # or plain Debian's (no such package).
    apt_cache = bin_dir / "apt-cache"
    apt_cache.write_text(f"#!/bin/sh\nexit {0 if archive_has_lgpio else 100}\n")
    apt_cache.chmod(0o755)
    destdir = tmp_path / "dest"
    destdir.mkdir(exist_ok=True)
    # sd_booted(3): systemd runs when /run/systemd/system is a directory (under DESTDIR).
    if systemd_running:
        (destdir / "run/systemd/system").mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "DESTDIR": str(destdir)}
    env.pop("SUDO_USER", None)
    env.update(extra_env)
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
    assert [p.relative_to(destdir) for p in destdir.rglob("*")] == [
        Path("run"),
        Path("run/systemd"),
        Path("run/systemd/system"),
    ]
    steps = commands(output)
    dest = str(destdir)

    def has(*words: str) -> bool:
        return any(all(word in step for word in words) for step in steps)

    assert has("apt-get update")
    assert has("apt-get install", "python3-venv", "python3-lgpio", "libgbm1", "bluez", "dbus")
    for group in ("gpio", "dialout", "video", "render", "input", "bluetooth"):
        assert has("groupadd --system", group)
    assert has("useradd --system", "--shell /usr/sbin/nologin", "celaeno")
    assert has("usermod --append --groups gpio,dialout,video,render,input,bluetooth celaeno")
    assert has("python3 -m venv --system-site-packages", f"{dest}/opt/celaeno/venv")
    assert has(f"{dest}/opt/celaeno/venv/bin/pip install --upgrade {SOURCE}")
    assert has("celaeno config --example >", f"{dest}/etc/celaeno/celaeno.toml")
    # `celaeno` on the owner's PATH, into the venv.
    assert "ln -sfn /opt/celaeno/venv/bin/celaeno " + f"{dest}/usr/local/bin/celaeno" in steps
    # run as root itself: no owner to add to the journal's group
    assert not [s for s in steps if s.split()[:4] == ["usermod", "--append", "--groups", "celaeno"]]
    assert has(
        "install -D -m 0644",
        f"{SOURCE}/hardware/99-celaeno-dice-reader.rules",
        f"{dest}/etc/udev/rules.d/99-celaeno-dice-reader.rules",
    )
    assert has("udevadm control --reload-rules")
    assert has("install -D -m 0644", f"{SOURCE}/systemd/celaeno.service")
    assert has("install -D -m 0644", f"{SOURCE}/systemd/celaeno-web.service")
    assert has("useradd --system", "--shell /usr/sbin/nologin", "celaeno-web")
    # the seats' socket: the companion and the phone view, in a group of their own
    assert has("groupadd --system celaeno-seats")
    assert "usermod --append --groups celaeno-seats celaeno" in steps
    assert "usermod --append --groups celaeno-seats celaeno-web" in steps
    assert has("install -D -m 0644", f"{SOURCE}/systemd/celaeno-hotspot.service")
    assert steps[-8:] == [
        "systemctl daemon-reload",
        "systemctl disable getty@tty1.service",
        "systemctl enable celaeno.service",
        "systemctl restart celaeno.service",
        "systemctl enable celaeno-web.service",
        "systemctl restart celaeno-web.service",
        "systemctl enable celaeno-hotspot.service",
        "systemctl start celaeno-hotspot.service",
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


def test_plain_debian_without_python3_lgpio_installs_the_rest(tmp_path: Path) -> None:
    """Debian (a generic arm64 board, the system tests' virtual machine) has no
    python3-lgpio: asking apt for it would fail the whole install at its first step."""
    status, output, _ = run_script(tmp_path, "--dry-run", archive_has_lgpio=False)
    assert status == 0, output
    install = [step for step in commands(output) if step.startswith("apt-get install")]
    assert len(install) == 1
    assert "python3-venv" in install[0] and "libgbm1" in install[0]
    assert "python3-lgpio" not in install[0]
    assert "python3-lgpio is not in this system's package archive; skipping it" in output


def test_a_wheelhouse_installs_offline_from_its_wheels_only(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    status, output, destdir = run_script(tmp_path, "--dry-run", "--wheelhouse", str(wheels))
    assert status == 0, output
    assert (
        f"{destdir}/opt/celaeno/venv/bin/pip install --upgrade --no-index --find-links "
        f"{wheels} {SOURCE}"
    ) in commands(output)


def test_a_missing_wheelhouse_is_refused_before_anything_happens(tmp_path: Path) -> None:
    status, output, _ = run_script(tmp_path, "--dry-run", "--wheelhouse", str(tmp_path / "nope"))
    assert status == 2
    assert "no such directory" in output
    assert "==" not in output  # not one step began


def test_in_a_chroot_without_systemd_the_unit_is_enabled_not_started(tmp_path: Path) -> None:
    """An image being built (a chroot) has no running systemd or udev: links are made,
    nothing is reloaded, started or triggered; the first boot starts the service."""
    status, output, _ = run_script(tmp_path, "--dry-run", systemd_running=False)
    assert status == 0, output
    lines = output.splitlines()
    for skipped in (
        "systemctl daemon-reload",
        "systemctl restart celaeno.service",
        "systemctl restart celaeno-web.service",
        "udevadm control --reload-rules",
    ):
        after = lines[lines.index(f"+ {skipped}") + 1]
        assert "skipped: systemd is not running here" in after
    after_enable = lines[lines.index("+ systemctl enable celaeno.service") + 1]
    assert "skipped" not in after_enable


def test_list_packages_names_what_the_first_step_installs(tmp_path: Path) -> None:
    status, output, _ = run_script(tmp_path, "--list-packages")
    assert status == 0
    listed = output.split()
    assert "python3-venv" in listed and "libgbm1" in listed and "fonts-noto-cjk" in listed
    assert "python3-lgpio" not in listed  # optional: only where the archive has it


def test_the_owner_who_ran_sudo_joins_the_journals_group(tmp_path: Path) -> None:
    status, output, _ = run_script(tmp_path, "--dry-run", existing=True, SUDO_USER="pi")
    assert status == 0, output
    assert "usermod --append --groups celaeno pi" in commands(output)
    assert "pi may read the games from their next login (group celaeno)" in output
    status, output, _ = run_script(tmp_path, "--dry-run", existing=True, SUDO_USER="root")
    assert "usermod --append --groups celaeno root" not in commands(output)


def pyproject_requirements() -> list[str]:
    project = tomllib.loads((SOURCE / "pyproject.toml").read_text())
    return [*project["project"]["dependencies"], *project["build-system"]["requires"]]


def test_make_wheelhouse_downloads_what_pyproject_asks_for_the_pis_platform(
    tmp_path: Path,
) -> None:
    """No root, no Pi; a dry run prints the one pip command (pip resolves the rest)."""
    wheels = tmp_path / "wheels"
    status, output, _ = run_script(
        tmp_path, "--dry-run", "--make-wheelhouse", str(wheels), PYTHON=sys.executable
    )
    assert status == 0, output
    [download] = commands(output)
    words = shlex.split(download)
    assert words[:4] == [sys.executable, "-m", "pip", "download"]
    for option in ("--only-binary=:all:", "--platform manylinux2014_aarch64",
                   "--python-version 3.11", "--implementation cp", f"--dest {wheels}"):  # fmt: skip
        assert option in download
    assert words[-len(pyproject_requirements()) :] == pyproject_requirements()
    assert (tmp_path / "calls.log").read_text() == ""
    assert not wheels.exists()  # a dry run downloads nothing


def test_make_wheelhouse_needs_a_python_that_reads_pyproject(tmp_path: Path) -> None:
    status, output, _ = run_script(
        tmp_path, "--make-wheelhouse", str(tmp_path / "w"), PYTHON="/bin/false"
    )
    assert status == 2
    assert "Python 3.11 or newer is needed" in output


def test_the_readme_makes_the_wheelhouse_with_the_shipped_command_only() -> None:
    """The documents' offline recipe is install.sh's, never a package list of their own: a hand
    list in the README drifted from pyproject once (aiohttp and segno were missing)."""
    section = (SOURCE / "docs" / "card.md").read_text()
    assert "systemd/install.sh --make-wheelhouse wheelhouse" in section
    assert "sudo systemd/install.sh --wheelhouse wheelhouse" in section
    for page in (SOURCE / "README.md", *sorted((SOURCE / "docs").glob("*.md"))):
        assert "pip download" not in page.read_text(), page.name
    names = [re.split(r"[<>=!~;\[ ]", r)[0] for r in pyproject_requirements()]
    listed = [name for name in names if re.search(rf"\b{re.escape(name)}\b.*\b-d\b", section)]
    assert listed == [], f"the README lists packages by hand again: {listed}"
