"""systemd/celaeno.service: `systemd-analyze verify` prints nothing, and the unit says
what the service needs: notify and a watchdog, restart limits, an unprivileged user in the
device groups, KMS/DRM on tty1 and hardening that leaves GPIO, serial and DRM reachable.

How the verify runs: `systemd-analyze verify` checks that ExecStart='s program exists
and is executable, which /opt/celaeno/venv/bin/celaeno is not on a test machine. Instead
of rewriting the unit (which would verify a different file), the test builds a small
root directory: the unit byte for byte in etc/systemd/system, an executable at the very
path ExecStart= names, and a copy of the host's unit directory (sysinit.target,
getty@.service, … that the unit refers to), and runs `verify --root=`. systemd 252 does
not resolve User= or SupplementaryGroups= while verifying, so no celaeno user is needed.
Any output at all fails the test: systemd reports unknown keys and bad values as
warnings with exit status 0.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).parents[2] / "systemd" / "celaeno.service"
HOST_UNITS = Path("/usr/lib/systemd/system")
ANALYZE = shutil.which("systemd-analyze")

needs_analyze = pytest.mark.skipif(
    ANALYZE is None or not HOST_UNITS.is_dir(),
    reason="systemd-analyze is not installed (Debian package: systemd)",
)


def directives(text: str) -> list[tuple[str, str, str]]:
    """(section, key, value) of every line: units repeat keys, so no dict."""
    found, section = [], ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        found.append((section, key.strip(), value.strip()))
    return found


def values(section: str, key: str) -> list[str]:
    return [v for s, k, v in directives(UNIT.read_text()) if (s, k) == (section, key)]


def value(section: str, key: str) -> str:
    (only,) = values(section, key)
    return only


def exec_start_program() -> str:
    return value("Service", "ExecStart").split()[0]


def make_root(tmp_path: Path, unit_text: str) -> Path:
    root = tmp_path / "root"
    shutil.copytree(HOST_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    (root / "etc/systemd/system/celaeno.service").write_text(unit_text)
    program = root / exec_start_program().lstrip("/")
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    return root


def analyze(*arguments: str) -> subprocess.CompletedProcess[str]:
    assert ANALYZE is not None
    env = {**os.environ, "SYSTEMD_LOG_COLOR": "0", "SYSTEMD_PAGER": "", "LC_ALL": "C"}
    return subprocess.run(
        [ANALYZE, *arguments], capture_output=True, text=True, timeout=60, env=env, check=False
    )


@needs_analyze
def test_systemd_analyze_verify_prints_nothing(tmp_path: Path) -> None:
    root = make_root(tmp_path, UNIT.read_text())
    result = analyze("verify", "--man=no", f"--root={root}", "celaeno.service")
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


@needs_analyze
@pytest.mark.parametrize(
    "broken",
    ["ProtectSystem=strict", "WatchdogSec=20s", "Type=notify"],
)
def test_the_verify_check_catches_warnings(tmp_path: Path, broken: str) -> None:
    # The same harness must fail on a typo in a key or a value, or the test above proves nothing.
    typo = broken.replace("=", "s=", 1) if broken.startswith("Type") else broken + "x"
    root = make_root(tmp_path, UNIT.read_text().replace(broken, typo))
    result = analyze("verify", "--man=no", f"--root={root}", "celaeno.service")
    assert result.stdout + result.stderr != ""


@needs_analyze
def test_the_hardening_keeps_exposure_low(tmp_path: Path) -> None:
    root = make_root(tmp_path, UNIT.read_text())
    result = analyze(
        "security", "--offline=true", "--threshold=20", f"--root={root}", "celaeno.service"
    )
    exposure = re.search(r"Overall exposure level for celaeno.service: ([0-9.]+)", result.stdout)
    assert exposure is not None, result.stdout + result.stderr
    assert float(exposure.group(1)) <= 2.0
    assert result.returncode == 0


def test_notify_watchdog_and_restart_limits() -> None:
    assert value("Service", "Type") == "notify"
    assert value("Service", "WatchdogSec")
    assert value("Service", "Restart") == "on-failure"
    # Start limits belong in [Unit] since systemd 230; in [Service] they are ignored.
    assert int(value("Unit", "StartLimitBurst")) >= 3
    assert value("Unit", "StartLimitIntervalSec")


def test_an_unprivileged_user_with_the_device_groups() -> None:
    assert value("Service", "User") == "celaeno"
    assert set(" ".join(values("Service", "SupplementaryGroups")).split()) == {
        "gpio", "dialout", "video", "render", "input", "bluetooth", "celaeno-seats",
    }  # fmt: skip
    assert value("Service", "StateDirectory") == "celaeno"
    assert value("Service", "CapabilityBoundingSet") == ""


def test_kmsdrm_on_tty1() -> None:
    assert "SDL_VIDEODRIVER=kmsdrm" in values("Service", "Environment")
    assert value("Service", "TTYPath") == "/dev/tty1"
    assert value("Service", "StandardInput").startswith("tty")
    assert "getty@tty1.service" in value("Unit", "Conflicts").split()


def test_hardening_that_keeps_gpio_serial_and_drm_reachable() -> None:
    for key in ("NoNewPrivileges", "ProtectHome", "PrivateTmp", "ProtectKernelTunables"):
        assert value("Service", key) == "yes", key
    assert value("Service", "ProtectSystem") == "strict"
    # Any of these would hide /dev/gpiochip*, /dev/tty* or /dev/dri from the app.
    assert values("Service", "PrivateDevices") in ([], ["no"])
    assert values("Service", "DeviceAllow") == []
    assert values("Service", "DevicePolicy") in ([], ["auto"])
    assert values("Service", "ProtectClock") in ([], ["no"])  # implies DeviceAllow=char-rtc


def test_exec_start_runs_the_installed_app() -> None:
    install = (UNIT.parent / "install.sh").read_text()
    assert exec_start_program() == "/opt/celaeno/venv/bin/celaeno"
    assert value("Service", "ExecStart").split()[1] == "run"
    assert 'VENV="$PREFIX/venv"' in install and 'PREFIX="/opt/celaeno"' in install
    assert f'APP_USER="{value("Service", "User")}"' in install


def test_the_seats_directory_is_made_in_the_group_before_the_app_starts() -> None:
    """The app may not chown (SystemCallFilter=~@privileged) nor set a setgid bit
    (RestrictSUIDSGID=yes): the unit makes the seats' directory, setgid in celaeno-seats,
    outside the sandbox ("+"), and a system without the group still starts ("-")."""
    assert "~@privileged" in values("Service", "SystemCallFilter")
    (made,) = values("Service", "ExecStartPre")
    prefix, program, *arguments = made.replace("/usr/bin/install", " /usr/bin/install").split()
    assert set(prefix) == {"-", "+"} and program == "/usr/bin/install"
    assert arguments == ["-d", "-m", "2710", "-o", "celaeno", "-g", "celaeno-seats",
                         "/var/lib/celaeno/seats"]  # fmt: skip
