"""Build (or find in the cache) the test machine's disk: the card's installed system on one
ext4 disk, with the test plumbing.

    python -m tests.system.image            # build if needed, print the image directory
    python -m tests.system.image --rebuild  # build again even if cached
    python -m tests.system.image --key      # print the image key

The SD card's builder (systemd/image/build.py) makes the layers: the base (mmdebstrap,
arm64, the card's Debian packages and install.sh's) and the installed layer
(``systemd/install.sh`` run FOR REAL in an arm64 chroot, offline from the wheelhouse its
``--make-wheelhouse`` made), cached under ``/var/cache/celaeno-system-tests/`` and shared
with the card: a card built after this image costs only its own layer, and the reverse.
What is the test machine's own is here: ``image-<key>`` is the installed layer with the
guest's configuration (:func:`configure_guest`: a root shell on the virtio console, the
journal on the serial console, the settings a Pi would decide by itself, the emulator's
start limit), packed with ``mkfs.ext4 -d`` into ``disk.raw`` (the virt machine's
``/dev/vda``, read-write), plus the card's kernel and initramfs to boot it. Keyed by the
installed layer's key (the base, every file of the project that reaches the tree, the
builder) and this file.

Boots never write to ``disk.raw``: a machine runs on a qcow2 overlay (tests/system/machine.py).
A run holds the image it uses until it ends; a new image forgets this checkout's older ones
but the newest two (build.py's ``forget_older``). A failed download is a ``DownloadError``
(exit status 75), never mistaken for a fault of the product.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_builder() -> ModuleType:
    """systemd/image/build.py (a script, not a package), as a module; loaded once."""
    name = "card_build"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "systemd/image/build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


builder = load_builder()
DownloadError: type[Exception] = builder.DownloadError
DISK_SIZE = "4G"
KEEP_IMAGES = 2  # this checkout's newest image and the one before it
MARKER = "manifest.json"  # written last: an image with it is whole
GUEST_CONFIG = """\
# Written by the system tests over install.sh's example: the virtual machine is no Pi, so
# say what a Pi would decide by itself (full screen), find the reader as a Pi does
# (port = "auto": the udev rule's link to QEMU's FTDI chip), and take the buttons from the
# USB keyboard. Everyone starts with a Silence token
# (I1), so that the Custodian can be activated from the first screen. The phone view takes
# the 200 pages scenario a opens at once.
[screen]
fullscreen = true

[table]
silence_at_start = true

[reader]
port = "auto"

[buttons]
kind = "keyboard"

[web]
max_pages = 200
"""


EMULATOR_DROP_IN = "[Service]\nTimeoutStartSec=300s\n"


def shell_unit(host: str, ordering: str) -> str:
    """The test plumbing's root shell on hvc0 (a plain bash, not a login), for the card and
    the bare machine; ``ordering``: the [Unit] lines that say when it starts."""
    return f"""[Unit]
Description=test plumbing: a root shell on hvc0 for the host
{ordering}
[Service]
Environment=HOME=/root TERM=dumb "PS1=root@{host}:~# "
WorkingDirectory=/root
ExecStart=/bin/bash --norc --noprofile -i
StandardInput=tty-force
StandardOutput=tty
StandardError=tty
TTYPath=/dev/hvc0
Restart=always
"""


@dataclass(frozen=True)
class Image:
    directory: Path

    @property
    def disk(self) -> Path:
        return self.directory / "disk.raw"

    @property
    def kernel(self) -> Path:
        return self.directory / "vmlinuz"

    @property
    def initrd(self) -> Path:
        return self.directory / "initrd.img"

    @property
    def manifest(self) -> dict[str, object]:
        return dict(json.loads((self.directory / MARKER).read_text()))


def image_key() -> str:
    digest = hashlib.sha256(str(builder.installed_key()).encode())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


def configure_guest(rootfs: Path) -> None:
    """The test plumbing, none of it the product's: disk, console, shell, log forwarding."""
    (rootfs / "etc/fstab").write_text("/dev/vda / ext4 rw,errors=remount-ro 0 1\n")
    (rootfs / "etc/hostname").write_text("celaeno-test\n")
    (rootfs / "etc/celaeno/celaeno.toml").write_text(GUEST_CONFIG)
    # A root shell on the virtio console (hvc0) for the host's commands; the serial port
    # (ttyAMA0) carries the kernel's and the journal's lines, so the two never mix.
    getty = rootfs / "etc/systemd/system/serial-getty@hvc0.service.d"
    getty.mkdir(parents=True, exist_ok=True)
    (getty / "autologin.conf").write_text(
        "[Service]\nExecStart=\nExecStart=-/sbin/agetty --autologin root --noclear "
        "--keep-baud 115200 %I $TERM\n"
    )
    wants = rootfs / "etc/systemd/system/getty.target.wants"
    wants.mkdir(parents=True, exist_ok=True)
    link = wants / "serial-getty@hvc0.service"
    if not link.is_symlink():
        link.symlink_to("/lib/systemd/system/serial-getty@.service")
    # systemd gives up on /dev/hvc0 after 90 s (DefaultTimeoutStartSec for device jobs),
    # which udev under TCG on a busy host can exceed: then there is no shell at all.
    device = rootfs / "etc/systemd/system/dev-hvc0.device.d"
    device.mkdir(parents=True, exist_ok=True)
    (device / "timeout.conf").write_text("[Unit]\nJobRunningTimeoutSec=infinity\n")
    # Under TCG on a loaded host (other emulated machines and builds beside it) one start
    # of the app took over the unit's TimeoutStartSec=60s (right for a Pi): every restart
    # was killed before READY. The limit is raised for the emulator only; the scenarios
    # assert that it starts and record how long it took.
    for unit in ("celaeno", "celaeno-web"):
        emulator = rootfs / f"etc/systemd/system/{unit}.service.d"
        emulator.mkdir(parents=True, exist_ok=True)
        (emulator / "emulator.conf").write_text(EMULATOR_DROP_IN)
    journald = rootfs / "etc/systemd/journald.conf.d"
    journald.mkdir(parents=True, exist_ok=True)
    (journald / "console.conf").write_text(
        "[Journal]\nForwardToConsole=yes\nTTYPath=/dev/ttyAMA0\nMaxLevelConsole=info\n"
    )
    (rootfs / "etc/resolv.conf").unlink(missing_ok=True)


