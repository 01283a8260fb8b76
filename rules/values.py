"""Helpers every game's immutable state uses."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


def frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only copy: states share their mappings, so nobody may change one."""
    return MappingProxyType(dict(mapping))
