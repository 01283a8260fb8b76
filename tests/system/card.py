"""The SD card image (systemd/image/build.py) under the virtual machine, as it is built.

The card's root partition is never changed for the tests: the test plumbing (a root shell on
the virtio console, the journal forwarded to the serial port) reaches the booted system
through /run, written by the initramfs. The machine's initramfs is the card's own with a
second archive appended (the kernel reads both; the later /init wins): that /init is the
card's, with the plumbing copied into a tmpfs on the new root's /run before switch_root.

The test shell is a plain bash on hvc0 started at sysinit, not a getty: a getty waits for
udev to announce /dev/hvc0 and for network.target and logind, and on the card's first boot
under a loaded emulator (Wi-Fi's device wait, the data partition growing, the settings
check) that took more than the five minutes the tests wait. The two virtio modules it needs
are loaded by the test initramfs, so /dev/hvc0 exists before systemd starts.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.system.conftest import record
from tests.system.image import EMULATOR_DROP_IN, builder, shell_unit
from tests.system.machine import qemu_usable

ROOT = Path(__file__).resolve().parents[2]
SHELL_UNIT = shell_unit("card", "DefaultDependencies=no\n")
# Loaded by the test initramfs (virtio-serial-device is virtio-mmio); path in the kernel's tree.
TEST_MODULES = ("kernel/drivers/virtio/virtio_mmio.ko", "kernel/drivers/char/virtio_console.ko")

# Files under /run: text only (the initramfs copies them with the shell's read and printf).
PLUMBING = {
    "systemd/system/celaeno-test-shell.service": SHELL_UNIT,
    # systemd's getty generator starts a login on hvc0 (a virtual machine's console) on its
    # own, and its hangup of the terminal would end the test shell: not on this console.
    "systemd/system/serial-getty@hvc0.service.d/test-shell.conf": (
        "[Unit]\nConditionPathExists=/run/celaeno-test-getty-on-hvc0\n"
    ),
    "systemd/system/sysinit.target.d/test-shell.conf": (
        "[Unit]\nWants=celaeno-test-shell.service\n"
    ),
    "systemd/system/celaeno.service.d/emulator.conf": EMULATOR_DROP_IN,
    "systemd/system/celaeno-web.service.d/emulator.conf": EMULATOR_DROP_IN,
    # The card's fstab waits 60 s for each partition (plenty on a Pi); udev under TCG on a
    # loaded host started after that, and the boot ended in emergency mode.
    **{
        f"systemd/system/dev-disk-by\\x2dpartuuid-c0ffee25\\x2d0{n}.device.d/90-emulator.conf": (
            "[Unit]\nJobRunningTimeoutSec=infinity\n"
        )
        for n in (1, 2, 3)
    },
    "systemd/journald.conf.d/console.conf": (
        "[Journal]\nForwardToConsole=yes\nTTYPath=/dev/ttyAMA0\nMaxLevelConsole=info\n"
    ),
}
COPY_PLUMBING = """for module in /test-modules/*.ko; do insmod "$module"; done
mount -t tmpfs -o mode=0755,nosuid,nodev tmpfs /root/run
while read -r path; do
    mkdir -p "/root/run/${path%/*}"
    while IFS= read -r line; do printf '%s\\n' "$line"; done < "/plumbing/$path" > "/root/run/$path"
done < /plumbing.list
"""
SWITCH = "exec switch_root /root /sbin/init"
ROOT_ARGUMENT = f"root=PARTUUID={builder.partuuid(2)} ro"


@dataclass(frozen=True)
class Card:
    """A built card and what the virtual machine boots it with (Machine reads these).

    ``written``: the card as an owner prepared it (a copy with another celaeno.toml on its
    boot partition), else the card as built."""

    directory: Path
    written: Path | None = None

    @property
    def disk(self) -> Path:
        return self.written or self.directory / "card.img"

    @property
    def kernel(self) -> Path:
        return self.directory / "vmlinuz"

    @property
    def initrd(self) -> Path:
        return self.directory / "initrd-test.img"

    @property
    def manifest(self) -> dict[str, object]:
        return dict(json.loads((self.directory / "manifest.json").read_text()))

    def partition(self, name: str) -> tuple[int, int]:
        start, size = self.manifest["layout"][name]  # type: ignore[index]
        return int(start), int(size)


def init_with_plumbing() -> str:
    init = str(builder.INIT_SCRIPT)
    assert init.count(SWITCH) == 1
    return init.replace(SWITCH, COPY_PLUMBING + SWITCH)


def with_plumbing(card_dir: Path) -> Card:
    """The card directory, with the test initramfs next to the card's own."""
    card = Card(card_dir)
    files: dict[str, bytes | str] = {"init": init_with_plumbing(), "plumbing.list": "".join(
        f"{path}\n" for path in PLUMBING)}  # fmt: skip
    files.update({f"plumbing/{path}": body for path, body in PLUMBING.items()})
    files.update(virtio_console_modules(card))
    card.initrd.write_bytes((card_dir / "initrd.img").read_bytes() + builder.cpio(files, {}))
    return card


def virtio_console_modules(card: Card) -> dict[str, bytes]:
    """The virtio console's modules, read from the card's own root partition (debugfs)."""
    version = str(card.manifest["kernel"])
    start, size = card.partition("root")
    root = card.directory / "root-for-modules.raw"
    subprocess.run(
        ["dd", f"if={card.disk}", f"of={root}", "bs=1M", f"skip={start * 512}",
         f"count={size * 512}", "iflag=skip_bytes,count_bytes", "conv=sparse", "status=none"],
        check=True,
    )  # fmt: skip
    modules: dict[str, bytes] = {}
    try:
        for module in TEST_MODULES:
            out = card.directory / Path(module).name
            source = f"/lib/modules/{version}/{module}"
            subprocess.run(["debugfs", "-R", f"dump {source} {out}", str(root)],
                           check=True, capture_output=True)  # fmt: skip
            if not out.exists() or out.stat().st_size == 0:
                raise RuntimeError(f"no {source} on the card's root")
            modules[f"test-modules/{out.name}"] = out.read_bytes()
            out.unlink()
    finally:
        root.unlink(missing_ok=True)
    return modules


def built_card() -> Card:
    """The card as systemd/image/build.py builds it (cached), with the test initramfs;
    ``CELAENO_CARD_DIR`` boots a card built before (its directory), as is. Skips where this
    machine cannot boot it or a download failed (the network, not the product)."""
    why_not = qemu_usable()
    if why_not is not None:
        pytest.skip(f"SKIPPED: this machine cannot run the system tests: {why_not}")
    given = os.environ.get("CELAENO_CARD_DIR")
    if given:
        return with_plumbing(Path(given))
    try:
        started = time.monotonic()
        built = Path(builder.build_card())
        record("card_build_s", round(time.monotonic() - started, 1))
    except builder.DownloadError as error:
        pytest.skip(f"SKIPPED: {error}")
    return with_plumbing(built)


def as_the_owner_wrote_it(card: Card, settings: str, where: Path) -> Card:
    """A copy of the card with ``settings`` as the boot partition's celaeno.toml, written
    from the host as an owner's computer would (mtools on the FAT); its root untouched."""
    where.mkdir(parents=True, exist_ok=True)
    copy = where / "card.img"
    subprocess.run(["cp", "--sparse=always", str(card.disk), str(copy)], check=True)
    toml = where / "celaeno.toml"
    toml.write_text(settings)
    start, _size = card.partition("boot")
    subprocess.run(["mcopy", "-o", "-i", f"{copy}@@{start * 512}", str(toml), "::/celaeno.toml"],
                   check=True)  # fmt: skip
    return Card(card.directory, copy)


def partition_bytes(overlay: Path, card: Card, name: str, out: Path) -> Path:
    """One partition of a machine's disk (its qcow2 overlay) as a raw file, by qemu-img.

    The data partition is read to the end of the disk (it grows there at the first boot).
    qemu-img dd's count counts from the disk's start, skip included."""
    start, size = card.partition(name)
    if name == "data":
        info = subprocess.run(["qemu-img", "info", "--output=json", str(overlay)],
                              capture_output=True, text=True, check=True).stdout  # fmt: skip
        size = int(json.loads(info)["virtual-size"]) // 512 - start
    out.unlink(missing_ok=True)
    # Whole MiB blocks where the partition allows (the card's are MiB-aligned): qemu-img dd
    # copies block by block, and 512-byte blocks took minutes for the root alone.
    block = MIB if start % MIB_SECTORS == 0 and size % MIB_SECTORS == 0 else 512
    per = block // 512
    subprocess.run(
        ["qemu-img", "dd", "-f", "qcow2", "-O", "raw", f"bs={block}", f"skip={start // per}",
         f"count={(start + size) // per}", f"if={overlay}", f"of={out}"],
        check=True, capture_output=True,
    )  # fmt: skip
    return out


MIB = 1 << 20
MIB_SECTORS = MIB // 512


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def fsck(partition: Path) -> subprocess.CompletedProcess[str]:
    """``e2fsck -fn`` of a copy of the partition after a power cut: first its ext4 journal is
    replayed on the copy (what the kernel does when it mounts it), then a full check that
    changes nothing (exit 0: clean)."""
    subprocess.run(["e2fsck", "-E", "journal_only", "-y", str(partition)], capture_output=True,
                   check=False)  # fmt: skip
    return subprocess.run(["e2fsck", "-fn", str(partition)], capture_output=True, text=True,
                          check=False)  # fmt: skip


def boot_listing(card: Card) -> dict[str, str]:
    """The boot partition's files (mtools reads the FAT inside card.img): name → text or ''."""
    start, _size = card.partition("boot")
    where = f"{card.disk}@@{start * 512}"
    listing = subprocess.run(["mdir", "-b", "-i", where, "::/"], capture_output=True, text=True,
                             check=True).stdout  # fmt: skip
    names = [line.removeprefix("::/") for line in listing.split()]
    return {name: "" for name in names}


def boot_text(card: Card, name: str) -> str:
    start, _size = card.partition("boot")
    return subprocess.run(["mtype", "-i", f"{card.disk}@@{start * 512}", f"::{name}"],
                          capture_output=True, text=True, check=True).stdout  # fmt: skip
