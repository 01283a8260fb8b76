"""Build (or find in the cache) an arm64 Debian Bookworm disk image with celaeno installed.

    python -m tests.system.image            # build if needed, print the image directory
    python -m tests.system.image --rebuild  # build again even if cached

Two layers, each cached under ``/var/cache/celaeno-system-tests/`` (outside the clone, so a
fresh clone in CI finds it), each keyed by a hash of exactly what went into it:

- ``base-<key>``: a root filesystem from mmdebstrap (arm64, run through qemu-user and
  binfmt_misc): Bookworm with -updates and -security, the kernel, systemd, and the Debian
  packages ``systemd/install.sh --list-packages`` names. Slow (minutes, mostly the emulated
  dpkg runs and the initramfs); keyed by the suite, the mirrors and the package list only,
  so a change to the app does not pay for it again.
- ``image-<key>``: that tree with the project copied in and ``systemd/install.sh`` run FOR
  REAL in a chroot (apt, user, venv, pip from a wheelhouse of aarch64 wheels downloaded on
  the host, config, udev rule, unit enabled), then the guest's test plumbing (a root shell
  on the virtio console, the journal on the serial console), packed with ``mkfs.ext4 -d``
  into ``disk.raw``, plus the kernel and initramfs to boot it. Keyed by the base key, the
  installer, the unit, the udev rule, pyproject.toml, the source tree and this file.

Boots never write to ``disk.raw``: a machine runs on a qcow2 overlay (tests/system/machine.py).
A new image removes all but the newest two (:func:`forget_older_images`).
A failed download is a :class:`DownloadError` (exit status 75) naming what could not be
fetched, so that it is never mistaken for a fault of the product.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("CELAENO_SYSTEM_CACHE", "/var/cache/celaeno-system-tests"))
SUITE = "bookworm"
MIRROR = os.environ.get("CELAENO_DEBIAN_MIRROR", "http://deb.debian.org/debian")
SECURITY = os.environ.get("CELAENO_DEBIAN_SECURITY", "http://deb.debian.org/debian-security")
# What a Pi OS Lite image has and the tests need besides the installer's own packages:
# a kernel to boot, systemd as init, udev for the reader's rule, procps for pgrep/kill.
BASE_PACKAGES = (
    "linux-image-arm64",
    "systemd-sysv",
    "udev",
    "kmod",
    "dbus",
    "procps",
    "ca-certificates",
)


def wheel_requirements() -> tuple[str, ...]:
    """The app's Python dependencies for the wheelhouse, and what pip needs to build the
    project itself offline: read from pyproject.toml, so the two cannot drift apart."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return (*project["project"]["dependencies"], *project["build-system"]["requires"])


SOURCE_PARTS = ("rules", "hardware", "display", "device", "systemd", "pyproject.toml", "README.md")
DISK_SIZE = "4G"
KEEP_IMAGES = 2  # the newest image and the one before it
EX_TEMPFAIL = 75  # sysexits.h: try again later
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


class DownloadError(RuntimeError):
    """Something could not be fetched from the network while building the image."""


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
        return dict(json.loads((self.directory / "manifest.json").read_text()))


def log(message: str) -> None:
    print(f"[image] {message}", file=sys.stderr, flush=True)


# --- keys ------------------------------------------------------------------------------------


def installer_packages() -> list[str]:
    out = subprocess.run(
        ["bash", str(ROOT / "systemd/install.sh"), "--list-packages"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out.split()


def base_key() -> str:
    digest = hashlib.sha256()
    for part in (SUITE, MIRROR, SECURITY, *BASE_PACKAGES, *installer_packages(), "base-v2"):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:16]


def source_files() -> Iterator[Path]:
    for part in SOURCE_PARTS:
        path = ROOT / part
        if path.is_file():
            yield path
            continue
        for file in sorted(path.rglob("*")):
            if file.is_file() and "__pycache__" not in file.parts and file.suffix != ".pyc":
                yield file


def image_key() -> str:
    digest = hashlib.sha256(base_key().encode())
    # README.md is copied (pyproject names it as the package's readme) but only its words
    # change: a new image for a README edit would cost minutes and test nothing new.
    keyed = [f for f in source_files() if f.name != "README.md"]
    for file in [*keyed, Path(__file__), ROOT / "hardware/99-celaeno-dice-reader.rules"]:
        digest.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes())
    for requirement in wheel_requirements():
        digest.update(requirement.encode())
    return digest.hexdigest()[:16]


# --- running things --------------------------------------------------------------------------


