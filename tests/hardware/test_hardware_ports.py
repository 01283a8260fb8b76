"""Port "auto": the udev name first, then the first port matching a pattern."""

from __future__ import annotations

import re
from pathlib import Path

from serial.tools.list_ports_common import ListPortInfo

from hardware import ports
from hardware.ports import DEFAULT_PATTERNS, find_port, port_matches


def usb_port(
    device: str, vid: int | None, pid: int | None, description: str = "n/a"
) -> ListPortInfo:
    port = ListPortInfo(device, skip_link_detection=True)
    port.vid, port.pid, port.description = vid, pid, description
    return port


PICO = usb_port("/dev/ttyACM0", 0x2E8A, 0x0005, "Board in FS mode")
CH340 = usb_port("/dev/ttyUSB0", 0x1A86, 0x7523, "USB Serial")
MOUSE_UART = usb_port("/dev/ttyUSB1", 0x1234, 0x5678, "Some Gadget")
ONBOARD = usb_port("/dev/ttyAMA0", None, None, "ttyAMA0")


def test_usb_id_globs_match_case_insensitively() -> None:
    assert port_matches(PICO, "2e8a:*")
    assert port_matches(PICO, "2E8A:0005")
    assert not port_matches(PICO, "2e8a:000a")
    assert not port_matches(ONBOARD, "2e8a:*")


def test_other_patterns_match_the_description() -> None:
    assert port_matches(MOUSE_UART, "gadget")
    assert not port_matches(PICO, "gadget")


def test_the_first_matching_port_is_chosen(tmp_path: Path) -> None:
    absent = str(tmp_path / "celaeno-dice")
    ports = [ONBOARD, MOUSE_UART, CH340, PICO]
    assert find_port(DEFAULT_PATTERNS, ports, absent) == "/dev/ttyUSB0"
    assert find_port(["nothing"], ports, absent) is None


def test_the_udev_name_wins_when_it_exists(tmp_path: Path) -> None:
    stable = tmp_path / "celaeno-dice"
    stable.touch()
    assert find_port(DEFAULT_PATTERNS, [PICO], str(stable)) == str(stable)


def test_the_udev_rule_names_the_same_boards_as_the_default_patterns() -> None:
    rules = Path(ports.__file__).with_name("99-celaeno-dice-reader.rules").read_text()
    active = [line for line in rules.splitlines() if line and not line.startswith("#")]
    ids = set()
    for line in active:
        vid = re.search(r'ATTRS\{idVendor\}=="(\w+)"', line)
        pid = re.search(r'ATTRS\{idProduct\}=="(\w+)"', line)
        assert vid and 'SYMLINK+="celaeno-dice"' in line
        ids.add(f"{vid[1]}:{pid[1] if pid else '*'}")
    assert ids == set(DEFAULT_PATTERNS)
