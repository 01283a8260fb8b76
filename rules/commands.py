"""Journal commands: each game's own table of them, and ``undo`` and ``redo``, which every
game shares.

A game declares its commands as small frozen dataclasses in its own
:class:`CommandTable`; :func:`parse_command` finds one by its JSON ``type`` among the
types it is given and the codec gives an exact round trip
(``parse_command(command_to_json(c), known) == c``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from rules.codec import decode, encode, shown
from rules.errors import JournalError


class Command:
    """Base of every journal command; ``TYPE`` is its ``"type"`` in JSON."""

    TYPE: ClassVar[str]


C = TypeVar("C", bound=type[Command])


class CommandTable:
    """One game's journal commands by ``type`` (each game keeps its own, so two games
    never compete for a name). Used as the decorator that declares them::

        COMMANDS = CommandTable("normandie")

        @COMMANDS.command("nz_assault")
        @dataclass(frozen=True)
        class Assault(Command): ...
    """

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self._types: dict[str, type[Command]] = {}
        self._view = MappingProxyType(self._types)  # read-only, and follows later declarations

    def command(self, type_name: str) -> Callable[[C], C]:
        """Class decorator: the command whose journal ``type`` is ``type_name``."""

        def declare(cls: C) -> C:
            if type_name in self._types:
                raise ValueError(f"{self.owner} has two commands named {type_name!r}")
            cls.TYPE = type_name
            self._types[type_name] = cls
            return cls

        return declare

    @property
    def types(self) -> Mapping[str, type[Command]]:
        return self._view


def parse_command(obj: object, known: Mapping[str, type[Command]]) -> Command:
    """A command from its JSON object, one of the ``known`` types; :class:`JournalError`
    says what does not fit."""
    if not isinstance(obj, Mapping):
        raise JournalError("error.journal.not_object", where="command")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in known:
        raise JournalError("error.journal.unknown_type", type=shown(str(kind))[:80])
    return decode(known[kind], obj, kind)


def command_to_json(cmd: Command) -> dict[str, Any]:
    return {"type": cmd.TYPE, **encode(cmd)}


# The engine's own commands, the same in every game's journal.
ENGINE = CommandTable("the engine")


@ENGINE.command("undo")
@dataclass(frozen=True)
class Undo(Command):
    """Take back the last command not itself undone, dice included."""


@ENGINE.command("redo")
@dataclass(frozen=True)
class Redo(Command):
    """Bring back the last command undone, as long as no new command came after it."""
