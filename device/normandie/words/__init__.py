"""Catalogue section: nz_device — the Shadows over Normandie mode on the device and screen:
the battle's questions (``battle``) and its setup's (``setup``), English and Japanese side by
side."""

from __future__ import annotations

from device.normandie.words import battle, setup

EN: dict[str, str] = {**battle.EN, **setup.EN}
JA: dict[str, str] = {**battle.JA, **setup.JA}
