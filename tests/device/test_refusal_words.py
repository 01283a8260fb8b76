"""A refusal names its rule as the table reads it, in the table's language.

Rule ids ("C16", "Z4") are printed the same in every language, as the rules books print
them; the parts of the rules a refusal names instead ("journal", "setup", "chapter2")
are words, and a Japanese table reads them in Japanese ("Journal：…" was shown).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.errors import RULE_ID, JournalError, RulesError
from rules.text import render, text, translate

RULES = Path(__file__).resolve().parents[2] / "rules"
RAISED = re.compile(r'RulesError\(\s*"([^"]+)"')


def _named_rules() -> set[str]:
    found: set[str] = set()
    for path in RULES.rglob("*.py"):
        found |= set(RAISED.findall(path.read_text("utf-8")))
    return {rule for rule in found if not RULE_ID.fullmatch(rule)} | {"journal"}


def test_the_scan_finds_the_named_parts_of_the_rules() -> None:
    assert {"journal", "setup", "pending", "chapter1", "chapter3"} <= _named_rules()


@pytest.mark.parametrize("rule", sorted(_named_rules()))
def test_every_named_rule_has_words_in_both_languages(rule: str) -> None:
    english, japanese = (translate(f"rule.{rule}", lang) for lang in ("en", "ja"))
    assert english != f"rule.{rule}" and japanese != f"rule.{rule}"
    assert not re.search(r"[A-Za-z]", japanese), japanese


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refusal_shows_a_named_rule_in_words_and_an_id_as_it_is(lang: str) -> None:
    error = JournalError("error.journal.unknown_type", type="fly")
    said = render(text("device.refused", rule=error.rule_words(), reason=error.reason), lang)
    word = translate("rule.journal", lang)
    assert said.startswith(word) and ("journal" not in said.casefold()) == (lang == "ja"), said
    by_id = RulesError("C16", "error.journal.unknown_type", type="fly")
    assert render(text("device.refused", rule=by_id.rule_words(), reason=by_id.reason), lang
                  ).startswith("C16")  # fmt: skip
