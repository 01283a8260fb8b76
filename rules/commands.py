"""Journal commands: each game's own table of them, and ``undo`` and ``redo``, which every
game shares.

A game declares its commands as small records (:class:`~rules.values.Record`) in its own
:class:`CommandTable`; :func:`parse_command` finds one by its JSON ``type`` among the
types it is given and the codec gives an exact round trip
(``parse_command(command_to_json(c), known) == c``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import field
from importlib import import_module
from typing import TYPE_CHECKING, ClassVar, TypeVar

from rules.codec import decode, encode_fields, shown
from rules.errors import JournalError
from rules.values import Record

if TYPE_CHECKING:
    from rules.json_types import JSONObject


class Seat(Record):
    """Who sent a command from a phone paired as a faction's seat (rules/cthulhu_wars,
    I13): the faction, which of its phones (1, 2, …), and the id the phone gave the
    command, so that the same command sent again after a lost answer is done once."""

    faction: str
    phone: int
    id: str


class Command(Record):
    """Base of every journal command; ``TYPE`` is its ``"type"`` in JSON.

    ``seat``: the phone that sent it, written last and only when there is one (a command
    from the buttons has none, so every journal written before seats reads the same). A
    keyword-only field, so that each command's own fields keep their order and defaults."""

    TYPE: ClassVar[str]
    seat: Seat | None = field(default=None, kw_only=True, metadata={"omit_if_none": True})


C = TypeVar("C", bound=type[Command])


class CommandTable:
    """One game's journal commands by ``type`` (each game keeps its own, so two games
    never compete for a name). Used as the decorator that declares them::

        COMMANDS = CommandTable("normandie")

        @COMMANDS.command("nz_assault")
        class Assault(Command, Record): ...
    """

    def __init__(self, owner: str, elsewhere: Mapping[str, str] | None = None) -> None:
        """``elsewhere``: commands by ``type`` that another module declares (type -> module),
        imported the first time one is looked up: a part of a game that most tables never
        use then costs a journal without it nothing."""
        self.owner = owner
        self._types: dict[str, type[Command]] = {}
        self._elsewhere = dict(elsewhere or {})
        self._view = _Types(self._types, self._elsewhere)  # read-only, follows declarations

    def command(self, type_name: str) -> Callable[[C], C]:
        """Class decorator: the command whose journal ``type`` is ``type_name``."""

        def declare(cls: C) -> C:
            where = self._elsewhere.get(type_name, cls.__module__)  # named to be declared there
            if type_name in self._types or where != cls.__module__:
                raise ValueError(f"{self.owner} has two commands named {type_name!r}")
            cls.TYPE = type_name
            self._types[type_name] = cls
            return cls

        return declare

    @property
    def types(self) -> Mapping[str, type[Command]]:
        return self._view


class _Types(Mapping[str, type[Command]]):
    """A table's commands by ``type``, those declared elsewhere imported on first lookup."""

    def __init__(self, declared: dict[str, type[Command]], elsewhere: dict[str, str]) -> None:
        self._declared = declared
        self._elsewhere = elsewhere

    def __contains__(self, type_name: object) -> bool:
        return type_name in self._declared or type_name in self._elsewhere

    def __getitem__(self, type_name: str) -> type[Command]:
        found = self._declared.get(type_name)
        if found is None and type_name in self._elsewhere:
            import_module(self._elsewhere[type_name])
            found = self._declared.get(type_name)
            if found is None:
                raise LookupError(f"{self._elsewhere[type_name]} declares no {type_name!r}")
        if found is None:
            raise KeyError(type_name)
        return found

    def __iter__(self) -> Iterator[str]:
        yield from self._declared
        yield from (name for name in self._elsewhere if name not in self._declared)

    def __len__(self) -> int:
        return len(self._declared.keys() | self._elsewhere.keys())


def parse_command(obj: object, known: Mapping[str, type[Command]]) -> Command:
    """A command from its JSON object, one of the ``known`` types; :class:`JournalError`
    says what does not fit."""
    if not isinstance(obj, Mapping):
        raise JournalError("error.journal.not_object", where="command")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in known:
        raise JournalError("error.journal.unknown_type", type=shown(str(kind))[:80])
    return decode(known[kind], obj, kind)


def command_to_json(cmd: Command) -> JSONObject:
    return {"type": cmd.TYPE, **encode_fields(cmd)}


# The engine's own commands, the same in every game's journal.
ENGINE = CommandTable("the engine")


@ENGINE.command("undo")
class Undo(Command, Record):
    """Take back the last command not itself undone, dice included."""


@ENGINE.command("redo")
class Redo(Command, Record):
    """Bring back the last command undone, as long as no new command came after it."""
