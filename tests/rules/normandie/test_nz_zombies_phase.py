"""The Zombies phase: Z3–Z8 with I3 and I4, one test per rule and interpretation."""

from __future__ import annotations

from rules.normandie.state import (
    ACTIVATION,
    ZOMBIES,
    NormandieState,
    PendingAssault,
    PendingOrder,
    PendingTarget,
)
from rules.normandie.zombies_phase import preview
from tests.rules.normandie.support import (
    NEXT,
    Json,
    keys,
    new_battle,
    play,
    refused,
    rendered,
    to_zombies_phase,
    unit,
    zombie,
)


def test_z3_the_zombies_phase_opens_the_activation_phase() -> None:
    state, events = to_zombies_phase(unit("r1", "A7"), zombie("z1", "A1"))
    assert keys(events)[-3:] == [
        "event.normandie.zombies_phase",
        "event.normandie.moves",
        "event.normandie.zombies_done",
    ]
    assert state.phase == ACTIVATION and state.turn == 1 and state.pending is None


def test_z4_moves_toward_the_closest_infantry_ally_or_enemy() -> None:
    state, events = to_zombies_phase(
        unit("far", "A7", owner="majestic"),
        unit("near", "G1", owner="black_sun"),
        zombie("z1", "D1"),
    )
    move = state.zombie_moves[0]
    assert move.target == "near" and move.end.name == "F1" and move.assault
    assert "Zombies z1 moves 2 spaces to F1 and assaults" in rendered(events)[-1]


def test_z4_mythos_creatures_and_masters_do_not_attract() -> None:
    state, _ = to_zombies_phase(
        unit("shoggoth", "D2", kind="mythos", owner="black_sun"),
        unit("master", "C1", kind="master", owner="black_sun"),
        unit("r1", "D7"),
        zombie("z1", "D1"),
    )
    assert state.zombie_moves[0].target == "r1"


def test_z4_vehicles_are_never_assaulted_and_do_not_attract() -> None:
    state, _ = to_zombies_phase(
        unit("sherman", "E1", kind="vehicle"), unit("r1", "A1"), zombie("z1", "F1")
    )
    move = state.zombie_moves[0]
    assert move.target == "r1"
    assert [s.name for s in move.path] == ["F2", "E2", "D2"]  # round the tank, not into it


def test_z4_no_infantry_at_all_means_the_zombie_stays() -> None:
    state, events = to_zombies_phase(unit("sherman", "E1", kind="vehicle"), zombie("z1", "A1"))
    assert state.units["z1"].space.name == "A1"
    assert "Zombies z1 at A1 has no infantry unit it can reach and stays." in rendered(events)
    assert "z1" in state.activated  # Z8 all the same


def test_i4_an_unreachable_infantry_unit_is_ignored_for_a_reachable_one() -> None:
    # r1 is two steps away as the crow flies but walled in; r2 is farther but reachable.
    walled = ["B2", "C1", "C3", "D2"]
    state, _ = to_zombies_phase(
        unit("r1", "C2"), unit("r2", "A7"), zombie("z1", "A1"), impassable=walled
    )
    assert state.zombie_moves[0].target == "r2"


def test_i4_blocked_path_walks_around_and_stops_at_its_movement() -> None:
    # A wall across row 3 from A to F: the way to the Rangers at A5 goes round by G3.
    wall = [f"{col}3" for col in "ABCDEF"]
    state, _ = to_zombies_phase(unit("r1", "A5"), zombie("z1", "A1"), impassable=wall)
    move = state.zombie_moves[0]
    assert move.distance == 16 and not move.assault
    assert [s.name for s in move.path] == ["B1", "C1", "D1"]  # 3 = z1's movement
    assert state.units["z1"].space.name == "D1"


def test_z5_a_player_controlling_the_zombies_breaks_every_tie() -> None:
    state, _ = to_zombies_phase(
        unit("mine", "A4", owner="majestic"),
        unit("theirs", "G4", owner="black_sun"),
        zombie("z1", "D4"),
        controller="black_sun",
    )
    assert isinstance(state.pending, PendingTarget)  # no I3 preference for the initiative
    assert state.pending.candidates == ("mine", "theirs")
    state, _events = play({"type": "nz_choose_target", "target": "theirs"}, state=state)
    assert state.zombie_moves[0].target == "theirs"


def test_i3_the_game_prefers_the_initiative_players_unit_in_a_tie() -> None:
    state, _ = to_zombies_phase(
        unit("theirs", "A4", owner="black_sun"),
        unit("mine", "G4", owner="majestic"),
        zombie("z1", "D4"),
    )
    assert isinstance(state.pending, PendingAssault)  # not a PendingTarget
    assert state.zombie_moves[0].target == "mine"


