"""The scoreboard (K1–K15, I10–I12) through the journal, rule by rule."""

from __future__ import annotations

import pytest

from rules.cthulhu_wars.scoreboard_record import TRACKS
from tests.rules.cthulhu_wars.play import (
    THREE,
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
)
from tests.rules.cthulhu_wars.scoring import (
    FOUR,
    board,
    choose,
    everyone,
    gather,
    pass_all,
    pending,
    ritual,
    scored_game,
    to_doom,
)


def test_i12_without_the_setting_the_state_has_no_scoreboard_keys() -> None:
    from rules.cthulhu_wars.game import state_to_json

    out = state_to_json(new_game())
    assert "scoreboard" not in out and "game_over" not in out


@pytest.mark.parametrize(
    "command",
    [
        {"type": "draw_elder_signs", "faction": "great_cthulhu", "count": 1},
        {"type": "reveal_elder_signs", "faction": "great_cthulhu", "values": [1]},
        {"type": "spellbooks", "faction": "great_cthulhu", "count": 1},
        {"type": "adjust", "faction": "great_cthulhu", "power": 1},
        {"type": "gather_power", "power": {f: 8 for f in THREE}},
        {"type": "first_player", "faction": "great_cthulhu", "direction": "clockwise"},
        {"type": "ritual", "faction": "great_cthulhu", "perform": False},
    ],
)
def test_i12_every_scoreboard_command_is_refused_without_the_setting(command: dict) -> None:
    error = refused(new_game(), command, "I12")
    assert "no scoreboard" in error.describe()


def test_i12_a_first_player_without_the_scoreboard_is_refused() -> None:
    refused(
        None,
        {"type": "new_game", "map": "celaeno", "factions": THREE, "first_player": "yellow_sign"},
        "I12",
    )


def test_i12_without_the_setting_the_round_is_as_before() -> None:
    state = play(*phases(4), state=new_game())
    assert (state.round, state.phase, state.pending) == (2, "action", None)


def test_k1_every_faction_starts_with_8_power_and_nothing_else() -> None:
    score = board(scored_game())
    assert score["power"] == {f: 8 for f in FOUR}
    assert score["doom"] == score["elder_signs"] == score["spellbooks"] == {f: 0 for f in FOUR}
    assert score["elder_signs_left"] == 36
    assert score["ritual"] == {"space": 0, "cost": 5, "track": list(TRACKS[4]), "at_end": False}


def test_k2_great_cthulhu_is_first_by_default_and_order_follows_seating() -> None:
    score = board(scored_game(["yellow_sign", "great_cthulhu", "black_goat"]))
    assert score["first_player"] == "great_cthulhu"
    assert score["direction"] == "clockwise"
    assert score["order"] == ["great_cthulhu", "black_goat", "yellow_sign"]


def test_k2_without_great_cthulhu_the_first_listed_starts() -> None:
    score = board(scored_game(["yellow_sign", "crawling_chaos", "black_goat"]))
    assert score["first_player"] == "yellow_sign"


def test_k2_counterclockwise_play_order() -> None:
    score = board(scored_game(first_player="black_goat", direction="counterclockwise"))
    assert score["order"] == ["black_goat", "crawling_chaos", "great_cthulhu", "yellow_sign"]


def test_k2_a_first_player_not_in_the_game_is_refused() -> None:
    refused(
        None,
        {
            "type": "new_game",
            "map": "celaeno",
            "factions": THREE,
            "settings": {"scoreboard": True},
            "first_player": "sleeper",
        },
        "K2",
    )


def test_k3_gather_power_is_asked_and_next_phase_waits_for_it() -> None:
    state = play({"type": "next_phase"}, state=scored_game())
    assert pending(state) == {"kind": "gather_power"}
    refused(state, {"type": "next_phase"}, "K3")


def test_k3_every_faction_once() -> None:
    state = play({"type": "next_phase"}, state=scored_game())
    refused(state, gather(great_cthulhu=4, crawling_chaos=5), "K3")
    refused(state, gather(**{f: 4 for f in FOUR}, sleeper=3), "K3")


def test_k4_below_half_of_the_highest_rounded_up_is_raised_and_said() -> None:
    state = play({"type": "next_phase"}, state=scored_game())
    said = events(state, gather(great_cthulhu=15, crawling_chaos=3, black_goat=8, yellow_sign=10))
    state = play(
        gather(great_cthulhu=15, crawling_chaos=3, black_goat=8, yellow_sign=10), state=state
    )
    assert board(state)["power"] == {
        "great_cthulhu": 15,
        "crawling_chaos": 8,
        "black_goat": 8,
        "yellow_sign": 10,
    }
    assert "Crawling Chaos raised to 8 Power: half of Great Cthulhu's 15." in said
    assert pending(state) is None


