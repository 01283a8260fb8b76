"""CUSTODIAN and LIBRARIAN in a list of Areas move five lines, and two in a Gate's answers
(issue 50 item 18): a Gate in any Area is then a few presses from the Area question, and
the footer says what the two buttons do there. The press table counts the presses
(tests/device/test_press_table.py); here, what each press does."""

from __future__ import annotations

import pytest

from device.cthulhu_wars.menu import areas
from rules.cthulhu_wars.commands import SetGate
from rules.text import LANGUAGES, render, text
from tests.device.test_controller_commands import BG, CC, GC, YS, Pilot, game

FOUR = [GC, CC, YS, BG]


def at_the_area_question(map_id: str = "celaeno") -> Pilot:
    pilot = Pilot(game({"type": "new_game", "map": map_id, "factions": FOUR}))
    pilot.press("ok")  # the main screen's likely job in the Action Phase: A Gate changed
    assert pilot.controller.prompt(pilot.state).title.key == "prompt.gate_where"
    return pilot


def selected_area(pilot: Pilot) -> str:
    prompt = pilot.controller.prompt(pilot.state)
    assert prompt.selected is not None
    return str(areas(pilot.state)[prompt.selected].value)


@pytest.mark.parametrize("map_id", ["celaeno", "dreamlands"])
def test_librarian_moves_five_areas_down_and_custodian_five_up_round_the_list(
    map_id: str,
) -> None:
    pilot = at_the_area_question(map_id)
    order = [a.value for a in areas(pilot.state)]
    pilot.press("right")
    assert selected_area(pilot) == order[5]
    pilot.press("left", "left")
    assert selected_area(pilot) == order[-5]  # round the list, from the top
    assert pilot.given == [] and pilot.notices == []  # no monster was activated


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_footer_says_five_lines_in_the_areas_and_two_in_the_answers(lang: str) -> None:
    pilot = at_the_area_question()
    said = {h.button: render(h.action, lang) for h in pilot.controller.prompt(pilot.state).hints}
    assert said["left"] == said["right"] == render(text("hint.jump", n=5), lang)
    pilot.press("ok")  # the first Tome Area's answers
    said = {h.button: render(h.action, lang) for h in pilot.controller.prompt(pilot.state).hints}
    assert said["left"] == said["right"] == render(text("hint.jump", n=2), lang)


def test_the_plain_of_the_ghouls_to_the_yellow_sign_in_five_presses() -> None:
    """The Dreamlands' slowest Area before (15 presses from the main screen): two jumps
    down, OK, the Yellow Sign two answers down, OK."""
    pilot = at_the_area_question("dreamlands")
    pilot.press("right", "right")
    assert selected_area(pilot) == "plain_of_the_ghouls"
    pilot.press("ok", "right", "ok")
    assert pilot.given == [SetGate("plain_of_the_ghouls", True, YS)]


def test_two_answers_down_skip_the_answer_that_is_the_gate_now() -> None:
    """The answer saying what the Gate is now cannot be chosen, so the jumps go over it:
    with no Gate there, LIBRARIAN from Abandoned goes two open answers on, round the list
    over "Gone": Great Cthulhu, then the Crawling Chaos."""
    pilot = at_the_area_question()
    pilot.press("ok")  # the Barrier of Naach-Tith, no Gate: "Gone" is what it is now
    pilot.press("up")  # Abandoned, the last open answer
    pilot.press("right")
    pilot.press("ok")
    assert pilot.given == [SetGate("barrier_of_naach_tith", True, CC)]
