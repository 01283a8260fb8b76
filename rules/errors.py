"""Why the rules refuse a command: the rule id and the words for the table."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rules.text import Text, render_fragment, text

if TYPE_CHECKING:
    from rules.text import Param


class RulesError(ValueError):
    """A command the rules refuse. Nothing changed.

    ``rule`` is the id in the game's RULES.md (``C16``, ``D16``, ``Z4``) or ``journal``
    for a malformed command; ``reason`` renders in any language.
    """

    def __init__(self, rule: str, key: str, **params: Param) -> None:
        self.rule = rule
        self.reason: Text = text(key, **params)
        super().__init__(self.describe())

    def describe(self, lang: str = "en") -> str:
        return f"{self.rule}: {render_fragment(self.reason, lang)}"

    def rule_words(self) -> Text | str:
        """The rule as the table reads it: an id ("C16", "Z4") the same in every language,
        as the rules books print it; a named part of the rules ("journal", "setup",
        "chapter2") in the table's own words (catalogue key ``rule.<name>``)."""
        return self.rule if RULE_ID.fullmatch(self.rule) else text(f"rule.{self.rule}")


RULE_ID = re.compile(r"[A-Z]+[0-9]+")  # C16, D8, Z13, K15, I4


class JournalError(RulesError):
    """A command that is not well formed: unknown type, unknown or missing field."""

    def __init__(self, key: str, **params: Param) -> None:
        super().__init__("journal", key, **params)
