"""The table's own Wi-Fi network: its settings, name, passphrase and join code.

The ``[network]`` section of celaeno.toml says when the Pi makes its own access point:
``hotspot = "auto"`` (when no house Wi-Fi is configured or none is found in time),
``"always"`` or ``"never"``; ``passphrase`` is the owner's own, else one is generated once
from the system's random source and kept on the data partition. A mistake in this section
never refuses the whole file (the table's game settings are not the network's business):
it is one line, and the section's defaults (or the generated passphrase) are used.

Standard library only, beside :mod:`device.storage.durable`: the card's boot check runs this
before the companion and must stay quick.
"""

from __future__ import annotations

import contextlib
import grp
import hashlib
import json
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from device.storage.durable import replace_durably
from rules.values import Record

MODES = ("auto", "always", "never")
KEYS = ("hotspot", "passphrase")
MIN_PASSPHRASE, MAX_PASSPHRASE = 8, 63  # WPA2-PSK (IEEE 802.11i)
# Letters and digits a phone's keyboard types without a shift and nobody misreads
# (no 0/o, 1/l/i): 16 of them carry 80 bits, in groups of four for reading aloud.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
GROUPS, GROUP = 4, 4
ADDRESS = "10.42.0.1"  # the Pi on its own network (NetworkManager's shared default too)
PREFIX = 24
# What the access point in use is, for "Show on phones" (written only while it is up).
STATE = Path("/run/celaeno-hotspot/state.json")


class NetworkSettings(Record):
    hotspot: str = "auto"
    passphrase: str | None = None  # None: the generated one


class Hotspot(Record):
    """The access point as phones see it."""

    ssid: str
    passphrase: str
    address: str = ADDRESS

    def join_code(self) -> str:
        return wifi_qr(self.ssid, self.passphrase)


def read_network(document: Mapping[str, object], name: str) -> tuple[NetworkSettings, list[str]]:
    """The ``[network]`` section of a parsed celaeno.toml, and one line per mistake."""
    section = document.get("network", {})
    if not isinstance(section, dict):
        return NetworkSettings(), [f"{name}: [network]: expected a section; its defaults are used"]
    unknown = sorted(set(section) - set(KEYS))
    if unknown:
        line = f"{name}: network.{unknown[0]}: unknown key (expected hotspot, passphrase)"
        return NetworkSettings(), [f"{line}; the network's defaults are used"]
    mode = section.get("hotspot", "auto")
    if not isinstance(mode, str) or mode not in MODES:
        line = f'{name}: network.hotspot: expected "auto", "always" or "never", got {mode!r}'
        return NetworkSettings(), [f"{line}; the network's defaults are used"]
    passphrase = section.get("passphrase")
    problem = None if passphrase is None else passphrase_problem(passphrase)
    if problem is not None:
        return NetworkSettings(mode), [f"{name}: network.passphrase: {problem}"]
    return NetworkSettings(mode, passphrase), []


def passphrase_problem(passphrase: object) -> str | None:
    """Why ``passphrase`` cannot be a WPA2 passphrase, in words (None: it can)."""
    if not isinstance(passphrase, str):
        return "expected text in quotes; the generated passphrase is used"
    count = len(passphrase)
    if not MIN_PASSPHRASE <= count <= MAX_PASSPHRASE:
        return (
            f"a Wi-Fi passphrase has 8 to 63 characters, this one has {count}; "
            "the generated passphrase is used"
        )
    if not passphrase.isascii() or not passphrase.isprintable():
        return (
            "a Wi-Fi passphrase holds letters, digits, spaces and signs only (no accents); "
            "the generated passphrase is used"
        )
    return None


def generated_passphrase() -> str:
    """A new passphrase from the system's random source (``secrets``: os.urandom)."""
    letters = "".join(secrets.choice(ALPHABET) for _ in range(GROUPS * GROUP))
    return "-".join(letters[i : i + GROUP] for i in range(0, len(letters), GROUP))


def kept_passphrase(path: Path) -> str:
    """The passphrase kept at ``path``; made and kept there durably the first time (or when
    what is there is not a passphrase). OSError: it could not be kept."""
    try:
        kept = path.read_text(encoding="ascii").strip()
    except (FileNotFoundError, UnicodeDecodeError):
        kept = ""
    if kept and passphrase_problem(kept) is None:
        return kept
    fresh = generated_passphrase()
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_durably(path, (fresh + "\n").encode(), path.with_name(path.name + ".new"))
    path.chmod(0o600)  # root's: the companion is shown it through the access point's state
    return fresh


def pi_serial(cpuinfo: str) -> str | None:
    """The board's serial number from /proc/cpuinfo (a Pi's ``Serial`` line)."""
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "Serial" and value.strip().strip("0"):
            return value.strip()
    return None


def ssid_for(serial: str | None, mac: str | None, fallback: str = "") -> str:
    """``celaeno-XXXX``: the last four hex digits of the Pi's serial, else of the radio's
    MAC address, else of a hash of ``fallback`` (stable, as long as it is)."""
    for source in (serial, mac):
        digits = "".join(c for c in (source or "") if c in "0123456789abcdefABCDEF")
        if len(digits) >= 4:
            return f"celaeno-{digits[-4:].upper()}"
    return f"celaeno-{hashlib.sha256(fallback.encode()).hexdigest()[-4:].upper()}"


def escape_wifi(value: str) -> str:
    """A field of the Wi-Fi join code: ``\\ ; , : "`` escaped with a backslash."""
    return "".join("\\" + c if c in '\\;,:"' else c for c in value)


def wifi_qr(ssid: str, passphrase: str) -> str:
    """The join code phones' cameras read (the ZXing ``WIFI:`` format, WPA2-PSK)."""
    return f"WIFI:T:WPA;S:{escape_wifi(ssid)};P:{escape_wifi(passphrase)};;"


def write_state(path: Path, hotspot: Hotspot) -> None:
    """Say that ``hotspot`` is up (for the companion's "Show on phones")."""
    data = {"ssid": hotspot.ssid, "passphrase": hotspot.passphrase, "address": hotspot.address}
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    temporary.write_text(json.dumps(data))
    temporary.chmod(0o640)  # the passphrase: root and the companion's group only
    _readable_by_companion(temporary)
    temporary.replace(path)


def _readable_by_companion(path: Path, group: str = "celaeno") -> None:
    # A desktop (no such group), or not root: the file stays its owner's own.
    with contextlib.suppress(KeyError, PermissionError):
        os.chown(path, -1, grp.getgrnam(group).gr_gid)


def read_state(path: Path | None = None) -> Hotspot | None:
    """The access point up now, or None (none, or its state unreadable)."""
    path = STATE if path is None else path
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Hotspot(str(data["ssid"]), str(data["passphrase"]), str(data["address"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
