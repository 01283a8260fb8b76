"""The scoreboard's section and chart say words, never their keys, in a process that loaded
nothing but the game: a drawing loads the words it says itself (I12: they are read on use).

The phone view happens to load them first, with the game's part; whether a drawing does not
depend on that shows only where nothing ran before it, so each drawing is made in a fresh
interpreter, whose catalogue is its own, and compared with the same drawing made where the
view's words are loaded.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import pytest

from display.cthulhu_wars.scoreboard.web import scoreboard_html, section_html
from display.cthulhu_wars.scoreboard.web_chart import figure_html
from display.web.games import PHONE_PARTS
from rules.games import RULES
from rules.journal import replayed, state_json
from rules.text import LANGUAGES
from tests.web.conftest import ROOT

EXAMPLE = ROOT / "rules" / "examples" / "celaeno_scoreboard.jsonl"
DRAWINGS: dict[str, Callable[[Mapping[str, Any], str], str]] = {
    "display.cthulhu_wars.scoreboard.web:section_html": section_html,
    "display.cthulhu_wars.scoreboard.web:scoreboard_html": scoreboard_html,
    "display.cthulhu_wars.scoreboard.web_chart:figure_html": figure_html,
}

# The child: the example's first N lines replayed, then one drawing of that state, printed.
DRAW = """
import sys
from importlib import import_module
from pathlib import Path
from rules.games import RULES
from rules.journal import replay, state_json

where, count, lang = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = Path(sys.argv[4]).read_text(encoding="utf-8").splitlines()[:count]
played, _ = replay(lines, RULES)
assert played is not None
module, _, name = where.partition(":")
sys.stdout.write(getattr(import_module(module), name)(state_json(played), lang))
"""


@cache
def states() -> dict[str, tuple[int, dict[str, Any]]]:
    """The example's last state before its end (the table with its Silence column) and its
    end (the winners): each with the number of lines that lead to it."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    found: dict[str, tuple[int, dict[str, Any]]] = {}
    for count, (_command, outcome) in enumerate(replayed(lines, RULES), start=1):
        state = state_json(outcome.played)
        if state.get("scoreboard"):
            found["over" if state.get("game_over") else "during"] = (count, state)
    assert set(found) == {"during", "over"}, "the example plays a game to its end"
    return found


def drawn_afresh(where: str, count: int, lang: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", DRAW, where, str(count), lang, str(EXAMPLE)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("moment", ["during", "over"])
@pytest.mark.parametrize("where", sorted(DRAWINGS))
def test_a_drawing_in_a_fresh_process_says_the_words(where: str, moment: str, lang: str) -> None:
    count, state = states()[moment]
    PHONE_PARTS.get("cthulhu_wars")  # the view's words, as the view loads them
    expected = DRAWINGS[where](state, lang)
    assert expected, f"{where} draws nothing {moment} the game"
    found = drawn_afresh(where, count, lang)
    assert "screen." not in found.lower(), f"{where} said a key in {lang}: {found[:300]}"
    assert found == expected
