"""One Japanese word for each thing of the game, on every screen and in every event.

The terms are those of the Japanese rules text the words were written from (魔力 for
Power, 魔術書 for spellbook); a player who reads 魔力 on the phase tab and another word
in the column beside it is left wondering whether they are the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from importlib import import_module

import pytest

from tests.rules.test_catalogue import WORD_MODULES

# The English word (a pattern over the English words), its one Japanese term, and the
# other words for it that must not come back.
TERMS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (r"\bPower\b", "魔力", ("パワー",)),
    (r"\bElder Signs?\b", "旧き印", ("旧神の印", "エルダーサイン")),
    (r"\bspellbooks?\b", "魔術書", ("呪文書", "スペルブック")),
    (r"\bDoom\b", "破滅", ("ドゥーム",)),
    (r"\bRituals?\b", "儀式", ("リチュアル",)),
    (r"\bGreat Old Ones?\b", "旧支配者", ("グレート・オールド・ワン", "グレートオールドワン")),
    (r"\bFirst Player\b", "先手", ("スタートプレイヤー", "ファーストプレイヤー", "第一プレイヤー")),
)
# What a field's format says (``{n:doom}``) is no word of the sentence: the count's own
# words say it in both languages.
FIELD = re.compile(r"\{[^{}]*\}")


def _words(module: str, lang: str) -> dict[str, str]:
    words: dict[str, str] = getattr(import_module(module), lang.upper())
    return words


def other_words(japanese: Mapping[str, str]) -> list[tuple[str, str]]:
    """Each key whose words use another word for a thing that has its term, with that word."""
    return [
        (key, other)
        for key, words in japanese.items()
        for _, _, others in TERMS
        for other in others
        if other in words
    ]


@pytest.mark.parametrize("module", WORD_MODULES)
def test_no_other_word_for_a_thing_that_has_its_term(module: str) -> None:
    assert other_words(_words(module, "ja")) == [], module


def test_a_second_word_put_back_is_found() -> None:
    mixed = {"phase": "魔力収集", "head": "パワー", "menu": "旧神の印を引いた"}
    assert other_words(mixed) == [("head", "パワー"), ("menu", "旧神の印")]


@pytest.mark.parametrize("module", WORD_MODULES)
def test_the_english_word_is_said_with_its_japanese_term(module: str) -> None:
    japanese = _words(module, "ja")
    missing = [
        (key, term)
        for key, english in _words(module, "en").items()
        for pattern, term, _ in TERMS
        if re.search(pattern, FIELD.sub("", english), re.I) and term not in japanese[key]
    ]
    assert missing == [], module
