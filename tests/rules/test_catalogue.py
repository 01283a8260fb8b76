"""The text catalogue: every key in every language, with the same fields."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from rules.text import (
    LANGUAGES,
    Words,
    add_words,
    catalogue,
    is_board_instruction,
    render,
    sections,
    text,
    translate,
    use_printed_names,
    words_on_use,
)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_exists_in_english_and_japanese() -> None:
    english, japanese = catalogue("en"), catalogue("ja")
    assert sorted(set(english) ^ set(japanese)) == []
    assert len(LANGUAGES) == 2


ROOT = Path(__file__).resolve().parents[2]


# Every module that keeps a section's words (module-level ``EN`` and ``JA``), found from the
# files rather than from the catalogue: which sections the catalogue holds depends on what
# this process has loaded already, and a section read on use would be missed.
def _keeps_words(path: Path) -> bool:
    source = path.read_text("utf-8")
    return all(re.search(rf"^{name}\b", source, re.M) for name in ("EN", "JA"))


WORD_MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for layer in ("rules", "device", "display", "hardware")
    for path in (ROOT / layer).rglob("*.py")
    if _keeps_words(path)
)


def test_the_word_modules_are_found() -> None:
    assert "device.cthulhu_wars.scoreboard.words" in WORD_MODULES
    assert len(WORD_MODULES) >= 16


@pytest.mark.parametrize("module", WORD_MODULES)
def test_each_section_has_every_key_in_both_languages_with_the_same_fields(module: str) -> None:
    found = import_module(module)
    english, japanese = found.EN, found.JA
    assert sorted(set(english) ^ set(japanese)) == [], module
    differ = [key for key in english if _fields(english[key]) != _fields(japanese[key])]
    assert differ == [], module


def test_no_key_is_defined_by_two_sections() -> None:
    seen: dict[str, str] = {}
    for name, english, _ in sections():
        for key in english:
            assert key not in seen, f"{key} in {seen.get(key)} and {name}"
            seen[key] = name


def test_names_and_counts_render_in_both_languages() -> None:
    said = text(
        "event.to_oubliette", faction="crawling_chaos", n=2, area="black_hall", to="oubliette"
    )
    assert render(said) == "Crawling Chaos moves 2 Units from the Black Hall to the Oubliette."
    assert render(said, "ja") == "這い寄る混沌は2ユニットを黒の広間からウブリエットへ移動させる。"
    assert translate("units.one", n=1) == "1 Unit"


def test_a_missing_key_falls_back_to_the_key_instead_of_crashing() -> None:
    assert translate("no.such.key", "ja") == "No.such.key"


def test_printed_names_from_the_configuration_replace_the_labels() -> None:
    said = text("event.gate_abandoned", area="surface_citadel_3")
    try:
        use_printed_names({"surface_citadel_3": "Celephaïs"})
        assert (
            render(said)
            == render(said.__class__(said.key, said.params))
            == "The Gate in Celephaïs is abandoned."
        )
        assert translate("area.surface_citadel_3", "ja") == "Celephaïs"
    finally:
        use_printed_names({})
    assert "Celephaïs" not in render(said)


def test_a_game_marks_its_board_instructions_and_only_its_own_keys() -> None:
    from rules.games import RULES

    for name in ("cthulhu_wars", "normandie"):
        RULES.get(name)  # a game's words come with it
    moved = text(
        "event.bhole_moves_gate_unit", area="underworld_citadel_4", faction="great_cthulhu"
    )
    assert is_board_instruction(moved)
    assert is_board_instruction(text("event.normandie.eliminated", unit="i2"))
    assert not is_board_instruction(text("event.bhole_rolled", value=4))
    with pytest.raises(ValueError, match=r"event\.nothing"):
        add_words(
            Words("a_test_game", {"event.x": "X"}, {"event.x": "X"}, frozenset({"event.nothing"}))
        )


# A fresh interpreter: this one has read every section already (the tests above).
ON_USE = """
import sys
from rules.games import RULES
from rules.text import translate
RULES.get("cthulhu_wars")
before = "rules.cthulhu_wars.scoreboard.words" in sys.modules
said = translate("error.scoreboard_off", command="")
print(before, "rules.cthulhu_wars.scoreboard.words" in sys.modules, said)
"""


def test_words_kept_for_use_are_read_the_first_time_one_is_asked_for() -> None:
    """The scoreboard's words come with Cthulhu Wars but are read only when one is shown."""
    done = subprocess.run(
        [sys.executable, "-c", ON_USE],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    before, after, said = done.stdout.split(maxsplit=2)
    assert (before, after) == ("False", "True")
    assert said.startswith("This game keeps no scoreboard"), said  # not the key itself


def test_words_kept_for_use_may_not_mark_board_instructions(tmp_path: Path) -> None:
    (tmp_path / "board_words_for_a_test.py").write_text(
        "EN = {'event.y': 'Y'}\nJA = {'event.y': 'Y'}\nBOARD = frozenset({'event.y'})\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        add_words(words_on_use("a_test_game_on_use", "board_words_for_a_test"))
        with pytest.raises(ValueError, match="a_test_game_on_use"):
            sections()
    finally:
        sys.path.remove(str(tmp_path))


# One English word for each thing, too: the rules text's where it has one (K2 says
# "counter-clockwise"). The others must not come back on any screen, notice or page.
ENGLISH_TERMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("counter-clockwise", ("anticlockwise", "anti-clockwise", "counterclockwise")),
)


def other_english_words(english: dict[str, str]) -> list[tuple[str, str]]:
    """Each key whose English words use another word for a thing that has its term."""
    return [
        (key, other)
        for key, words in english.items()
        for _, others in ENGLISH_TERMS
        for other in others
        if other in words.casefold()
    ]


@pytest.mark.parametrize("module", WORD_MODULES)
def test_one_english_word_for_the_direction_of_play(module: str) -> None:
    """Issue 50 (9): the notice said "counter-clockwise", the choice and the table
    "anticlockwise"."""
    assert other_english_words(import_module(module).EN) == [], module


def test_another_word_for_the_direction_put_back_is_found() -> None:
    assert other_english_words({"a": "then anticlockwise", "b": "counter-clockwise"}) == [
        ("a", "anticlockwise")
    ]
