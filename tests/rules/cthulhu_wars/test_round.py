"""T1–T4: the round, the factions, players and board sides."""

from __future__ import annotations

from tests.rules.cthulhu_wars.play import THREE, new_game, phases, play, refused


def test_t1_phases_follow_in_order() -> None:
    state = new_game()
    seen = []
    for _ in range(8):
        state = play({"type": "next_phase"}, state=state)
        seen.append((state.round, state.phase))
    assert seen == [
        (2, "gather_power"),
        (2, "first_player"),
        (2, "doom"),
        (2, "action"),
        (3, "gather_power"),
        (3, "first_player"),
        (3, "doom"),
        (3, "action"),
    ]


def test_t2_new_game_starts_in_round_one_action_phase() -> None:
    state = new_game()
    assert (state.round, state.phase) == (1, "action")
    assert state.doom_phases == 0


def test_t3_unknown_faction_is_refused() -> None:
    refused(
        None,
        {"type": "new_game", "map": "celaeno", "factions": ["great_cthulhu", "cthugha", "sleeper"]},
        "T3",
    )


def test_t3_a_faction_named_twice_is_refused() -> None:
    refused(
        None,
        {"type": "new_game", "map": "celaeno", "factions": ["sleeper", "sleeper", "ancients"]},
        "T3",
    )


def test_t3_commands_from_factions_not_playing_are_refused() -> None:
    state = play(*phases(4), state=new_game())
    refused(
        state,
        {"type": "activate", "monster": "custodian", "by": "bubastis", "area": "oubliette"},
        "T3",
    )


def test_t4_three_to_five_players() -> None:
    refused(None, {"type": "new_game", "map": "celaeno", "factions": THREE[:2]}, "T4")
    six = ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign", "sleeper", "windwalker"]
    refused(None, {"type": "new_game", "map": "celaeno", "factions": six}, "T4")


def test_t4_default_sides_by_player_count() -> None:
    four = [*THREE, "sleeper"]
    five = [*four, "black_goat"]
    assert dict(new_game(THREE).sides) == {"upper": 3, "lower": 3}
    assert dict(new_game(four).sides) == {"upper": 5, "lower": 3}  # first named floor gets 5
    assert dict(new_game(five).sides) == {"upper": 5, "lower": 5}


def test_t4_four_players_may_choose_which_floor_gets_five() -> None:
    state = new_game([*THREE, "sleeper"], sides={"upper": 3, "lower": 5})
    assert dict(state.sides) == {"upper": 3, "lower": 5}
    assert "red_hall" in state.areas and "byakhiary" not in state.areas


def test_t4_sides_must_fit_the_player_count() -> None:
    refused(
        None,
        {
            "type": "new_game",
            "map": "celaeno",
            "factions": THREE,
            "sides": {"upper": 5, "lower": 3},
        },
        "T4",
    )
    refused(
        None,
        {
            "type": "new_game",
            "map": "celaeno",
            "factions": THREE,
            "sides": {"surface": 3, "lower": 3},
        },
        "T4",
    )


def test_t4_areas_of_the_other_side_are_not_on_the_map() -> None:
    state = new_game()  # both 3-player sides
    refused(state, {"type": "set_gate", "area": "red_hall", "gate": True, "controller": None}, "T4")


def test_new_game_only_once_and_first() -> None:
    refused(None, {"type": "next_phase"}, "journal")
    refused(new_game(), {"type": "new_game", "map": "celaeno", "factions": THREE}, "journal")


def test_next_phase_is_refused_while_a_decision_is_pending() -> None:
    state = play(
        *phases(4),
        {"type": "activate", "monster": "custodian", "by": "sleeper", "area": "oubliette"},
        state=new_game(["sleeper", "ancients", "windwalker"]),
    )
    refused(state, {"type": "next_phase"}, "C19")
