"""The menu's scoreboard lines (K10–K12, I10): one line a faction, then what happened to it
(a correction, a spellbook, an Elder Sign drawn, a reveal) in a list that goes round, then
at most one number screen. A game without the scoreboard has none of them (I12).
``finish`` is the identity: each answer is the journal command's JSON, checked whole."""

from __future__ import annotations

from typing import Any

import pytest

from device.cthulhu_wars.scoreboard.menu import (
    happened,
    menu_options,
    menu_step,
    selected_line,
)
from device.ui.steps import LIST_HINTS, DialStep, ListStep, Option, StepResult
from rules.text import LANGUAGES, render, text
from tests.display.samples import _celaeno
from tests.display.test_scoreboard_panel import FACTIONS, scoreboard


def game(**overrides: Any) -> dict[str, Any]:
    return _celaeno(
        **{"factions": FACTIONS, "scoreboard": scoreboard(), "game_over": None, **overrides}
    )


def of(faction: str, **board: Any) -> ListStep:
    return happened(scoreboard(**board), faction, lambda obj: obj)  # type: ignore[arg-type,return-value]


def answer(step: ListStep, *moves: int) -> StepResult:
    """DOWN (1) or UP (-1) for each of ``moves``, then OK."""
    for move in moves:
        step.move(move)
    return step.pick()


def test_one_line_a_faction_in_play_order_and_none_without_the_scoreboard() -> None:
    """K2: play order from the First Player (Great Cthulhu, counter-clockwise: the Yellow Sign,
    the Black Goat, Crawling Chaos), the last to play above the First Player, whose line is
    the selected one and says so."""
    lines = menu_options(game())
    said = [o.label.params["faction"] for o in lines]
    assert said == ["crawling_chaos", "great_cthulhu", "yellow_sign", "black_goat"]
    first = lines[selected_line(lines)]
    assert first.label.params["faction"] == "great_cthulhu" and first.detail is not None
    assert render(first.detail, "en") == "First Player"
    assert [o.detail for o in lines].count(None) == 3
    assert menu_options(_celaeno()) == []
    assert menu_options(game(game_over={"reason": "doom", "winners": []})) == []


@pytest.mark.parametrize(
    ("count", "lines", "selected"),
    [(3, ["f3", "f1", "f2"], 1), (4, ["f4", "f1", "f2", "f3"], 1),
     (5, ["f4", "f5", "f1", "f2", "f3"], 2)],
)  # fmt: skip
def test_every_line_is_at_most_two_presses_from_the_first_players(
    count: int, lines: list[str], selected: int
) -> None:
    """3 to 5 players (T4): the lines go round the First Player's, so none is more than
    two lines (UP or DOWN presses) from it."""
    order = [f"f{n}" for n in range(1, count + 1)]
    names = order[::-1]  # seating order is not what orders the lines
    board = scoreboard(order=order, first_player="f1")
    options = menu_options(game(factions=names, scoreboard=board))
    assert [o.label.params["faction"] for o in options] == lines
    assert selected_line(options) == selected
    assert max(abs(i - selected) for i in range(count)) <= 2


def seats_menu(count: int) -> ListStep:
    """The menu of a game of ``count`` factions f1… (f1 First Player), two lines below."""
    order = [f"f{n}" for n in range(1, count + 1)]
    board = scoreboard(order=order, first_player="f1")
    rest = [Option(text("menu.gate"), "gate"), Option(text("menu.undo"), "undo")]
    return menu_step(game(factions=order[::-1], scoreboard=board), rest)


def _at(step: ListStep) -> str:
    label = step.options[step.cursor].label
    return str(label.params.get("faction", label.key))


def _pressed(step: ListStep, button: int, times: int) -> list[str]:
    said = []
    for _ in range(times):
        assert step.side_button(button)
        said.append(_at(step))
    return said


@pytest.mark.parametrize(
    ("count", "librarian", "custodian"),
    [(3, ["f3", "f2", "f1"], ["f2", "f3", "f1"]),
     (4, ["f3", "f1"], ["f3", "f1"]),
     (5, ["f3", "f5", "f2", "f4", "f1"], ["f4", "f2", "f5", "f3", "f1"])],
)  # fmt: skip
def test_the_two_buttons_go_two_seats_round_the_faction_lines_only(
    count: int, librarian: list[str], custodian: list[str]
) -> None:
    """On a faction line LIBRARIAN (+1) goes two seats on in play order, CUSTODIAN (-1)
    two back, round the faction lines and never onto the menu's other lines, back to the
    First Player after going all round."""
    assert _pressed(seats_menu(count), 1, len(librarian)) == librarian
    assert _pressed(seats_menu(count), -1, len(custodian)) == custodian


