"""Pixels dice (GameWithPixels): advertisement and message bytes → roll state and face.

Read from the maker's published protocol (CommunicationsProtocol.md), its open firmware
(``bluetooth_custom_advertising_data.cpp``, ``bluetooth_stack.cpp``, ``bluetooth_messages.h``,
``accelerometer.h``) and its libraries' scanner (``getScannedPixel``):

- **Advertisement.** Manufacturer data (company 0x0D39 since firmware of 2024-09-30, any
  company before): LED count, design and colour (die type << 4 | colourway), roll state,
  face index (from 0), battery (bit 7: charging; bits 0–6: percent). Service data under the
  Device Information UUID 0x180A, in the scan response: the die's id and its firmware's build
  time, both little-endian u32. Advertisements from before July 2022 have no service data and
  7 bytes of manufacturer data (die id, roll state, face index, battery 0–255).
- **Messages** on the notify characteristic, first byte the type: IAmADie (2), RollState (3:
  state, face index), BatteryLevel (34: percent, battery state).
- **Two roll-state numberings.** Firmware before 2024-10-21: 0 unknown, 1 on face, 2 handling,
  3 rolling, 4 crooked — "on face" was the only resting state, and the makers' apps take it
  as the roll's result. From 2024-11-01: 0 unknown, 1 rolled, 2 handling, 3 rolling, 4 crooked,
  5 on face (resting without having been rolled: put down by hand, never a roll). Builds of
  the ten days between numbered 4 rolled and 5 crooked. The firmware's build time (service
  data, or IAmADie) says which numbering a die speaks.

Only a die that came to rest on a face after moving gives a value (:class:`RollTracker`);
handling, rolling, crooked, unknown and "put down" never do.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias

COMPANY_ID = 0x0D39  # Systemic Games, the makers of Pixels
INFO_SERVICE = "0000180a-0000-1000-8000-00805f9b34fb"
SERVICE = "a6b90001-7a5a-43f2-a962-350c8edc9b5b"
NOTIFY = "a6b90002-7a5a-43f2-a962-350c8edc9b5b"
WRITE = "a6b90003-7a5a-43f2-a962-350c8edc9b5b"
LEGACY_SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
LEGACY_NOTIFY = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"  # the same UUID as its service
LEGACY_WRITE = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"
SERVICES = (SERVICE, LEGACY_SERVICE)

WHO_ARE_YOU = bytes([1])  # asks for IAmADie
MSG_I_AM_A_DIE, MSG_ROLL_STATE, MSG_BATTERY_LEVEL = 2, 3, 34

RollState: TypeAlias = Literal["unknown", "rolled", "resting", "handling", "rolling", "crooked"]
Numbering: TypeAlias = Mapping[int, RollState]

# Firmware build times (UNIX seconds) where the numbering changed: the two commits.
NUMBERING_INTERIM_FROM = 1729529358  # 2024-10-21 "Update the meaning of OnFace vs Rolled"
NUMBERING_CURRENT_FROM = 1730464976  # 2024-11-01 "Re-ordered RollState enum values"
OLD_ADVERTISEMENT_FIRMWARE = 1656633600  # 2022-07-01: what the makers assume for the old layout
BAD_NORMALS_UNTIL = 1704150000  # firmware up to here reports some D6 faces wrongly (makers' fix)

LEGACY: Numbering = {0: "unknown", 1: "rolled", 2: "handling", 3: "rolling", 4: "crooked"}
INTERIM: Numbering = {0: "unknown", 1: "resting", 2: "handling", 3: "rolling", 4: "rolled",
                      5: "crooked"}  # fmt: skip
CURRENT: Numbering = {0: "unknown", 1: "rolled", 2: "handling", 3: "rolling", 4: "crooked",
                      5: "resting"}  # fmt: skip
MOVING: frozenset[RollState] = frozenset({"handling", "rolling"})

DIE_TYPES = ("unknown", "d4", "d6", "d8", "d10", "d00", "d12", "d20", "pd6", "fd6", "m20")
COLOURWAYS = ("unknown", "onyx_black", "hematite_grey", "midnight_galaxy", "aurora_sky", "clear",
              "white_aurora")  # fmt: skip
SIX_SIDED = frozenset({"d6", "pd6"})  # a fudge die (fd6) has six faces but not 1–6
FACES = {"d4": 4, "d6": 6, "pd6": 6, "fd6": 6, "d8": 8, "d10": 10, "d00": 10, "d12": 12,
         "d20": 20, "m20": 20}  # fmt: skip
_ESTIMATED = {4: "d4", 6: "d6", 8: "d8", 10: "d10", 12: "d12", 20: "d20", 21: "pd6"}
# Makers' correction for firmware with bad normals: D6 face index → face.
_BAD_NORMALS_D6 = {4: 2, 3: 3, 2: 4, 1: 5}


def numbering(firmware: int | None) -> Numbering:
    """The roll-state numbering of firmware built at ``firmware`` (None: unknown, current)."""
    if firmware is None or firmware >= NUMBERING_CURRENT_FROM:
        return CURRENT
    return INTERIM if firmware >= NUMBERING_INTERIM_FROM else LEGACY


def face_of(index: int, die_type: str, firmware: int | None) -> int:
    """The face a face index names (index 0 is face 1 on every die with faces 1–N)."""
    if die_type in SIX_SIDED and firmware is not None and firmware <= BAD_NORMALS_UNTIL:
        return _BAD_NORMALS_D6.get(index, index + 1)
    return index + 1


@dataclass(frozen=True)
class PixelsAdvert:
    """What one advertisement (with its scan response) says about a Pixels die."""

    pixel_id: int
    die_type: str
    colour: str
    state: RollState
    face: int
    battery: int  # percent
    charging: bool
    firmware: int | None  # build time, UNIX seconds


def decode_advert(
    manufacturer: Mapping[int, bytes], service: Mapping[str, bytes]
) -> PixelsAdvert | None:
    """A Pixels advertisement, or None when these are not a Pixels die's data."""
    info = service.get(INFO_SERVICE)
    data = manufacturer.get(COMPANY_ID)
    if data is None and manufacturer:
        data = next(iter(manufacturer.values()))  # before 2024-09-30: any company id
    if data is not None and info is not None and len(info) >= 8 and len(data) >= 5:
        return _current_advert(bytes(data), bytes(info))
    if info is None:
        for company, old in manufacturer.items():
            if len(old) == 7:
                return _old_advert(company, bytes(old))
    return None