def test_k5_power_may_exceed_20() -> None:
    state = play({"type": "next_phase"}, state=scored_game())
    state = play(everyone(state, 27), state=state)
    assert set(board(state)["power"].values()) == {27}


def test_k6_the_most_power_is_named_first_player() -> None:
    state = play({"type": "next_phase"}, state=scored_game())
    state = play(
        gather(great_cthulhu=6, crawling_chaos=12, black_goat=8, yellow_sign=10), state=state
    )
    state = play({"type": "next_phase"}, state=state)
    assert pending(state) == {
        "kind": "first_player",
        "candidates": ["crawling_chaos"],
        "chooser": "crawling_chaos",
    }
    refused(state, choose("yellow_sign"), "K6")
    state = play(choose("crawling_chaos", "counterclockwise"), state=state)
    score = board(state)
    assert score["first_player"] == "crawling_chaos"
    assert score["order"] == ["crawling_chaos", "great_cthulhu", "yellow_sign", "black_goat"]


def test_k6_a_tie_is_the_current_first_players_choice() -> None:
    state = play({"type": "next_phase"}, state=scored_game())
    state = play(
        gather(great_cthulhu=6, crawling_chaos=10, black_goat=8, yellow_sign=10), state=state
    )
    state = play({"type": "next_phase"}, state=state)
    assert pending(state) == {
        "kind": "first_player",
        "candidates": ["crawling_chaos", "yellow_sign"],
        "chooser": "great_cthulhu",
    }
    state = play(choose("yellow_sign"), state=state)
    assert board(state)["order"][0] == "yellow_sign"


def test_k7_the_ritual_track_depends_on_the_player_count() -> None:
    assert TRACKS[3] == (5, 6, 7, 8, 9, 10)
    assert TRACKS[4] == (5, 6, 7, 7, 8, 8, 9, 10)
    assert TRACKS[5] == (5, 6, 6, 7, 7, 8, 8, 9, 9, 10)
    assert TRACKS[2] == TRACKS[4]
    five = ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign", "sleeper"]
    assert board(scored_game(five))["ritual"]["track"] == list(TRACKS[5])
    assert board(scored_game(THREE))["ritual"]["track"] == list(TRACKS[3])


def test_k8_doom_for_gates_then_rituals_in_play_order() -> None:
    state = play(gate("floating_tower", "great_cthulhu"), state=scored_game())
    state = to_doom(state)
    assert board(state)["doom"]["great_cthulhu"] == 1
    assert pending(state) == {"kind": "ritual", "faction": "great_cthulhu", "cost": 5}


def test_k8_a_ritual_pays_gains_doom_draws_signs_and_moves_the_marker() -> None:
    state = play(gate("floating_tower", "great_cthulhu"), state=scored_game())
    state = to_doom(state)
    said = events(state, ritual("great_cthulhu", 2))
    state = play(ritual("great_cthulhu", 2), state=state)
    score = board(state)
    assert score["power"]["great_cthulhu"] == 3
    assert score["doom"]["great_cthulhu"] == 2
    assert score["elder_signs"]["great_cthulhu"] == 2 and score["elder_signs_left"] == 34
    assert score["ritual"]["space"] == 1 and score["ritual"]["cost"] == 6
    assert said == ["Great Cthulhu performs a Ritual for 5 Power: +1 Doom, draws 2 Elder Signs."]
    assert pending(state) == {"kind": "ritual", "faction": "crawling_chaos", "cost": 6}


def test_k8_a_ritual_without_the_power_is_refused() -> None:
    state = to_doom(scored_game(), {f: 4 for f in FOUR})
    error = refused(state, ritual("great_cthulhu", 0), "K8")
    assert "has 4 Power; the Ritual costs 5" in error.describe()


def test_k8_only_the_faction_asked_decides() -> None:
    state = to_doom(scored_game())
    refused(state, ritual("yellow_sign"), "K8")
    refused(state, {"type": "ritual", "faction": "great_cthulhu", "perform": True}, "K8")


