"""The menu's scoreboard lines (K10–K12, I10): each a faction, then at most one number
screen. Presses counted from the menu's top (the lines come first there); a game without
the scoreboard has none of them (I12). ``finish`` is the identity: each answer is the
journal command's JSON, checked whole."""

from __future__ import annotations

from typing import Any

from device.cthulhu_wars.scoreboard.menu import menu_items
from device.ui.steps import DialStep, ListStep, StepResult
from tests.display.samples import _celaeno
from tests.display.test_scoreboard_panel import FACTIONS, scoreboard


def game(**overrides: Any) -> dict[str, Any]:
    return _celaeno(
        **{"factions": FACTIONS, "scoreboard": scoreboard(), "game_over": None, **overrides}
    )


def line(key: str) -> StepResult:
    items = dict(menu_items(game(), finish=lambda obj: obj))  # type: ignore[arg-type,return-value]
    return items[key]()


def test_the_lines_in_order() -> None:
    assert [key for key, _ in menu_items(game())] == [
        "sb_spellbook",
        "sb_reveal",
        "sb_draw",
        "sb_adjust",
    ]
    assert menu_items(_celaeno()) == []
    assert menu_items(game(game_over={"reason": "doom", "winners": []})) == []


def test_a_spellbook_is_two_presses_from_the_menu() -> None:
    step = line("sb_spellbook")
    assert isinstance(step, ListStep)
    assert [o.enabled for o in step.options] == [True, True, False, True]  # the Black Goat has 6
    assert step.pick() == {"type": "spellbooks", "faction": "great_cthulhu", "count": 5}


def test_a_reveal_of_one_sign_worth_one_is_two_presses_after_the_line() -> None:
    step = line("sb_reveal")
    assert isinstance(step, ListStep)
    assert [o.enabled for o in step.options] == [True, False, True, True]  # holding none
    dial = step.pick()
    assert isinstance(dial, DialStep)
    assert dial.pick() == {"type": "reveal_elder_signs", "faction": "great_cthulhu", "values": [1]}


def test_a_sign_worth_three_is_pointed_at_and_turned() -> None:
    step = line("sb_reveal")
    assert isinstance(step, ListStep)
    step.move(1)  # the Black Goat: DOWN passes the Crawling Chaos, who holds none
    dial = step.pick()
    assert isinstance(dial, DialStep)
    dial.move(1)  # no sign worth 1
    dial.change_row(2)
    dial.move(-1)
    assert dial.pick() == {"type": "reveal_elder_signs", "faction": "black_goat", "values": [3]}


def test_signs_drawn_default_to_one() -> None:
    step = line("sb_draw")
    assert isinstance(step, ListStep)
    dial = step.pick()
    assert isinstance(dial, DialStep)
    dial.move(-1)
    assert dial.pick() == {"type": "draw_elder_signs", "faction": "great_cthulhu", "count": 2}


def test_a_correction_names_only_what_changes_and_never_below_zero() -> None:
    step = line("sb_adjust")
    assert isinstance(step, ListStep)
    step.move(1)
    dial = step.pick()
    assert isinstance(dial, DialStep)
    for _ in range(20):
        dial.move(1)  # DOWN: Power down, stopping at what the faction has (K15)
    assert dial.pick() == {"type": "adjust", "faction": "crawling_chaos", "power": -8}
