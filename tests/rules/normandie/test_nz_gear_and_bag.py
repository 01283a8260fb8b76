"""Master of the dead (Z9, Z10), Reanimator serum (Z11), Serum dart gun (Z12), the bag (Z1, Z2)."""

from __future__ import annotations

from typing import Any

from rules.normandie.state import ACTIVATION, NormandieState, PendingDraw, PendingOrder
from tests.rules.normandie.support import (
    NEXT,
    Json,
    new_battle,
    play,
    refused,
    rendered,
    unit,
    zombie,
)

GRAVE = {"id": "pit", "spaces": ["D4"], "single_use": True}


def _activation(*setup: Json, **battle: Any) -> NormandieState:
    """A battle set up with ``setup``, after turn 1's Zombies phase."""
    state, _ = play(new_battle(**battle), *setup, NEXT, NEXT)
    if isinstance(state.pending, PendingOrder):
        state, _ = play({"type": "nz_order", "order": list(state.pending.proposed)}, state=state)
    assert state.phase == ACTIVATION
    return state


def test_z1_undeployed_tokens_start_in_the_bag_and_eliminated_zombies_go_back() -> None:
    state, _ = play(new_battle(), zombie("z1", "A1"), unit("r1", "G7"))
    assert state.bag == {"z2", "z3", "z4"}
    state, events = play({"type": "nz_eliminate", "unit": "z1", "by": "majestic"}, state=state)
    assert state.bag == {"z1", "z2", "z3", "z4"}
    assert "Zombies z1 goes back into the Zombies bag." in rendered(events)


def test_z1_a_zombie_eliminated_loses_its_dart_marks() -> None:
    state = _activation(
        unit("doc", "G7"), zombie("z1", "A1"), gear={"majestic": {"serum_dart_gun": 3}}
    )
    state, _ = play(
        {"type": "nz_dart", "unit": "doc", "zombie": "z1", "mark": "juggernaut"},
        {"type": "nz_eliminate", "unit": "z1"},
        {"type": "nz_place_unit", "unit": "z1", "kind": "zombies", "space": "A1"},
        state=state,
    )
    assert state.units["z1"].marks == frozenset()


def test_z2_zombies_belong_to_nobody_and_take_movement_from_their_token() -> None:
    state, _ = play(new_battle())
    bad = {**zombie("z1", "A1"), "owner": "majestic"}
    refused(state, bad, "Z2", "error.normandie.zombies_fields")
    refused(state, {**zombie("z1", "A1"), "movement": 9}, "Z2", "error.normandie.zombies_fields")


def test_z9_a_master_orders_one_zombie_which_then_skips_the_zombies_phase() -> None:
    state, _ = play(
        new_battle(),
        unit("master", "A7", kind="master", owner="black_sun"),
        unit("r1", "G7"),
        zombie("z1", "G1"),
        zombie("z2", "A1"),
        NEXT,
    )
    refused(
        state,
        {"type": "nz_control", "master": "r1", "zombie": "z1"},
        "Z9",
        "error.normandie.not_master",
    )
    refused(
        state,
        {"type": "nz_control", "master": "master", "zombie": "r1"},
        "Z9",
        "error.normandie.not_zombies",
    )
    state, _ = play({"type": "nz_control", "master": "master", "zombie": "z1"}, state=state)
    assert state.controlled == {"z1": "master"}
    refused(
        state,
        {"type": "nz_control", "master": "master", "zombie": "z2"},
        "Z9",
        "error.normandie.master_busy",
    )
    state, _ = play(NEXT, state=state)
    assert [move.zombie for move in state.zombie_moves] == ["z2"]  # z1 acts as a regular unit
    assert state.units["z1"].space.name == "G1" and "z1" not in state.activated
    state, _ = play(NEXT, NEXT, state=state)
    assert state.controlled == {}  # the Order lasted one turn


def test_z9_two_masters_cannot_order_the_same_zombie() -> None:
    state, _ = play(
        new_battle(),
        unit("m1", "A7", kind="master", owner="majestic"),
        unit("m2", "B7", kind="master", owner="black_sun"),
        zombie("z1", "G1"),
        NEXT,
        {"type": "nz_control", "master": "m1", "zombie": "z1"},
    )
    refused(
        state,
        {"type": "nz_control", "master": "m2", "zombie": "z1"},
        "Z9",
        "error.normandie.zombie_taken",
    )


def test_z10_a_master_at_a_mass_grave_creates_zombies_from_the_bag() -> None:
    state = _activation(unit("master", "D4", kind="master", owner="black_sun"), mass_graves=[GRAVE])
    state, events = play({"type": "nz_create", "master": "master", "grave": "pit"}, state=state)
    assert isinstance(state.pending, PendingDraw)
    assert [s.name for s in state.pending.spaces] == ["D3", "C4", "E4", "D5"]  # in or next to it
    assert state.suppressed == {"master": 1} and state.mass_graves == ()  # X1: discarded
    refused(
        state, {"type": "nz_draw", "token": "z9", "space": "D3"}, "Z1", "error.normandie.not_in_bag"
    )
    refused(
        state,
        {"type": "nz_draw", "token": "z2", "space": "A1"},
        "Z10",
        "error.normandie.draw_space",
    )
    state, events = play({"type": "nz_draw", "token": "z2", "space": "E4"}, state=state)
    assert state.units["z2"].space.name == "E4" and "z2" not in state.bag and state.pending is None
    assert "Zombies z2 comes out of the bag at E4." in rendered(events)