@pytest.mark.parametrize(
    "correction",
    [
        {"type": "spellbooks", "faction": "crawling_chaos", "count": 1},
        {"type": "draw_elder_signs", "faction": "yellow_sign", "count": 2},
        {"type": "adjust", "faction": "great_cthulhu", "power": -2, "doom": 1},
    ],
)
def test_k8_a_correction_is_accepted_while_a_ritual_is_asked_and_the_ritual_stays(
    correction: dict,
) -> None:
    """K8, K10, K12, I10: a spellbook earned, a sign drawn or a correction of Power or Doom
    may come before the Ritual's answer; the same Ritual is still asked, at the same cost."""
    state = play(ritual("great_cthulhu", 1), state=to_doom(scored_game()))
    asked = pending(state)
    assert asked == {"kind": "ritual", "faction": "crawling_chaos", "cost": 6}
    corrected = play(correction, state=state)
    assert pending(corrected) == asked
    kept = {
        k: v
        for k, v in board(corrected).items()
        if k not in ("power", "doom", "elder_signs", "elder_signs_left", "spellbooks")
    }
    assert kept == {k: v for k, v in board(state).items() if k in kept}
    assert board(corrected) != board(state)  # the correction itself was kept


def test_k8_after_a_correction_the_rituals_go_on_in_play_order() -> None:
    state = to_doom(scored_game())
    state = play({"type": "adjust", "faction": "great_cthulhu", "power": -4}, state=state)
    refused(state, ritual("great_cthulhu", 0), "K8")  # 4 Power left: the Ritual costs 5
    state = play(ritual("great_cthulhu"), state=state)
    assert pending(state) == {"kind": "ritual", "faction": "crawling_chaos", "cost": 5}


@pytest.mark.parametrize(
    "command",
    [
        {"type": "reveal_elder_signs", "faction": "great_cthulhu", "values": [1]},
        {"type": "next_phase"},
        {"type": "set_gate", "area": "fountain", "gate": True, "controller": "great_cthulhu"},
    ],
)
def test_k8_anything_else_still_waits_for_the_ritual(command: dict) -> None:
    state = play({"type": "draw_elder_signs", "faction": "great_cthulhu", "count": 1},
                 state=scored_game())  # fmt: skip
    refused(to_doom(state), command, "K8")


def test_k3_a_correction_still_waits_for_the_power_gathered() -> None:
    """Only the Rituals let a correction in (JOURNAL.md): Gather Power and the First
    Player still wait for their answer."""
    state = play({"type": "next_phase"}, state=scored_game())
    refused(state, {"type": "spellbooks", "faction": "great_cthulhu", "count": 1}, "K3")


def test_the_doom_chart_keeps_each_rounds_doom_as_the_round_ends() -> None:
    state = play(gate("floating_tower", "great_cthulhu"), state=scored_game())
    assert board(state)["doom_by_round"] == {f: [] for f in FOUR}  # round 1 is in play
    state = pass_all(to_doom(state))  # round 2: 1 Doom for the Gate (K8)
    state = play({"type": "next_phase"}, state=state)
    state = play({"type": "adjust", "faction": "yellow_sign", "doom": 2}, state=state)
    assert board(state)["doom_by_round"] == {f: [0] for f in FOUR}  # round 2 still in play
    state = pass_all(to_doom(state))  # round 3: the Gate again
    chart = board(state)["doom_by_round"]
    assert chart == {"great_cthulhu": [0, 1], "crawling_chaos": [0, 0], "black_goat": [0, 0],
                     "yellow_sign": [0, 2]}  # fmt: skip
    assert list(chart) == FOUR  # seating order, as every other {faction: …}
    assert board(state)["doom"]["great_cthulhu"] == 2  # the round in play is ``doom``
    assert state.round == 3 and all(len(doom) == state.round - 1 for doom in chart.values())


def test_k9_the_doom_phase_ends_once_everyone_decided() -> None:
    state = pass_all(to_doom(scored_game()))
    assert (state.phase, pending(state)) == ("doom", None)
    state = play({"type": "next_phase"}, state=state)
    assert state.phase == "action"


def test_k10_once_the_pool_is_empty_a_sign_is_one_doom() -> None:
    state = play(
        {"type": "draw_elder_signs", "faction": "yellow_sign", "count": 35}, state=scored_game()
    )
    said = events(state, {"type": "draw_elder_signs", "faction": "black_goat", "count": 3})
    state = play({"type": "draw_elder_signs", "faction": "black_goat", "count": 3}, state=state)
    score = board(state)
    assert score["elder_signs_left"] == 0
    assert score["elder_signs"]["black_goat"] == 1 and score["doom"]["black_goat"] == 2
    assert said == ["The Black Goat draws 1 Elder Sign; the pool is empty: +2 Doom instead."]


