"""Finding the dice reader when the configured port is ``auto``.

First the stable name the shipped udev rule gives a reader (99-celaeno-dice-reader.rules); then
the first serial port whose USB vendor:product id or description matches a configured pattern.
A pattern like ``2e8a:*`` is a vid:pid glob (hex, ``*`` and ``?`` allowed); anything else is a
case-insensitive substring of the port's description or product name.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

STABLE_NAME = "/dev/celaeno-dice"

# Boards DIY dice readers are built on; the udev rule lists the same ids (a test keeps them equal).
DEFAULT_PATTERNS: tuple[str, ...] = (
    "2e8a:*",  # Raspberry Pi Pico / RP2040 / RP2350 USB CDC (MicroPython, CircuitPython, pico-sdk)
    "2341:*",  # Arduino (Uno R3/R4, Leonardo, Nano Every, ...)
    "2a03:*",  # Arduino boards from arduino.org
    "1a86:7523",  # CH340 USB-serial (cheap Nano and ESP32 boards)
    "10c4:ea60",  # Silicon Labs CP210x (many ESP32 boards)
    "0403:6001",  # FTDI FT232R
)

if TYPE_CHECKING:
    from hardware.library_types import PortInfo


_USB_ID = re.compile(r"[0-9a-fA-F*?]{1,4}:[0-9a-fA-F*?]{1,4}")


def port_matches(port: PortInfo, pattern: str) -> bool:
    """Whether one ``serial.tools.list_ports`` entry matches one pattern."""
    if _USB_ID.fullmatch(pattern):
        if port.vid is None or port.pid is None:
            return False
        return fnmatch.fnmatchcase(f"{port.vid:04x}:{port.pid:04x}", pattern.lower())
    names = (port.description or "", port.product or "")
    return any(pattern.lower() in name.lower() for name in names)


def find_port(
    patterns: Sequence[str],
    ports: Iterable[PortInfo] | None = None,
    stable_name: str = STABLE_NAME,
) -> str | None:
    """The device path of the reader, or None if nothing plugged in looks like one."""
    if Path(stable_name).exists():
        return stable_name
    if ports is None:
        from serial.tools import list_ports

        ports = list_ports.comports()
    for port in ports:
        if any(port_matches(port, pattern) for pattern in patterns):
            return str(port.device)
    return None
