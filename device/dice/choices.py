"""Which smart die is which, remembered in the state directory across restarts and power cuts.

``dice.json`` holds one entry per chosen die: its Bluetooth address (its identity), kind, the
name it advertised and its role. It is written as the journal is kept: to a temporary file
in the same directory, fsync'd, renamed over the old one, and the directory fsync'd, so a
power cut leaves the old choice or the new one, never half a file. A file that cannot be
read is moved aside (``dice.json.unreadable``) and the table starts with no die chosen,
saying so; it is never fatal.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from pathlib import Path

from device.storage.durable import replace_durably
from hardware.smartdice.hub import Chosen

FILE_NAME = "dice.json"
KINDS = ("pixels", "godice")
ROLES = ("agony", "d6")
MAX_DICE = 32


class ChoicesUnreadable(Exception):
    """The remembered choice could not be used; the message says why (in English, for logs)."""


def choices_path(state_directory: Path) -> Path:
    return state_directory / FILE_NAME


def load(path: Path) -> tuple[Chosen, ...]:
    """The remembered dice, () when none were ever chosen; :class:`ChoicesUnreadable` if bad."""
    try:
        raw = path.read_text("utf-8")
    except FileNotFoundError:
        return ()
    except (OSError, UnicodeDecodeError) as error:
        raise ChoicesUnreadable(f"{path}: {error}") from None
    try:
        return _parse(json.loads(raw))
    except (ValueError, TypeError, KeyError) as error:
        raise ChoicesUnreadable(f"{path}: {error}") from None


def load_or_set_aside(path: Path) -> tuple[tuple[Chosen, ...], str | None]:
    """The remembered dice, or none and why (the bad file moved aside, to be looked at)."""
    try:
        return load(path), None
    except ChoicesUnreadable as error:
        with contextlib.suppress(OSError):
            path.replace(path.with_name(path.name + ".unreadable"))
        return (), str(error)


def _parse(document: object) -> tuple[Chosen, ...]:
    if not isinstance(document, dict) or not isinstance(document.get("dice"), list):
        raise ValueError('expected {"dice": [...]}')
    entries = document["dice"]
    if len(entries) > MAX_DICE:
        raise ValueError(f"more than {MAX_DICE} dice")
    chosen = []
    for entry in entries:
        address, kind, name, role = (entry[k] for k in ("address", "kind", "name", "role"))
        if not all(isinstance(v, str) for v in (address, kind, name, role)):
            raise ValueError(f"not text: {entry}")
        if kind not in KINDS or role not in ROLES or not address or len(name) > 64:
            raise ValueError(f"not a die: {entry}")
        chosen.append(Chosen(address, kind, name, role))
    return tuple(chosen)


def save(path: Path, chosen: Iterable[Chosen]) -> None:
    """Atomically and durably: the old file or the new one survives a power cut."""
    document = {
        "dice": [
            {"address": c.address, "kind": c.kind, "name": c.name, "role": c.role} for c in chosen
        ]
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    data = (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    replace_durably(path, data, path.with_name(path.name + ".new"))
