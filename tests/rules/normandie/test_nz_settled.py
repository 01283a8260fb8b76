"""The questions the rule book leaves open, settled as our interpretations I5–I9 (RULES.md,
JOURNAL.md)."""

from __future__ import annotations

from rules.normandie.state import ACTIVATION, PendingAssault, PendingOrder, PendingTarget
from rules.normandie.zombies_phase import preview
from tests.rules.normandie.support import (
    NEXT,
    keys,
    new_battle,
    play,
    refused,
    rendered,
    to_zombies_phase,
    unit,
    zombie,
)


def test_i5_two_faster_marks_do_not_stack_the_second_is_refused() -> None:
    state, _ = to_zombies_phase(
        unit("doc", "A1"),
        zombie("z1", "G7"),
        gear={"majestic": {"serum_dart_gun": 3}},
    )
    assert state.phase == ACTIVATION
    faster = {"type": "nz_dart", "unit": "doc", "zombie": "z1", "mark": "faster"}
    state, _ = play(faster, state=state)
    refused(state, faster, "Z12", "error.normandie.already_marked")
    assert state.gear["majestic"].serum_dart_gun == 2  # the refused dart is not spent
    assert state.units["z1"].effective_movement() == 3 + 2  # +2 once, never +4


def test_i6_a_zombie_with_movement_0_beside_its_target_does_not_assault() -> None:
    state, events = play(
        new_battle(zombies={"z1": 0, "z2": 3}), unit("r1", "D4"), zombie("z1", "D3"), NEXT, NEXT
    )
    assert state.phase == ACTIVATION and state.pending is None
    (move,) = state.zombie_moves
    assert not move.assault and move.path == () and move.target == "r1"
    assert "z1" in state.activated  # it activated: Activate token (Z8)
    assert "Zombies z1 stays at D3; it is after Majestic's infantry r1 at D4." in rendered(events)


def test_i6_the_same_zombie_made_faster_enters_and_assaults() -> None:
    state, _ = play(
        new_battle(zombies={"z1": 0, "z2": 3}, gear={"majestic": {"serum_dart_gun": 1}}),
        unit("r1", "D4"),
        unit("doc", "G7"),
        zombie("z1", "D3"),
        NEXT,
        NEXT,
        {"type": "nz_dart", "unit": "doc", "zombie": "z1", "mark": "faster"},
        NEXT,
        NEXT,
        NEXT,
    )
    assert isinstance(state.pending, PendingAssault) and state.pending.move.zombie == "z1"


def test_i7_a_zombie_whose_equal_prey_belong_to_players_without_initiative() -> None:
    # Majestic has the initiative; turn order Majestic, Black Sun, Sons of Cthulhu.
    # z1 is as close to a Black Sun unit as to a Sons of Cthulhu one: it goes with the
    # Black Sun, the earlier of the two, ahead of z2 (nearer, but hunting the Sons only).
    state, _ = to_zombies_phase(
        unit("bs", "A1", owner="black_sun"),
        unit("sc", "A7", owner="sons_of_cthulhu"),
        unit("mj", "G1", owner="majestic"),
        zombie("z1", "A4"),  # three steps to bs and to sc
        zombie("z2", "B7"),  # one step to sc
        zombie("z3", "F1"),  # one step to mj
        players=["majestic", "black_sun", "sons_of_cthulhu"],
    )
    assert isinstance(state.pending, PendingOrder)
    assert state.pending.proposed == ("z3", "z1", "z2")
    state, _ = play({"type": "nz_order", "order": ["z1", "z2", "z3"]}, state=state)
    # The proposal does not choose the prey: the tie itself stays the players' (I3).
    assert isinstance(state.pending, PendingTarget) and state.pending.candidates == ("bs", "sc")


def test_i8_zombies_phase_is_null_after_a_phase_in_which_no_zombie_activated() -> None:
    state, _ = to_zombies_phase(unit("r1", "A7"), zombie("z1", "A1"))
    assert state.to_json()["zombies_phase"]["done"] is True  # turn 1: z1 moved
    state, _ = play({"type": "nz_eliminate", "unit": "z1"}, NEXT, NEXT, NEXT, state=state)
    assert state.turn == 2 and state.phase == ACTIVATION
    assert state.to_json()["zombies_phase"] is None  # turn 1's arrows are not turn 2's
    assert state.zombie_moves == () and preview(state) == ()


def test_i8_a_phase_where_every_zombie_is_under_an_order_is_null_too() -> None:
    state, events = play(
        new_battle(),
        unit("r1", "A7"),
        unit("master", "G1", kind="master"),
        zombie("z1", "A1"),
        NEXT,
        {"type": "nz_control", "master": "master", "zombie": "z1"},
        NEXT,
    )
    assert keys(events)[-2:] == ["event.normandie.zombies_phase", "event.normandie.zombies_done"]
    assert state.to_json()["zombies_phase"] is None and state.activated == frozenset()


def test_i9_a_move_whose_tie_the_players_settled_is_not_marked_as_a_tie() -> None:
    state, _ = to_zombies_phase(unit("r1", "A4"), unit("r2", "G4"), zombie("z1", "D4"))
    assert isinstance(state.pending, PendingTarget)
    assert preview(state)[0].tie  # the drawing guesses r1 and says it is a guess
    state, _ = play({"type": "nz_choose_target", "target": "r2"}, state=state)
    assert isinstance(state.pending, PendingAssault)
    assert state.pending.move.tie is False and state.pending.move.target == "r2"
    assert state.to_json()["zombies_phase"]["moves"][0]["tie"] is False
