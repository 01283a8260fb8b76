"""docs/card.md's "Setup from a fresh Raspberry Pi OS", run as written on a bare
Debian 12 arm64 machine (tests/system/bare.py), as the owner ``pi``, by the offline route.

The commands are taken from that page's code blocks, not copied here, so a page whose
steps stop working fails this test. In the owner's order:

1. on the Pi, in a login shell of ``pi``: block one's lines before its install (``cd
   ~/celaeno``, ``systemd/install.sh --dry-run``); block one's online ``sudo
   systemd/install.sh`` is the route through PyPI, which this guest cannot reach;
2. on the host ("the computer with internet"): the wheelhouse line, in a copy of the checkout,
   whose result is copied to the Pi beside the project (into the disk, before power on);
3. on the Pi: the offline line, ``sudo systemd/install.sh --wheelhouse wheelhouse``.

Then the service must be active (``Type=notify``: READY=1 arrived), ``celaeno`` on the
owner's PATH, and the owner's own ``celaeno export --list`` after a fresh login must list
the service's game. apt, pip and boot → READY are figures, not limits. In the full set only
(``tests/system/ci.sh --full``): 20–40 minutes under emulation.
"""

from __future__ import annotations

import re
import shlex
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.system import bare
from tests.system.conftest import record, wait_active
from tests.system.image import builder
from tests.system.machine import OUTPUT, Machine, qemu_usable

pytestmark = pytest.mark.system

NAME = "readme_on_bare_debian"
BOOT_BUDGET = 300
READY_BUDGET = 600
INSTALL_BUDGET = 5400  # apt and pip under TCG; the figure is recorded, this only stops a hang
STAMPED = re.compile(r"^(\d+) (.*)$")


@dataclass
class Owner:
    """The bare machine, the Pi setup steps and what the run found so far."""

    machine: Machine
    setup: bare.Setup
    checkout: Path
    powered_on: float = 0.0
    absent_before: list[str] = field(default_factory=list)
    installed_at: float = 0.0


def as_pi(machine: Machine, commands: list[str], log: str, timeout: float) -> tuple[int, str]:
    """``commands`` in one login shell of pi (``su - pi``), stopping at the first that fails;
    each output line stamped with the guest's clock (bash's printf, no process per line)
    into ``/root/<log>``; returns the exit status and the stamped lines."""
    script = "; ".join(["set -e", *commands])
    stamp = "while IFS= read -r line; do printf '%(%s)T %s\\n' -1 \"$line\"; done"
    assert machine.shell is not None
    status, _ = machine.shell.run(
        f"su - {bare.OWNER} -c {shlex.quote(script)} 2>&1 | {stamp} > /root/{log}; "
        "(exit ${PIPESTATUS[0]})",
        timeout,
    )
    stamped = machine.sh(f"cat /root/{log}", timeout=180)
    (machine.dir / log).write_text(stamped)
    return status, stamped


def seconds_between(stamped: str, first: str, then: str) -> int:
    """Guest seconds from the line starting with ``first`` to the next starting with ``then``."""
    began: int | None = None
    for line in stamped.splitlines():
        match = STAMPED.match(line)
        if match is None:
            continue
        moment, text = int(match.group(1)), match.group(2)
        if began is None and text.startswith(first):
            began = moment
        elif began is not None and text.startswith(then):
            return moment - began
    raise AssertionError(f"no {first!r} … {then!r} in the install's output")


def installed(machine: Machine, packages: list[str]) -> list[str]:
    listing = machine.sh(
        "dpkg-query -W -f='${Package} ${db:Status-Status}\\n' " + " ".join(packages) + " || true"
    )
    return sorted(
        name for name, _, state in (line.partition(" ") for line in listing.splitlines())
        if state == "installed"
    )  # fmt: skip


def unit(machine: Machine) -> dict[str, str]:
    """The service's type and states, as systemd tells them."""
    names = ("Type", "ActiveState", "SubState", "UnitFileState")
    shown = machine.sh("systemctl show " + " ".join(f"-p {n}" for n in names) + " celaeno")
    return dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)


@pytest.fixture(scope="module")
def owner() -> Iterator[Owner]:
    why_not = qemu_usable()
    if why_not is not None:
        pytest.skip(f"SKIPPED: this machine cannot run the system tests: {why_not}")
    setup = bare.readme_setup(bare.SETUP_PAGE.read_text())
    work = OUTPUT / NAME / "host"
    builder.remove_tree(work)
    checkout = bare.copy_checkout(work / "celaeno")
    try:
        started = time.monotonic()
        base = bare.build_bare_base()
        record("bare_base_s", round(time.monotonic() - started, 1))
        started = time.monotonic()
        (work / "wheelhouse.log").write_text(bare.run_on_host(setup.on_the_host, checkout))
        record("bare_host_wheelhouse_s", round(time.monotonic() - started, 1))
    except builder.DownloadError as error:
        pytest.skip(f"SKIPPED: {error}")
    image = bare.make_disk(base, checkout, builder.CACHE / "bare-readme")
    machine = Machine(image, NAME, network=True)
    try:
        yield Owner(machine, setup, checkout)
    finally:
        machine.close()
        builder.remove_tree(image.directory)


