"""The scoreboard's questions (K3, K6, K8, K14) and what a round costs in presses.

States are the public state JSON (pending and scoreboard as the journal format writes them).
``finish`` is the identity here, so each answer is the journal command's JSON, checked whole;
on the device it is read into the command the rules wait for.
"""

from __future__ import annotations

from typing import Any

import pytest

from device.cthulhu_wars.scoreboard.steps import (
    Remembered,
    proposed_power,
    scoreboard_step,
)
from device.games import GAMES
from device.ui.steps import DialStep, InTurn, ListStep, ScreenStep
from rules.text import LANGUAGES, render
from tests.display.samples import _celaeno
from tests.display.test_scoreboard_panel import FACTIONS, scoreboard

REMEMBERED = Remembered(
    rest={"great_cthulhu": 5, "crawling_chaos": 6, "black_goat": 4, "yellow_sign": 6},
    great_old_ones={"great_cthulhu": 2},
)


def state(pending: dict[str, Any], **board: Any) -> dict[str, Any]:
    gates = {
        "black_hall": {"controller": "great_cthulhu"},
        "reading_room": {"controller": "great_cthulhu"},
        "guardian_under_the_lake": {"controller": None},
        "scriptorium": {"controller": "yellow_sign"},
    }
    return _celaeno(
        factions=FACTIONS,
        phase="gather_power",
        gates=gates,
        pending=pending,
        scoreboard=scoreboard(**board),
        game_over=None,
    )


def ask(pending: dict[str, Any], **board: Any) -> ScreenStep:
    step = scoreboard_step(state(pending, **board), REMEMBERED, finish=lambda obj: obj)  # type: ignore[arg-type,return-value]
    assert step is not None
    return step


@pytest.mark.parametrize("lang", LANGUAGES)
def test_power_is_proposed_with_what_it_is_made_of(lang: str) -> None:
    GAMES.front_ends.get("cthulhu_wars")  # its words, as the app loads the game's
    power, made = proposed_power(state({}), "great_cthulhu", REMEMBERED)
    assert power == 2 * 2 + 1 + 5  # K3
    words = render(made, lang)
    for figure in ("2", "× 2" if lang == "en" else "×2", "1", "5"):
        assert figure in words
    assert render(proposed_power(state({}), "black_goat", REMEMBERED)[1], lang) != words


def test_gather_power_costs_one_press_when_the_proposal_is_right() -> None:
    step = ask({"kind": "gather_power"})
    assert isinstance(step, DialStep)
    assert step.pick() == {
        "type": "gather_power",
        "power": {"great_cthulhu": 10, "crawling_chaos": 7, "black_goat": 5, "yellow_sign": 9},
    }


