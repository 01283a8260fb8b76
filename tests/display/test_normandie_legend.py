"""The words beside the Normandie grid keep naming the square of an Assault (Z7)."""

from __future__ import annotations

from display.normandie.legend import move_words
from rules.text import render
from tests.rules.normandie.support import play, to_zombies_phase, unit, zombie


def test_an_assault_still_names_its_square_once_the_target_is_eliminated() -> None:
    state, _ = to_zombies_phase(unit("i2", "D4"), zombie("z1", "D1"))
    state, _ = play({"type": "nz_assault", "roll": 6, "eliminated": ["i2"]}, state=state)
    shown = state.to_json()
    assert "i2" not in shown["units"]
    assault = shown["zombies_phase"]["moves"][0]
    english = render(move_words(shown, assault), "en")
    japanese = render(move_words(shown, assault), "ja")
    assert "at D4" in english and "?" not in english
    assert "D4の" in japanese and "?" not in japanese
    assert assault["at"] == "D4"  # the state keeps the square the target stood on
