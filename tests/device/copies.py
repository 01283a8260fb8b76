"""Copies of a table or a walker to press on, for the searches that try every press.

The press table's search (tests/device/press_table.py), the dial's (test_dial_and_back)
and the screen walk (tests/device/screen_walk.py) copy a controller before each press they
try, with all it holds. The game's frozen values need no copy: a frozen record (a command,
a sentence, a step's option: :class:`rules.values.Record`) and a read-only mapping cannot
change, so a copy shares them as it shares a tuple of numbers. Copying them anyway was
most of those searches' time. What may change (a step, a controller) is copied.
"""

from __future__ import annotations

import copy
from types import MappingProxyType
from typing import TypeVar

from rules.values import Record

T = TypeVar("T")


def _itself(value: object, memo: dict[int, object]) -> object:
    return value


def _frozen_records() -> list[type]:
    """Every frozen record class declared so far (a class declared later is copied,
    which is slower, never wrong)."""
    found: list[type] = []
    todo = list(Record.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            found.append(cls)
    return found


def share_frozen_values() -> None:
    """Let :func:`copy.deepcopy` share every read-only mapping and every frozen record
    declared so far: called as a search starts, once its game's modules are loaded."""
    dispatch = copy._deepcopy_dispatch  # type: ignore[attr-defined]
    for cls in (MappingProxyType, *_frozen_records()):
        dispatch.setdefault(cls, _itself)


def copied(value: T, shared: dict[int, object]) -> T:
    """A deep copy of ``value``, sharing ``shared`` (by id: the game, its state) and, after
    :func:`share_frozen_values`, every frozen value."""
    found: T = copy.deepcopy(value, dict(shared))
    return found