def test_k10_drawing_fewer_than_one_is_refused() -> None:
    refused(
        scored_game(), {"type": "draw_elder_signs", "faction": "yellow_sign", "count": 0}, "K10"
    )


def test_k11_a_revealed_sign_adds_its_value_and_leaves_the_game() -> None:
    state = play(
        {"type": "draw_elder_signs", "faction": "yellow_sign", "count": 2}, state=scored_game()
    )
    state = play(
        {"type": "reveal_elder_signs", "faction": "yellow_sign", "values": [3]}, state=state
    )
    score = board(state)
    assert score["doom"]["yellow_sign"] == 3 and score["elder_signs"]["yellow_sign"] == 1
    assert score["revealed"]["yellow_sign"] == [3] and score["elder_signs_left"] == 34


def test_k11_more_signs_than_held_or_a_value_not_1_to_3_is_refused() -> None:
    state = play(
        {"type": "draw_elder_signs", "faction": "yellow_sign", "count": 1}, state=scored_game()
    )
    refused(
        state, {"type": "reveal_elder_signs", "faction": "yellow_sign", "values": [1, 2]}, "K11"
    )
    refused(state, {"type": "reveal_elder_signs", "faction": "yellow_sign", "values": [4]}, "K10")
    refused(state, {"type": "reveal_elder_signs", "faction": "yellow_sign", "values": []}, "K11")


def test_k12_spellbooks_are_zero_to_six() -> None:
    state = play({"type": "spellbooks", "faction": "black_goat", "count": 6}, state=scored_game())
    assert board(state)["spellbooks"]["black_goat"] == 6
    refused(state, {"type": "spellbooks", "faction": "black_goat", "count": 7}, "K12")


def _to_end_of_doom_with(doom: int, spellbooks: dict[str, int]) -> object:
    state = scored_game()
    for faction, count in spellbooks.items():
        state = play({"type": "spellbooks", "faction": faction, "count": count}, state=state)
    state = play({"type": "adjust", "faction": "black_goat", "doom": doom}, state=state)
    return pass_all(to_doom(state))


def test_k13_thirty_doom_at_the_end_of_the_doom_phase_ends_the_game() -> None:
    state = _to_end_of_doom_with(30, {"black_goat": 6, "yellow_sign": 6})
    out = board(state)  # type: ignore[arg-type]
    assert out["doom"]["black_goat"] == 30
    from rules.cthulhu_wars.game import state_to_json

    assert state_to_json(state)["game_over"] == {  # type: ignore[arg-type]
        "reason": "doom",
        "winners": ["black_goat"],
    }


def test_k13_the_game_goes_on_below_thirty() -> None:
    state = _to_end_of_doom_with(29, {"black_goat": 6})
    from rules.cthulhu_wars.game import state_to_json

    assert state_to_json(state)["game_over"] is None  # type: ignore[arg-type]


def test_k13_the_end_of_the_ritual_track_ends_the_game() -> None:
    state = scored_game(THREE)
    for _ in range(6):
        state = to_doom(state, {f: 30 for f in THREE})
        asked = pending(state)
        assert asked is not None
        state = play(ritual(asked["faction"], 0), state=state)
        state = pass_all(state)
        if state.game_over is not None:
            break
        state = play({"type": "next_phase"}, state=state)
    assert board(state)["ritual"]["at_end"] is True
    assert state.game_over is not None and state.game_over.reason == "ritual_track"


def test_k13_a_reveal_in_the_action_phase_to_thirty_ends_the_game_and_everyone_reveals() -> None:
    state = scored_game()
    state = play(
        {"type": "adjust", "faction": "yellow_sign", "doom": 28},
        {"type": "draw_elder_signs", "faction": "yellow_sign", "count": 2},
        {"type": "draw_elder_signs", "faction": "black_goat", "count": 1},
        state=state,
    )
    state = play(
        {"type": "reveal_elder_signs", "faction": "yellow_sign", "values": [2]}, state=state
    )
    assert pending(state) == {"kind": "reveal", "faction": "black_goat", "elder_signs": 1}
    refused(state, {"type": "reveal_elder_signs", "faction": "black_goat", "values": []}, "K11")
    state = play(
        {"type": "reveal_elder_signs", "faction": "black_goat", "values": [3]}, state=state
    )
    assert pending(state) == {"kind": "reveal", "faction": "yellow_sign", "elder_signs": 1}
    state = play(
        {"type": "reveal_elder_signs", "faction": "yellow_sign", "values": [1]}, state=state
    )
    assert state.game_over is not None and state.game_over.reason == "elder_signs"
    assert state.game_over.winners == ()  # K14: nobody has six spellbooks