def build_image(rebuild: bool = False) -> Image:
    """The cached image for this checkout's source, built first if there is none; held for
    this process (build.py's ``hold``) so that no other checkout's build removes it."""
    key = image_key()
    done = builder.CACHE / f"image-{key}"
    # A finished image appears whole (renamed into place after its manifest is written), so
    # finding one needs no lock: a run whose image is cached never waits behind a build.
    if not rebuild and builder.hold(done, MARKER):
        return Image(done)
    installed = Path(builder.build_installed())
    with builder.locked(f"image-{key}"):
        if not rebuild and builder.hold(done, MARKER):
            return Image(done)  # built by the run that held the lock before this one
        work = done.with_name(done.name + ".tmp")
        make_image(installed, work, key)
        builder.remove_tree(done)
        work.rename(done)
        builder.hold(done, MARKER)
        builder.log(f"built {done} in {Image(done).manifest['image_build_seconds']} s")
        builder.forget_older("image-", keep=KEEP_IMAGES, marker=MARKER)
        return Image(done)


def make_image(installed: Path, work: Path, key: str) -> None:
    """The installed layer with the guest's configuration, as disk.raw, the kernel and the
    initramfs (the card's own: it mounts the root the kernel's command line names)."""
    started = time.monotonic()
    builder.remove_tree(work)
    work.mkdir(parents=True)
    rootfs = work / "rootfs"
    builder.log(f"copying the installed system ({installed})")
    subprocess.run(
        ["cp", "-a", "--reflink=auto", str(installed / "rootfs"), str(rootfs)], check=True
    )
    configure_guest(rootfs)
    version = str(builder.kernel_version(rootfs))
    shutil.copyfile(rootfs / f"boot/vmlinuz-{version}", work / "vmlinuz")
    builder.ensure_binfmt()
    builder.make_initramfs(rootfs, version, work / "initrd.img")
    (work / "install.log").write_text((installed / "install.log").read_text())
    builder.run(
        ["mkfs.ext4", "-q", "-L", "root", "-d", str(rootfs), str(work / "disk.raw"), DISK_SIZE],
        what="disk image (mkfs.ext4 -d)",
    )
    builder.remove_tree(rootfs)
    base = builder.CACHE / f"base-{builder.base_key()}"
    manifest = {
        "key": key,
        "installed": installed.name,
        "base_build_seconds": float((base / "seconds").read_text()),
        "installed_build_seconds": float((installed / "seconds").read_text()),
        "image_build_seconds": round(time.monotonic() - started, 1),
        "kernel": version,
        "suite": builder.SUITE,
    }
    (work / MARKER).write_text(json.dumps(manifest, indent=2) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.system.image", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--rebuild", action="store_true", help="build even if cached")
    parser.add_argument("--key", action="store_true", help="print the image key and exit")
    args = parser.parse_args(argv)
    if args.key:
        print(image_key())
        return 0
    try:
        image = build_image(rebuild=args.rebuild)
    except DownloadError as error:
        print(f"DOWNLOAD FAILED: {error}", file=sys.stderr)
        return int(builder.EX_TEMPFAIL)
    print(image.directory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
