"""Scenario bookkeeping: the three chapters' turn limits, endings and the Chapter 3 table."""

from __future__ import annotations

from typing import Any

from rules.normandie.scenarios import POINTS_AS_PRINTED, points_for
from rules.normandie.state import NormandieState
from tests.rules.normandie.support import NEXT, new_battle, play, refused, rendered, unit

SIDES_12 = ["sons_of_cthulhu", "black_sun"]
SIDES_3 = ["sons_of_cthulhu", "black_sun", "majestic"]


def _chapter(number: int, **fields: Any) -> dict[str, Any]:
    players = SIDES_3 if number == 3 else SIDES_12
    return new_battle(chapter=number, players=players, initiative="sons_of_cthulhu", **fields)


def _end_turns(state: NormandieState, turns: int) -> NormandieState:
    for _ in range(turns):
        state, _ = play(NEXT, NEXT, NEXT, state=state)
    return state


def test_chapter_1_derleth_eliminated_ends_the_game_for_the_black_sun() -> None:
    state, _ = play(
        _chapter(1, derleth="derleth"), unit("derleth", "A1", owner="sons_of_cthulhu"), NEXT
    )
    assert state.turn_limit == 8
    state, events = play(
        {"type": "nz_eliminate", "unit": "derleth", "by": "black_sun"}, state=state
    )
    assert state.over and state.winner == "black_sun"
    assert "Erghöl Derleth is captured in turn 1: victory for the Black Sun." in rendered(events)
    refused(state, NEXT, "setup", "error.normandie.over")


def test_chapter_1_derleth_alive_after_turn_8_wins_for_the_cultists() -> None:
    state, _ = play(
        _chapter(1, derleth="derleth"), unit("derleth", "A1", owner="sons_of_cthulhu"), NEXT
    )
    state = _end_turns(state, 7)
    assert state.turn == 8 and not state.over
    state = _end_turns(state, 1)
    assert state.over and state.winner == "sons_of_cthulhu"


def test_chapter_2_a_cultist_by_the_door_at_the_end_of_a_supply_phase_frees_derleth() -> None:
    state, _ = play(_chapter(2, door="G4"), unit("cultists", "F4", owner="sons_of_cthulhu"), NEXT)
    assert state.turn_limit == 10
    state, _ = play(
        {"type": "nz_move_unit", "unit": "cultists", "space": "G4"}, NEXT, NEXT, state=state
    )
    assert not state.over  # only at the end of the Supply phase
    state, _ = play(NEXT, state=state)
    assert state.over and state.winner == "sons_of_cthulhu" and state.turn == 1


def test_chapter_2_derleth_still_in_jail_after_turn_10_wins_for_the_black_sun() -> None:
    state, _ = play(_chapter(2, door="G4"), unit("guards", "G4", owner="black_sun"), NEXT)
    state = _end_turns(state, 10)
    assert state.over and state.winner == "black_sun" and state.turn == 10


def test_chapters_need_their_sides_initiative_and_markers() -> None:
    refused(None, new_battle(chapter=4), "setup", "error.normandie.chapter")
    refused(None, new_battle(chapter=1), "chapter1", "error.normandie.chapter_sides")
    bad_initiative = {**_chapter(1, derleth="d"), "initiative": "black_sun"}
    refused(None, bad_initiative, "chapter1", "error.normandie.chapter_initiative")
    refused(None, _chapter(1), "chapter1", "error.normandie.derleth_needed")
    refused(None, _chapter(2), "chapter2", "error.normandie.door_needed")
    # Chapter 3's initiative is drawn: any side may have it.
    state, _ = play({**_chapter(3), "initiative": "majestic"})
    assert state.initiative == "majestic"


def test_chapter_3_points_table_as_printed() -> None:
    assert POINTS_AS_PRINTED["majestic"] == {"black_sun": 2, "sons_of_cthulhu": 1}
    assert POINTS_AS_PRINTED["sons_of_cthulhu"] == {"black_sun": 2, "majestic": 1}
    assert POINTS_AS_PRINTED["black_sun"] == {"black_sun": 2, "majestic": 2}
    assert points_for("majestic", "black_sun", 1, as_printed=False) == 2
    assert points_for("sons_of_cthulhu", "majestic", 3, as_printed=False) == 3
    # The Black Sun row's "Black Sun" read as the Sons of Cthulhu; own units never score.
    assert points_for("black_sun", "sons_of_cthulhu", 1, as_printed=False) == 2
    assert points_for("black_sun", "black_sun", 1, as_printed=False) == 0
    assert points_for("black_sun", "sons_of_cthulhu", 1, as_printed=True) == 0
    assert points_for(None, "majestic", 1, as_printed=False) == 0


def test_chapter_3_scores_shoggoth_life_points_and_the_sherman_76() -> None:
    state, _ = play(
        _chapter(3),
        unit("shoggoth", "A1", kind="mythos", owner="sons_of_cthulhu", worth=2, life_points=3),
        unit("sherman", "G7", kind="vehicle", owner="majestic", worth=2),
        unit("novices", "D4", owner="black_sun"),
        NEXT,
    )
    state, events = play(
        {"type": "nz_wound", "unit": "shoggoth", "life_points": 2, "by": "majestic"},
        {"type": "nz_wound", "unit": "shoggoth", "life_points": 1, "by": "black_sun"},
        {"type": "nz_eliminate", "unit": "shoggoth", "by": "majestic"},
        {"type": "nz_eliminate", "unit": "sherman", "by": "sons_of_cthulhu"},
        {"type": "nz_eliminate", "unit": "novices", "by": "majestic"},
        state=state,
    )
    # Majestic: 2 life points ×1 + Shoggoth 2 units ×1 + Novices 1 unit ×2 = 6.
    assert state.scores == {"majestic": 6, "black_sun": 2, "sons_of_cthulhu": 2}
    assert "2 points for Majestic, 6 in all." in rendered(events)
    state = _end_turns(state, 10)
    assert state.over and state.winner == "majestic"


def test_chapter_3_an_eliminated_summoned_creature_cannot_come_back() -> None:
    state, _ = play(
        _chapter(3),
        unit("byakhee", "A1", kind="mythos", owner="black_sun", summoned=True),
        {"type": "nz_eliminate", "unit": "byakhee", "by": "majestic"},
    )
    refused(
        state,
        unit("byakhee", "A1", kind="mythos", owner="black_sun", summoned=True),
        "chapter3",
        "error.normandie.no_second_summoning",
    )
