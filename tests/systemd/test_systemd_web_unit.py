"""systemd/celaeno-web.service: verified like the table's unit, hardened, on the network
while the table's unit is not, and without write access to the journal."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from tests.systemd.test_systemd_unit import HOST_UNITS, UNIT, analyze, directives, needs_analyze

WEB_UNIT = UNIT.parent / "celaeno-web.service"


def web_values(key: str, section: str = "Service") -> list[str]:
    return [v for s, k, v in directives(WEB_UNIT.read_text()) if (s, k) == (section, key)]


def table_values(key: str) -> list[str]:
    return [v for s, k, v in directives(UNIT.read_text()) if (s, k) == ("Service", key)]


def make_root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    shutil.copytree(HOST_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    for unit in (UNIT, WEB_UNIT):
        (root / "etc/systemd/system" / unit.name).write_text(unit.read_text())
    program = root / "opt/celaeno/venv/bin/celaeno"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    return root


@needs_analyze
def test_systemd_analyze_verify_prints_nothing(tmp_path: Path) -> None:
    result = analyze("verify", "--man=no", f"--root={make_root(tmp_path)}", WEB_UNIT.name)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


@needs_analyze
def test_the_hardening_keeps_exposure_low(tmp_path: Path) -> None:
    root = make_root(tmp_path)
    result = analyze(
        "security", "--offline=true", "--threshold=20", f"--root={root}", WEB_UNIT.name
    )
    exposure = re.search(
        r"Overall exposure level for celaeno-web.service: ([0-9.]+)", result.stdout
    )
    assert exposure is not None, result.stdout + result.stderr
    print(exposure.group(0))
    assert float(exposure.group(1)) <= 2.0


def test_only_the_view_may_use_the_network() -> None:
    (web_families,) = web_values("RestrictAddressFamilies")
    (table_families,) = table_values("RestrictAddressFamilies")
    assert {"AF_INET", "AF_INET6"} <= set(web_families.split())
    assert not {"AF_INET", "AF_INET6"} & set(table_families.split())
    assert web_values("IPAddressDeny") == ["any"]  # and then the LAN only


def test_the_view_reads_the_journal_through_the_group_and_owns_nothing_of_it() -> None:
    assert web_values("User") == ["celaeno-web"] != table_values("User")
    assert web_values("SupplementaryGroups")[0] == "celaeno" == table_values("Group")[0]
    # the seats' socket: a group only the two units' users share (device/service/seat_link.py)
    assert "celaeno-seats" in web_values("SupplementaryGroups")
    assert "celaeno-seats" in " ".join(table_values("SupplementaryGroups")).split()
    assert web_values("StateDirectory") == []  # would hand /var/lib/celaeno to this user
    assert table_values("StateDirectoryMode") == ["0750"]
    (start,) = web_values("ExecStart")
    assert start.split()[1:] == ["web", "--state-dir", "/var/lib/celaeno"]
    assert web_values("ProtectSystem") == ["strict"]  # no path is writable to it at all


def test_the_table_comes_first() -> None:
    assert web_values("CPUSchedulingPolicy") == ["idle"]  # the table preempts it at once
    assert int(web_values("Nice")[0]) > 0  # still lowers its disk priority
    assert int(web_values("CPUWeight")[0]) < 100
    assert table_values("CPUSchedulingPolicy") in ([], ["other"])  # the table is not idle


def test_the_benchmark_starts_the_view_as_the_unit_does() -> None:
    from tests.bench.device import web_bench

    (nice,) = web_values("Nice")
    (policy,) = web_values("CPUSchedulingPolicy")
    assert (int(nice), {"idle": os.SCHED_IDLE}[policy]) == (
        web_bench.VIEW_NICE,
        web_bench.VIEW_POLICY,
    )


def test_install_sh_installs_and_starts_the_view() -> None:
    install = (UNIT.parent / "install.sh").read_text()
    assert 'WEB_USER="celaeno-web"' in install
    assert "systemd/celaeno-web.service" in install
    assert "systemctl enable celaeno-web.service" in install
