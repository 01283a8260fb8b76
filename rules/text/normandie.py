"""Catalogue section: normandie."""

from __future__ import annotations

EN: dict[str, str] = {}
JA: dict[str, str] = {}
