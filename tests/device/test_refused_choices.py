"""A choice the rules will refuse is greyed with "✕ Not available" before OK, as every
other impossible choice is, naming the rule; the question says why once (issue 50, item
8: the Custodian under C14, Zoogs under D16)."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.cthulhu_wars.menu import gate_state
from display.games import SCREENS
from display.screen.screen import Screen
from display.view import Prompt, View
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.games import RULES
from rules.journal import apply, replay, state_json
from rules.text import LANGUAGES, render, translate
from tests.device.test_press_table import CUSTODIAN_IN_BLACK_HALL
from tests.display.conftest import surface

ROOT = Path(__file__).resolve().parents[2]
ZOOGS = [line for line in (ROOT / "rules/examples/dreamlands_zoogs_removed.jsonl")
         .read_text("utf-8").splitlines() if line.strip() and not line.startswith("#")][:7]  # fmt: skip
CASES = {  # the journal, the Area, the rule that refuses control there
    "custodian": (CUSTODIAN_IN_BLACK_HALL, "black_hall", "C14"),
    "zoogs": (ZOOGS, "surface_citadel_4", "D16"),
}


def played(journal: list[str]):  # type: ignore[no-untyped-def]
    found, _ = replay(journal, RULES)
    assert found is not None
    return found


@pytest.mark.parametrize("case", list(CASES))
def test_a_gate_change_the_rules_refuse_is_greyed_naming_the_rule(case: str) -> None:
    journal, area, rule = CASES[case]
    game = played(journal)
    state = game.state
    assert isinstance(state, GameState)
    step = gate_state(state, area)
    refused = []
    for option in step.options:
        try:
            apply(game, option.value)
        except RulesError as error:
            refused.append(option)
            assert not option.enabled, render(option.label)
            if error.rule == rule:  # not the Gate as it is now, refused as no change
                assert option.detail is not None and render(option.detail) == rule
    assert len(refused) >= len(state.factions)  # nobody may take control there
    assert all(option.enabled for option in step.options if option not in refused)
    assert any(option.enabled for option in step.options)
    for lang in LANGUAGES:
        assert f"{rule}" in render(step.title, lang)  # why, once, in the question


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", list(CASES))
def test_the_refused_choices_are_drawn_not_available(case: str, lang: str) -> None:
    journal, area, _rule = CASES[case]
    game = played(journal)
    step = gate_state(game.state, area)
    shown = View(state_json(game), Prompt(step.title, step.choices(), step.selected()), lang=lang)
    for size in ((480, 320), (800, 480)):
        screen = Screen(surface(size), SCREENS)
        screen.render(shown)
        drawn = "".join(label.text for label in screen.labels() if label.panel == "prompt")
        assert translate("screen.choice_unavailable", lang).strip() in drawn, size
        assert not any(label.truncated for label in screen.labels()), size