@pytest.mark.parametrize("count", [3, 4, 5])
def test_every_faction_is_one_press_from_the_first_players_line(count: int) -> None:
    """UP, DOWN, CUSTODIAN and LIBRARIAN from the First Player's line reach every faction."""
    reached = {"f1"}
    for button in ("up", "down", "left", "right"):
        step = seats_menu(count)
        if button in ("up", "down"):
            step.move(-1 if button == "up" else 1)
        else:
            assert step.side_button(-1 if button == "left" else 1)
        reached.add(_at(step))
    assert reached == {f"f{n}" for n in range(1, count + 1)}


def test_off_the_faction_lines_the_two_buttons_are_not_the_menus() -> None:
    """Below the faction lines (and with none: a game that has ended) the two buttons
    keep their meaning: the step takes neither, and says nothing of them."""
    step = seats_menu(4)
    assert {h.button for h in step.hints} >= {"left", "right"}
    for _ in range(3):
        step.move(1)
    assert _at(step) == "menu.gate"
    assert not step.side_button(1) and not step.side_button(-1)
    assert _at(step) == "menu.gate" and step.hints == LIST_HINTS
    step.move(-1)
    assert step.hints != LIST_HINTS
    ended = menu_step(
        game(game_over={"reason": "doom", "winners": []}), [Option(text("menu.gate"), 1)]
    )
    assert not ended.side_button(1) and ended.hints == LIST_HINTS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_list_says_what_each_happening_would_change(lang: str) -> None:
    step = of("great_cthulhu")
    said = [render(o.detail, lang) for o in step.options if o.detail is not None]
    assert len(said) == 4 and "15" in said[0] and "14" in said[0]  # Power, Doom
    assert "4" in said[1] and "30" in said[2] and "2" in said[3]
    assert "Great Cthulhu" in render(step.title, "en")
    empty = of("great_cthulhu", elder_signs_left=0).options[2].detail
    assert empty is not None and render(empty, lang) != said[2]


def test_a_correction_is_selected_and_costs_one_press_a_unit() -> None:
    dial = answer(of("crawling_chaos"))
    assert isinstance(dial, DialStep)
    dial.move(-1)  # UP: one more Power
    assert dial.pick() == {"type": "adjust", "faction": "crawling_chaos", "power": 1}


def test_a_correction_never_goes_below_zero() -> None:
    dial = answer(of("crawling_chaos"))
    assert isinstance(dial, DialStep)
    for _ in range(20):
        dial.move(1)  # DOWN: Power down, stopping at what the faction has (K15)
    dial.change_row(1)
    dial.move(-1)
    assert dial.pick() == {"type": "adjust", "faction": "crawling_chaos", "power": -8, "doom": 1}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_correction_says_each_change_signed_beside_what_there_is_now(lang: str) -> None:
    """Issue 50 (2): "Power (now 6) (1 Power)" read the change as the new value: the change
    is signed, apart from the row's "now"."""
    dial = answer(of("crawling_chaos"))
    assert isinstance(dial, DialStep)
    dial.move(-1)  # UP: one more Power
    dial.change_row(1)
    dial.move(1)  # DOWN: one Doom less
    dial.move(1)
    power, doom, _confirm = dial.choices()
    assert power.detail is not None and doom.detail is not None
    said = {"en": ("+1 Power", "-2 Doom"), "ja": ("魔力+1", "破滅-2")}
    assert (render(power.detail, lang), render(doom.detail, lang)) == said[lang]
    assert "8" in render(power.label, lang) and "9" in render(doom.label, lang)  # now


def test_a_spellbook_is_one_down() -> None:
    assert answer(of("great_cthulhu"), 1) == {
        "type": "spellbooks",
        "faction": "great_cthulhu",
        "count": 5,
    }
    six = of("black_goat")  # all six: not offered, DOWN passes it
    assert not six.options[1].enabled
    assert answer(six, 1) == {"type": "draw_elder_signs", "faction": "black_goat", "count": 1}


def test_an_elder_sign_drawn_is_two_away_either_way() -> None:
    drawn = {"type": "draw_elder_signs", "faction": "great_cthulhu", "count": 1}
    assert answer(of("great_cthulhu"), 1, 1) == drawn
    assert answer(of("great_cthulhu"), -1, -1) == drawn


def test_a_reveal_is_one_up_and_proposes_one_sign_worth_one() -> None:
    dial = answer(of("great_cthulhu"), -1)
    assert isinstance(dial, DialStep)
    assert dial.pick() == {"type": "reveal_elder_signs", "faction": "great_cthulhu", "values": [1]}
    holds_none = of("crawling_chaos")
    assert not holds_none.options[3].enabled
    assert answer(holds_none, -1) == {  # UP passes the reveal: the draw
        "type": "draw_elder_signs",
        "faction": "crawling_chaos",
        "count": 1,
    }


def test_a_sign_worth_three_is_pointed_at_and_turned() -> None:
    dial = answer(of("black_goat"), -1)
    assert isinstance(dial, DialStep)
    dial.move(1)  # no sign worth 1
    dial.change_row(2)
    dial.move(-1)
    assert dial.pick() == {"type": "reveal_elder_signs", "faction": "black_goat", "values": [3]}
