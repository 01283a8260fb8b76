"""One booted arm64 machine under qemu-system-aarch64 (TCG), driven from the host.

- Disk: a qcow2 overlay on the cached image (tests/system/image.py), so the cache stays
  clean; the same overlay is booted again after a power cut or a reboot. Default caching
  (writeback, flushes honoured): a guest fsync reaches the host file before it returns, so
  SIGKILL of QEMU loses exactly what a pulled plug loses, the guest's unflushed writes.
- Screen: virtio-gpu-pci at 800x480 (a common Pi screen); QMP ``screendump`` writes PNG.
- Input: qemu-xhci with usb-kbd; QMP ``send-key`` goes QEMU → the guest kernel's evdev →
  SDL → the app, as a USB keypad would on a Pi.
- Dice reader: usb-serial (QEMU's FTDI FT232, vendor 0403:6001: the guest's ftdi_sio makes
  it /dev/ttyUSB0 and the udev rule /dev/celaeno-dice), its chardev the slave end of the
  project's own reader simulator, :class:`hardware.fake_reader.FakeReader`.
- Logs: the serial port (ttyAMA0) carries the kernel's and the journal's lines into
  ``console.log``; a root shell on the virtio console (hvc0) runs commands, framed by
  markers an echo cannot match.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hardware.fake_reader import FakeReader
from tests.system.image import Image

OUTPUT = Path(__file__).resolve().parents[1] / "output" / "system"
SCREEN = (800, 480)


class BootTimeout(AssertionError):
    """The guest did not get somewhere within its budget (evidence kept in tests/output)."""


class Qmp:
    """QEMU's machine protocol: one JSON object per line; events are kept, not lost."""

    def __init__(self, path: Path, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(str(path))
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        self.sock.settimeout(120)
        self.file = self.sock.makefile("rwb", buffering=0)
        self.events: list[dict[str, Any]] = []
        self._read()  # the greeting
        self.execute("qmp_capabilities")

    def _read(self) -> dict[str, Any]:
        line = self.file.readline()
        if not line:
            raise ConnectionError("QEMU closed its QMP socket")
        return dict(json.loads(line))

    def execute(self, command: str, **arguments: Any) -> Any:
        message: dict[str, Any] = {"execute": command}
        if arguments:
            message["arguments"] = arguments
        self.file.write(json.dumps(message).encode() + b"\n")
        while True:
            reply = self._read()
            if "event" in reply:
                self.events.append(reply)
            elif "error" in reply:
                raise RuntimeError(f"QMP {command}: {reply['error']}")
            else:
                return reply.get("return")

    def close(self) -> None:
        self.sock.close()


class Shell:
    """A root shell on hvc0: ``run`` returns (status, output) of one command line."""

    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(str(path))
        self.buffer = b""
        self.counter = 0

    def _read_until(self, pattern: re.Pattern[bytes], timeout: float) -> re.Match[bytes]:
        deadline = time.monotonic() + timeout
        while True:
            match = pattern.search(self.buffer)
            if match is not None:
                self.buffer = self.buffer[match.end() :]
                return match
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"shell: no {pattern.pattern!r}; got {self.buffer[-400:]!r}")
            self.sock.settimeout(min(left, 1.0))
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                continue
            if not data:
                raise ConnectionError("the guest's shell went away")
            self.buffer += data

    def login(self, timeout: float) -> None:
        """Wait for the autologin prompt, then swap it for a plain, silent shell."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sock.sendall(b"\n")
            try:
                self._read_until(re.compile(rb"root@[\w-]+:[^\n]*# "), 3)
                break
            except TimeoutError:
                continue
        else:
            raise TimeoutError("no root prompt on hvc0")
        # Sent again until it answers: under a loaded emulator the prompts for the newlines
        # above can still be arriving 30 s later, behind which this line waits.
        while True:
            self.sock.sendall(
                b"stty -echo; exec bash --noediting --norc --noprofile\n"
                b"PS1= PS2=; set +m; export SYSTEMD_PAGER= SYSTEMD_COLORS=0 TERM=dumb; "
                b"echo SHELL''READY\n"
            )
            try:
                self._read_until(re.compile(rb"SHELLREADY\r?\n"), 30)
                return
            except TimeoutError:
                if time.monotonic() > deadline:
                    raise

    def run(self, command: str, timeout: float = 60) -> tuple[int, str]:
        self.counter += 1
        n = self.counter
        # The quotes split each marker in the command itself, so only the output matches.
        line = f"echo '@@B{n}''@@'; {{ {command} ; }} </dev/null 2>&1; echo \"@@E{n}\"'@@' $?\n"
        self.sock.sendall(line.encode())
        self._read_until(re.compile(rf"@@B{n}@@\r?\n".encode()), timeout)
        end = self._read_until(re.compile(rf"@@E{n}@@ (\d+)\r?\n".encode()), timeout)
        output = self.buffer_before(end)
        return int(end.group(1)), output

    def buffer_before(self, match: re.Match[bytes]) -> str:
        text = match.string[: match.start()].decode("utf-8", "replace")
        return text.replace("\r\n", "\n")

    def close(self) -> None:
        self.sock.close()


class Machine:
    """See the module docstring. ``name`` names its directory under tests/output/system/."""

    def __init__(
        self,
        image: Image,
        name: str,
        *,
        gpus: int = 1,
        memory: int = 1024,
        root: str = "root=/dev/vda rw",
        grow_to: str | None = None,
        network: bool = False,
    ) -> None:
        """``root``: how the kernel finds its root (the SD card: by PARTUUID, read-only);
        ``grow_to``: a larger disk than the image, as a card is larger than its image;
        ``network``: QEMU's user networking (slirp: the guest's connections go out through
        the host's sockets; no port of the guest is forwarded), for a guest that must reach a
        package mirror. Off by default: the appliance's scenarios run without a network."""
        self.image = image
        self.network = network
        self.name = name
        self.gpus = gpus
        self.memory = memory
        self.root = root
        self.dir = OUTPUT / name
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir.mkdir(parents=True)
        self.overlay = self.dir / "disk.qcow2"
        subprocess.run(
            [
                "qemu-img",
                "create",
                "-q",
                "-f",
                "qcow2",
                "-F",
                "raw",
                "-b",
                str(image.disk),
                str(self.overlay),
            ],
            check=True,
        )
        if grow_to is not None:
            subprocess.run(["qemu-img", "resize", "-q", str(self.overlay), grow_to], check=True)
        self.console = self.dir / "console.log"
        self.reader = FakeReader()
        self.reader_lines: list[str] = []
        self.process: subprocess.Popen[bytes] | None = None
        self.qmp: Qmp | None = None
        self.shell: Shell | None = None
        self.boots = 0
        # More QEMU arguments a scenario adds before power on (the smart dice's radio).
        self.extra: list[str] = []

    # --- power ---------------------------------------------------------------------------------

    def command_line(self) -> list[str]:
        width, height = SCREEN
        gpus: list[str] = []
        for index in range(self.gpus):
            gpus += ["-device", f"virtio-gpu-pci,id=gpu{index},xres={width},yres={height}"]
        return [
            "nice", "-n", "10", "qemu-system-aarch64",
            "-M", "virt", "-cpu", "cortex-a72", "-smp", "2", "-m", str(self.memory),
            "-kernel", str(self.image.kernel), "-initrd", str(self.image.initrd),
            "-append", f"{self.root} console=ttyAMA0 loglevel=4 systemd.show_status=false",
            "-drive", f"if=none,id=disk,file={self.overlay},format=qcow2",
            "-device", "virtio-blk-pci,drive=disk",
            *gpus,
            "-display", "none",
            *self.network_arguments(),
            "-device", "qemu-xhci,id=xhci",
            "-device", "usb-kbd,bus=xhci.0",
            "-chardev", f"tty,id=reader,path={self.reader.path}",
            "-device", "usb-serial,id=reader0,chardev=reader,bus=xhci.0",
            "-chardev", f"file,id=console,path={self.console},append=on",
            "-serial", "chardev:console",
            "-device", "virtio-serial-device",
            "-chardev", f"socket,id=shell,path={self.dir / 'shell.sock'},server=on,wait=off",
            "-device", "virtconsole,chardev=shell",
            "-qmp", f"unix:{self.dir / 'qmp.sock'},server=on,wait=off",
            *self.extra,
        ]  # fmt: skip

    def network_arguments(self) -> list[str]:
        if not self.network:
            return ["-nic", "none"]
        # romfile= : no network boot ROM (the kernel is given; Debian's QEMU ships the ROM
        # in another package, ipxe-qemu, and refuses to start without it otherwise).
        return ["-netdev", "user,id=net0", "-device", "virtio-net-pci,netdev=net0,romfile="]

    def power_on(self) -> float:
        """Start QEMU; returns the monotonic time it was started."""
        if not self.reader.plugged:
            self.reader = FakeReader(on_line=self.reader_lines.append).start()
        for sock in ("shell.sock", "qmp.sock"):
            (self.dir / sock).unlink(missing_ok=True)
        self.boots += 1
        with open(self.console, "ab") as console:
            console.write(f"\n===== power on #{self.boots} =====\n".encode())
        started = time.monotonic()
        stderr = open(self.dir / "qemu.stderr", "ab")  # noqa: SIM115 - lives with the process
        self.process = subprocess.Popen(
            self.command_line(), stdin=subprocess.DEVNULL, stderr=stderr
        )
        self.qmp = Qmp(self.dir / "qmp.sock")
        return started

    def boot(self, budget: float = 240) -> float:
        """Power on and wait for the shell; seconds from power on to a shell."""
        started = self.power_on()
        try:
            self.shell = Shell(self.dir / "shell.sock")
            self.shell.login(budget)
        except (TimeoutError, ConnectionError, OSError) as error:
            self.keep_evidence("boot")
            raise BootTimeout(f"{self.name}: no shell within {budget:.0f} s ({error})") from None
        return time.monotonic() - started

    def power_cut(self) -> None:
        """SIGKILL QEMU: no flush, no shutdown, as a pulled plug."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._forget()

    def shutdown(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                assert self.qmp is not None
                self.qmp.execute("quit")
            except (RuntimeError, ConnectionError, OSError):
                pass
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._forget()

    def close(self) -> None:
        self.shutdown()
        self.reader.close()

    def _forget(self) -> None:
        for part in (self.qmp, self.shell):
            if part is not None:
                part.close()
        self.qmp = self.shell = None

    # --- talking to it -----------------------------------------------------------------------

    def sh(self, command: str, timeout: float = 120, check: bool = True) -> str:
        assert self.shell is not None, "not booted"
        status, output = self.shell.run(command, timeout)
        if check and status != 0:
            raise AssertionError(f"guest: {command!r} exited {status}:\n{output}")
        return output

    def keys(self, *qcodes: str, hold_ms: int = 80, gap: float = 0.4) -> None:
        """Press and release each key in turn (QEMU qcodes: c, l, p, up, down, ret, ...)."""
        assert self.qmp is not None
        for code in qcodes:
            self.qmp.execute(
                "send-key", keys=[{"type": "qcode", "data": code}], **{"hold-time": hold_ms}
            )
            time.sleep(gap)

    def screendump(self, name: str, gpu: int = 0) -> Path:
        """The framebuffer of virtio-gpu number ``gpu`` as a PNG (QEMU 7.2 writes PNG itself)."""
        assert self.qmp is not None
        path = self.dir / f"{name}.png"
        path.unlink(missing_ok=True)
        arguments: dict[str, Any] = {"filename": str(path), "format": "png", "device": f"gpu{gpu}"}
        self.qmp.execute("screendump", **arguments)
        _wait_for_file(path)
        return path

    def console_text(self) -> str:
        return self.console.read_text(errors="replace") if self.console.exists() else ""

    def wait_console(
        self, pattern: str, timeout: float, since: int = 0, poll: float = 0.3
    ) -> re.Match[str]:
        """Wait for ``pattern`` in the console log after character ``since``."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            match = regex.search(self.console_text(), since)
            if match is not None:
                return match
            if time.monotonic() > deadline:
                self.keep_evidence("wait")
                raise BootTimeout(f"{self.name}: no {pattern!r} on the console in {timeout:.0f} s")
            time.sleep(poll)

    def wait_reader_line(self, line: str, timeout: float, after: int = 0) -> None:
        """Wait until the app has sent ``line`` to the reader more than ``after`` times."""
        deadline = time.monotonic() + timeout
        while self.reader_lines.count(line) <= after:
            if time.monotonic() > deadline:
                self.keep_evidence("reader")
                raise BootTimeout(
                    f"{self.name}: the reader never got {line!r}: {self.reader_lines}"
                )
            time.sleep(0.1)

    def reboot(self, budget: float) -> float:
        """``systemctl reboot`` in the guest, then wait for the shell; seconds it took."""
        assert self.shell is not None
        started = time.monotonic()
        with open(self.console, "ab") as console:
            console.write(b"\n===== systemctl reboot =====\n")
        self.shell.sock.sendall(b"systemctl reboot\n")
        time.sleep(5)  # the old shell must be gone before a prompt can be the new one
        try:
            self.shell.buffer = b""
            self.shell.login(budget)
        except (TimeoutError, ConnectionError, OSError) as error:
            self.keep_evidence("reboot")
            raise BootTimeout(
                f"{self.name}: no shell {budget:.0f} s after reboot ({error})"
            ) from None
        return time.monotonic() - started

    def wait_guest(self, command: str, timeout: float, interval: float = 1.0) -> str:
        """Run ``command`` in the guest until it succeeds; its output."""
        deadline = time.monotonic() + timeout
        while True:
            assert self.shell is not None
            status, output = self.shell.run(command, 60)
            if status == 0:
                return output
            if time.monotonic() > deadline:
                self.keep_evidence("wait")
                raise BootTimeout(f"{self.name}: {command!r} still fails after {timeout:.0f} s")
            time.sleep(interval)

    def unplug_reader(self) -> None:
        assert self.qmp is not None
        self.qmp.execute("device_del", id="reader0")

    def plug_reader(self) -> None:
        assert self.qmp is not None
        self.qmp.execute(
            "device_add", driver="usb-serial", id="reader0", chardev="reader", bus="xhci.0"
        )

    def keep_evidence(self, why: str) -> None:
        """A screendump beside the console log, for whoever reads a failed run."""
        if self.qmp is not None:
            with contextlib.suppress(RuntimeError, ConnectionError, OSError, TimeoutError):
                self.screendump(f"failed-{why}")

    def journal(self, unit: str = "celaeno", since_boot: bool = True) -> str:
        flags = "-b" if since_boot else ""
        return self.sh(f"journalctl --no-pager -o cat -u {shlex.quote(unit)} {flags}", check=False)


