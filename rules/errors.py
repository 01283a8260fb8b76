"""Why the rules refuse a command: the rule id and the words for the table."""

from __future__ import annotations

from typing import Any

from rules.text import Text, render_fragment, text


class RulesError(ValueError):
    """A command the rules refuse. Nothing changed.

    ``rule`` is the id in the game's RULES.md (``C16``, ``D16``, ``Z4``) or ``journal``
    for a malformed command; ``reason`` renders in any language.
    """

    def __init__(self, rule: str, key: str, **params: Any) -> None:
        self.rule = rule
        self.reason: Text = text(key, **params)
        super().__init__(self.describe())

    def describe(self, lang: str = "en") -> str:
        return f"{self.rule}: {render_fragment(self.reason, lang)}"


class JournalError(RulesError):
    """A command that is not well formed: unknown type, unknown or missing field."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__("journal", key, **params)