def test_k14_ties_share_the_win_and_only_six_spellbooks_count() -> None:
    state = scored_game()
    for faction in ("great_cthulhu", "yellow_sign", "black_goat"):
        state = play({"type": "spellbooks", "faction": faction, "count": 6}, state=state)
    state = play(
        {"type": "adjust", "faction": "great_cthulhu", "doom": 30},
        {"type": "adjust", "faction": "yellow_sign", "doom": 30},
        {"type": "adjust", "faction": "black_goat", "doom": 12},
        {"type": "adjust", "faction": "crawling_chaos", "doom": 40},
        state=state,
    )
    state = pass_all(to_doom(state))
    assert state.game_over is not None
    assert state.game_over.winners == ("great_cthulhu", "yellow_sign")


def test_k14_after_the_end_only_undo_is_possible() -> None:
    state = _to_end_of_doom_with(30, {})
    refused(state, {"type": "next_phase"}, "K14")  # type: ignore[arg-type]
    refused(state, {"type": "spellbooks", "faction": "black_goat", "count": 1}, "K14")  # type: ignore[arg-type]


def test_k15_adjust_never_takes_power_or_doom_below_zero() -> None:
    state = scored_game()
    refused(state, {"type": "adjust", "faction": "yellow_sign", "power": -9}, "K15")
    refused(state, {"type": "adjust", "faction": "yellow_sign", "doom": -1}, "K15")
    refused(state, {"type": "adjust", "faction": "yellow_sign", "doom": 0}, "I10")
    state = play({"type": "adjust", "faction": "yellow_sign", "power": -8, "doom": 2}, state=state)
    assert board(state)["power"]["yellow_sign"] == 0 and board(state)["doom"]["yellow_sign"] == 2


def test_i11_power_in_the_action_phase_is_what_it_began_with() -> None:
    state = to_doom(scored_game(), {f: 9 for f in FOUR})
    state = play(ritual("great_cthulhu", 0), state=state)
    state = play({"type": "next_phase"}, state=pass_all(state))
    assert state.phase == "action"
    assert board(state)["power"] == {
        "great_cthulhu": 4,
        "crawling_chaos": 9,
        "black_goat": 9,
        "yellow_sign": 9,
    }


def _librarian_victim(doom: int) -> object:
    """Great Cthulhu holds an Overdue Tome and owes 3 Agony to the Sleeper's Librarian."""
    factions = ["great_cthulhu", "black_goat", "sleeper"]
    state = play(
        {"type": "adjust", "faction": "great_cthulhu", "doom": doom},
        gate("guardian_under_the_lake", "great_cthulhu"),
        gate("guardian_under_the_lake", None),
        state=scored_game(factions),
    )
    state = to_doom(state, {f: 8 for f in factions})
    state = play({"type": "next_phase"}, state=pass_all(state))
    return play(
        activate("librarian", "sleeper", "oubliette"),
        roll(3),
        assign({"great_cthulhu": 4}, {"great_cthulhu": 3}),
        state=state,
    )


def test_k15_a_victim_pays_no_more_doom_than_he_has() -> None:
    state = _librarian_victim(doom=1)
    error = refused(state, satisfy("great_cthulhu", units=1, doom=2), "K15")  # type: ignore[arg-type]
    assert "Great Cthulhu has only 1 Doom to pay with." in error.describe()
    state = play(satisfy("great_cthulhu", units=2, doom=1), state=state)  # type: ignore[arg-type]
    assert board(state)["doom"]["great_cthulhu"] == 0


def test_k15_without_the_scoreboard_doom_is_paid_as_before() -> None:
    from tests.rules.cthulhu_wars.test_monsters import _two_overdue

    state = play(
        activate("librarian", "sleeper", "oubliette"),
        roll(3),
        assign({"great_cthulhu": 4}, {"great_cthulhu": 3}),
        state=_two_overdue(),  # type: ignore[arg-type]
    )
    said = events(state, satisfy("great_cthulhu", doom=3))
    assert said[0] == "Great Cthulhu loses 3 Doom."


