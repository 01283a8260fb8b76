"""A played card moved to a new image with update-card.sh keeps its games (the full set).

The "old" card is the built card with a mark written into its root partition (an older
system, told apart from the new one) and the owner's own celaeno.toml on its boot
partition. It is booted, played (keys enter commands) and unplugged, as owners do. Then
``systemd/image/update-card.sh card.img OLD`` writes the built card's boot and root over it
from the host, as from a card reader. Booted again: the root is the new image's, byte for
byte (sha256 against its manifest; the mark is gone), the owner's celaeno.toml is still on
the boot partition, and every command the old system committed is in the journal.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.system.card import (
    ROOT,
    ROOT_ARGUMENT,
    Card,
    as_the_owner_wrote_it,
    boot_text,
    built_card,
    partition_bytes,
    sha256,
)
from tests.system.conftest import record, wait_active
from tests.system.guest import committed, export
from tests.system.image import GUEST_CONFIG
from tests.system.machine import Machine
from tests.system.test_appliance import BOOT_BUDGET, READY_BUDGET
from tests.system.test_power_cut import type_keys_until

pytestmark = pytest.mark.system

MARK = "/etc/celaeno-older-system"
GROWN = 512 * 1024 * 1024  # the card is larger than its image; its data partition grows


def older_card(card: Card, where: Path) -> Card:
    """A copy of the card with the owner's settings and a mark in its root partition
    (debugfs on the partition, copied out and back), on a disk larger than the image."""
    old = as_the_owner_wrote_it(card, GUEST_CONFIG, where)
    assert old.written is not None
    start, size = card.partition("root")
    root = where / "root.raw"
    dd = ["dd", "bs=4M", "status=none", "iflag=skip_bytes,count_bytes", "oflag=seek_bytes"]
    subprocess.run([*dd, f"if={old.written}", f"of={root}", f"skip={start * 512}",
                    f"count={size * 512}", "conv=sparse"], check=True)  # fmt: skip
    (where / "mark").write_text("an older celaeno system\n")
    subprocess.run(["debugfs", "-w", "-R", f"write {where / 'mark'} {MARK}", str(root)],
                   check=True, capture_output=True)  # fmt: skip
    subprocess.run([*dd, f"if={root}", f"of={old.written}", f"seek={start * 512}",
                    "conv=notrunc"], check=True)  # fmt: skip
    root.unlink()
    with open(old.written, "r+b") as disk:
        disk.truncate(old.written.stat().st_size + GROWN)
    return old


def play_and_unplug(old: Card) -> list[tuple[int, int, str]]:
    """Boot the older card, enter commands with the keys, pull the plug; the machine's
    writes are then committed into the card file itself (as a card keeps them)."""
    machine = Machine(old, "card_update_older", root=ROOT_ARGUMENT)  # type: ignore[arg-type]
    try:
        machine.boot(BOOT_BUDGET)
        wait_active(machine, READY_BUDGET)
        assert machine.sh(f"cat {MARK}").strip() == "an older celaeno system"
        type_keys_until(machine, 20.0)
        machine.power_cut()
        seen = committed(machine.console_text())
    finally:
        machine.close()
    subprocess.run(["qemu-img", "commit", "-q", str(machine.overlay)], check=True)
    return seen


def test_update_card_writes_the_new_system_and_keeps_games_and_settings(tmp_path: Path) -> None:
    card = built_card()
    where = tmp_path / "card"
    try:
        old = older_card(card, where)
        assert old.written is not None
        seen = play_and_unplug(old)
        assert len(seen) >= 2, "the older card committed nothing to keep"
        update = subprocess.run(
            ["bash", str(ROOT / "systemd/image/update-card.sh"), str(card.disk), str(old.written)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert update.returncode == 0, update.stderr
        assert "kept your celaeno.toml" in update.stdout
        assert boot_text(old, "celaeno.toml") == GUEST_CONFIG
        machine = Machine(old, "card_update_newer", root=ROOT_ARGUMENT)  # type: ignore[arg-type]
        try:
            machine.boot(BOOT_BUDGET)
            record("card_update_shell_to_ready_s", round(wait_active(machine, READY_BUDGET), 1))
            assert machine.sh(f"test -e {MARK} && echo older || echo newer").strip() == "newer"
            journal = export(machine)
            for _game, seq, kind in seen:
                assert seq <= len(journal), f"committed {seq} ({kind}) was lost by the update"
                assert journal[seq - 1]["type"] == kind
            machine.power_cut()
            root = partition_bytes(machine.overlay, card, "root", where / "root-after.raw")
            assert sha256(root) == card.manifest["root_sha256"], "the root is not the new image's"
        finally:
            machine.close()
        record("card_update_commands_kept", len(seen))
    finally:
        subprocess.run(["rm", "-rf", str(where)], check=True)
