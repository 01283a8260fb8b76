"""The command registry every game's journal commands join, and ``undo``, which every game shares.

A game declares its commands as small frozen dataclasses decorated with
:func:`command`; :func:`parse_command` finds them by their JSON ``type`` and the codec
gives an exact round trip (``parse_command(command_to_json(c)) == c``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from rules.codec import decode, encode, shown
from rules.errors import JournalError


class Command:
    """Base of every journal command; ``TYPE`` is its ``"type"`` in JSON."""

    TYPE: ClassVar[str]


COMMAND_TYPES: dict[str, type[Command]] = {}
C = TypeVar("C", bound=type[Command])


def command(type_name: str) -> Callable[[C], C]:
    """Class decorator: register a command under its journal ``type``."""

    def register(cls: C) -> C:
        if type_name in COMMAND_TYPES:
            raise ValueError(f"two commands named {type_name!r}")
        cls.TYPE = type_name
        COMMAND_TYPES[type_name] = cls
        return cls

    return register


def parse_command(obj: object) -> Command:
    """A command from its JSON object; :class:`JournalError` says what does not fit."""
    if not isinstance(obj, Mapping):
        raise JournalError("error.journal.not_object", where="command")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in COMMAND_TYPES:
        raise JournalError("error.journal.unknown_type", type=shown(str(kind))[:80])
    return decode(COMMAND_TYPES[kind], obj, kind)


def command_to_json(cmd: Command) -> dict[str, Any]:
    return {"type": cmd.TYPE, **encode(cmd)}


@command("undo")
@dataclass(frozen=True)
class Undo(Command):
    pass
