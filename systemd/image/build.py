"""Build the Raspberry Pi SD card image of the companion, from Debian's own packages.

    sudo python3 systemd/image/build.py                 # build (or reuse) card.img
    sudo python3 systemd/image/build.py --rebuild       # build again even if cached
    sudo python3 systemd/image/build.py --xz            # and card.img.xz beside it

Run as root on a Debian (or Ubuntu) computer with mmdebstrap, qemu-user-static,
dosfstools, mtools, fdisk and e2fsprogs (systemd/image/build.sh installs them first).

The card (``card.img``, MBR, disk signature :data:`DISK_ID`):

1. ``boot`` (FAT32, 256 MiB): the Pi's firmware from Debian's ``raspi-firmware``, Debian's
   arm64 kernel and an initramfs, the device trees for the Pi 3, 4 and Zero 2 W from
   ``linux-image-arm64``, ``config.txt``, ``cmdline.txt`` (the root by PARTUUID, read-only),
   and the owner's settings: ``celaeno.toml`` and ``wifi.txt``, editable from any computer.
2. ``root`` (ext4): Debian Bookworm with celaeno installed by ``systemd/install.sh`` (run for
   real, in an arm64 chroot through qemu-user), mounted **read-only**; what the system must
   write goes to tmpfs (``/tmp``, ``/var/tmp``, ``/var/log``, ``/var/lib/systemd``).
3. ``data`` (ext4, 64 MiB, grown to fill the card at the first boot): the journal of games
   (``/var/lib/celaeno``) and the last good settings.

The system tests' disk (tests/system/image.py) is made from the same installed layer
(:func:`build_installed`) with this initramfs; only its test plumbing and its single ext4
disk are its own. A base with another package list (a bare Debian) is
``build_base(packages)``.

Layers are cached under ``CELAENO_IMAGE_CACHE`` (default /var/cache/celaeno-system-tests),
each keyed by a hash of what went into it; a run holds the layers it uses until it ends, and
older ones are forgotten by :func:`forget_older`. A failed download is a :class:`DownloadError`
(exit status 75), never mistaken for a fault of the product.
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
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CACHE = Path(
    os.environ.get(
        "CELAENO_IMAGE_CACHE",
        os.environ.get("CELAENO_SYSTEM_CACHE", "/var/cache/celaeno-system-tests"),
    )
)
SUITE = "bookworm"
MIRROR = os.environ.get("CELAENO_DEBIAN_MIRROR", "http://deb.debian.org/debian")
SECURITY = os.environ.get("CELAENO_DEBIAN_SECURITY", "http://deb.debian.org/debian-security")
COMPONENTS = "main non-free-firmware"  # the Pi's Wi-Fi chip needs firmware-brcm80211
# Besides install.sh's own packages: a kernel, systemd as init, udev for the reader's rule,
# procps; for the card, the Pi's Wi-Fi firmware and the Wi-Fi stack (wpa_supplicant for the
# radio, systemd-networkd for the address), growpart for the data partition, and the tools
# to check the boot and data partitions. The Pi's boot firmware (raspi-firmware) is only
# unpacked onto the boot partition (fetch_boot_firmware), not installed: its kernel hooks
# expect an initramfs-tools initramfs and a mounted /boot/firmware, which a build has not.
BASE_PACKAGES = (
    "linux-image-arm64",
    "systemd-sysv",
    "udev",
    "kmod",
    "dbus",
    "procps",
    "ca-certificates",
    "firmware-brcm80211",
    "wireless-regdb",
    "wpasupplicant",
    "cloud-guest-utils",
    "fdisk",
    "dosfstools",
    "e2fsprogs",
)
# The table's own Wi-Fi (device/network/access_point.py): wpa_supplicant's AP mode and networkd's
# DHCP server, both already on the card, so no package is added for it. The second unit,
# started by the first, answers names and captive-portal probes on that network only.
HOTSPOT_UNITS = ("celaeno-hotspot.service", "celaeno-portal.service")
# The checkout on the card keeps the README and the pages it links to, for an owner reading
# them on the Pi; they are words only (DOCUMENTS), so they do not make a new installed layer.
DOCUMENTS = ("README.md", "docs")
SOURCE_PARTS = ("rules", "hardware", "display", "device", "systemd", "pyproject.toml", *DOCUMENTS)
EX_TEMPFAIL = 75  # sysexits.h: try again later

# The card's layout. The disk signature makes the PARTUUIDs (c0ffee25-01 … -03).
DISK_ID = "c0ffee25"
SECTOR = 512
BOOT_START = 8192  # 4 MiB, as Raspberry Pi OS aligns it
BOOT_MIB = 256
ROOT_MIB = 2560
DATA_MIB = 64
# The device trees Debian's kernel ships for the boards the card supports.
DEVICE_TREES = (
    "bcm2837-rpi-3-b.dtb",
    "bcm2837-rpi-3-b-plus.dtb",
    "bcm2837-rpi-3-a-plus.dtb",
    "bcm2837-rpi-cm3-io3.dtb",
    "bcm2711-rpi-4-b.dtb",
    "bcm2711-rpi-400.dtb",
    "bcm2711-rpi-cm4-io.dtb",
    "bcm2837-rpi-zero-2-w.dtb",
)
# What the Pi's first-stage firmware needs on the boot partition (Pi 3 and Zero 2 W read
# bootcode.bin; the Pi 4 has it in its EEPROM and reads start4.elf/fixup4.dat).
FIRMWARE_FILES = (
    "bootcode.bin",
    "start.elf",
    "fixup.dat",
    "start4.elf",
    "fixup4.dat",
)


class DownloadError(RuntimeError):
    """Something could not be fetched from the network while building the image."""


def log(message: str) -> None:
    print(f"[image] {message}", file=sys.stderr, flush=True)


# --- running things --------------------------------------------------------------------------

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


def run(
    command: list[str],
    *,
    what: str,
    network: tuple[re.Pattern[str], ...] = (),
    env: Mapping[str, str] | None = None,
    stdin: str | None = None,
) -> str:
    """Run a build step at low priority (the machine is shared); output kept for errors.

    ``network``: the patterns of this step's output that mean a download failed (only
    steps that download: an offline pip install that finds no wheel is our fault).
    """
    log(f"{what}: {' '.join(command[:6])}{' …' if len(command) > 6 else ''}")
    result = subprocess.run(
        ["nice", "-n", "10", *command],
        input=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        check=False,
        env=None if env is None else dict(env),
    )
    if result.returncode != 0:
        failed = failed_download(result.stdout, network)
        if failed is not None:
            raise DownloadError(
                f"{what}: download failed: {failed}\n"
                "This is the network or a mirror, not celaeno: run the build again later, "
                "or set CELAENO_DEBIAN_MIRROR to another mirror."
            )
        tail = "\n".join(result.stdout.splitlines()[-40:])
        raise RuntimeError(f"{what} failed (exit {result.returncode}):\n{tail}")
    return str(result.stdout)


def failed_download(output: str, patterns: tuple[re.Pattern[str], ...]) -> str | None:
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
    emulator = shutil.which("qemu-aarch64-static")
    if emulator is None:  # else the kernel refuses the registration with a bare ENOENT
        raise SystemExit(
            "build.py: qemu-aarch64-static is missing: apt-get install qemu-user-static"
        )
    magic = r"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00"
    mask = r"\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff"
    (binfmt / "register").write_text(f":qemu-aarch64:M::{magic}:{mask}:{emulator}:F")


@contextmanager
def locked(name: str) -> Iterator[None]:
    """One builder per layer at a time (two runs may start together)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def remove_tree(path: Path) -> None:
    """Remove a build tree, never following a mount into the host (--one-file-system)."""
    if path.exists():
        mounts = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()]
        for mount in sorted(mounts, reverse=True):
            if mount.startswith(str(path) + "/"):
                subprocess.run(["umount", "-l", mount], check=False)
        subprocess.run(["rm", "-rf", "--one-file-system", str(path)], check=True)


