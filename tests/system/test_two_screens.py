"""Several DRM cards (a Pi 5 has three): ``[screen] drm_device`` puts the app on the one named.

Two virtio-gpu devices give the guest two cards with a screen each. The configuration names
the second by its stable ``/dev/dri/by-path`` link; after a restart the app's frame is on
that screen and not on the other.
"""

from __future__ import annotations

import re

import pytest

from tests.system.conftest import wait_active
from tests.system.guest import BOARD, differing, export, replay_screenshot, same_screen, settle
from tests.system.image import Image
from tests.system.machine import Machine

pytestmark = pytest.mark.system


def by_path_link(machine: Machine, gpu: str) -> str:
    """The /dev/dri/by-path link of the card QEMU's device ``gpu`` became (by PCI slot)."""
    assert machine.qmp is not None
    buses = machine.qmp.execute("query-pci")
    slot = next(d["slot"] for bus in buses for d in bus["devices"] if d.get("qdev_id") == gpu)
    links = machine.sh("ls /dev/dri/by-path/").split()
    wanted = re.compile(rf"pci-0000:00:{slot:02x}\.0-card$")
    return "/dev/dri/by-path/" + next(link for link in links if wanted.search(link))


def test_the_configured_card_gets_the_frame(image: Image) -> None:
    machine = Machine(image, "two-screens", gpus=2)
    try:
        machine.boot(300)
        wait_active(machine, 300)
        link = by_path_link(machine, "gpu1")
        # Into the existing [screen] table (a second [screen] header would be invalid TOML).
        machine.sh(f"sed -i '/^\\[screen\\]/a drm_device = \"{link}\"' /etc/celaeno/celaeno.toml")
        machine.sh("systemctl restart celaeno", timeout=300)
        wait_active(machine, 300)
        settle(4)
        chosen, other = machine.screendump("second-card", gpu=1), machine.screendump("first-card")
        expected = replay_screenshot(export(machine), machine.dir / "replay.png")
        same_screen(chosen, expected, BOARD)
        assert differing(other, expected, BOARD) > 0.1  # the first screen is not the app's
    finally:
        machine.close()
