"""Helpers every game's immutable state uses."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only, never evaluated: nothing to make at run time
    from typing import TypeVar

    K = TypeVar("K")
    V = TypeVar("V")


def frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only copy: states share their mappings, so nobody may change one."""
    return MappingProxyType(dict(mapping))