def _current_advert(data: bytes, info: bytes) -> PixelsAdvert | None:
    pixel_id, firmware = struct.unpack_from("<II", info)
    leds, design, state, index, battery = data[:5]
    if pixel_id == 0:  # the makers' scanner drops these as invalid
        return None
    die_type = _die_type(design >> 4, leds)
    return PixelsAdvert(
        pixel_id=pixel_id,
        die_type=die_type,
        colour=COLOURWAYS[design & 0x0F] if (design & 0x0F) < len(COLOURWAYS) else "custom",
        state=numbering(firmware).get(state, "unknown"),
        face=face_of(index, die_type, firmware),
        battery=min(battery & 0x7F, 100),
        charging=bool(battery & 0x80),
        firmware=firmware,
    )


def _old_advert(company: int, data: bytes) -> PixelsAdvert | None:
    """Before July 2022 the company id field carried the LED count (high byte)."""
    pixel_id, state, index, battery = struct.unpack("<IBBB", data)
    if pixel_id == 0:
        return None
    die_type = _die_type(0, company >> 8)
    return PixelsAdvert(
        pixel_id=pixel_id,
        die_type=die_type,
        colour="unknown",
        state=LEGACY.get(state, "unknown"),
        face=face_of(index, die_type, OLD_ADVERTISEMENT_FIRMWARE),
        battery=round(battery / 255 * 100),
        charging=False,
        firmware=OLD_ADVERTISEMENT_FIRMWARE,
    )


def _die_type(value: int, leds: int) -> str:
    if 0 < value < len(DIE_TYPES):
        return DIE_TYPES[value]
    return _ESTIMATED.get(leds, "unknown")  # older dice: the makers guess from the LED count


# --- messages on a connection ----------------------------------------------------------------


@dataclass(frozen=True)
class RollMessage:
    state: RollState
    index: int  # face index, from 0


@dataclass(frozen=True)
class BatteryMessage:
    battery: int
    charging: bool


@dataclass(frozen=True)
class IAmADie:
    firmware: int | None


Message: TypeAlias = RollMessage | BatteryMessage | IAmADie
_CHARGING_STATES = frozenset({2, 3})  # BatteryState: ok, low, charging, done, bad, error
_LEGACY_I_AM_A_DIE = 22  # bytes, with the build time at offset 14


def decode_message(data: bytes, firmware: int | None) -> Message | None:
    """One notification from a connected die, or None for anything else (or garbled)."""
    if not data:
        return None
    kind = data[0]
    if kind == MSG_ROLL_STATE and len(data) == 3:
        return RollMessage(numbering(firmware).get(data[1], "unknown"), data[2])
    if kind == MSG_BATTERY_LEVEL and len(data) == 3:
        return BatteryMessage(min(data[1], 100), data[2] in _CHARGING_STATES)
    if kind == MSG_I_AM_A_DIE:
        return _i_am_a_die(data)
    return None


def _i_am_a_die(data: bytes) -> IAmADie | None:
    if len(data) == _LEGACY_I_AM_A_DIE:
        return IAmADie(struct.unpack_from("<I", data, 14)[0] or None)
    # Newer: chunks, the first being VersionInfo (size, firmware version u16, build time u32).
    if len(data) >= 8 and data[1] >= 7:
        return IAmADie(struct.unpack_from("<I", data, 4)[0] or None)
    return None


# --- from states to rolls ----------------------------------------------------------------------


class RollTracker:
    """One die's states in the order seen → the face of each settled roll.

    A roll is a "rolled" state after a moving one (or after a roll on another face, when the
    moving part fell between two advertisements). The first state seen is never a roll: the
    die was already lying there.
    """

    def __init__(self) -> None:
        self._last: tuple[RollState, int] | None = None

    def observe(self, state: RollState, face: int) -> int | Literal["crooked"] | None:
        """The face rolled, "crooked" for a roll that ended off a face, else None."""
        last, self._last = self._last, (state, face)
        if last is None or last == (state, face):
            return None
        if state == "crooked" and last[0] in MOVING:
            return "crooked"
        if state == "rolled" and (last[0] in MOVING or last[0] == "rolled"):
            return face
        return None  # after crooked, unknown or put down: not a roll

    def forget(self) -> None:
        """The die went away: what it says when back is its first state again."""
        self._last = None
