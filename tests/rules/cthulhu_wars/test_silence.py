"""C1–C3 and I1: Silence tokens."""

from __future__ import annotations

from tests.rules.cthulhu_wars.play import (
    activate,
    events,
    new_game,
    phases,
    play,
    refused,
    to_round_two_action,
)


def test_i1_nobody_holds_a_token_in_round_one() -> None:
    assert not any(new_game().silence.values())


def test_i1_setting_gives_tokens_at_setup() -> None:
    state = new_game(settings={"silence_at_start": True})
    assert all(state.silence.values())


def test_c1_every_player_takes_a_token_at_the_start_of_doom() -> None:
    state = play(*phases(3), state=new_game())
    assert state.phase == "doom"
    assert all(state.silence.values())


def test_c1_a_token_is_held_or_not_never_counted() -> None:
    # C1 "nobody ever holds more than one": the state keeps a yes/no per faction, so a
    # second token cannot even be written down; a spent token comes back only at Doom.
    state = play(*phases(4), activate("custodian", "yellow_sign", "oubliette"), state=new_game())
    state = play(
        {"type": "roll", "values": [1]},
        {"type": "assign_agony", "present": {}, "assign": {}},
        state=state,
    )
    assert state.silence == {"great_cthulhu": True, "crawling_chaos": True, "yellow_sign": False}
    state = play(*phases(3), state=state)
    assert state.silence == {"great_cthulhu": True, "crawling_chaos": True, "yellow_sign": True}


def test_c2_unused_tokens_are_discarded_at_gather_power() -> None:
    state = to_round_two_action(new_game())
    said = events(state, {"type": "next_phase"})
    state = play({"type": "next_phase"}, state=state)
    assert state.phase == "gather_power" and not any(state.silence.values())
    assert (
        said[-1]
        == "Unused Silence tokens are discarded: Great Cthulhu, Crawling Chaos and Yellow Sign."
    )


def test_c3_activating_spends_the_token() -> None:
    state = to_round_two_action(new_game())
    state = play(activate("custodian", "yellow_sign", "black_hall"), state=state)
    assert state.silence["yellow_sign"] is False
    assert state.silence["great_cthulhu"] is True


def test_c3_no_token_no_activation() -> None:
    state = new_game()
    err = refused(state, activate("custodian", "yellow_sign", "black_hall"), "C3")
    assert "Yellow Sign has no Silence token" in str(err)


def test_c3_activation_is_an_action() -> None:
    state = play(*phases(3), state=new_game())  # Doom Phase: tokens held, but no Actions
    refused(state, activate("custodian", "yellow_sign", "black_hall"), "C3")


def test_c3_spending_a_token_for_the_barrier() -> None:
    state = new_game()
    state = play(
        {
            "type": "set_gate",
            "area": "barrier_of_naach_tith",
            "gate": True,
            "controller": "great_cthulhu",
        },
        *phases(4),
        state=state,
    )
    said = events(state, {"type": "spend_silence", "by": "yellow_sign", "for": "barrier"})
    state = play({"type": "spend_silence", "by": "yellow_sign", "for": "barrier"}, state=state)
    assert state.silence["yellow_sign"] is False
    assert "declare Battle against Great Cthulhu" in said[0]


def test_c3_the_barrier_holder_does_not_pay_against_himself() -> None:
    state = play(
        {
            "type": "set_gate",
            "area": "barrier_of_naach_tith",
            "gate": True,
            "controller": "great_cthulhu",
        },
        *phases(4),
        state=new_game(),
    )
    refused(state, {"type": "spend_silence", "by": "great_cthulhu", "for": "barrier"}, "C11")