def test_the_bare_machine_has_none_of_the_installers_packages(owner: Owner) -> None:
    machine = owner.machine
    owner.powered_on = time.monotonic()
    record("bare_power_on_to_shell_s", round(machine.boot(BOOT_BUDGET), 1))
    wanted = builder.installer_packages()
    owner.absent_before = sorted(set(wanted) - set(bare.BARE_PACKAGES))
    assert "python3-venv" in owner.absent_before  # Pi OS Lite's Python has no venv
    assert installed(machine, owner.absent_before) == []
    assert installed(machine, ["python3", "sudo"]) == ["python3", "sudo"]
    assert machine.sh("command -v celaeno", check=False).strip() == ""
    assert "sudo" in machine.sh(f"id -nG {bare.OWNER}").split()
    # The mirror answers (over QEMU's user networking, once DHCP is done); PyPI does not.
    fetch = (
        "python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=30)'"
    )
    release = f"{builder.MIRROR}/dists/{builder.SUITE}/Release"
    machine.wait_guest(f"{fetch} {release}", 180, interval=5)
    for url in ("https://pypi.org/simple/pip/", "https://files.pythonhosted.org/"):
        status, output = machine.shell.run(f"{fetch} {url}", 120)  # type: ignore[union-attr]
        assert status != 0 and "Connection refused" in output, output


def test_the_readme_dry_run_as_pi_changes_nothing(owner: Owner) -> None:
    machine = owner.machine
    status, stamped = as_pi(machine, owner.setup.on_the_pi_first, "dry-run.log", 600)
    assert status == 0, stamped[-3000:]
    assert "Dry run: printing the steps, changing nothing." in stamped
    assert "+ apt-get install -y --no-install-recommends" in stamped
    assert installed(machine, owner.absent_before) == []


def test_the_readme_offline_install_as_pi_installs_for_real(owner: Owner) -> None:
    machine = owner.machine
    cd = [line for line in owner.setup.on_the_pi_first if line.startswith("cd ")]
    started = time.monotonic()
    status, stamped = as_pi(
        machine, [*cd, owner.setup.on_the_pi_offline], "install.log", INSTALL_BUDGET
    )
    record("bare_install_s", round(time.monotonic() - started, 1))
    if status != 0 and builder.failed_download(stamped, builder.APT_NETWORK) is not None:
        pytest.skip(
            f"SKIPPED: the Debian mirror failed during install.sh's apt step:\n{stamped[-2000:]}"
        )
    assert status == 0, stamped[-4000:]
    owner.installed_at = time.monotonic()
    assert "== Done" in stamped
    assert "--no-index --find-links wheelhouse" in stamped  # pip had the wheelhouse only
    newly = re.search(r"\d+ upgraded, (\d+) newly installed", stamped)
    assert newly is not None and int(newly.group(1)) > 0, stamped[-4000:]
    record("bare_apt_newly_installed", int(newly.group(1)))
    assert installed(machine, owner.absent_before) == owner.absent_before
    record("bare_apt_s", seconds_between(stamped, "== 1. System packages", "== 2. "))
    record("bare_pip_s", seconds_between(stamped, "== 3. ", "+ ln -sfn "))


def test_the_service_is_active_and_ready(owner: Owner) -> None:
    machine = owner.machine
    assert owner.installed_at, "the install did not finish"
    wait_active(machine, READY_BUDGET)
    record("bare_install_done_to_ready_s", round(time.monotonic() - owner.installed_at, 1))
    record("bare_power_on_to_ready_s", round(time.monotonic() - owner.powered_on, 1))
    # Type=notify: "active" means the app's READY=1 (its first frame) has arrived.
    assert unit(machine) == {
        "Type": "notify",
        "ActiveState": "active",
        "SubState": "running",
        "UnitFileState": "enabled",
    }
    journal = machine.journal()
    assert re.search(r"committed 1 of game 1: \w+", journal), journal[-2000:]
    assert "Traceback" not in journal


def test_the_owners_own_commands_after_a_fresh_login(owner: Owner) -> None:
    machine = owner.machine
    login = f"su - {bare.OWNER} -c"
    assert machine.sh(f"{login} 'command -v celaeno'").strip() == "/usr/local/bin/celaeno"
    assert "celaeno" in machine.sh(f"{login} 'id -nG'").split()  # install.sh added pi
    listed = machine.sh(f"{login} 'celaeno export --list'", timeout=300)
    service = machine.sh(
        "runuser -u celaeno -- env STATE_DIRECTORY=/var/lib/celaeno celaeno export --list",
        timeout=300,
    )
    assert listed.startswith("1\t") and " commands" in listed, listed
    assert listed == service  # the service's journal, not one of pi's own


def test_a_reboot_brings_the_service_back_ready(owner: Owner) -> None:
    machine = owner.machine
    started = time.monotonic()
    machine.reboot(BOOT_BUDGET)
    wait_active(machine, READY_BUDGET)
    record("bare_reboot_to_ready_s", round(time.monotonic() - started, 1))
    assert unit(machine)["ActiveState"] == "active"
