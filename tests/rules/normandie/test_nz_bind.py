"""Z13 Bind Zombies: the token stays on the Zombie until it leaves one of three ways.

"As long as the token is on the Zombies unit, this one cannot move or fight." It
leaves when discarded at the second Reserve (Supply) phase, when a recast moves
it, or when the Zombie itself is eliminated (melee included); the caster's
elimination frees nothing. Each departure is said in plain words.
"""

from __future__ import annotations

from rules.normandie.state import NormandieState, PendingAssault, PendingOrder
from rules.normandie.zombies_phase import preview
from tests.rules.normandie.support import NEXT, Json, keys, new_battle, play, rendered, unit, zombie

BIND_Z2: Json = {"type": "nz_bind", "caster": "carter", "zombie": "z2"}


def _z2_bound_in_turn_one() -> NormandieState:
    """r1 at D4 with z1 above it and z2 beside it; turn 1's Assaults done, Carter binds z2."""
    state, _ = play(
        new_battle(),
        unit("r1", "D4"),
        unit("carter", "G7", name="Sgt. Carter"),
        zombie("z1", "D1"),
        zombie("z2", "C4"),
        NEXT,
        NEXT,
        {"type": "nz_order", "order": ["z1", "z2"]},
        {"type": "nz_assault", "roll": 2},
        {"type": "nz_assault", "roll": 2},
        BIND_Z2,
    )
    assert state.paralysed("z2")
    return state


def test_z13_reproducer_the_casters_fall_frees_nothing() -> None:
    # The reproducer: bind z2, eliminate the caster; in turn 2 z2 neither
    # moves nor fights, and lends no +2 to z1's Assault on r1 (D3 and C4 both touch D4).
    state, events = play(
        {"type": "nz_eliminate", "unit": "carter", "by": "black_sun"},
        state=_z2_bound_in_turn_one(),
    )
    assert state.to_json()["bound"] == {"carter": {"zombie": "z2", "side": "front"}}
    assert rendered(events)[-1] == (
        "The Bind Zombies token Sgt. Carter (carter) cast stays on Zombies z2: "
        "it still cannot move or fight."
    )
    assert "carter" not in state.suppressed  # the caster's own tokens go with it
    state, events = play(NEXT, NEXT, NEXT, state=state)
    assert state.turn == 2 and state.paralysed("z2")
    assert "Zombies z2 at C4 is paralysed and does not move." in rendered(events)
    assert isinstance(state.pending, PendingAssault)
    assert state.pending.move.zombie == "z1" and state.pending.move.bonus == 0
    assert [m.zombie for m in state.zombie_moves if m.assault] == ["z1"]
    state, _ = play({"type": "nz_assault", "roll": 3}, state=state)
    assert state.units["z2"].space.name == "C4"


def test_z13_the_fallen_casters_token_is_still_discarded_at_the_second_reserve_phase() -> None:
    state, _ = play(
        {"type": "nz_eliminate", "unit": "carter"},
        NEXT,
        NEXT,
        state=_z2_bound_in_turn_one(),
    )
    assert state.to_json()["bound"] == {"carter": {"zombie": "z2", "side": "back"}}
    state, events = play(NEXT, {"type": "nz_assault", "roll": 1}, NEXT, NEXT, state=state)
    assert state.turn == 3 and state.bound == {} and not state.paralysed("z2")
    assert keys(events)[-3:] == [
        "event.normandie.bind_discarded",
        "event.normandie.bind_freed",
        "event.normandie.turn",
    ]


def test_z13_leaves_one_discarded_at_the_end_of_the_second_reserve_phase() -> None:
    state, events = play(NEXT, NEXT, state=_z2_bound_in_turn_one())  # end of turn 1's Supply
    assert state.to_json()["bound"]["carter"]["side"] == "back" and state.paralysed("z2")
    assert "event.normandie.bind_discarded" not in keys(events)  # flipped, not gone
    state, events = play(NEXT, {"type": "nz_assault", "roll": 1}, NEXT, NEXT, state=state)
    assert state.turn == 3 and not state.paralysed("z2")
    assert rendered(events)[-3:-1] == [
        "Second Supply phase since the spell: discard the Bind Zombies token on Zombies z2.",
        "Zombies z2 can move and fight again.",
    ]


def test_z13_leaves_two_moved_by_a_recast() -> None:
    state, events = play(
        {"type": "nz_bind", "caster": "carter", "zombie": "z1"}, state=_z2_bound_in_turn_one()
    )
    assert state.paralysed("z1") and not state.paralysed("z2")
    assert state.to_json()["bound"] == {"carter": {"zombie": "z1", "side": "front"}}
    assert rendered(events) == [
        "Sgt. Carter (carter) casts Bind Zombies: Zombies z1 is paralysed.",
        "Sgt. Carter (carter) takes the Bind Zombies token off Zombies z2.",
        "Zombies z2 can move and fight again.",
    ]


def test_z13_a_recast_on_the_same_zombie_moves_nothing() -> None:
    state, _ = play(
        NEXT, NEXT, NEXT, {"type": "nz_assault", "roll": 1}, state=_z2_bound_in_turn_one()
    )
    state, events = play(BIND_Z2, state=state)
    assert state.to_json()["bound"]["carter"] == {"zombie": "z2", "side": "front"}
    assert keys(events)[-1] == "event.normandie.bound"


def test_z13_leaves_three_with_the_zombie_eliminated() -> None:
    state, events = play(
        {"type": "nz_eliminate", "unit": "z2", "by": "majestic"}, state=_z2_bound_in_turn_one()
    )
    assert state.bound == {} and "z2" in state.bag
    assert rendered(events)[:3] == [
        "Zombies z2 is eliminated.",
        "The Bind Zombies token on Zombies z2 is discarded with it.",
        "Zombies z2 goes back into the Zombies bag.",
    ]
    # Drawn again later, it comes back free.
    state, _ = play(
        NEXT, NEXT, NEXT, {"type": "nz_assault", "roll": 1}, zombie("z2", "A7"), state=state
    )
    assert not state.paralysed("z2")


def test_z13_leaves_three_engaged_in_melee_is_the_zombies_elimination() -> None:
    state, events = play({"type": "nz_engage", "zombie": "z2"}, state=_z2_bound_in_turn_one())
    assert state.bound == {} and "z2" not in state.units
    assert "event.normandie.bind_with_zombie" in keys(events)


def test_z13_two_casters_a_zombie_stays_paralysed_while_one_token_is_left() -> None:
    state, _ = play(unit("duval", "G1"), state=_z2_bound_in_turn_one())
    state, _ = play({"type": "nz_bind", "caster": "duval", "zombie": "z2"}, state=state)
    state, events = play({"type": "nz_bind", "caster": "carter", "zombie": "z1"}, state=state)
    assert state.paralysed("z2") and state.paralysed("z1")
    assert rendered(events)[-1] == "Another Bind Zombies token still paralyses Zombies z2."


def test_z13_the_preview_draws_no_move_for_a_zombie_bound_by_a_fallen_caster() -> None:
    state, _ = play(
        {"type": "nz_eliminate", "unit": "carter"},
        zombie("z3", "A1"),
        NEXT,
        NEXT,
        NEXT,
        state=_z2_bound_in_turn_one(),
    )
    assert isinstance(state.pending, PendingOrder) and "z2" not in state.pending.proposed
    assert all(move.zombie != "z2" for move in preview(state))
