"""Value checks for the configuration table in :mod:`device.settings.config`.

A :class:`Check` knows how to describe what it expects (for error messages and the
commented example) and how to turn a TOML value into the typed value the app uses,
raising :class:`Wrong` when the value does not fit.
"""

from __future__ import annotations

import ipaddress
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from device.storage import paths
from hardware.baud import BadBaud, standard_baud
from rules.cthulhu_wars.factions import FACTIONS, MAX_PLAYERS, MIN_PLAYERS
from rules.values import Record

# BCM GPIO numbers on the 40-pin header of every Raspberry Pi since the B+.
MAX_BCM_PIN = 27
NOT_FITTED = "none"
MAX_PATH = 4096  # PATH_MAX on Linux


class Wrong(ValueError):
    """The value does not fit; ``detail`` says why when "expected …" alone is not enough."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(detail)
        self.detail = detail


# What a check makes of a TOML value: a value of the configuration field its key fills (a
# pin, a tuple of factions …). KEYS pairs each key's check with its field, which the types of
# one table of keys cannot say, so the value stays untyped where the table hands it on to the
# fields (device/settings/config.py).
Checked: TypeAlias = Any


class Check(Record):
    expected: str
    convert: Callable[[object], Checked]


def toml_literal(value: object) -> str:
    """``value`` written as TOML (for the example and for "got …" in messages)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{escaped(value)}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_literal(item) for item in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{key} = {toml_literal(item)}" for key, item in value.items())
        return "{" + (f" {inner} " if inner else "") + "}"
    return str(value)


# Characters a terminal acts on (a carriage return rewrites the line it is on): never
# echoed raw, always written as a TOML escape.
_CONTROL = re.compile("[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]")
_SHORT_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
SHOWN_LENGTH = 80  # a value echoed in a message is cut to this many characters


def escaped(text: str) -> str:
    """``text`` as the inside of a TOML basic string, control characters escaped."""
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    return _CONTROL.sub(lambda m: _SHORT_ESCAPES.get(m[0]) or f"\\u{ord(m[0]):04X}", text)


def shown(value: object) -> str:
    """``value`` as TOML for a message: escaped, and cut short when long."""
    try:
        literal = toml_literal(value)
    except RecursionError:
        literal = "[[[…"
    return literal if len(literal) <= SHOWN_LENGTH else literal[: SHOWN_LENGTH - 1] + "…"


def listed(items: Sequence[str], most: int = 5) -> str:
    """Some of ``items`` for a message, escaped: "a, b, c and 99 more"."""
    words = [escaped(item) for item in items[:most]]
    return ", ".join(words) + (f" and {len(items) - most} more" if len(items) > most else "")


def _is_whole(value: object) -> bool:
    # TOML booleans arrive as Python bools, which are ints too: never a number here.
    return isinstance(value, int) and not isinstance(value, bool)


