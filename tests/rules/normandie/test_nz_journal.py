"""The example journals replay, the state JSON is plain JSON, every word is in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.games import RULES
from rules.journal import ReplayError, replay
from rules.normandie import words
from rules.normandie.state import NormandieState
from rules.text import LANGUAGES, render
from tests.parsing import replay_game

EXAMPLES = sorted((Path(__file__).parents[3] / "rules" / "examples").glob("normandie_*.jsonl"))


def test_there_is_an_example_per_chapter() -> None:
    assert [p.name for p in EXAMPLES] == [
        "normandie_chapter1.jsonl",
        "normandie_chapter2.jsonl",
        "normandie_chapter3.jsonl",
        "normandie_tiles.jsonl",  # Chapter 1 again, laid from kept tiles
    ]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_each_example_replays_and_its_state_is_json(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["type"] == "nz_new_battle"  # the first line starts the battle
    state, events = replay_game(lines)
    assert isinstance(state, NormandieState)
    dumped = json.loads(json.dumps(state.to_json()))
    assert dumped["game"] == "normandie" and dumped["version"] == 1
    for lang in LANGUAGES:
        assert all("{" not in render(event, lang) for event in events)
    again, _ = replay_game(lines)
    assert isinstance(again, NormandieState)
    assert again.to_json() == state.to_json()  # replay rebuilds it exactly


def test_the_examples_end_as_their_chapters_say() -> None:
    ends = {p.name: _battle(p.read_text(encoding="utf-8").splitlines()) for p in EXAMPLES}
    assert ends["normandie_chapter1.jsonl"].winner == "black_sun"  # Derleth captured, turn 2
    assert ends["normandie_chapter2.jsonl"].winner == "sons_of_cthulhu"  # freed at the door
    chapter3 = ends["normandie_chapter3.jsonl"]
    assert dict(chapter3.scores) == {"majestic": 6, "black_sun": 2, "sons_of_cthulhu": 2}


def test_replay_stops_at_a_refused_line_with_its_number() -> None:
    lines = EXAMPLES[0].read_text(encoding="utf-8").splitlines()
    bad = [*lines[:3], '{"type": "nz_place_unit", "unit": "x", "kind": "tank", "space": "A1"}']
    with pytest.raises(ReplayError) as caught:
        replay(bad, RULES)
    assert caught.value.line == 4 and caught.value.error.rule == "Z4"
    assert str(caught.value).startswith("line 4: Z4: tank is not a kind of unit")
    with pytest.raises(ReplayError) as caught:
        replay([lines[0], "{not json"], RULES)
    assert caught.value.line == 2


def test_undo_takes_back_the_last_command_of_a_battle() -> None:
    lines = EXAMPLES[0].read_text(encoding="utf-8").splitlines()
    before = _battle(lines[:-1])
    after_undo, events = replay_game([*lines, '{"type": "undo"}'])
    assert isinstance(after_undo, NormandieState)
    assert after_undo.to_json() == before.to_json()
    assert render(events[-1]).startswith("Undone: ")


def _battle(lines: list[str]) -> NormandieState:
    state, _ = replay_game(lines)
    assert isinstance(state, NormandieState)
    return state


def test_every_catalogue_key_is_in_english_and_japanese() -> None:
    assert set(words.EN) == set(words.JA)
    for key, english in words.EN.items():
        assert bool(english) == bool(words.JA[key]), key