def test_i3_remaining_ties_are_left_to_the_players() -> None:
    state, _ = to_zombies_phase(unit("r1", "A4"), unit("r2", "G4"), zombie("z1", "D4"))
    assert isinstance(state.pending, PendingTarget)
    assert state.pending.to_json() == {
        "kind": "target",
        "zombie": "z1",
        "candidates": ["r1", "r2"],
        "distance": 3,
    }
    refused(
        state, {"type": "nz_choose_target", "target": "z1"}, "I3", "error.normandie.not_a_candidate"
    )
    refused(state, NEXT, "pending", "error.normandie.pending")
    state, _ = play({"type": "nz_choose_target", "target": "r2"}, state=state)
    assert state.zombie_moves[0].target == "r2" and state.units["z1"].space.name == "F4"


def test_i3_the_proposed_order_starts_with_the_initiative_players_prey() -> None:
    state, _ = to_zombies_phase(
        unit("bs", "A1", owner="black_sun"),
        unit("mj", "G7", owner="majestic"),
        zombie("z1", "B1"),  # hunts the Black Sun, one step
        zombie("z2", "G4"),  # hunts Majestic, three steps
        zombie("z3", "G6"),  # hunts Majestic, one step
    )
    assert isinstance(state.pending, PendingOrder)
    assert state.pending.proposed == ("z3", "z2", "z1")
    refused(state, {"type": "nz_order", "order": ["z3", "z2"]}, "Z5", "error.normandie.order")
    refused(state, {"type": "nz_order", "order": ["z3", "z2", "z2"]}, "Z5", "error.normandie.order")
    state, _ = play({"type": "nz_order", "order": ["z1", "z3", "z2"]}, state=state)
    assert isinstance(state.pending, PendingAssault) and state.pending.move.zombie == "z1"


def test_z7_entering_the_targets_space_is_an_assault_with_plus_two_per_other_zombie() -> None:
    state, events = to_zombies_phase(
        unit("r1", "D4", name="Rangers squad"),
        zombie("z1", "D1"),  # walks to D3 and assaults
        zombie("z2", "C4"),  # adjacent to the Rangers: +2
        zombie("z3", "E4"),  # adjacent: +2
        zombie("z4", "F4"),  # two spaces away: nothing
    )
    state, events = play({"type": "nz_order", "order": ["z1", "z2", "z3", "z4"]}, state=state)
    assert isinstance(state.pending, PendingAssault)
    move = state.pending.move
    assert (move.zombie, move.end.name, move.bonus) == ("z1", "D3", 4)
    assert rendered(events)[-1] == (
        "Zombies z1 moves 2 spaces to D3 and assaults Rangers squad (r1) at D4 with +4."
    )
    assert rendered(events, "ja")[-1].startswith("ゾンビ z1は2マス移動してD3へ")


def test_z7_the_assault_roll_and_its_losers() -> None:
    state, _ = to_zombies_phase(unit("r1", "D4"), zombie("z1", "D3"), zombie("z2", "C4"))
    state, _ = play({"type": "nz_order", "order": ["z1", "z2"]}, state=state)
    assert isinstance(state.pending, PendingAssault) and state.pending.move.bonus == 2
    refused(state, {"type": "nz_assault", "roll": 7}, "Z7", "error.normandie.die")
    refused(
        state,
        {"type": "nz_assault", "roll": 3, "eliminated": ["z2"]},
        "Z7",
        "error.normandie.assault_losers",
    )
    state, events = play({"type": "nz_assault", "roll": 5, "eliminated": ["r1"]}, state=state)
    assert "Zombies z1 rolls 5 +2 = 7." in rendered(events)
    assert "r1" not in state.units
    # With its prey gone, z2 finds no infantry and stays.
    assert state.phase == ACTIVATION and state.zombie_moves[-1].target is None


def test_z7_a_zombie_killed_in_its_assault_goes_back_into_the_bag() -> None:
    state, _ = to_zombies_phase(unit("r1", "D4"), zombie("z1", "D3"))
    state, events = play({"type": "nz_assault", "roll": 1, "eliminated": ["z1"]}, state=state)
    assert "z1" not in state.units and "z1" in state.bag
    assert "event.normandie.back_in_bag" in keys(events)


def test_z8_every_activated_zombie_gets_an_activate_token_cleared_next_turn() -> None:
    state, _ = to_zombies_phase(unit("r1", "A7"), zombie("z1", "A1"), zombie("z2", "G1"))
    state, _ = play({"type": "nz_order", "order": ["z1", "z2"]}, state=state)
    assert state.activated == {"z1", "z2"} and state.phase == ACTIVATION
    state, _ = play(NEXT, NEXT, state=state)  # Supply, then turn 2
    assert state.turn == 2 and state.activated == frozenset()


def _turn_two_after(*activation: Json) -> NormandieState:
    """Two tiles tall: the Rangers at A14, z1 at A1 (movement 3), the dart user far off.

    Turn 1 takes z1 to A4; ``activation`` commands follow; turn 2's Zombies phase runs.
    """
    state, _ = play(
        new_battle(
            tiles={"columns": 1, "rows": 2},
            gear={"majestic": {"serum_dart_gun": 3}},
        ),
        unit("r1", "A14"),
        unit("doc", "G14"),
        zombie("z1", "A1"),
        NEXT,
        NEXT,
    )
    assert state.units["z1"].space.name == "A4"
    state, _ = play(*activation, NEXT, NEXT, NEXT, state=state)
    return state


