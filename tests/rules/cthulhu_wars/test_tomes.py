"""C4–C11 and I2: the Library Tomes."""

from __future__ import annotations

from rules.cthulhu_wars.maps.celaeno import TOMES
from tests.rules.cthulhu_wars.play import (
    activate,
    assign,
    events,
    gate,
    new_game,
    phases,
    play,
    refused,
    roll,
    satisfy,
    to_round_two_action,
)

GUARDIAN = "guardian_under_the_lake"
BARRIER = "barrier_of_naach_tith"


def test_c4_four_tomes_start_in_their_slots() -> None:
    state = new_game()
    assert set(state.tomes) == set(TOMES)
    assert all(t.holder is None and t.face_up for t in state.tomes.values())
    assert all(state.areas[tome].tome for tome in TOMES)  # each Tome names its Upper Floor Area
    assert {state.areas[tome].board for tome in TOMES} == {"upper"}


def test_c5_spontaneous_gates_at_the_first_doom_phase_only() -> None:
    state = play(gate(GUARDIAN, "yellow_sign"), *phases(3), state=new_game())
    assert state.phase == "doom"
    assert {a: g.controller for a, g in state.gates.items() if a in TOMES} == {
        GUARDIAN: "yellow_sign",  # already had a Gate: left alone
        BARRIER: None,
        "larvae_of_the_outer_gods": None,
        "yr_and_the_nhhngr": None,
    }
    state = play(gate(BARRIER, None, present=False), *phases(4), state=state)
    assert BARRIER not in state.gates  # "This Gate creation only happens once."


def test_c6_controlling_the_gate_takes_the_tome() -> None:
    said = events(new_game(), gate(GUARDIAN, "yellow_sign"))
    state = play(gate(GUARDIAN, "yellow_sign"), state=new_game())
    assert state.tomes[GUARDIAN].holder == "yellow_sign"
    assert said == [
        "The Gate in Guardian under the Lake is controlled by the Yellow Sign.",
        "The Yellow Sign takes the Tome Guardian under the Lake.",
    ]


def test_c6_a_held_tome_is_not_taken_by_the_next_controller() -> None:
    state = play(gate(GUARDIAN, "yellow_sign"), gate(GUARDIAN, "great_cthulhu"), state=new_game())
    assert state.tomes[GUARDIAN].holder == "yellow_sign"


def test_c7_overdue_when_the_holder_loses_control() -> None:
    state = play(gate(GUARDIAN, "yellow_sign"), state=new_game())
    said = events(state, gate(GUARDIAN, None))
    state = play(gate(GUARDIAN, None), state=state)
    assert state.is_overdue(GUARDIAN)
    assert (
        "Guardian under the Lake is Overdue: the Yellow Sign no longer controls its Gate." in said
    )


def test_c7_overdue_when_the_gate_is_destroyed() -> None:
    state = play(
        gate(GUARDIAN, "yellow_sign"), gate(GUARDIAN, None, present=False), state=new_game()
    )
    assert state.is_overdue(GUARDIAN)


def test_i2_regaining_control_ends_overdue() -> None:
    state = play(gate(GUARDIAN, "yellow_sign"), gate(GUARDIAN, None), state=new_game())
    said = events(state, gate(GUARDIAN, "yellow_sign"))
    state = play(gate(GUARDIAN, "yellow_sign"), state=state)
    assert not state.is_overdue(GUARDIAN)
    assert (
        said[-1]
        == "Guardian under the Lake is no longer Overdue: the Yellow Sign controls its Gate."
    )


def test_c8_an_overdue_tome_can_still_be_used() -> None:
    state = play(gate(GUARDIAN, "yellow_sign"), gate(GUARDIAN, None), state=new_game())
    state = play({"type": "use_tome", "by": "yellow_sign", "tome": GUARDIAN}, state=state)
    assert state.tomes[GUARDIAN].face_up is False


def test_c8_there_is_no_command_to_give_a_tome_back() -> None:
    # The only way back is Agony (C17); satisfy is refused when nothing is pending.
    state = play(gate(GUARDIAN, "yellow_sign"), gate(GUARDIAN, None), state=new_game())
    refused(state, satisfy("yellow_sign", tomes=[GUARDIAN]), "journal")


