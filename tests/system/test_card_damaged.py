"""The SD card with a damaged data partition (the full set): the card still starts.

The data partition's first MiB (its ext4 superblock and group descriptors) is zeroed on
the machine's disk before power on, as a card written half-way or worn out might be: the
boot's fsck cannot repair it and it is not mounted. The companion starts all the same, the
screen says in one line that games are not saved now, this boot's games go to memory, and
nothing is written to the damaged partition (its bytes are the same after the boot and a
power cut) nor to the root (its checksum is the built one's).
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.system.card import ROOT_ARGUMENT, Card, built_card, partition_bytes, sha256
from tests.system.conftest import record, wait_active
from tests.system.machine import Machine
from tests.system.test_appliance import BOOT_BUDGET, READY_BUDGET

pytestmark = pytest.mark.system


@pytest.fixture(scope="module")
def card() -> Card:
    return built_card()


@pytest.fixture(scope="module")
def machine(card: Card) -> Iterator[Machine]:
    machine = Machine(card, "card_damaged", root=ROOT_ARGUMENT)  # type: ignore[arg-type]
    start, _size = card.partition("data")
    subprocess.run(
        ["qemu-io", "-f", "qcow2", "-c", f"write -z {start * 512} 1M", str(machine.overlay)],
        check=True,
        capture_output=True,
    )
    try:
        yield machine
    finally:
        machine.close()


def test_a_damaged_data_partition_is_one_line_and_never_written(
    machine: Machine, card: Card, tmp_path: Path
) -> None:
    damaged = sha256(partition_bytes(machine.overlay, card, "data", tmp_path / "data.raw"))
    started = time.monotonic()
    machine.boot(BOOT_BUDGET)
    wait_active(machine, READY_BUDGET)
    record("card_damaged_power_on_to_ready_s", round(time.monotonic() - started, 1))
    problem = machine.sh("cat /run/celaeno-settings/problem")
    assert problem.splitlines()[0] == (
        "data\tnot-mounted\t/data: the data partition is not mounted (damaged?)"
    )
    assert machine.sh("findmnt -n -o FSTYPE /var/lib/celaeno").strip() == "tmpfs"
    machine.wait_console(r"committed 1 of game 1: new_game", 120)
    time.sleep(4)
    machine.screendump("data-damaged")  # the line on the screen, for whoever looks
    assert "Traceback" not in machine.journal()
    machine.power_cut()
    after = partition_bytes(machine.overlay, card, "data", tmp_path / "data.raw")
    assert sha256(after) == damaged, "the damaged data partition was written to"
    root = partition_bytes(machine.overlay, card, "root", tmp_path / "root.raw")
    assert sha256(root) == card.manifest["root_sha256"], "the read-only root changed"
