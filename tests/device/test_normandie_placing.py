"""Placing units (device/normandie/placing.py): the cursor never stops where a unit cannot
stand, whatever is pressed, and each side's zone is its chapter's tile or its edge (I4)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from device.normandie.placing import NextUnit, deployment, next_free, place_step
from device.normandie.space import free_square
from device.ui.steps import DONE
from rules import journal
from rules.games import RULES
from rules.normandie.battlefield import Space
from rules.normandie.state import NormandieState
from tests.properties import examples

NAMES = [Space(c, r).name for r in range(7) for c in range(14)]


def battle(impassable: list[str], units: list[str], **more: object) -> NormandieState:
    first = {
        "type": "nz_new_battle", "tiles": {"columns": 2, "rows": 1},
        "players": ["sons_of_cthulhu", "black_sun"], "initiative": "black_sun",
        "zombies": {"z1": 3}, "impassable": impassable, **more,
    }  # fmt: skip
    lines = [json.dumps(first)]
    for n, name in enumerate(units):
        lines.append(json.dumps({"type": "nz_place_unit", "unit": f"u{n}", "kind": "infantry",
                                 "space": name, "owner": "black_sun", "movement": 4}))  # fmt: skip
    played, _ = journal.replay(lines, RULES)
    assert played is not None and isinstance(played.state, NormandieState)
    return played.state


@settings(max_examples=examples(60))
@given(
    st.lists(st.sampled_from(NAMES), unique=True, max_size=40).flatmap(
        lambda blocked: st.tuples(
            st.just(blocked),
            st.lists(st.sampled_from([n for n in NAMES if n not in blocked]), unique=True,
                     max_size=20),
            st.lists(st.sampled_from(["up", "down", "left", "right", "jump"]), max_size=30),
            st.sampled_from([NextUnit(), NextUnit(owner="black_sun"), NextUnit("zombies")]),
        )
    )
)  # fmt: skip
def test_the_placing_cursor_only_ever_stands_on_free_squares(
    case: tuple[list[str], list[str], list[str], NextUnit],
) -> None:
    blocked, taken, presses, unit = case
    state = battle(blocked, taken)
    step = place_step(state, unit, Space(0, 0), lambda: DONE)
    assert free_square(state, step.cursor)
    for press in presses:
        if press in ("up", "down"):
            step.move(-1 if press == "up" else 1)
        elif press in ("left", "right"):
            step.shift(-1 if press == "left" else 1)
        else:
            step.jump()
        assert free_square(state, step.cursor), (press, step.cursor.name)


def test_the_sides_deploy_from_their_own_edge_the_middle_first() -> None:
    state = battle([], [])
    sons = deployment(state, NextUnit(owner="sons_of_cthulhu"))
    black_sun = deployment(state, NextUnit(owner="black_sun"))
    assert [s.name for s in sons[:3]] == ["A4", "A3", "A5"]
    assert [s.name for s in black_sun[:3]] == ["N4", "N3", "N5"]
    assert {s.col for s in sons} == set(range(7)) and {s.col for s in black_sun} == set(
        range(7, 14)
    )


def test_a_chapter_deploys_on_the_tiles_it_names() -> None:
    layout = [{"tile": t, "column": n + 1, "row": 1, "turn": 0}
              for n, t in enumerate(("SoN-3-B", "SoN-5-B", "SoN-1-B"))]  # fmt: skip
    first = {
        "type": "nz_new_battle", "tiles": {"columns": 3, "rows": 1},
        "players": ["sons_of_cthulhu", "black_sun"], "initiative": "sons_of_cthulhu",
        "zombies": {"z1": 3}, "chapter": 2, "door": "T7", "layout": layout,
    }  # fmt: skip
    played, _ = journal.replay([json.dumps(first)], RULES)
    assert played is not None
    state = played.state
    assert isinstance(state, NormandieState)
    sons = deployment(state, NextUnit(owner="sons_of_cthulhu"))
    black_sun = deployment(state, NextUnit(owner="black_sun"))
    assert {s.col // 7 for s in sons} == {0}  # SoN-3-B
    assert {s.col // 7 for s in black_sun} == {1, 2}  # SoN-5-B (group B) and SoN-1-B (A)
    assert black_sun[0].name == "U4"  # from the battlefield's right edge, its middle first


def test_zombies_are_offered_in_and_around_the_mass_graves_and_phase_jumps_there() -> None:
    state = battle([], ["E5"], mass_graves=[{"id": "g1", "spaces": ["E4"], "single_use": False}])
    zone = deployment(state, NextUnit("zombies"))
    assert [s.name for s in zone] == ["E4", "E3", "F4", "E5", "D4"]
    step = place_step(state, NextUnit("zombies"), Space(0, 0), lambda: DONE)
    assert step.cursor.name == "E4"
    assert [next_free(state, zone, Space(4, 3)).name] == ["E3"]
    assert next_free(state, zone, Space(5, 3)).name == "D4"  # E5 is taken: passed over