def test_z10_a_suppressed_master_or_one_away_from_the_grave_cannot_create() -> None:
    state = _activation(
        unit("master", "D4", kind="master", owner="black_sun"),
        unit("other", "A1", kind="master", owner="black_sun"),
        mass_graves=[{**GRAVE, "single_use": False}],
    )
    refused(
        state,
        {"type": "nz_create", "master": "other", "grave": "pit"},
        "Z10",
        "error.normandie.not_at_grave",
    )
    refused(
        state,
        {"type": "nz_create", "master": "master", "grave": "hole"},
        "Z10",
        "error.normandie.no_such_grave",
    )
    state, _ = play({"type": "nz_suppressed", "unit": "master", "count": 1}, state=state)
    refused(
        state,
        {"type": "nz_create", "master": "master", "grave": "pit"},
        "Z10",
        "error.normandie.suppressed",
    )


def test_z10_z11_an_empty_bag_means_no_creation() -> None:
    state = _activation(
        unit("master", "D4", kind="master", owner="black_sun"),
        unit("herbert", "A1", owner="black_sun"),
        mass_graves=[GRAVE],
        zombies={"z1": 3},
        gear={"black_sun": {"reanimator_serum": 3}},
    )
    state, _ = play(zombie("z1", "G7"), state=state)
    assert state.bag == frozenset()
    refused(
        state,
        {"type": "nz_create", "master": "master", "grave": "pit"},
        "Z10",
        "error.normandie.bag_empty",
    )
    refused(state, {"type": "nz_serum", "unit": "herbert"}, "Z11", "error.normandie.bag_empty")
    refused(
        state,
        {"type": "nz_draw", "token": "z1", "space": "A2"},
        "pending",
        "error.normandie.nothing_pending",
    )


def test_z11_reanimator_serum_places_a_drawn_zombie_next_to_the_user() -> None:
    state = _activation(
        unit("herbert", "A1", owner="black_sun"), gear={"black_sun": {"reanimator_serum": 1}}
    )
    state, _ = play({"type": "nz_serum", "unit": "herbert"}, state=state)
    assert isinstance(state.pending, PendingDraw)
    assert [s.name for s in state.pending.spaces] == ["B1", "A2"]
    assert state.gear["black_sun"].reanimator_serum == 0
    state, _ = play({"type": "nz_draw", "token": "z3", "space": "A2"}, state=state)
    refused(state, {"type": "nz_serum", "unit": "herbert"}, "Z11", "error.normandie.no_serum")


def test_z11_no_free_space_next_to_the_user_refuses_the_serum() -> None:
    state = _activation(
        unit("herbert", "A1", owner="black_sun"),
        unit("r1", "B1"),
        gear={"black_sun": {"reanimator_serum": 1}},
        impassable=["A2"],
    )
    refused(state, {"type": "nz_serum", "unit": "herbert"}, "Z11", "error.normandie.no_room")


def test_z12_three_marks_tokens_counted_range_from_the_setting() -> None:
    state = _activation(
        unit("doc", "A1"),
        zombie("z1", "A5"),
        zombie("z2", "G7"),
        gear={"majestic": {"serum_dart_gun": 2}},
        settings={"dart_gun_range": 4},
    )
    dart = {"type": "nz_dart", "unit": "doc"}
    refused(
        state, {**dart, "zombie": "z1", "mark": "sleepy"}, "Z12", "error.normandie.unknown_mark"
    )
    refused(state, {**dart, "zombie": "doc", "mark": "rage"}, "Z12", "error.normandie.not_zombies")
    # Turn 1's Zombies phase moved z1 next to doc; z2 is far off.
    refused(state, {**dart, "zombie": "z2", "mark": "rage"}, "Z12", "error.normandie.out_of_range")
    state, _ = play({**dart, "zombie": "z1", "mark": "juggernaut"}, state=state)
    refused(
        state,
        {**dart, "zombie": "z1", "mark": "juggernaut"},
        "Z12",
        "error.normandie.already_marked",
    )
    state, _ = play({**dart, "zombie": "z1", "mark": "rage"}, state=state)
    assert state.units["z1"].marks == {"juggernaut", "rage"}
    refused(state, {**dart, "zombie": "z1", "mark": "faster"}, "Z12", "error.normandie.no_darts")


def test_z12_an_army_without_the_option_has_no_darts() -> None:
    state = _activation(unit("doc", "A1"), zombie("z1", "G7"))
    refused(
        state,
        {"type": "nz_dart", "unit": "doc", "zombie": "z1", "mark": "rage"},
        "Z12",
        "error.normandie.no_gear",
    )
