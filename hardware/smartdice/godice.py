"""GoDice (Particula): notification bytes → what the die says, and its vector → a D6 face.

Read from the maker's APIs (GoDice JavaScript and Python, ``godice.js``, ``godice/dice.py``,
``godice/xyzinterpret.py``): a Nordic-UART-style service; the die notifies on ``NOTIFY`` and
takes commands on ``WRITE``. Advertised names start with ``GoDice_``. Messages, by their
first bytes (ASCII):

- ``R``: a roll started.
- ``S`` x y z: stable — the die has settled; x, y, z are signed bytes, the accelerometer's
  gravity vector, which the host maps to the nearest face of the fitted shell.
- ``FS``, ``TS``, ``MS`` x y z: "fake stable", "tilt stable", "move stable" — the die stopped
  briefly while still moving, leaning, or being moved. Never a roll.
- ``Bat`` n: battery level in percent (answer to command 3).
- ``Col`` n: the colour of the dots (answer to command 23).

Only ``S`` gives a value, and only when its vector lies near a face of the D6 shell; a vector
between faces (a die leaning on something) is "crooked", as for the other dice.

The maker's ``godice`` package is not used: it reads the second and third bytes before
checking a notification's length (a short one raises inside bleak's callback), waits for a
battery answer without a timeout (a die that goes quiet hangs the caller), and owns the
connection, where the companion needs one loop for every die and the raw messages to test.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, TypeAlias

SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
WRITE = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"
NOTIFY = "6e400003-b5a3-f393-e0a9-e50e24dcca9e"
NAME_PREFIX = "GoDice_"

ASK_BATTERY = bytes([3])
ASK_COLOUR = bytes([23])
COLOURS = ("black", "red", "green", "blue", "yellow", "orange")

# The maker's D6 shell table: the gravity vector when each face is up.
D6_VECTORS: dict[int, tuple[int, int, int]] = {
    1: (-64, 0, 0),
    2: (0, 0, 64),
    3: (0, 64, 0),
    4: (0, -64, 0),
    5: (0, 0, -64),
    6: (64, 0, 0),
}
# Settled means near a face: within 30° of its axis, with a plausible length (64 ≈ 1 g).
MAX_TILT_DEGREES = 30.0
MIN_LENGTH, MAX_LENGTH = 32.0, 128.0

Xyz: TypeAlias = tuple[int, int, int]


@dataclass(frozen=True)
class Rolling:
    """``R``: the die started rolling."""


@dataclass(frozen=True)
class Stable:
    """``S``, ``FS``, ``TS`` or ``MS`` with the die's vector."""

    kind: Literal["stable", "fake", "tilt", "move"]
    xyz: Xyz


@dataclass(frozen=True)
class Battery:
    percent: int


@dataclass(frozen=True)
class Colour:
    colour: str


Message: TypeAlias = Rolling | Stable | Battery | Colour
_STABLE_KINDS: dict[bytes, Literal["fake", "tilt", "move"]] = {
    b"FS": "fake",
    b"TS": "tilt",
    b"MS": "move",
}


def decode(data: bytes) -> Message | None:
    """One notification, or None when it is none of the documented messages."""
    if data == b"R":
        return Rolling()
    if len(data) == 4 and data[:1] == b"S":
        return Stable("stable", _xyz(data[1:4]))
    if len(data) == 5 and data[:2] in _STABLE_KINDS:
        return Stable(_STABLE_KINDS[data[:2]], _xyz(data[2:5]))
    if len(data) == 4 and data[:3] == b"Bat" and data[3] <= 100:
        return Battery(data[3])
    if len(data) == 4 and data[:3] == b"Col" and data[3] < len(COLOURS):
        return Colour(COLOURS[data[3]])
    return None


def _xyz(raw: bytes) -> Xyz:
    x, y, z = (value - 256 if value > 127 else value for value in raw)
    return x, y, z


def d6_face(xyz: Xyz) -> int | None:
    """The D6 face whose vector is nearest ``xyz``; None when no face is near (crooked)."""
    length = math.hypot(*xyz)
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        return None
    face = min(D6_VECTORS, key=lambda f: math.dist(xyz, D6_VECTORS[f]))
    axis = D6_VECTORS[face]
    cosine = sum(a * b for a, b in zip(xyz, axis, strict=True)) / (length * 64)
    return face if cosine >= math.cos(math.radians(MAX_TILT_DEGREES)) else None


def settled_face(message: Message | None) -> int | None:
    """The face of a settled roll (``S`` near a face), else None."""
    if isinstance(message, Stable) and message.kind == "stable":
        return d6_face(message.xyz)
    return None


class RollTracker:
    """One die's messages in order → the face of each settled roll: an ``S`` after an ``R``.

    An ``S`` with no roll before it (the die's state when a connection starts, or a die nudged
    without rolling) gives nothing; nor do the other stable kinds, nor a crooked ``S``.
    """

    def __init__(self) -> None:
        self._rolling = False

    def observe(self, message: Message | None) -> int | Literal["crooked"] | None:
        """The face rolled, "crooked" for a roll that settled between faces, else None."""
        if isinstance(message, Rolling):
            self._rolling = True
            return None
        if not isinstance(message, Stable) or message.kind != "stable":
            return None
        rolled, self._rolling = self._rolling, False
        if not rolled:
            return None
        return settled_face(message) or "crooked"

    def forget(self) -> None:
        """The connection dropped (mid-roll, perhaps): the next roll starts afresh."""
        self._rolling = False