def whole(low: int, high: int) -> Check:
    def convert(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise Wrong
        return value

    return Check(f"a whole number from {low} to {high}", convert)


def baud(low: int, high: int) -> Check:
    """A serial speed: the one rule of :mod:`hardware.baud` (standard speeds only)."""
    within = whole(low, high)

    def convert(value: object) -> int:
        try:
            return standard_baud(within.convert(value))
        except BadBaud as error:
            raise Wrong(str(error)) from None

    return Check(within.expected, convert)  # a non-standard speed says why in its detail


def number(low: float, high: float, unit: str) -> Check:
    def convert(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Wrong
        result = float(value)
        if math.isnan(result) or not low <= result <= high:
            raise Wrong
        return result

    return Check(f"a number of {unit} from {low:g} to {high:g}", convert)


def one_of(*options: object) -> Check:
    def convert(value: object) -> object:
        # Compare with the type too, so that 1 does not pass for true.
        if not any(type(value) is type(option) and value == option for option in options):
            raise Wrong
        return value

    return Check(_alternatives([toml_literal(option) for option in options]), convert)


def pin() -> Check:
    return Check(f"a BCM GPIO number from 0 to {MAX_BCM_PIN}", whole(0, MAX_BCM_PIN).convert)


def optional_pin() -> Check:
    def convert(value: object) -> int | None:
        if value == NOT_FITTED:
            return None
        result: int = pin().convert(value)
        return result

    return Check(f'a BCM GPIO number from 0 to {MAX_BCM_PIN}, or "{NOT_FITTED}"', convert)


def flag() -> Check:
    return Check("true or false", one_of(True, False).convert)


def text(max_length: int) -> Check:
    def convert(value: object) -> str:
        if not isinstance(value, str) or len(value) > max_length:
            raise Wrong
        if _CONTROL.search(value):  # a NUL or a line break cannot be drawn or written
            raise Wrong("it holds a control character")
        return value

    return Check(f"a text of at most {max_length} characters on one line", convert)


def device_path(keyword: str) -> Check:
    """``keyword`` (such as "auto") or an absolute path under /dev; whether it exists is
    found out when the app starts, where the device may appear later than the file is read."""

    def convert(value: object) -> str:
        if value == keyword:
            return keyword
        if not isinstance(value, str) or not value.startswith("/dev/") or "\n" in value:
            raise Wrong
        return value

    return Check(f'"{keyword}" or a device path such as /dev/dri/by-path/...-card', convert)


def directory() -> Check:
    """A directory name, checked by the same function every command uses (device.storage.paths)."""

    def convert(value: object) -> str:
        if not isinstance(value, str) or len(value) > MAX_PATH:
            raise Wrong
        if value:
            try:
                paths.directory(value)
            except paths.BadPath as error:
                raise Wrong(str(error)) from None
        return value

    return Check(f'a directory path of at most {MAX_PATH} characters, or ""', convert)


_URL = re.compile(r"^[a-z][a-z0-9+.-]*://")


def ip_address() -> Check:
    def convert(value: object) -> str:
        if not isinstance(value, str):
            raise Wrong
        try:
            return str(ipaddress.ip_address(value))
        except ValueError:
            raise Wrong from None

    return Check('an IP address such as "0.0.0.0" (all) or "192.168.1.20"', convert)


def serial_port(keywords: Sequence[str]) -> Check:
    def convert(value: object) -> str:
        if not isinstance(value, str):
            raise Wrong
        if value in keywords or value.startswith("/") or _URL.match(value):
            return value
        raise Wrong

    choices = [toml_literal(word) for word in keywords]
    expected = ", ".join(choices) + ', a device path such as "/dev/ttyACM0" or a pyserial URL'
    return Check(expected, convert)


def patterns() -> Check:
    def convert(value: object) -> tuple[str, ...]:
        if not isinstance(value, list) or not value:
            raise Wrong
        if not all(isinstance(item, str) and item.strip() for item in value):
            raise Wrong
        return tuple(value)

    return Check('a non-empty list of texts such as ["2e8a:*", "dice"]', convert)


def factions() -> Check:
    def convert(value: object) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise Wrong
        unknown = [item for item in value if item not in FACTIONS]
        if unknown:
            raise Wrong(f"unknown: {listed(unknown)}")
        twice = sorted(item for item, count in Counter(value).items() if count > 1)
        if twice:
            raise Wrong(f"named twice: {listed(twice)}")
        if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
            raise Wrong(f"{len(value)} named")
        return tuple(value)

    expected = (
        f"a list of {MIN_PLAYERS} to {MAX_PLAYERS} different faction ids in seating order "
        f"({', '.join(FACTIONS)})"
    )
    return Check(expected, convert)


def sides() -> Check:
    def convert(value: object) -> dict[str, int]:
        if not isinstance(value, dict):
            raise Wrong
        if not all(isinstance(key, str) and _is_whole(n) for key, n in value.items()):
            raise Wrong
        if any(n not in (3, 5) for n in value.values()):
            raise Wrong("each side is 3 or 5")
        return dict(value)

    expected = (
        "{} for the default by player count, or the side (3 or 5) of each board: "
        "{ upper = 3, lower = 5 } on celaeno, { surface = 3, underworld = 5 } on dreamlands"
    )
    return Check(expected, convert)


def die_faces() -> Check:
    def convert(value: object) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) != 6:
            raise Wrong
        if not all(_is_whole(face) and 1 <= face <= 6 for face in value):
            raise Wrong
        return tuple(value)

    return Check("a list of the 6 faces of the Agony die, each a whole number from 1 to 6", convert)


def die_faces_or_default() -> Check:
    """[dice] agony_faces: [] (the table's Agony faces) or six faces, physical face 1 first."""
    faces = die_faces()

    def convert(value: object) -> tuple[int, ...]:
        return () if value == [] else faces.convert(value)

    return Check(f"[] (the same as table.agony_faces) or {faces.expected}", convert)


def _alternatives(words: Sequence[str]) -> str:
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]
