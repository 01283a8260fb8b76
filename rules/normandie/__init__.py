"""Shadows over Normandie, Cthulhu Mythos Call #1: the Zombies, run by the companion.

Pure like the rest of rules/: ``apply(state, command)`` returns the new state and
the events, or raises a RulesError naming the rule (Z1–Z13, I3, I4 in
rules/normandie/RULES.md). Importing this package registers the ``nz_*``
journal commands (rules/normandie/JOURNAL.md).
"""

from __future__ import annotations

from rules.normandie import commands
from rules.normandie.engine import apply
from rules.normandie.state import NormandieState, ZombieMove
from rules.normandie.zombies_phase import preview

__all__ = ["NormandieState", "ZombieMove", "apply", "commands", "preview"]