def test_a_correction_of_n_costs_n_presses_beyond_pointing_at_the_row() -> None:
    step = ask({"kind": "gather_power"})
    assert isinstance(step, DialStep)
    step.row_button(1)  # point at the Crawling Chaos
    for _ in range(3):
        step.move(-1)  # UP: three more Cultists than last round
    assert step.pick() == {
        "type": "gather_power",
        "power": {"great_cthulhu": 10, "crawling_chaos": 10, "black_goat": 5, "yellow_sign": 9},
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_turned_row_says_its_correction_as_a_term_of_its_own(lang: str) -> None:
    """Issue 50 (1): "Yellow Sign: 2 Gates × 2 + 1 abandoned + 1 as last round (7 Power)"
    (the parts made 6): the parts and the correction, signed, add up to the figure."""
    step = ask({"kind": "gather_power"})
    assert isinstance(step, DialStep)
    before = [render(choice.label, lang) for choice in step.choices()]
    step.move(-1)  # UP on Great Cthulhu's 10: 11
    step.row_button(1)
    step.move(1)  # DOWN on the Crawling Chaos's 7: 6
    step.move(1)
    great_cthulhu, crawling_chaos, *rest = step.choices()
    said = {"en": (", correction +1", ", correction -2"), "ja": ("、修正+1", "、修正-2")}
    assert render(great_cthulhu.label, lang) == before[0] + said[lang][0]
    assert render(crawling_chaos.label, lang) == before[1] + said[lang][1]
    assert [render(choice.label, lang) for choice in rest] == before[2:]  # as proposed
    step.move(-1)
    step.move(-1)  # back to the proposal: no correction to say
    assert render(step.choices()[1].label, lang) == before[1]


def test_the_first_player_is_named_and_keeps_last_rounds_direction() -> None:
    pending = {"kind": "first_player", "candidates": ["great_cthulhu"], "chooser": "great_cthulhu"}
    step = ask(pending)
    assert isinstance(step, ListStep)
    assert step.pick() == {
        "type": "first_player",
        "faction": "great_cthulhu",
        "direction": "counterclockwise",
    }
    assert step.pick(1) == {
        "type": "first_player",
        "faction": "great_cthulhu",
        "direction": "clockwise",
    }


def test_a_tie_asks_the_chooser_among_the_tied() -> None:
    pending = {
        "kind": "first_player",
        "candidates": ["crawling_chaos", "yellow_sign"],
        "chooser": "great_cthulhu",
    }
    step = ask(pending)
    assert isinstance(step, ListStep)
    assert "Great Cthulhu" in render(step.title, "en")
    step.move(1)
    assert step.pick() == {
        "type": "first_player",
        "faction": "yellow_sign",
        "direction": "counterclockwise",
    }


def test_a_ritual_passes_with_one_press_and_is_performed_with_two() -> None:
    pending = {"kind": "ritual", "faction": "great_cthulhu", "cost": 7}
    step = ask(pending)
    assert isinstance(step, ListStep)
    words = render(step.title, "en")
    assert "7 Power" in words and "+2 Doom" in words and "2 Elder Signs" in words  # K8
    assert step.pick() == {"type": "ritual", "faction": "great_cthulhu", "perform": False}
    step.move(1)
    assert step.pick() == {
        "type": "ritual",
        "faction": "great_cthulhu",
        "perform": True,
        "great_old_ones": 2,  # as last time
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_ritual_on_the_tracks_last_space_says_performing_it_ends_the_game(lang: str) -> None:
    """Issue 50 (17), K13: a Ritual performed on the last space before the end takes the
    marker to the end, and the game ends with this Doom Phase: the question says so before
    OK, and a Ritual before that space does not."""
    track = [5, 6, 7, 7, 8, 8, 9, 10]
    ends = {"en": "Performing it ends the game", "ja": "行うとゲームが終わる"}
    for space, said in ((len(track) - 1, True), (len(track) - 2, False)):
        ritual = {"space": space, "cost": track[space], "track": track, "at_end": False}
        pending = {"kind": "ritual", "faction": "great_cthulhu", "cost": track[space]}
        step = ask(pending, ritual=ritual, power=dict.fromkeys(FACTIONS, 12))
        assert (ends[lang] in render(step.title, lang)) is said, space


def test_a_ritual_without_the_power_cannot_be_chosen() -> None:
    pending = {"kind": "ritual", "faction": "yellow_sign", "cost": 9}
    step = ask(pending)
    assert isinstance(step, ListStep)
    assert [o.enabled for o in step.options] == [True, False, False, True]  # nobody else: yes
    assert "Needs 9 Power, has 8" in render(step.options[1].detail, "en")  # type: ignore[arg-type]


def test_another_count_of_great_old_ones_is_a_dial() -> None:
    step = ask({"kind": "ritual", "faction": "black_goat", "cost": 7})
    assert isinstance(step, ListStep)
    dial = step.pick(2)
    assert isinstance(dial, DialStep)
    dial.move(-1)
    dial.move(-1)
    assert dial.pick() == {
        "type": "ritual",
        "faction": "black_goat",
        "perform": True,
        "great_old_ones": 3,
    }


def test_the_end_asks_every_sign_a_faction_holds() -> None:
    step = ask({"kind": "reveal", "faction": "yellow_sign"})
    assert isinstance(step, DialStep)
    step.row_button(1)  # worth 2
    step.move(-1)  # one of the three moves from worth 1
    step.row_button(1)  # worth 3
    step.move(-1)
    assert step.pick() == {
        "type": "reveal_elder_signs",
        "faction": "yellow_sign",
        "values": [1, 2, 3],
    }


def test_no_scoreboard_no_question() -> None:
    assert scoreboard_step(_celaeno(pending={"kind": "gather_power"})) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nobody_else_performs_a_ritual_passes_for_everyone_left_in_play_order(lang: str) -> None:
    """K8: UP from Pass, one choice: this faction and every one after it in play order pass."""
    step = ask({"kind": "ritual", "faction": "yellow_sign", "cost": 7})
    assert isinstance(step, ListStep)
    step.move(-1)  # UP from Pass, round the list
    assert render(step.options[step.cursor].label, lang)
    chosen = step.pick()
    assert isinstance(chosen, InTurn)
    assert chosen.commands == tuple(
        {"type": "ritual", "faction": f, "perform": False}
        for f in ("yellow_sign", "black_goat", "crawling_chaos")  # the scoreboard's play order
    )


def test_the_last_to_decide_is_not_offered_nobody_else() -> None:
    step = ask({"kind": "ritual", "faction": "crawling_chaos", "cost": 7})
    assert isinstance(step, ListStep)
    assert len(step.options) == 3


def test_a_ritual_with_one_great_old_one_says_one_sign_and_one_great_old_one() -> None:
    GAMES.front_ends.get("cthulhu_wars")
    one = Remembered(rest=REMEMBERED.rest, great_old_ones={"great_cthulhu": 1})
    pending = {"kind": "ritual", "faction": "great_cthulhu", "cost": 7}
    step = scoreboard_step(state(pending), one, finish=lambda obj: obj)  # type: ignore[arg-type,return-value]
    assert isinstance(step, ListStep)
    words = render(step.title, "en")
    assert "draws 1 Elder Sign" in words and "Elder Signs" not in words  # K8, one a Great Old One
    assert render(step.choices()[1].label, "en") == "Perform it, 1 Great Old One"
