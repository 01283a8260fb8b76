"""The SD card image booted under QEMU's virt machine as built (the full set: ci.sh --full).

Its boot partition is checked for what a Pi's firmware needs; then the card boots with its
own read-only root and its data partition (on a disk 512 MiB larger than the image, as a
card is larger than its image): the companion reports READY, the data partition has grown,
a broken celaeno.toml on the boot partition is one line on the screen while the last good
one is used, and power cuts while keys enter commands keep every committed command, leave
the data partition clean for ``e2fsck -fn`` and the root partition byte-identical to the
built one (sha256 against the manifest).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator

import pytest

from tests.system.card import (
    ROOT_ARGUMENT,
    Card,
    boot_listing,
    boot_text,
    built_card,
    fsck,
    partition_bytes,
    sha256,
)
from tests.system.conftest import record, wait_active
from tests.system.guest import CELAENO, committed, export
from tests.system.machine import Machine
from tests.system.test_appliance import BOOT_BUDGET, READY_BUDGET
from tests.system.test_power_cut import type_keys_until

pytestmark = pytest.mark.system

CUTS = int(os.environ.get("CELAENO_POWER_CUTS", "2"))
AS_SERVICE = f"runuser -u celaeno -- {CELAENO}"
SEED = int(os.environ.get("CELAENO_POWER_CUT_SEED", str(time.time_ns() % 1_000_000)))


@pytest.fixture(scope="module")
def card() -> Card:
    return built_card()


@pytest.fixture(scope="module")
def machine(card: Card) -> Iterator[Machine]:
    machine = Machine(card, "card", root=ROOT_ARGUMENT, grow_to="+512M")  # type: ignore[arg-type]
    try:
        yield machine
    finally:
        machine.close()


def test_the_boot_partition_has_what_a_pis_firmware_needs(card: Card) -> None:
    files = set(boot_listing(card))
    assert {"bootcode.bin", "start.elf", "fixup.dat", "start4.elf", "fixup4.dat"} <= files
    assert {"config.txt", "cmdline.txt", "vmlinuz", "initrd.img"} <= files
    assert {"bcm2837-rpi-3-b.dtb", "bcm2711-rpi-4-b.dtb", "bcm2837-rpi-zero-2-w.dtb"} <= files
    assert {"celaeno.toml", "wifi.txt"} <= files
    assert boot_text(card, "cmdline.txt").split()[0] == "root=PARTUUID=c0ffee25-02"
    assert "kernel=vmlinuz" in boot_text(card, "config.txt").splitlines()


def test_the_card_boots_read_only_and_its_data_partition_fills_the_disk(machine: Machine) -> None:
    started = time.monotonic()
    machine.boot(BOOT_BUDGET)
    wait_active(machine, READY_BUDGET)
    record("card_power_on_to_ready_s", round(time.monotonic() - started, 1))
    mounts = machine.sh("findmnt -rn -o TARGET,OPTIONS / ; findmnt -rn -o TARGET,SOURCE /data")
    assert mounts.splitlines()[0].split()[1].split(",")[0] == "ro", mounts
    assert "touch: cannot touch" in machine.sh("touch /etc/x 2>&1", check=False)
    machine.wait_guest(
        "systemctl show -p ActiveState --value celaeno-grow-data | grep -qv activating", 120
    )
    size = int(machine.sh("blockdev --getsize64 $(findmnt -n -o SOURCE /data)").strip())
    assert size > 500 * 1024 * 1024, size  # 64 MiB built, the disk's other 512 MiB added
    assert machine.sh("findmnt -n -o SOURCE /var/lib/celaeno").strip().endswith("[/celaeno]")


def test_a_broken_celaeno_toml_is_one_line_and_the_last_good_one_is_used(
    machine: Machine,
) -> None:
    machine.sh("mount -o remount,rw /boot/firmware")
    machine.sh("cp /boot/firmware/celaeno.toml /tmp/good.toml")
    machine.sh("printf '[reader]\\nbaud = \"fast\"\\n' > /boot/firmware/celaeno.toml && sync")
    machine.sh("systemctl restart celaeno-settings && systemctl restart celaeno", timeout=300)
    wait_active(machine, READY_BUDGET)
    time.sleep(4)
    machine.screendump("settings-refused")  # the line on the screen, for whoever looks
    problem = machine.sh("cat /run/celaeno-settings/problem").strip()
    assert problem == (
        "/boot/firmware/celaeno.toml: reader.baud: expected a whole number from 300 to "
        '4000000, got "fast"'
    )
    assert "baud" not in machine.sh("cat /data/settings/celaeno.toml")
    journal = machine.journal()
    assert "Traceback" not in journal
    machine.sh("cp /tmp/good.toml /boot/firmware/celaeno.toml && sync")
    machine.sh("systemctl restart celaeno-settings")
    assert machine.sh("test -e /run/celaeno-settings/problem || echo gone").strip() == "gone"


def test_a_full_data_partition_is_said_and_the_games_before_it_stay(machine: Machine) -> None:
    """The data partition filled to the last block (as root: the reserved blocks too): the
    next command is refused in words, everything committed before stays, and once there is
    room again the table goes on."""
    before = export(machine)
    try:
        machine.sh(
            "free=$(( $(stat -f -c %f /data) * $(stat -f -c %S /data) - 4194304 )); "
            "fallocate -l $free /data/fill && "
            "(dd if=/dev/zero of=/data/fill2 bs=4k status=none; sync; true)",
            timeout=300,
        )
        # What ext4 keeps back for its own metadata is all that is left (1310 blocks seen).
        assert int(machine.sh("stat -f -c %f /data").strip()) < 4096
        since = len(machine.console_text())
        type_keys_until(machine, 6.0)
        machine.wait_console(r"journal: the disk holding the journal \S+ is full", 180, since)
        machine.screendump("data-full")
    finally:
        machine.sh("rm -f /data/fill /data/fill2 && sync")
    since = len(machine.console_text())
    type_keys_until(machine, 6.0)
    machine.wait_console(r"committed \d+ of game \d+: \w+", 120, since)
    after = export(machine)
    assert after[: len(before)] == before  # nothing committed before the disk filled is lost
    assert "Traceback" not in machine.journal()


def test_power_cuts_keep_every_command_the_data_clean_and_the_root_unchanged(
    machine: Machine, card: Card, tmp_path_factory: pytest.TempPathFactory
) -> None:
    work = tmp_path_factory.mktemp("card-parts")
    chance = random.Random(SEED)
    print(f"card power cuts: {CUTS}, seed {SEED}")
    for cut in range(1, CUTS + 1):
        type_keys_until(machine, chance.uniform(2.0, 12.0))
        machine.power_cut()
        seen = committed(machine.console_text())
        data = partition_bytes(machine.overlay, card, "data", work / "data.raw")
        checked = fsck(data)
        assert checked.returncode == 0, f"cut {cut}: e2fsck -fn:\n{checked.stdout}{checked.stderr}"
        machine.boot(BOOT_BUDGET)
        wait_active(machine, READY_BUDGET)
        journal = export(machine)
        for _game, seq, kind in seen:
            assert seq <= len(journal), f"cut {cut}: committed {seq} ({kind}) is lost"
            assert journal[seq - 1]["type"] == kind
    machine.sh(f"{AS_SERVICE} export --list", timeout=180)
    machine.power_cut()
    root = partition_bytes(machine.overlay, card, "root", work / "root.raw")
    assert sha256(root) == card.manifest["root_sha256"], "the read-only root changed"
    record("card_power_cuts", f"{CUTS}/{CUTS}")
