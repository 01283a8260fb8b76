"""Try the SD card image on QEMU's Raspberry Pi 3 model (not a test gate: a report).

    sudo .venv/bin/python -m tests.system.raspi3b CARD_DIR [SECONDS]

``qemu-system-aarch64 -M raspi3b`` with the card's own kernel, initramfs and
``bcm2837-rpi-3-b.dtb`` (QEMU does not run the Pi's boot firmware, so config.txt is not
read) and the card's ``cmdline.txt`` (``quiet`` taken out and systemd logging to the
kernel's log, to see the progress on the serial console); the card itself as the SD card
(a qcow2 overlay, rounded up to a power of two as QEMU's SD model wants). The kernel's console is
the card's ``console=ttyS1``, the Pi's mini UART: QEMU's second serial port. Prints how
far it got (the milestones below, with the seconds since power on) and leaves the console
log in tests/output/system/raspi3b/.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from tests.system.card import Card, boot_text
from tests.system.machine import OUTPUT

MILESTONES = (
    ("kernel", "Machine model: Raspberry Pi 3"),
    ("initramfs", "Run /init as init process"),
    ("sd card", "mmcblk0: p1 p2 p3"),
    ("systemd", "systemd[1]: "),
    ("root read-only", "EXT4-fs (mmcblk0p2): mounted filesystem"),
    ("data partition", "Mounted data.mount"),
    ("companion starting", "Starting celaeno.service"),
    ("companion started", "Started celaeno.service"),
)


def sd_size(disk: Path) -> int:
    size = disk.stat().st_size
    power = 1
    while power < size:
        power *= 2
    return power


def kernel_arguments(cmdline: str) -> str:
    """The card's cmdline.txt with the kernel's own messages on (a Pi boots ``quiet``, which
    would hide every milestone but systemd's), the rest as the card has it."""
    kept = [
        word for word in cmdline.split() if word != "quiet" and not word.startswith("loglevel=")
    ]
    # systemd's own messages (its units started) through the kernel's log onto the serial
    # port, unthrottled, and the services' own lines too (after journald starts they would
    # go only to the journal).
    return " ".join(
        [
            *kept,
            "loglevel=7",
            "systemd.log_target=kmsg",
            "systemd.journald.forward_to_kmsg=1",
            "printk.devkmsg=on",
        ]
    )


def main(argv: list[str]) -> int:
    card = Card(Path(argv[0]))
    budget = float(argv[1]) if len(argv) > 1 else 900.0
    out = OUTPUT / "raspi3b"
    out.mkdir(parents=True, exist_ok=True)
    overlay, console = out / "sd.qcow2", out / "console.log"
    console.unlink(missing_ok=True)
    subprocess.run(
        ["qemu-img", "create", "-q", "-f", "qcow2", "-F", "raw", "-b", str(card.disk),
         str(overlay), str(sd_size(card.disk))],
        check=True,
    )  # fmt: skip
    command = [
        "nice", "-n", "15", "qemu-system-aarch64", "-M", "raspi3b",
        "-kernel", str(card.directory / "vmlinuz"),
        "-initrd", str(card.directory / "initrd.img"),
        "-dtb", str(card.directory / "bcm2837-rpi-3-b.dtb"),
        "-append", kernel_arguments(boot_text(card, "cmdline.txt")),
        "-drive", f"if=sd,format=qcow2,file={overlay}",
        "-display", "none", "-serial", "null", "-serial", f"file:{console}",
    ]  # fmt: skip
    started = time.monotonic()
    qemu = subprocess.Popen(command, stdin=subprocess.DEVNULL)
    reached: dict[str, float] = {}
    try:
        while time.monotonic() - started < budget and qemu.poll() is None:
            text = console.read_text(errors="replace") if console.exists() else ""
            for name, mark in MILESTONES:
                if name not in reached and mark in text:
                    reached[name] = time.monotonic() - started
                    print(f"{reached[name]:7.1f} s  {name}", flush=True)
            if "companion started" in reached:
                break
            time.sleep(2)
    finally:
        qemu.kill()
        qemu.wait()
    missing = [name for name, _ in MILESTONES if name not in reached]
    print(f"not reached in {budget:.0f} s: {', '.join(missing) or 'nothing'}; log: {console}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