def _librarian_takes_back_guardian(controller_after: str | None) -> tuple[object, list[str]]:
    state = play(gate(GUARDIAN, "yellow_sign"), gate(GUARDIAN, controller_after), state=new_game())
    state = play(
        *phases(4),
        activate("librarian", "great_cthulhu", "floating_tower"),
        roll(1),
        assign({"yellow_sign": 2}, {"yellow_sign": 1}),
        state=state,
    )
    said = events(state, satisfy("yellow_sign", tomes=[GUARDIAN]))
    return play(satisfy("yellow_sign", tomes=[GUARDIAN]), state=state), said


def test_c9_a_returned_tome_goes_to_its_slot() -> None:
    state, said = _librarian_takes_back_guardian(None)
    assert state.tomes[GUARDIAN].holder is None  # type: ignore[attr-defined]
    assert "Guardian under the Lake goes back to its slot." in said


def test_c9_the_controller_of_its_gate_takes_it_at_once() -> None:
    state, said = _librarian_takes_back_guardian("crawling_chaos")
    assert state.tomes[GUARDIAN].holder == "crawling_chaos"  # type: ignore[attr-defined]
    assert said[-1] == "Crawling Chaos takes the Tome Guardian under the Lake."


def test_c10_tomes_do_not_count_toward_victory() -> None:
    # Holding all four Tomes is no six-spellbook win: only map rules (D5, D6) set a winner.
    state = play(*(gate(tome, "yellow_sign") for tome in TOMES), state=new_game())
    assert {t.holder for t in state.tomes.values()} == {"yellow_sign"}
    assert state.winner is None


def test_c11_using_a_tome_turns_it_face_down_and_is_an_action() -> None:
    state = play(gate(GUARDIAN, "yellow_sign"), *phases(3), state=new_game())
    refused(state, {"type": "use_tome", "by": "yellow_sign", "tome": GUARDIAN}, "C11")  # Doom Phase
    state = play(
        {"type": "next_phase"},
        {"type": "use_tome", "by": "yellow_sign", "tome": GUARDIAN},
        state=state,
    )
    assert state.tomes[GUARDIAN].face_up is False
    refused(
        state, {"type": "use_tome", "by": "yellow_sign", "tome": GUARDIAN}, "C11"
    )  # already face down


def test_c11_the_barrier_is_always_on() -> None:
    state = play(gate(BARRIER, "yellow_sign"), state=new_game())
    err = refused(state, {"type": "use_tome", "by": "yellow_sign", "tome": BARRIER}, "C11")
    assert "always on" in str(err)


def test_c11_only_the_holder_uses_a_tome() -> None:
    state = play(gate(GUARDIAN, "yellow_sign"), state=new_game())
    refused(state, {"type": "use_tome", "by": "great_cthulhu", "tome": GUARDIAN}, "C11")


def test_c11_unflip_with_a_silence_token() -> None:
    state = to_round_two_action(play(gate(GUARDIAN, "yellow_sign"), state=new_game()))
    state = play({"type": "use_tome", "by": "yellow_sign", "tome": GUARDIAN}, state=state)
    state = play(
        {"type": "spend_silence", "by": "yellow_sign", "for": "unflip", "tome": GUARDIAN},
        state=state,
    )
    assert state.tomes[GUARDIAN].face_up and not state.silence["yellow_sign"]


def test_c11_unflip_with_an_elder_sign_or_a_cultist_needs_no_token() -> None:
    state = play(
        gate(GUARDIAN, "yellow_sign"),
        {"type": "use_tome", "by": "yellow_sign", "tome": GUARDIAN},
        state=new_game(),
    )
    for pay in ("elder_sign", "cultist"):
        flipped = play(
            {"type": "unflip_tome", "by": "yellow_sign", "tome": GUARDIAN, "pay": pay}, state=state
        )
        assert flipped.tomes[GUARDIAN].face_up


def test_c11_unflipping_a_face_up_tome_is_refused() -> None:
    state = play(gate(GUARDIAN, "yellow_sign"), state=new_game())
    refused(
        state,
        {"type": "unflip_tome", "by": "yellow_sign", "tome": GUARDIAN, "pay": "cultist"},
        "C11",
    )


def test_c11_setting_tomes_refresh_at_doom() -> None:
    used = [
        gate(GUARDIAN, "yellow_sign"),
        {"type": "use_tome", "by": "yellow_sign", "tome": GUARDIAN},
        *phases(3),
    ]
    assert play(*used, state=new_game()).tomes[GUARDIAN].face_up  # default: true
    kept = play(*used, state=new_game(settings={"tomes_refresh_at_doom": False}))
    assert not kept.tomes[GUARDIAN].face_up