def run(
    command: list[str], *, what: str, network: tuple[re.Pattern[str], ...] = (), **kwargs: object
) -> str:
    """Run a build step at low priority (the machine is shared); output kept for errors.

    ``network``: the patterns of this step's output that mean a download failed (only
    steps that download: an offline pip install that finds no wheel is our fault).
    """
    log(f"{what}: {' '.join(command[:6])}{' …' if len(command) > 6 else ''}")
    result = subprocess.run(
        ["nice", "-n", "10", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )
    if result.returncode != 0:
        failed = _failed_download(result.stdout, network)
        if failed is not None:
            raise DownloadError(
                f"{what}: download failed: {failed}\n"
                "This is the network or a mirror, not celaeno: run the build again later "
                "(python -m tests.system.image), or set CELAENO_DEBIAN_MIRROR to another mirror."
            )
        tail = "\n".join(result.stdout.splitlines()[-40:])
        raise RuntimeError(f"{what} failed (exit {result.returncode}):\n{tail}")
    return str(result.stdout)


APT_NETWORK = (
    re.compile(r"(?:E|W): Failed to fetch (\S+)\s*(.*)"),
    re.compile(r"(?:E|W): Unable to fetch some archives.*"),
    re.compile(r"Could not (?:resolve|connect to) .*"),
    re.compile(r"Temporary failure (?:in name )?resolving .*"),
)
PIP_NETWORK = (
    re.compile(r"ERROR: Could not find a version that satisfies the requirement .*"),
    re.compile(r".*(?:ConnectionError|ReadTimeoutError|Temporary failure in name resolution).*"),
)


def _failed_download(output: str, patterns: tuple[re.Pattern[str], ...]) -> str | None:
    for line in output.splitlines():
        for pattern in patterns:
            if pattern.search(line):
                return line.strip()
    return None


def ensure_binfmt() -> None:
    """Let the host run arm64 programs (dpkg's scripts in the chroot) through qemu-user.

    The ``F`` flag makes the kernel open the emulator now, so it need not be inside the
    chroot. Registered only if nothing is: a host that has it (binfmt-support) is left alone.
    """
    binfmt = Path("/proc/sys/fs/binfmt_misc")
    if not (binfmt / "register").exists():
        subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(binfmt)], check=True)
    if (binfmt / "qemu-aarch64").exists():
        return
    emulator = shutil.which("qemu-aarch64-static") or "/usr/bin/qemu-aarch64-static"
    magic = r"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00"
    mask = r"\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff"
    (binfmt / "register").write_text(f":qemu-aarch64:M::{magic}:{mask}:{emulator}:F")


@contextmanager
def locked(name: str) -> Iterator[None]:
    """One builder per layer at a time (two test runs may start together)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def remove_tree(path: Path) -> None:
    """Remove a build tree, never following a mount into the host (--one-file-system)."""
    if path.exists():
        _unmount_below(path)
        subprocess.run(["rm", "-rf", "--one-file-system", str(path)], check=True)


def _unmount_below(path: Path) -> None:
    mounts = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()]
    for mount in sorted(mounts, reverse=True):
        if mount.startswith(str(path) + "/"):
            subprocess.run(["umount", "-l", mount], check=False)


# --- the base layer ----------------------------------------------------------------------------


def build_base() -> Path:
    key = base_key()
    done = CACHE / f"base-{key}"
    with locked(f"base-{key}"):
        if (done / "rootfs/etc/os-release").exists():
            return done / "rootfs"
        ensure_binfmt()
        work = CACHE / f"base-{key}.tmp"
        remove_tree(work)
        work.mkdir(parents=True)
        started = time.monotonic()
        sources = [
            f"deb {MIRROR} {SUITE} main",
            f"deb {MIRROR} {SUITE}-updates main",
            f"deb {SECURITY} {SUITE}-security main",
        ]
        packages = ",".join([*BASE_PACKAGES, *installer_packages()])
        run(
            [
                "mmdebstrap",
                "--mode=root",
                "--arch=arm64",
                "--variant=apt",
                f"--include={packages}",
                # Debian's update-initramfs under qemu-user takes half an hour (thousands
                # of emulated modprobe calls for MODULES=most): made a no-op here, and the
                # three modules the virtual machine needs are packed natively instead
                # (make_initramfs). A Pi boots its own way and is not affected.
                '--essential-hook=chroot "$1" dpkg-divert --quiet --local --rename '
                '--add /usr/sbin/update-initramfs && ln -s /bin/true "$1/usr/sbin/update-initramfs"',
                SUITE,
                str(work / "rootfs"),
                *sources,
            ],
            what="base system (mmdebstrap, arm64)",
            network=APT_NETWORK,
        )
        (work / "seconds").write_text(f"{time.monotonic() - started:.0f}\n")
        remove_tree(done)
        work.rename(done)
        return done / "rootfs"


# --- the image layer -----------------------------------------------------------------------


def download_wheels(target: Path) -> None:
    """aarch64 wheels for the guest's Python 3.11, fetched on the host (see module doc)."""
    target.mkdir(parents=True, exist_ok=True)
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--platform",
            "manylinux2014_aarch64",
            "--platform",
            "manylinux_2_17_aarch64",
            "--only-binary=:all:",
            "--python-version",
            "3.11",
            "--implementation",
            "cp",
            "--dest",
            str(target),
            *wheel_requirements(),
        ],
        what="aarch64 wheels (pip download)",
        network=PIP_NETWORK,
    )


