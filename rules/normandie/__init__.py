"""Shadows over Normandie, Cthulhu Mythos Call #1: the Zombies, run by the companion.

Pure like the rest of rules/: ``engine.apply(state, command)`` returns the new state and
the events, or raises a RulesError naming the rule (Z1–Z13, I3, I4, defined in
rules/normandie/RULES.md). ``commands`` holds the ``nz_*`` journal commands
(rules/normandie/JOURNAL.md); ``game`` describes the game to the engine.
"""
