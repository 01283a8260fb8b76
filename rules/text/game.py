"""Words of the rules: events the table acts on, and reasons a command is refused."""

from __future__ import annotations

EN: dict[str, str] = {}
JA: dict[str, str] = {}
