"""nz_terrain: impassable spaces (I4) and Mass Graves (Z10) entered after nz_new_battle, in setup."""

from __future__ import annotations

import json
from typing import Any

from rules.commands import command_to_json
from rules.normandie.battlefield import parse_space
from rules.normandie.commands import NzTerrain
from rules.normandie.state import NormandieState
from tests.parsing import parse_any, replay_game
from tests.rules.normandie.support import NEXT, new_battle, play, refused, rendered, unit, zombie


def terrain(space: str, kind: str, **more: Any) -> dict[str, Any]:
    return {"type": "nz_terrain", "space": space, "terrain": kind, **more}


def s(name: str) -> Any:
    return parse_space(name)


def test_i4_a_space_marked_impassable_is_walked_around() -> None:
    # A wall in column B, rows 1-6: the Zombie at A1 walks round it below, through B7.
    wall = [terrain(f"B{row}", "impassable") for row in range(1, 7)]
    state, events = play(new_battle(), *wall, zombie("z1", "A1"), unit("r1", "C1"), NEXT, NEXT)
    assert state.battlefield.impassable == {s(f"B{row}") for row in range(1, 7)}
    assert rendered(events)[1] == "B1 is impassable."
    move = state.zombie_moves[0]
    assert move.target == "r1" and move.distance == 14  # down 6, across 2, up 6: I4
    assert [p.name for p in move.path] == ["A2", "A3", "A4"]  # movement 3


def test_i4_no_unit_may_be_placed_on_a_space_marked_impassable() -> None:
    state, _ = play(new_battle(), terrain("C3", "impassable"))
    refused(state, unit("r1", "C3"), "setup", "error.normandie.impassable")


def test_z10_a_mass_grave_entered_on_the_grid_creates_zombies_and_x1_is_discarded() -> None:
    state, events = play(
        new_battle(),
        terrain("D4", "mass_grave", grave="g1", single_use=True),
        terrain("A1", "mass_grave", grave="g2", single_use=False),
        unit("master", "D4", kind="master", owner="black_sun"),
        NEXT,
        NEXT,
    )
    assert "D4 bears the Mass Grave symbol marked X1 (Mass Grave g1, used once)." in rendered(
        events
    )
    assert [(g.id, g.single_use) for g in state.mass_graves] == [("g1", True), ("g2", False)]
    state, _ = play({"type": "nz_create", "master": "master", "grave": "g1"}, state=state)
    assert [g.id for g in state.mass_graves] == ["g2"]  # Z10: X1 discarded after one creation


def test_z10_a_grave_may_span_several_spaces_marked_alike() -> None:
    state, _ = play(
        new_battle(),
        terrain("D4", "mass_grave", grave="pit"),
        terrain("D5", "mass_grave", grave="pit"),
    )
    assert state.mass_graves[0].spaces == {s("D4"), s("D5")}
    refused(
        state,
        terrain("D6", "mass_grave", grave="pit", single_use=True),
        "Z10",
        "error.normandie.terrain_grave_x1",
    )


def test_each_space_has_one_terrain_and_open_clears_it() -> None:
    state, _ = play(new_battle(), terrain("C3", "impassable"))
    state, _ = play(terrain("C3", "mass_grave", grave="g1"), state=state)
    assert state.battlefield.impassable == frozenset()
    assert state.mass_graves[0].spaces == {s("C3")}
    state, _ = play(terrain("C3", "impassable"), state=state)
    assert state.mass_graves == ()  # a grave left without spaces is gone
    state, events = play(terrain("C3", "open"), state=state)
    assert state.battlefield.impassable == frozenset() and rendered(events) == [
        "C3 is open ground."
    ]


def test_terrain_is_in_the_state_json_as_if_given_in_nz_new_battle() -> None:
    given, _ = play(
        new_battle(
            impassable=["C3"], mass_graves=[{"id": "g1", "spaces": ["D4"], "single_use": True}]
        )
    )
    entered, _ = play(
        new_battle(),
        terrain("C3", "impassable"),
        terrain("D4", "mass_grave", grave="g1", single_use=True),
    )
    assert entered.to_json() == given.to_json()


def test_bad_terrain_is_refused_with_its_reason_and_nothing_changes() -> None:
    state, _ = play(
        new_battle(chapter=None),
        terrain("C3", "impassable"),
        unit("r1", "E5"),
    )
    refused(state, terrain("E5", "impassable"), "I4", "error.normandie.space_taken")
    refused(state, terrain("H1", "impassable"), "I4", "error.normandie.off_board")
    refused(state, terrain("5C", "impassable"), "I4", "error.normandie.bad_space")
    refused(state, terrain("C4", "lava"), "I4", "error.normandie.terrain_kind")
    refused(state, terrain("C3", "impassable"), "I4", "error.normandie.terrain_same")
    refused(state, terrain("C4", "open"), "I4", "error.normandie.terrain_same")
    refused(state, terrain("C4", "mass_grave"), "Z10", "error.normandie.terrain_grave_id")
    refused(
        state, terrain("C4", "mass_grave", grave=" "), "Z10", "error.normandie.terrain_grave_id"
    )
    refused(
        state, terrain("C4", "impassable", grave="g1"), "I4", "error.normandie.terrain_grave_fields"
    )
    refused(
        state, terrain("C4", "open", single_use=True), "I4", "error.normandie.terrain_grave_fields"
    )
    later, _ = play(NEXT, state=state)
    refused(later, terrain("C4", "impassable"), "I4", "error.normandie.terrain_phase")  # turn 1
    refused(later, terrain("C4", "mass_grave", grave="g"), "Z10", "error.normandie.terrain_phase")


def test_chapter_2_the_jail_door_cannot_be_made_impassable() -> None:
    battle = new_battle(
        chapter=2, players=["sons_of_cthulhu", "black_sun"], initiative="sons_of_cthulhu", door="G7"
    )
    state, _ = play(battle)
    refused(state, terrain("G7", "impassable"), "chapter2", "error.normandie.terrain_door")
    state, _ = play(terrain("G7", "mass_grave", grave="g1"), state=state)  # still passable


def test_nz_terrain_round_trips_through_json_and_replays_and_undoes() -> None:
    cmd = NzTerrain("D4", "mass_grave", "g1", True)
    line = json.dumps(command_to_json(cmd))
    assert json.loads(line) == {
        "type": "nz_terrain", "space": "D4", "terrain": "mass_grave", "grave": "g1",
        "single_use": True,
    }  # fmt: skip
    assert parse_any(json.loads(line)) == cmd
    assert command_to_json(NzTerrain("C3", "impassable")) == {
        "type": "nz_terrain", "space": "C3", "terrain": "impassable",
    }  # fmt: skip
    lines = [json.dumps(new_battle()), json.dumps(terrain("C3", "impassable")), line]
    state, _ = replay_game(lines)
    assert isinstance(state, NormandieState)
    assert state.to_json()["battlefield"]["impassable"] == ["C3"]
    assert state.to_json()["battlefield"]["mass_graves"] == [
        {"id": "g1", "spaces": ["D4"], "single_use": True}
    ]
    undone, _ = replay_game([*lines, '{"type": "undo"}'])
    assert isinstance(undone, NormandieState) and undone.mass_graves == ()