def test_z12_faster_adds_two_to_the_movement_the_phase_uses() -> None:
    plain = _turn_two_after()
    assert plain.units["z1"].space.name == "A7"
    faster = _turn_two_after({"type": "nz_dart", "unit": "doc", "zombie": "z1", "mark": "faster"})
    assert faster.units["z1"].space.name == "A9"
    assert faster.units["z1"].marks == {"faster"} and faster.gear["majestic"].serum_dart_gun == 2


def test_z12_rage_shows_in_the_assault() -> None:
    state = _turn_two_after({"type": "nz_dart", "unit": "doc", "zombie": "z1", "mark": "rage"})
    state, events = play(
        {"type": "nz_move_unit", "unit": "r1", "space": "A8"}, NEXT, NEXT, NEXT, state=state
    )
    assert isinstance(state.pending, PendingAssault) and state.pending.move.rage
    assert rendered(events)[-1].endswith("with +0, and Rage adds +2 to its Assault.")


def test_z13_a_paralysed_zombie_neither_moves_nor_lends_its_bonus() -> None:
    state, events = play(
        new_battle(),
        unit("r1", "D4"),
        unit("carter", "G7"),
        zombie("z1", "D1"),
        zombie("z2", "C4"),
        NEXT,
        NEXT,
        {"type": "nz_order", "order": ["z1", "z2"]},
    )
    assert isinstance(state.pending, PendingAssault) and state.pending.move.bonus == 2
    # z1 assaults from D3 with +2 for z2; then z2 assaults without moving, +2 for z1.
    state, _ = play({"type": "nz_assault", "roll": 2}, state=state)
    assert isinstance(state.pending, PendingAssault)
    assert state.pending.move.path == () and state.pending.move.bonus == 2
    # Carter binds z2; in turn 2 only z1 activates, and z2 adds nothing to its Assault.
    state, events = play(
        {"type": "nz_assault", "roll": 2},
        {"type": "nz_bind", "caster": "carter", "zombie": "z2"},
        NEXT,
        NEXT,
        NEXT,
        state=state,
    )
    assert state.paralysed("z2") and state.suppressed["carter"] == 1
    assert "Zombies z2 at C4 is paralysed and does not move." in rendered(events)
    assert "z2" in state.activated
    assert isinstance(state.pending, PendingAssault)
    assert state.pending.move.zombie == "z1" and state.pending.move.bonus == 0


def test_z13_the_bind_token_flips_then_goes_and_recasting_moves_it() -> None:
    state, _ = play(
        new_battle(),
        unit("carter", "G7"),
        zombie("z1", "A1"),
        zombie("z2", "A3"),
        NEXT,
        NEXT,
        {"type": "nz_order", "order": ["z1", "z2"]},
        {"type": "nz_bind", "caster": "carter", "zombie": "z1"},
    )
    assert state.bound["carter"].zombie == "z1" and not state.bound["carter"].flipped
    state, _ = play({"type": "nz_bind", "caster": "carter", "zombie": "z2"}, state=state)
    assert not state.paralysed("z1") and state.paralysed("z2")
    state, _ = play(NEXT, NEXT, state=state)  # end of turn 1's Supply (Reserve) phase: flipped
    assert state.bound["carter"].flipped and state.paralysed("z2")
    state, _ = play(NEXT, NEXT, NEXT, state=state)  # turn 2 to its end: discarded
    assert state.turn == 3 and not state.paralysed("z2")


def test_z13_a_paralysed_zombie_engaged_in_melee_is_eliminated() -> None:
    state, _ = play(
        new_battle(),
        unit("carter", "G7"),
        zombie("z1", "A1"),
        NEXT,
        NEXT,
    )
    refused(state, {"type": "nz_engage", "zombie": "z1"}, "Z13", "error.normandie.not_paralysed")
    state, _events = play(
        {"type": "nz_bind", "caster": "carter", "zombie": "z1"},
        {"type": "nz_engage", "zombie": "z1", "by": "majestic"},
        state=state,
    )
    assert "z1" not in state.units and "z1" in state.bag and state.bound == {}


def test_preview_draws_every_planned_move_before_the_order_is_confirmed() -> None:
    state, _ = to_zombies_phase(
        unit("r1", "D4"), zombie("z1", "D1"), zombie("z2", "A4"), zombie("z3", "G1")
    )
    assert isinstance(state.pending, PendingOrder)
    planned = {move.zombie: move for move in preview(state)}
    assert planned["z1"].end.name == "D3" and planned["z1"].assault
    assert planned["z2"].end.name == "C4" and planned["z2"].assault
    assert planned["z2"].bonus == 2  # z1 stands at D3 by then
    assert planned["z3"].to_json()["path"] == ["G2", "G3", "G4"]
    assert state.phase == ZOMBIES