def test_c11_an_elder_sign_paid_to_unflip_leaves_the_game_unrevealed() -> None:
    factions = ["great_cthulhu", "black_goat", "sleeper"]
    state = play(
        gate("yr_and_the_nhhngr", "sleeper"),
        {"type": "use_tome", "by": "sleeper", "tome": "yr_and_the_nhhngr"},
        state=scored_game(factions),
    )
    unflip = {
        "type": "unflip_tome",
        "by": "sleeper",
        "tome": "yr_and_the_nhhngr",
        "pay": "elder_sign",
    }
    error = refused(state, unflip, "C11")
    assert "holds no Elder Sign" in error.describe()
    state = play(
        {"type": "draw_elder_signs", "faction": "sleeper", "count": 1}, unflip, state=state
    )
    score = board(state)
    assert score["elder_signs"]["sleeper"] == 0 and score["elder_signs_left"] == 35
    assert score["doom"]["sleeper"] == 0 and score["revealed"]["sleeper"] == []


def _dreamlands(**extra: object) -> object:
    return new_game(THREE, map="dreamlands", settings={"scoreboard": True}, **extra)


def test_k9_on_the_dreamlands_the_monsters_roll_after_the_last_ritual() -> None:
    from rules.cthulhu_wars.game import state_to_json

    state = play(*phases(1), state=_dreamlands())  # type: ignore[arg-type]
    state = play(everyone(state, 8), {"type": "next_phase"}, state=state)
    state = play(choose("great_cthulhu"), {"type": "next_phase"}, state=state)
    state = play(ritual("great_cthulhu"), ritual("crawling_chaos"), state=state)
    assert pending(state)["kind"] == "ritual"  # type: ignore[index]
    state = play(ritual("yellow_sign"), state=state)
    assert state_to_json(state)["pending"]["purpose"] == "bhole"
    state = play(roll(4), state=state)
    assert state_to_json(state)["pending"]["purpose"] == "zoogs"
    state = play(roll(1, 2, 3, 4, 5, 6), state=state)
    assert (state.phase, state.pending, state.game_over) == ("action", None, None)


def test_k13_on_the_dreamlands_thirty_doom_ends_the_game_once_the_monsters_are_done() -> None:
    state = play({"type": "adjust", "faction": "yellow_sign", "doom": 30}, state=_dreamlands())  # type: ignore[arg-type]
    state = play(*phases(1), state=state)
    state = play(everyone(state, 8), {"type": "next_phase"}, state=state)
    state = play(choose("great_cthulhu"), {"type": "next_phase"}, state=state)
    state = play(roll(4), state=pass_all(state))
    assert state.game_over is None  # the Zoogs still roll
    state = play(roll(1, 2, 3, 4, 5, 6), state=state)
    assert state.game_over is not None and state.game_over.reason == "doom"
    assert state.phase == "doom"


def test_k14_a_citadel_victory_is_game_over_with_its_winner() -> None:
    from rules.cthulhu_wars.game import state_to_json

    state = _dreamlands()
    for label in ("1_2", "3", "4", "5_6"):
        state = play(gate(f"underworld_citadel_{label}", "crawling_chaos"), state=state)  # type: ignore[arg-type]
    assert state_to_json(state)["game_over"] == {"reason": "citadel", "winners": ["crawling_chaos"]}  # type: ignore[arg-type]


def test_e4_a_whole_four_player_game_to_its_winner() -> None:
    from pathlib import Path

    from rules.games import RULES
    from rules.journal import replay, state_json

    example = Path(__file__).parents[3] / "rules" / "examples" / "celaeno_scoreboard.jsonl"
    played, said = replay(example.read_text(encoding="utf-8").splitlines(), RULES)
    assert played is not None
    out = state_json(played)
    assert out["game_over"] == {"reason": "ritual_track", "winners": ["great_cthulhu"]}
    assert out["scoreboard"]["doom"]["great_cthulhu"] == 22
    assert out["scoreboard"]["ritual"]["at_end"] is True
    # The Doom chart: one point per round played out; round 4 is the one the game ended in.
    assert out["round"] == 4
    assert {f: len(doom) for f, doom in out["scoreboard"]["doom_by_round"].items()} == {
        f: 3 for f in out["factions"]
    }
    assert "The Yellow Sign raised to 7 Power: half of Great Cthulhu's 14." in map(str, said)