@contextmanager
def chroot_mounts(rootfs: Path) -> Iterator[None]:
    """/proc, /sys and /dev for the installer's chroot; always unmounted again."""
    mounted: list[Path] = []
    try:
        for kind, source, target in (
            ("proc", "proc", "proc"),
            ("sysfs", "sys", "sys"),
            ("bind", "/dev", "dev"),
        ):
            point = rootfs / target
            option = ["--bind"] if kind == "bind" else ["-t", kind]
            subprocess.run(["mount", *option, source, str(point)], check=True)
            mounted.append(point)
        yield
    finally:
        for point in reversed(mounted):
            subprocess.run(["umount", "-l", str(point)], check=False)


def copy_source(rootfs: Path) -> Path:
    """The project as a user would have it checked out on the Pi (~/celaeno)."""
    target = rootfs / "root/celaeno"
    for file in source_files():
        destination = target / file.relative_to(ROOT)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(file, destination)
    return target


def run_installer(rootfs: Path) -> str:
    shutil.copy2("/etc/resolv.conf", rootfs / "etc/resolv.conf")
    with chroot_mounts(rootfs):
        env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive"}
        return run(
            [
                "chroot",
                str(rootfs),
                "/root/celaeno/systemd/install.sh",
                "--wheelhouse",
                "/root/wheelhouse",
            ],
            what="systemd/install.sh in the arm64 chroot",
            network=APT_NETWORK,  # its pip step is offline: a missing wheel is a real failure
            env=env,
        )


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


def copy_boot_files(rootfs: Path, target: Path) -> None:
    """The newest kernel and its initramfs, from /boot (the /vmlinuz links may be absolute,
    which would point into the host)."""

    def newest(pattern: str) -> Path:
        found = sorted((rootfs / "boot").glob(pattern), key=lambda p: p.name)
        if not found:
            raise RuntimeError(f"no /boot/{pattern} in the image")
        return found[-1]

    kernel = newest("vmlinuz-*")
    shutil.copy2(kernel, target / "vmlinuz")
    make_initramfs(rootfs, kernel.name.removeprefix("vmlinuz-"), target / "initrd.img")


# What the guest's kernel needs before it can mount its root: PCI virtio, the disk, ext4
# (and the crc32c ext4's metadata checksums ask the crypto API for).
INITRAMFS_MODULES = ("virtio_pci", "virtio_blk", "crc32c_generic", "ext4")
INITRAMFS_PROGRAMS = (
    "/bin/dash", "/usr/bin/kmod", "/usr/bin/mount", "/usr/bin/sleep",
    "/usr/bin/mkdir", "/usr/sbin/switch_root",
)  # fmt: skip
INIT_SCRIPT = """#!/bin/sh
# A minimal initramfs for the test machine (tests/system/image.py): load the modules,
# mount /dev/vda, hand over to systemd.
export PATH=/bin
mkdir -p /proc /sys /dev /root
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
while read -r module; do insmod "/lib/modules/$module"; done < /modules
tries=0
while [ ! -b /dev/vda ] && [ "$tries" -lt 300 ]; do sleep 0.1; tries=$((tries + 1)); done
mount -t ext4 -o rw /dev/vda /root || { echo "initramfs: cannot mount /dev/vda"; exec sh; }
exec switch_root /root /sbin/init
"""


def module_order(dep_file: Path, wanted: tuple[str, ...]) -> list[str]:
    """Module paths (relative to /lib/modules/VERSION) in load order, dependencies first."""
    deps: dict[str, list[str]] = {}
    by_name: dict[str, str] = {}
    for line in dep_file.read_text().splitlines():
        module, _, rest = line.partition(":")
        deps[module] = rest.split()
        by_name[Path(module).name.split(".")[0].replace("-", "_")] = module
    order: list[str] = []

    def load(module: str) -> None:
        for dependency in reversed(deps[module]):
            load(dependency)
        if module not in order:
            order.append(module)

    for name in wanted:
        load(by_name[name])
    return order