# --- layers in use, and which are forgotten -------------------------------------------------------

IN_USE = "in-use"  # a shared lock on it while a process uses the layer (see hold)
LAST_USE = "last-use"  # the checkout that used the layer last; its mtime says when
UNUSED_DAYS = 1  # another checkout's layer nobody used this long is forgotten
# The layers this process uses: each one's in-use file, its shared lock held until the
# process ends.
_held: list[int] = []


def hold(layer: Path, marker: str) -> bool:
    """Take a finished layer (``marker`` in it) for this process, never waiting: a shared
    lock on its in-use file until the process ends (a removal takes it exclusively, so a
    layer in use is never removed), and this checkout noted as its last user.
    False: the layer is not there, not finished, or being removed right now."""
    try:
        lock = os.open(layer / IN_USE, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(lock)
        return False
    if not (layer / marker).exists():
        os.close(lock)
        return False
    _held.append(lock)
    note = layer / f"{LAST_USE}.{os.getpid()}"
    note.write_text(f"{ROOT}\n")
    os.replace(note, layer / LAST_USE)
    return True


def last_use(layer: Path, marker: str) -> tuple[str, float]:
    """The checkout that used ``layer`` last, and when (a layer nobody noted: its build)."""
    note = layer / LAST_USE
    try:
        return note.read_text().strip(), note.stat().st_mtime
    except FileNotFoundError:
        return "", (layer / marker).stat().st_mtime


def forget_older(prefix: str, keep: int, marker: str) -> list[Path]:
    """Remove the finished ``prefix*`` layers this checkout used last but its ``keep`` most
    recent, and other checkouts' layers nobody used for :data:`UNUSED_DAYS`; never one a
    process holds (:func:`hold`), nor one being built. Each layer is a gigabyte or more and
    every change to the source makes a new one; another checkout on the same machine may be
    booting any of its own, so a layer belongs to the checkout that used it last."""
    ours: list[tuple[float, Path]] = []
    unused: list[Path] = []
    cutoff = time.time() - UNUSED_DAYS * 86400
    for layer in CACHE.glob(f"{prefix}*"):
        if layer.name.endswith(".tmp") or not (layer / marker).exists():
            continue
        user, when = last_use(layer, marker)
        if user == str(ROOT):
            ours.append((when, layer))
        elif when < cutoff:
            unused.append(layer)
    ours.sort(reverse=True)
    doomed = [layer for _when, layer in ours[keep:]] + unused
    return [layer for layer in doomed if remove_unless_held(layer, marker)]


def remove_unless_held(layer: Path, marker: str) -> bool:
    """Remove ``layer`` if no process holds it; its marker goes first, so that a lookup
    meanwhile finds it unfinished."""
    try:
        with open(layer / IN_USE, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            log(f"removing an older layer ({layer})")
            (layer / marker).unlink(missing_ok=True)
            remove_tree(layer)
    except FileNotFoundError:
        return False  # removed meanwhile
    except BlockingIOError:
        log(f"keeping an older layer a run uses ({layer})")
        return False
    return True


# --- keys ------------------------------------------------------------------------------------


def installer_packages() -> list[str]:
    out = subprocess.run(
        ["bash", str(ROOT / "systemd/install.sh"), "--list-packages"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out.split()


def card_packages() -> list[str]:
    """The card's base: :data:`BASE_PACKAGES` and what install.sh would install with apt."""
    return [*BASE_PACKAGES, *installer_packages()]


def base_key(packages: Sequence[str] | None = None) -> str:
    """The key of a base with ``packages`` (None: :func:`card_packages`)."""
    digest = hashlib.sha256()
    chosen = card_packages() if packages is None else packages
    for part in (SUITE, MIRROR, SECURITY, COMPONENTS, *chosen, "base-v3"):
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


def installed_key() -> str:
    """The base, and everything of the project that reaches the installed tree."""
    digest = hashlib.sha256(base_key().encode())
    # The documents are copied (pyproject names README.md as the package's readme) but only
    # their words change: a new image for a page's edit would cost minutes and test nothing new.
    for file in (f for f in source_files() if f.relative_to(ROOT).parts[0] not in DOCUMENTS):
        digest.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()[:16]


# --- the base layer ----------------------------------------------------------------------------


def build_base(packages: Sequence[str] | None = None) -> Path:
    """Bookworm for arm64 from mmdebstrap with ``packages`` (None: the card's,
    :func:`card_packages`; a bare Debian is a shorter list), cached by :func:`base_key`;
    returns its root tree. The packages are installed, not only unpacked; update-initramfs
    is a no-op in every base (see below)."""
    chosen = card_packages() if packages is None else list(packages)
    key = base_key(chosen)
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
            f"deb {MIRROR} {SUITE} {COMPONENTS}",
            f"deb {MIRROR} {SUITE}-updates {COMPONENTS}",
            f"deb {SECURITY} {SUITE}-security {COMPONENTS}",
        ]
        run(
            [
                "mmdebstrap",
                "--mode=root",
                "--arch=arm64",
                "--variant=apt",
                f"--include={','.join(chosen)}",
                # Debian's update-initramfs under qemu-user takes half an hour (thousands
                # of emulated modprobe calls for MODULES=most): made a no-op here, and the
                # modules the card and the virtual machine need are packed natively instead
                # (make_initramfs).
                '--essential-hook=chroot "$1" dpkg-divert --quiet --local --rename --add '
                '/usr/sbin/update-initramfs && ln -s /bin/true "$1/usr/sbin/update-initramfs"',
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


# --- celaeno installed by install.sh -------------------------------------------------------------


def make_wheelhouse(target: Path) -> None:
    """The shipped command (install.sh --make-wheelhouse), run on this host."""
    env = {**os.environ, "PYTHON": os.environ.get("CELAENO_BUILD_PYTHON", sys.executable)}
    run(
        ["bash", str(ROOT / "systemd/install.sh"), "--make-wheelhouse", str(target)],
        what="aarch64 wheels (install.sh --make-wheelhouse)",
        network=PIP_NETWORK,
        env=env,
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
    """systemd/install.sh FOR REAL in the arm64 chroot, offline from the wheelhouse."""
    shutil.copy2("/etc/resolv.conf", rootfs / "etc/resolv.conf")
    try:
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
    finally:
        (rootfs / "etc/resolv.conf").unlink(missing_ok=True)


def build_installed() -> Path:
    """The card's base with celaeno installed: ``installed-<key>/rootfs`` and its
    install.log, held for this process (:func:`hold`). The card and the system tests' image
    are both made from it."""
    key = installed_key()
    done = CACHE / f"installed-{key}"
    if hold(done, "install.log"):
        return done  # found without waiting for another checkout's build
    base = build_base()
    with locked(f"installed-{key}"):
        if hold(done, "install.log"):
            return done
        work = CACHE / f"installed-{key}.tmp"
        remove_tree(work)
        work.mkdir(parents=True)
        started = time.monotonic()
        rootfs = work / "rootfs"
        log(f"copying the base system ({base})")
        subprocess.run(["cp", "-a", "--reflink=auto", str(base), str(rootfs)], check=True)
        make_wheelhouse(rootfs / "root/wheelhouse")
        copy_source(rootfs)
        ensure_binfmt()
        installed = run_installer(rootfs)
        shutil.rmtree(rootfs / "root/wheelhouse")
        (work / "seconds").write_text(f"{time.monotonic() - started:.0f}\n")
        (work / "install.log").write_text(installed)
        remove_tree(done)
        work.rename(done)
        hold(done, "install.log")
        forget_older("installed-", keep=2, marker="install.log")
        return done


# --- the initramfs (natively packed) -------------------------------------------------------------

# What the kernel needs before it can mount its root: on a Pi the SD card's controllers
# (sdhci-iproc: the Pi 3's and Zero 2 W's SD slot and the Pi 4's emmc2; bcm2835: the Pi 3's
# SD host), under QEMU PCI virtio and its disk; ext4 and the crc32c its metadata checksums
# ask the crypto API for.
INITRAMFS_MODULES = (
    "virtio_pci",
    "virtio_blk",
    "crc32c_generic",
    "ext4",
    "mmc_block",
    "sdhci_iproc",
    "bcm2835",
)
INITRAMFS_PROGRAMS = (
    "/bin/dash",
    "/usr/bin/kmod",
    "/usr/bin/mount",
    "/usr/bin/sleep",
    "/usr/bin/mkdir",
    "/usr/sbin/switch_root",
    "/usr/sbin/blkid",
)
INIT_SCRIPT = (HERE / "init").read_text()


def module_order(dep_file: Path, wanted: tuple[str, ...]) -> list[str]:
    """Module paths (relative to /lib/modules/VERSION) in load order, dependencies first;
    a wanted module this kernel lacks (or has built in) is left out."""
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
        if name in by_name:
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
    out.write_bytes(cpio(files, links))


def cpio(files: Mapping[str, bytes | str], links: Mapping[str, str]) -> bytes:
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


def kernel_version(rootfs: Path) -> str:
    found = sorted((rootfs / "boot").glob("vmlinuz-*"), key=lambda p: p.name)
    if not found:
        raise RuntimeError("no /boot/vmlinuz-* in the image")
    return found[-1].name.removeprefix("vmlinuz-")


# --- the card ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where each partition starts and how long it is, in sectors."""

    boot: tuple[int, int]
    root: tuple[int, int]
    data: tuple[int, int]

    @property
    def sectors(self) -> int:
        return self.data[0] + self.data[1]

    def sfdisk_script(self) -> str:
        return (
            f"label: dos\nlabel-id: 0x{DISK_ID}\nunit: sectors\n\n"
            f"start={self.boot[0]}, size={self.boot[1]}, type=c, bootable\n"
            f"start={self.root[0]}, size={self.root[1]}, type=83\n"
            f"start={self.data[0]}, size={self.data[1]}, type=83\n"
        )


def layout(boot_mib: int = BOOT_MIB, root_mib: int = ROOT_MIB, data_mib: int = DATA_MIB) -> Layout:
    mib = 1024 * 1024 // SECTOR
    boot = (BOOT_START, boot_mib * mib)
    root = (boot[0] + boot[1], root_mib * mib)
    data = (root[0] + root[1], data_mib * mib)
    return Layout(boot, root, data)


def partuuid(number: int) -> str:
    return f"{DISK_ID}-{number:02d}"


def cmdline(root_partition: int = 2) -> str:
    """The kernel's command line on the card: the root by PARTUUID, read-only; the kernel's
    messages on the serial port and tty3, never on tty1 where the companion draws."""
    return (
        f"root=PARTUUID={partuuid(root_partition)} rootfstype=ext4 ro rootwait "
        "console=ttyS1,115200 console=tty3 quiet loglevel=3 fsck.mode=skip\n"
    )


def config_txt(kernel: str, initrd: str) -> str:
    return (HERE / "config.txt").read_text().format(kernel=kernel, initrd=initrd)


FIRMWARE_PACKAGE = "raspi-firmware"


def fetch_boot_firmware(rootfs: Path, target: Path) -> str:
    """Debian's raspi-firmware package, downloaded by the image's own apt and unpacked into
    ``target`` (its files are under usr/lib/raspi-firmware); returns apt's word on which
    version it was, for the manifest."""
    shutil.copy2("/etc/resolv.conf", rootfs / "etc/resolv.conf")
    try:
        with chroot_mounts(rootfs):
            env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}
            run(
                ["chroot", str(rootfs), "apt-get", "update", "-qq"],
                what="apt lists",
                network=APT_NETWORK,
                env=env,
            )
            run(
                [
                    "chroot",
                    str(rootfs),
                    "sh",
                    "-c",
                    f"cd /tmp && apt-get download -qq {FIRMWARE_PACKAGE}",
                ],
                what="the Pi's boot firmware (apt-get download)",
                network=APT_NETWORK,
                env=env,
            )
            policy = run(
                ["chroot", str(rootfs), "apt-cache", "policy", FIRMWARE_PACKAGE],
                what="its version",
                env=env,
            )
            pi5 = run(
                [
                    "chroot",
                    str(rootfs),
                    "sh",
                    "-c",
                    "apt-cache search --names-only 'raspi|rpi|bcm2712' || true",
                ],
                what="what the archive has for a Pi 5",
                env=env,
            )
    finally:
        (rootfs / "etc/resolv.conf").unlink(missing_ok=True)
    [deb] = sorted((rootfs / "tmp").glob(f"{FIRMWARE_PACKAGE}_*.deb"))
    run(["dpkg-deb", "-x", str(deb), str(target)], what="unpacking it (dpkg-deb -x)")
    deb.unlink()
    for cached in (rootfs / "var/lib/apt/lists").glob("*_Packages*"):
        cached.unlink()  # the lists belong to the build, not to the card
    return policy + "\n" + pi5


def boot_files(rootfs: Path, initrd: Path, unpacked: Path) -> dict[str, Path | str]:
    """Every file of the boot partition: name → a file to copy or the text to write."""
    version = kernel_version(rootfs)
    firmware = unpacked / "usr/lib/raspi-firmware"
    files: dict[str, Path | str] = {}
    for name in FIRMWARE_FILES:
        files[name] = firmware / name
    trees = rootfs / f"usr/lib/linux-image-{version}/broadcom"
    for name in DEVICE_TREES:
        if (trees / name).exists():
            files[name] = trees / name
    files["vmlinuz"] = rootfs / f"boot/vmlinuz-{version}"
    files["initrd.img"] = initrd
    files["config.txt"] = config_txt("vmlinuz", "initrd.img")
    files["cmdline.txt"] = cmdline()
    files["celaeno.toml"] = (HERE / "celaeno.toml").read_text()
    files["wifi.txt"] = (HERE / "wifi.txt").read_text()
    files["README.txt"] = (HERE / "boot-README.txt").read_text()
    missing = [
        name for name, source in files.items() if isinstance(source, Path) and not source.exists()
    ]
    if missing:
        raise RuntimeError(f"the boot partition would lack {', '.join(missing)}")
    return files


def make_boot_partition(files: Mapping[str, Path | str], out: Path, mib: int = BOOT_MIB) -> None:
    """A FAT32 file system with ``files`` in its root (mtools: no loop mount needed)."""
    out.unlink(missing_ok=True)
    run(
        ["mkfs.vfat", "-F", "32", "-n", "BOOT", "-i", DISK_ID, "-C", str(out), str(mib * 1024)],
        what="boot partition (mkfs.vfat)",
    )
    staging = out.with_suffix(".files")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    for name, source in files.items():
        if isinstance(source, Path):
            shutil.copyfile(source, staging / name)
        else:
            (staging / name).write_text(source)
    names = [str(staging / name) for name in sorted(files)]
    run(["mcopy", "-i", str(out), "-o", *names, "::/"], what="boot files (mcopy)")
    shutil.rmtree(staging)


def appliance(rootfs: Path) -> None:
    """Make the installed tree the read-only appliance (see the module docstring)."""
    (rootfs / "etc/fstab").write_text((HERE / "fstab").read_text())
    (rootfs / "etc/hostname").write_text("celaeno\n")
    (rootfs / "etc/hosts").write_text("127.0.0.1\tlocalhost\n127.0.1.1\tcelaeno\n")
    # Empty: systemd makes a machine id in memory at each boot (the root is read-only),
    # so that no two cards share one.
    (rootfs / "etc/machine-id").write_text("")
    for directory in ("data", "boot/firmware"):
        (rootfs / directory).mkdir(parents=True, exist_ok=True)
    # The configuration the service reads: the settings in force this boot, which the
    # settings check copies into memory (the last good ones on the data partition).
    config = rootfs / "etc/celaeno/celaeno.toml"
    config.unlink(missing_ok=True)
    config.symlink_to("/run/celaeno-settings/celaeno.toml")
    # The Wi-Fi settings wpa_supplicant reads are written at each boot into /run.
    wpa = rootfs / "etc/wpa_supplicant/wpa_supplicant-wlan0.conf"
    wpa.parent.mkdir(parents=True, exist_ok=True)
    wpa.unlink(missing_ok=True)
    wpa.symlink_to("/run/celaeno-settings/wpa_supplicant-wlan0.conf")
    (rootfs / "etc/systemd/network").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / "wlan0.network", rootfs / "etc/systemd/network/wlan0.network")
    for unit in ("celaeno-settings.service", "celaeno-grow-data.service", *HOTSPOT_UNITS):
        shutil.copyfile(HERE / unit, rootfs / "etc/systemd/system" / unit)
    for unit, conf in (("celaeno", "celaeno-card.conf"), ("celaeno-web", "celaeno-web-card.conf")):
        dropin = rootfs / f"etc/systemd/system/{unit}.service.d"
        dropin.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(HERE / conf, dropin / "card.conf")
    (rootfs / "var/lib/celaeno").mkdir(parents=True, exist_ok=True)  # the data's bind mount
    library = rootfs / "usr/local/lib/celaeno"
    library.mkdir(parents=True, exist_ok=True)
    for script in ("settings.py", "grow-data"):
        shutil.copyfile(HERE / script, library / script)
        (library / script).chmod(0o755)
    wants = rootfs / "etc/systemd/system/multi-user.target.wants"
    for unit, target in (
        ("celaeno-settings.service", "/etc/systemd/system/celaeno-settings.service"),
        ("celaeno-grow-data.service", "/etc/systemd/system/celaeno-grow-data.service"),
        (HOTSPOT_UNITS[0], f"/etc/systemd/system/{HOTSPOT_UNITS[0]}"),
        ("systemd-networkd.service", "/lib/systemd/system/systemd-networkd.service"),
        ("wpa_supplicant@wlan0.service", "/lib/systemd/system/wpa_supplicant@.service"),
    ):
        link = wants / unit
        link.unlink(missing_ok=True)
        link.symlink_to(target)
    # Nothing on the read-only root may expect to write: no apt timers, no man-db updates.
    for timer in (
        "apt-daily.timer",
        "apt-daily-upgrade.timer",
        "man-db.timer",
        "e2scrub_all.timer",
    ):
        (rootfs / "etc/systemd/system/timers.target.wants" / timer).unlink(missing_ok=True)


def data_tree(rootfs: Path, target: Path) -> None:
    """What the data partition holds when the card is new: the service's state directory
    (owned by its user, as install.sh left it) and the settings (the boot partition's
    celaeno.toml, the first good one)."""
    shutil.rmtree(target, ignore_errors=True)
    state = target / "celaeno"
    state.mkdir(parents=True)
    owner = _ids(rootfs, "celaeno")
    os.chown(state, *owner)
    state.chmod(0o750)
    settings = target / "settings"
    settings.mkdir()
    shutil.copyfile(HERE / "celaeno.toml", settings / "celaeno.toml")


def _ids(rootfs: Path, user: str) -> tuple[int, int]:
    for line in (rootfs / "etc/passwd").read_text().splitlines():
        fields = line.split(":")
        if fields[0] == user:
            return int(fields[2]), int(fields[3])
    raise RuntimeError(f"no user {user} in the image (did install.sh run?)")


def assemble(out: Path, lay: Layout, parts: Mapping[str, Path]) -> None:
    """The card: an MBR from sfdisk, then each partition's file system at its place."""
    out.unlink(missing_ok=True)
    with open(out, "wb") as card:
        card.truncate(lay.sectors * SECTOR)
    run(["sfdisk", "--quiet", str(out)], what="partition table (sfdisk)", stdin=lay.sfdisk_script())
    for name, (start, size) in (("boot", lay.boot), ("root", lay.root), ("data", lay.data)):
        image = parts[name]
        if image.stat().st_size > size * SECTOR:
            raise RuntimeError(f"the {name} file system is larger than its partition")
        run(
            [
                "dd",
                f"if={image}",
                f"of={out}",
                "bs=1M",
                f"seek={start * SECTOR}",
                "oflag=seek_bytes",
                "conv=notrunc,sparse",
                "status=none",
            ],
            what=f"{name} partition into the card",
        )


def build_card(rebuild: bool = False, out_dir: Path | None = None) -> Path:
    """card.img (and its parts) in ``card-<key>/``; returns that directory."""
    installed = build_installed()
    key = hashlib.sha256((installed.name + _file_digest(HERE)).encode()).hexdigest()[:16]
    done = out_dir or CACHE / f"card-{key}"
    with locked(f"card-{key}"):
        # A directory the caller named is theirs: not held.
        finished = not rebuild and (done / "manifest.json").exists()
        if finished and (out_dir is not None or hold(done, "manifest.json")):
            return done
        started = time.monotonic()
        work = done.with_name(done.name + ".tmp")
        remove_tree(work)
        work.mkdir(parents=True)
        rootfs = work / "rootfs"
        subprocess.run(
            ["cp", "-a", "--reflink=auto", str(installed / "rootfs"), str(rootfs)], check=True
        )
        appliance(rootfs)
        # Which image this is, for the settings check (a new image checks celaeno.toml again).
        (rootfs / "usr/local/lib/celaeno/build-id").write_text(f"{key}\n")
        version = kernel_version(rootfs)
        ensure_binfmt()
        make_initramfs(rootfs, version, work / "initrd.img")
        lay = layout()
        archive = fetch_boot_firmware(rootfs, work / "raspi-firmware")
        (work / "archive.txt").write_text(archive)
        files = boot_files(rootfs, work / "initrd.img", work / "raspi-firmware")
        make_boot_partition(files, work / "boot.vfat")
        shutil.rmtree(work / "raspi-firmware")
        shutil.copyfile(
            files["bcm2837-rpi-3-b.dtb"], work / "bcm2837-rpi-3-b.dtb"
        )  # for -M raspi3b
        shutil.copyfile(rootfs / f"boot/vmlinuz-{version}", work / "vmlinuz")
        shutil.copyfile(installed / "install.log", work / "install.log")  # what install.sh said
        data_tree(rootfs, work / "data")
        run(
            [
                "mkfs.ext4",
                "-q",
                "-L",
                "celaeno-data",
                "-E",
                "root_owner=0:0",
                "-d",
                str(work / "data"),
                str(work / "data.ext4"),
                f"{DATA_MIB}M",
            ],
            what="data partition (mkfs.ext4 -d)",
        )
        run(
            [
                "mkfs.ext4",
                "-q",
                "-L",
                "celaeno-root",
                "-d",
                str(rootfs),
                str(work / "root.ext4"),
                f"{ROOT_MIB}M",
            ],
            what="root partition (mkfs.ext4 -d)",
        )
        remove_tree(rootfs)
        parts = {"boot": work / "boot.vfat", "root": work / "root.ext4", "data": work / "data.ext4"}
        assemble(work / "card.img", lay, parts)
        for part in parts.values():
            part.unlink()
        manifest = {
            "key": key,
            "kernel": version,
            "layout": {"boot": lay.boot, "root": lay.root, "data": lay.data},
            "root_sha256": sha256_of(work / "card.img", *lay.root),
            "card_build_seconds": round(time.monotonic() - started, 1),
            "installed_seconds": float((installed / "seconds").read_text()),
        }
        (work / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
        remove_tree(done)
        work.rename(done)
        log(f"built {done / 'card.img'} in {manifest['card_build_seconds']} s")
        if out_dir is None:
            hold(done, "manifest.json")
            forget_older("card-", keep=2, marker="manifest.json")
        return done


def sha256_of(path: Path, start: int, size: int) -> str:
    """The checksum of ``size`` sectors of ``path`` from sector ``start`` (a partition)."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        file.seek(start * SECTOR)
        left = size * SECTOR
        while left > 0:
            chunk = file.read(min(left, 1 << 20))
            if not chunk:
                break
            digest.update(chunk)
            left -= len(chunk)
    return digest.hexdigest()


def _file_digest(directory: Path) -> str:
    digest = hashlib.sha256()
    for file in sorted(directory.rglob("*")):
        if file.is_file() and "__pycache__" not in file.parts:
            digest.update(file.name.encode() + file.read_bytes())
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="systemd/image/build.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rebuild", action="store_true", help="build even if cached")
    parser.add_argument("--out", type=Path, default=None, help="directory for card.img")
    parser.add_argument(
        "--xz", action="store_true", help="also write card.img.xz (for Raspberry Pi Imager)"
    )
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        print("build.py: run as root (mmdebstrap, chroot and binfmt_misc need it)", file=sys.stderr)
        return 1
    try:
        card = build_card(rebuild=args.rebuild, out_dir=args.out)
    except DownloadError as error:
        print(f"DOWNLOAD FAILED: {error}", file=sys.stderr)
        return EX_TEMPFAIL
    if args.xz:
        compress(card / "card.img")
    print(card / "card.img")
    return 0


def compress(card: Path) -> Path:
    """card.img.xz beside card.img (xz on every core); its size and time on stderr."""
    started = time.monotonic()
    run(["xz", "-T0", "-6", "-k", "-f", str(card)], what="card.img.xz (xz)")
    packed = card.with_name(card.name + ".xz")
    mib = packed.stat().st_size / 2**20
    log(f"{packed}: {mib:.0f} MiB, compressed in {time.monotonic() - started:.0f} s")
    return packed


if __name__ == "__main__":
    sys.exit(main())
