"""Helpers every game's immutable state uses, and every layer's small values but hardware/'s.

:class:`Record`: the values with named fields the rules, the device and the screen declare
(a command, a state, a question and its parts), as dataclasses that compile less at import.
``dataclasses.dataclass`` writes each method it adds as Python source and compiles it when
the class is declared: six for a frozen class. A start declares about a hundred such
classes and calls few of those methods, yet compiling them was about a seventh of the
instructions a start executes. A record is the same dataclass (the same fields,
``__init__``, frozenness, ``__match_args__``, ``dataclasses.replace`` and ``fields``)
whose ``__eq__``, ``__hash__`` and ``__repr__`` are made here from code compiled once, with
the same results: the same fields compared, hashed and shown, in the same order, the same
hash values. Declared by subclassing, the dataclass options as class keywords::

    class Gate(Record):  # frozen, compared and hashed by its fields
        area: str
        owner: str | None = None

    class Counter(Record, frozen=False): ...  # fields that change: unhashable
    class Game(Record, eq=False): ...  # compared and hashed by identity

A subclass of a record is a record too; that of a ``frozen=False`` one says so again.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable, Mapping
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, dataclass_transform

if TYPE_CHECKING:  # annotations only, never evaluated: nothing to make at run time
    from typing import Any, TypeVar

    K = TypeVar("K")
    V = TypeVar("V")

# A record's compared fields, as a tuple: what a dataclass compares and hashes.
Values = Callable[[object], tuple[object, ...]]


def frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only copy: states share their mappings, so nobody may change one."""
    return MappingProxyType(dict(mapping))


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
class Record:
    """Base of every record: each subclass is made a dataclass as it is declared."""

    if TYPE_CHECKING:  # for the type checker only: a record's type hints are its fields'
        # as typeshed's DataclassInstance declares it: fields of every type
        __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __init_subclass__(cls, *, frozen: bool = True, eq: bool = True, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # what the class defines itself, which a dataclass never replaces
        own_repr, own_eq = "__repr__" in cls.__dict__, "__eq__" in cls.__dict__
        own_hash = cls.__dict__.get("__hash__", dataclasses.MISSING)
        explicit_hash = not (own_hash is dataclasses.MISSING or (own_hash is None and own_eq))
        dataclasses.dataclass(cls, frozen=frozen, eq=False, repr=False)
        fields = dataclasses.fields(cls)
        if not own_repr:
            cls.__repr__ = _repr([f.name for f in fields if f.repr])  # type: ignore[method-assign]
        if not eq:
            return
        # as dataclass(eq=True) adds them: a hash to a frozen class, none (unhashable) to another
        if not own_eq:
            compared = _values([f.name for f in fields if f.compare])
            cls.__eq__ = _eq(compared)  # type: ignore[method-assign]
        if not explicit_hash:
            hashed = _values([f.name for f in fields if (f.compare if f.hash is None else f.hash)])
            cls.__hash__ = _hash(hashed) if frozen else None  # type: ignore[assignment]


def _values(names: list[str]) -> Values:
    """The fields ``names`` of an instance, as a tuple (what a dataclass compares and hashes)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    return lambda record: ()


def _eq(values: Values) -> Callable[[object, object], bool]:
    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Values) -> Callable[[object], int]:
    def __hash__(self: object) -> int:
        return hash(values(self))

    return __hash__


def _repr(names: list[str]) -> Callable[[object], str]:
    @reprlib.recursive_repr()
    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__
