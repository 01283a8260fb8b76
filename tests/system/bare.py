"""A bare Debian 12 arm64 machine, as a fresh Raspberry Pi OS Lite is before install.sh ran,
and the Pi setup steps as docs/card.md's code blocks say them.

The base system is systemd/image/build.py's base layer (mmdebstrap, cached by its package
list) with :data:`BARE_PACKAGES` only: what Raspberry Pi OS Lite has of what matters here
(a kernel, systemd, udev, D-Bus, sudo, Python 3 without venv or pip) and nothing else that
``systemd/install.sh --list-packages`` names, so the installer's apt step installs for real.
On top of it, per run (:func:`make_disk`), what an owner's Pi has and the test plumbing:

- the user ``pi`` with sudo and no password (Raspberry Pi OS's 010_pi-nopasswd), holding the
  checkout as ``~pi/celaeno`` (the tracked files of this one, as they are in the work tree)
  and the wheelhouse the host made beside it;
- a wired network by DHCP (systemd-networkd, part of Debian's systemd package; QEMU's user
  networking answers), the Debian mirror's name resolved as the host resolves it, and
  PyPI's names resolved to the guest's own loopback, where nothing listens: pip in the guest
  cannot reach PyPI, so the offline wheelhouse is what the install proves. (By name, not by
  address: the mirror and PyPI may share a CDN's addresses, and blocking those would cut
  apt off too.);
- the test plumbing, none of it the product's: a root shell on the virtio console, the
  journal on the serial port, and the emulator's longer start timeout for the two units.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from tests.system.image import EMULATOR_DROP_IN, Image, builder, shell_unit

ROOT = Path(__file__).resolve().parents[2]
# The owner's page for the Pi (the README links to it).
SETUP_PAGE = ROOT / "docs" / "card.md"
SETUP_HEADING = "## Setup from a fresh Raspberry Pi OS"
# python3 and dbus are in install.sh's list too; Raspberry Pi OS Lite has both already.
# passwd (useradd) and sudo are there as well; the network is systemd-networkd's (in systemd).
BARE_PACKAGES = (
    "linux-image-arm64",
    "systemd-sysv",
    "udev",
    "kmod",
    "dbus",
    "procps",
    "ca-certificates",
    "sudo",
    "passwd",
    "python3",
)
PYPI_NAMES = ("pypi.org", "files.pythonhosted.org")
SLIRP_DNS = "10.0.2.3"  # QEMU user networking's resolver, which asks the host's
HOSTNAME = "raspberrypi"
DISK_SIZE = "6G"
OWNER = "pi"


# --- the Pi setup steps -------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    command: str
    comment: str


@dataclass(frozen=True)
class Setup:
    """The offline route through the setup section of docs/card.md, in the order an owner takes it."""

    on_the_pi_first: list[str]  # block one up to its install line: cd, the dry run
    online_install: str  # block one's `sudo systemd/install.sh`: needs PyPI, not run here
    on_the_host: str  # "on the computer with internet": makes the wheelhouse
    on_the_pi_offline: str  # "on the Pi": installs from it


def setup_blocks(readme: str) -> list[list[Step]]:
    """The ```sh blocks of the "Setup from a fresh Raspberry Pi OS" section."""
    start = readme.find(SETUP_HEADING)
    assert start >= 0, f"{SETUP_PAGE.name} has no {SETUP_HEADING!r} section"
    end = re.compile(r"^#{2,3} ", re.M).search(readme, start + len(SETUP_HEADING))
    section = readme[start : end.start() if end else len(readme)]
    blocks = re.findall(r"^```sh\n(.*?)^```", section, re.M | re.S)
    return [[_step(line) for line in block.splitlines() if line.strip()] for block in blocks]


def _step(line: str) -> Step:
    command, _, comment = line.partition(" #")
    return Step(command.strip(), comment.strip())


def readme_setup(readme: str) -> Setup:
    """The page's commands, unchanged; fails with what moved if the section changed shape."""
    blocks = setup_blocks(readme)
    assert len(blocks) == 2, f"the setup section: {len(blocks)} sh blocks, not 2: {blocks}"
    first, offline = blocks
    installs = [i for i, step in enumerate(first) if step.command.startswith("sudo ")]
    assert len(installs) == 1, f"the first setup block: no single sudo install: {first}"
    host = [s.command for s in offline if "computer with internet" in s.comment]
    pi = [s.command for s in offline if s.comment == "on the Pi"]
    assert len(host) == 1 and len(pi) == 1 and len(offline) == 2, (
        f"the offline block: not one host line and one Pi line: {offline}"
    )
    return Setup(
        on_the_pi_first=[s.command for s in first[: installs[0]]],
        online_install=first[installs[0]].command,
        on_the_host=host[0],
        on_the_pi_offline=pi[0],
    )


# --- on the host ---------------------------------------------------------------------------------


def copy_checkout(target: Path) -> Path:
    """The tracked files of this checkout, as they are in the work tree, into ``target``."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True
    ).stdout
    for name in (n for n in listed.decode().split("\0") if n):
        source = ROOT / name
        if not source.exists():  # deleted in the work tree, not yet committed
            continue
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination, follow_symlinks=False)
    return target


def run_on_host(command: str, checkout: Path) -> str:
    """A setup line "on the computer with internet", in a shell in the checkout."""
    output = builder.run(
        ["bash", "-c", f"cd {checkout} && {command}"],
        what=f"setup on the host: {command}",
        network=builder.PIP_NETWORK,
        env=os.environ,
    )
    return str(output)


# --- the bare machine's disk ----------------------------------------------------------------------


def build_bare_base() -> Path:
    return Path(builder.build_base(BARE_PACKAGES))


def make_disk(base: Path, checkout: Path, out: Path) -> Image:
    """``out``/disk.raw, vmlinuz and initrd.img: the bare base, the owner's things and the
    plumbing (see the module docstring); the checkout becomes ``~pi/celaeno``."""
    builder.remove_tree(out)
    out.mkdir(parents=True)
    rootfs = out / "rootfs"
    subprocess.run(["cp", "-a", "--reflink=auto", str(base), str(rootfs)], check=True)
    builder.ensure_binfmt()
    add_owner(rootfs, checkout)
    network(rootfs)
    plumbing(rootfs)
    version = builder.kernel_version(rootfs)
    shutil.copyfile(rootfs / f"boot/vmlinuz-{version}", out / "vmlinuz")
    builder.make_initramfs(rootfs, version, out / "initrd.img")
    builder.run(
        ["mkfs.ext4", "-q", "-L", "root", "-d", str(rootfs), str(out / "disk.raw"), DISK_SIZE],
        what="the bare machine's disk (mkfs.ext4 -d)",
    )
    builder.remove_tree(rootfs)
    return Image(out)


def add_owner(rootfs: Path, checkout: Path) -> None:
    """The user pi, in the group sudo without a password as on Raspberry Pi OS, with the
    checkout in its home."""
    builder.run(
        ["chroot", str(rootfs), "useradd", "--create-home", "--shell", "/bin/bash",
         "--groups", "sudo", OWNER],
        what="the user pi",
        env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"},
    )  # fmt: skip
    sudoers = rootfs / "etc/sudoers.d/010_pi-nopasswd"
    sudoers.parent.mkdir(parents=True, exist_ok=True)
    sudoers.write_text(f"{OWNER} ALL=(ALL) NOPASSWD: ALL\n")
    sudoers.chmod(0o440)
    uid, gid = _ids(rootfs, OWNER)
    home = rootfs / "home" / OWNER / "celaeno"
    subprocess.run(["cp", "-a", f"{checkout}/.", str(home)], check=True)
    subprocess.run(["chown", "-R", f"{uid}:{gid}", str(home)], check=True)


def _ids(rootfs: Path, user: str) -> tuple[int, int]:
    for line in (rootfs / "etc/passwd").read_text().splitlines():
        fields = line.split(":")
        if fields[0] == user:
            return int(fields[2]), int(fields[3])
    raise RuntimeError(f"no user {user} in {rootfs}")


def network(rootfs: Path) -> None:
    """DHCP on the wired interface; names as the host resolves the mirror; no PyPI."""
    (rootfs / "etc/systemd/network/20-wired.network").write_text(
        "[Match]\nName=en* eth*\n\n[Network]\nDHCP=yes\n"
    )
    builder.run(
        ["chroot", str(rootfs), "systemctl", "enable", "systemd-networkd.service"],
        what="systemd-networkd enabled",
        env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"},
    )
    resolv = rootfs / "etc/resolv.conf"
    resolv.unlink(missing_ok=True)
    resolv.write_text(f"nameserver {SLIRP_DNS}\n")
    (rootfs / "etc/hostname").write_text(f"{HOSTNAME}\n")
    (rootfs / "etc/hosts").write_text(hosts_file())


def hosts_file() -> str:
    """localhost, the machine's name, the mirrors as this host reaches them (a host may name
    its mirror in its own /etc/hosts, which QEMU's resolver does not read), PyPI nowhere."""
    lines = ["127.0.0.1\tlocalhost", f"127.0.1.1\t{HOSTNAME}"]
    names = {urlsplit(url).hostname for url in (builder.MIRROR, builder.SECURITY)}
    for name in sorted(n for n in names if n is not None and n not in PYPI_NAMES):
        lines.append(f"{socket.gethostbyname(name)}\t{name}")
    lines.append(f"127.0.0.1\t{' '.join(PYPI_NAMES)}\t# the test: pip cannot reach PyPI")
    return "\n".join(lines) + "\n"


SHELL_UNIT = shell_unit(HOSTNAME, "BindsTo=dev-hvc0.device\nAfter=dev-hvc0.device\n")


def plumbing(rootfs: Path) -> None:
    """A root shell on hvc0, the journal on ttyAMA0, the emulator's timeouts.

    The shell is a plain bash on the console, not an autologin getty: that needs /bin/login
    (Debian's ``login``), which the bare base has not."""
    (rootfs / "etc/fstab").write_text("/dev/vda / ext4 rw,errors=remount-ro 0 1\n")
    system = rootfs / "etc/systemd/system"
    files = {
        "celaeno-test-shell.service": SHELL_UNIT,
        # udev under TCG on a busy host can take longer than systemd's 90 s for a device.
        "dev-hvc0.device.d/timeout.conf": "[Unit]\nJobRunningTimeoutSec=infinity\n",
        # A start of the app under TCG can exceed the unit's 60 s (right for a Pi).
        "celaeno.service.d/emulator.conf": EMULATOR_DROP_IN,
        "celaeno-web.service.d/emulator.conf": EMULATOR_DROP_IN,
    }
    for name, body in files.items():
        (system / name).parent.mkdir(parents=True, exist_ok=True)
        (system / name).write_text(body)
    wants = system / "multi-user.target.wants"
    wants.mkdir(parents=True, exist_ok=True)
    (wants / "celaeno-test-shell.service").symlink_to(
        "/etc/systemd/system/celaeno-test-shell.service"
    )
    # systemd's getty generator starts a login on a virtual machine's console by itself; its
    # hangup of the terminal would end the test shell.
    (system / "serial-getty@hvc0.service").symlink_to("/dev/null")
    journald = rootfs / "etc/systemd/journald.conf.d"
    journald.mkdir(parents=True, exist_ok=True)
    (journald / "console.conf").write_text(
        "[Journal]\nForwardToConsole=yes\nTTYPath=/dev/ttyAMA0\nMaxLevelConsole=info\n"
    )