def _wait_for_file(path: Path, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not (path.exists() and path.stat().st_size > 0):
        if time.monotonic() > deadline:
            raise TimeoutError(f"no {path}")
        time.sleep(0.1)


def committed_numbers(console: str) -> list[tuple[int, int]]:
    """(game, seq) of every 'committed N of game G' line the app logged to the console."""
    return [
        (int(game), int(seq))
        for seq, game in re.findall(r"committed (\d+) of game (\d+):", console)
    ]


# What the booted tests run on the host, and the Debian package that has each (the same
# list tests/system/ci.sh installs).
HOST_TOOLS = {
    "qemu-system-aarch64": "qemu-system-arm",
    "qemu-img": "qemu-utils",
    "qemu-aarch64-static": "qemu-user-static",  # the image's arm64 chroot, via binfmt_misc
    "mmdebstrap": "mmdebstrap",
    "arch-test": "arch-test",
    "mkfs.ext4": "e2fsprogs",
    "chroot": "coreutils",
}


def qemu_usable() -> str | None:
    """None if this machine can run the system tests, else why not, in one line that names
    the packages to install."""
    missing = {tool: package for tool, package in HOST_TOOLS.items() if not shutil.which(tool)}
    if missing:
        packages = " ".join(sorted(set(missing.values())))
        return (
            f"missing {', '.join(missing)}: apt-get install {packages} "
            "(tests/system/ci.sh installs them)"
        )
    if os.geteuid() != 0:
        return "building the image needs root (mount, chroot, binfmt_misc)"
    return None


def args_text(arguments: Sequence[str]) -> str:
    return " ".join(shlex.quote(a) for a in arguments)