def make_initramfs(rootfs: Path, version: str, out: Path) -> None:
    """Pack the init script, the modules and the programs with their libraries (found by
    ldd run once in the chroot) into a newc cpio archive, natively."""
    files: dict[str, bytes | str] = {"init": INIT_SCRIPT}
    modules = module_order(rootfs / f"lib/modules/{version}/modules.dep", INITRAMFS_MODULES)
    for module in modules:
        files[f"lib/modules/{module}"] = (rootfs / f"lib/modules/{version}" / module).read_bytes()
    files["modules"] = "\n".join(modules) + "\n"
    libraries: set[str] = set()
    for program in INITRAMFS_PROGRAMS:
        listing = run(["chroot", str(rootfs), "ldd", program], what=f"libraries of {program}")
        libraries |= set(re.findall(r"(/\S+\.so[.\d]*)", listing))
    for program in INITRAMFS_PROGRAMS:
        files[f"bin/{Path(program).name}"] = (rootfs / program.lstrip("/")).read_bytes()
    for library in sorted(libraries):
        real = (rootfs / library.lstrip("/")).resolve()
        if not real.is_relative_to(rootfs.resolve()):
            real = rootfs / os.path.realpath(library).lstrip("/")
        files[library.lstrip("/")] = real.read_bytes()
    links = {"bin/sh": "dash", "bin/insmod": "kmod"}
    out.write_bytes(_cpio(files, links))


def _cpio(files: dict[str, bytes | str], links: dict[str, str]) -> bytes:
    """A newc ("070701") archive: directories, files (executable) and symlinks."""
    entries: list[tuple[str, int, bytes]] = []
    directories = sorted({str(p) for name in [*files, *links] for p in Path(name).parents} - {"."})
    entries += [(d, 0o040755, b"") for d in directories]
    for name, data in files.items():
        entries.append((name, 0o100755, data.encode() if isinstance(data, str) else data))
    entries += [(name, 0o120777, target.encode()) for name, target in links.items()]
    entries.append(("TRAILER!!!", 0, b""))
    archive = bytearray()
    for inode, (name, mode, data) in enumerate(entries, start=1):
        encoded = name.encode() + b"\0"
        fields = (inode, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(encoded), 0)
        archive += b"070701" + b"".join(b"%08X" % f for f in fields) + encoded
        archive += b"\0" * (-(110 + len(encoded)) % 4)
        archive += data + b"\0" * (-len(data) % 4)
    return bytes(archive)


def build_image(rebuild: bool = False) -> Image:
    key = image_key()
    done = CACHE / f"image-{key}"
    # A finished image appears whole (renamed into place after its manifest is written), so
    # finding one needs no lock: a run whose image is cached never waits behind another
    # checkout's build.
    if (done / "manifest.json").exists() and not rebuild:
        return Image(done)
    base = build_base()
    with locked("image"):
        if (done / "manifest.json").exists() and not rebuild:
            return Image(done)  # built by the run that held the lock before this one
        started = time.monotonic()
        work = CACHE / f"image-{key}.tmp"
        remove_tree(work)
        work.mkdir(parents=True)
        rootfs = work / "rootfs"
        log(f"copying the base system ({base})")
        subprocess.run(["cp", "-a", "--reflink=auto", str(base), str(rootfs)], check=True)
        download_wheels(rootfs / "root/wheelhouse")
        copy_source(rootfs)
        ensure_binfmt()
        installer_log = run_installer(rootfs)
        (work / "install.log").write_text(installer_log)
        configure_guest(rootfs)
        copy_boot_files(rootfs, work)
        raw = work / "disk.raw"
        run(
            ["mkfs.ext4", "-q", "-L", "root", "-d", str(rootfs), str(raw), DISK_SIZE],
            what="disk image (mkfs.ext4 -d)",
        )
        remove_tree(rootfs)
        base_seconds = (base.parent / "seconds").read_text().strip()
        manifest = {
            "key": key,
            "base": str(base),
            "base_build_seconds": float(base_seconds),
            "image_build_seconds": round(time.monotonic() - started, 1),
            "suite": SUITE,
        }
        (work / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
        remove_tree(done)
        work.rename(done)
        log(f"built {done} in {manifest['image_build_seconds']} s")
        forget_older_images(keep=KEEP_IMAGES)
        return Image(done)


def forget_older_images(keep: int) -> list[Path]:
    """Remove all but the ``keep`` newest images (each is 1.4 GB, and every change to the
    source makes a new one); the newest but one stays for a checkout of the change before,
    which may be booting it now. Bases are few (they change with the package list) and stay."""
    images = sorted(
        (
            path
            for path in CACHE.glob("image-*")
            if not path.name.endswith(".tmp") and (path / "manifest.json").exists()
        ),
        key=lambda path: (path / "manifest.json").stat().st_mtime,
        reverse=True,
    )
    for old in images[keep:]:
        log(f"removing an older image ({old})")
        remove_tree(old)
    return images[keep:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.system.image", description=__doc__)
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
        return EX_TEMPFAIL
    print(image.directory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
