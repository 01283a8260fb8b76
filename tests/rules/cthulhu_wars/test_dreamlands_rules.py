"""The Dreamlands rules, one test (or more) per rule id D1–D20, worked example E3, bad input."""

from __future__ import annotations

from typing import Any

import pytest

from rules.commands import Undo
from rules.cthulhu_wars.dreamlands.record import of
from rules.cthulhu_wars.game import state_to_json
from rules.cthulhu_wars.maps.boards import layout
from rules.cthulhu_wars.maps.dreamlands import CITADEL_LABELS, citadel_for_roll, citadels, is_sea
from rules.cthulhu_wars.state import GameState, RollPending
from rules.journal import apply
from rules.text import render, text, translate
from tests.rules.cthulhu_wars.play import (
    THREE,
    as_json,
    events,
    gate,
    phases,
    play,
    refused,
    roll,
    step,
)

OPENER_GAME = ["great_cthulhu", "opener_of_the_way", "yellow_sign"]
VALE = "vale_of_pnath"
NEXT = {"type": "next_phase"}


def dreamlands(factions: list[str] = THREE, **extra: Any) -> GameState:
    return play({"type": "new_game", "map": "dreamlands", "factions": factions, **extra})


def to_doom(state: GameState) -> GameState:
    """From an Action Phase to the next Doom Phase (T1)."""
    return play(*phases(3), state=state)


def first_doom_over(
    state: GameState, bhole: int = 4, zoogs: tuple[int, ...] = (4,) * 6
) -> GameState:
    """Round 2's Doom Phase ends with these dice (defaults: the Bhole and all Zoogs on 4)."""
    return play(NEXT, roll(bhole), roll(*zoogs), state=to_doom(state))


def yog(area: str | None) -> dict[str, Any]:
    return {"type": "yog_sothoth", "area": area}


def yog_gate(area: str) -> dict[str, Any]:
    return {**gate(area, "opener_of_the_way"), "unit": "yog_sothoth"}


def zoogs_removed(area: str, count: int) -> dict[str, Any]:
    return {"type": "zoogs_removed", "area": area, "count": count}


def bhole(event: str) -> dict[str, Any]:
    return {"type": "bhole", "event": event}


def surface(label: str) -> str:
    return f"surface_citadel_{label}"


def underworld(label: str) -> str:
    return f"underworld_citadel_{label}"


# E3 -------------------------------------------------------------------------------------


def test_e3_first_doom_phase_of_a_dreamlands_game() -> None:
    state = to_doom(dreamlands())
    state = play(NEXT, state=state)
    assert state.pending == RollPending("bhole", 1, (1, 2, 3, 4, 5, 6))
    assert state.phase == "doom"
    state = play(roll(4), state=state)
    assert of(state).bhole == "underworld_citadel_4"
    assert as_json(state)["pending"]["purpose"] == "zoogs"
    assert as_json(state)["pending"]["dice"] == 6
    said = events(state, roll(1, 2, 2, 5, 6, 3))
    state = play(roll(1, 2, 2, 5, 6, 3), state=state)
    out = as_json(state)
    assert out["zoogs"] == {
        "surface_citadel_1_2": 3,
        "surface_citadel_3": 1,
        "surface_citadel_5_6": 2,
    }
    assert "surface_citadel_4" not in out["zoogs"]
    assert (out["phase"], out["pending"], out["bhole"]) == ("action", None, "underworld_citadel_4")
    assert said == [
        "3 Zoogs arrive at Surface Citadel 1–2.",
        "1 Zoog arrives at Surface Citadel 3.",
        "2 Zoogs arrive at Surface Citadel 5–6.",
        "Round 2: Action Phase.",
    ]


# Boards (D1–D4) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sides"),
    [
        (3, {"surface": 3, "underworld": 3}),
        (4, {"surface": 5, "underworld": 3}),
        (5, {"surface": 5, "underworld": 5}),
    ],
)
def test_d1_two_boards_sides_by_player_count(players: int, sides: dict[str, int]) -> None:
    factions = ["great_cthulhu", "crawling_chaos", "yellow_sign", "sleeper", "black_goat"][:players]
    assert as_json(dreamlands(factions))["sides"] == sides


def test_d1_four_players_may_give_the_underworld_the_five_player_side() -> None:
    state = dreamlands([*THREE, "sleeper"], sides={"surface": 3, "underworld": 5})
    assert dict(state.sides) == {"surface": 3, "underworld": 5}
    assert {area.side for area in state.areas.values() if area.board == "underworld"} == {5}
    refused(
        None,
        {
            "type": "new_game",
            "map": "dreamlands",
            "factions": THREE,
            "sides": {"upper": 3, "lower": 3},
        },
        "T4",
    )


def test_d2_areas_named_sea_are_oceans() -> None:
    areas = layout("dreamlands", (("surface", 5), ("underworld", 5)))
    seas = {area_id for area_id, area in areas.items() if area.sea}
    assert seas == {"sunken_sea", "sea_of_pitch"}
    assert is_sea("Cerenerian Sea") and is_sea("Lake (Sea)") and not is_sea("Seaside")


@pytest.mark.parametrize("side", [3, 5])
def test_d3_four_tunnels_a_to_d_link_the_boards(side: int) -> None:
    areas = layout("dreamlands", (("surface", side), ("underworld", side))).values()
    for board in ("surface", "underworld"):
        letters = sorted(area.link for area in areas if area.board == board and area.link)
        assert letters == ["A", "B", "C", "D"]
    by_id = {area.id: area for area in areas}
    assert by_id["leng"].link == by_id["plain_of_the_ghouls"].link == "B"
    assert by_id["zura"].link == by_id["ruins_of_karoth"].link


@pytest.mark.parametrize("side", [3, 5])
def test_d4_four_citadels_per_board_and_each_d6_names_one(side: int) -> None:
    areas = layout("dreamlands", (("surface", side), ("underworld", side)))
    for board in ("surface", "underworld"):
        found = sorted(a.citadel for a in areas.values() if a.board == board and a.citadel)
        assert found == sorted(CITADEL_LABELS) == ["1_2", "3", "4", "5_6"]
        assert all(area in areas for area in citadels(board))
        named = [citadel_for_roll(board, value) for value in range(1, 7)]
        assert named == [
            f"{board}_citadel_{label}" for label in ("1_2", "1_2", "3", "4", "5_6", "5_6")
        ]


def test_d4_citadels_are_named_by_board_and_label_in_both_languages() -> None:
    assert translate("area.surface_citadel_1_2") == "Surface Citadel 1–2"
    assert translate("place.underworld_citadel_4") == "Underworld Citadel 4"
    assert translate("area.surface_citadel_1_2", "ja") == "地上の堅砦1–2"
    assert translate("area.underworld_citadel_5_6", "ja") == "地下世界の堅砦5–6"


# Citadel victory (D5, D6) -------------------------------------------------------------------


def test_d5_all_four_citadels_of_one_board_win_at_once() -> None:
    state = play(
        *(gate(underworld(label), "crawling_chaos") for label in ("1_2", "3", "4")),
        state=dreamlands(),
    )
    assert state.winner is None
    won = step(state, gate(underworld("5_6"), "crawling_chaos"))
    said = [str(event) for event in won.events]
    state = won.state
    assert as_json(state)["winner"] == "crawling_chaos"
    assert (
        said[-1]
        == "Crawling Chaos controls the Gates of all four Underworld Citadels and wins the game!"
    )
    refused(state, NEXT, "D5")  # the game is over; only undo is accepted
    assert apply(won.played, Undo()).state.winner is None


def test_d5_citadels_split_between_boards_or_factions_do_not_win() -> None:
    state = play(
        gate(surface("1_2"), "great_cthulhu"),
        gate(surface("3"), "great_cthulhu"),
        gate(underworld("4"), "great_cthulhu"),
        gate(underworld("5_6"), "great_cthulhu"),
        gate(surface("4"), "yellow_sign"),
        gate(surface("5_6"), "great_cthulhu"),
        state=dreamlands(),
    )
    assert state.winner is None


def test_d6_yog_sothoth_makes_its_citadel_count_for_opener() -> None:
    state = play(
        gate(surface("3"), "great_cthulhu"),
        gate(surface("1_2"), "opener_of_the_way"),
        gate(surface("4"), "opener_of_the_way"),
        gate(surface("5_6"), "opener_of_the_way"),
        state=dreamlands(OPENER_GAME),
    )
    assert state.winner is None
    said = events(state, yog(surface("3")))
    state = play(yog(surface("3")), state=state)
    assert state.winner == "opener_of_the_way"
    assert state.controller(surface("3")) == "great_cthulhu"  # still Great Cthulhu's Gate
    assert said == [
        "Yog-Sothoth stands in Surface Citadel 3.",
        "Yog-Sothoth stands in Surface Citadel 3 and the Opener of the Way controls the Gates of "
        "the other three Surface Citadels: the Opener of the Way wins the game!",
    ]


def test_d6_yog_sothoth_needs_opener_and_a_dreamlands_game() -> None:
    refused(dreamlands(), yog(surface("3")), "D6")
    library = play({"type": "new_game", "map": "celaeno", "factions": OPENER_GAME})
    refused(library, yog("black_hall"), "D6")
    refused(dreamlands(OPENER_GAME), yog("black_hall"), "T4")


def test_d6_yog_sothoth_leaving_its_gate_hands_it_to_opener() -> None:
    state = play(yog(underworld("3")), yog_gate(underworld("3")), state=dreamlands(OPENER_GAME))
    said = events(state, yog(None))
    state = play(yog(None), state=state)
    assert as_json(state)["gates"][underworld("3")] == {"controller": "opener_of_the_way"}
    assert of(state).yog_sothoth is None
    assert said[0] == "Yog-Sothoth is off the map."
    assert "report it abandoned" in said[1]


# The Bhole (D7–D12) ----------------------------------------------------------------------


def test_d7_the_bhole_starts_in_the_vale_of_pnath_and_no_zoog_is_on_the_map() -> None:
    out = as_json(dreamlands())
    assert (out["bhole"], out["zoogs"], out["yog_sothoth"], out["winner"]) == (VALE, {}, None, None)
    assert "bhole" not in as_json(play({"type": "new_game", "map": "celaeno", "factions": THREE}))


def test_d8_a_gate_in_the_bholes_area_is_destroyed_without_a_roll() -> None:
    state = to_doom(play(gate(VALE, "great_cthulhu"), state=dreamlands()))
    said = events(state, NEXT)
    state = play(NEXT, state=state)
    assert VALE not in state.gates and of(state).bhole == VALE
    assert state.pending == RollPending("zoogs", 6, (1, 2, 3, 4, 5, 6))  # no Bhole die
    assert said == [
        "The Bhole destroys the Gate in the Vale of Pnath; Great Cthulhu's controlling unit is eliminated.",
        "Roll 6 dice for the Zoogs off the map.",
    ]


def test_d8_the_bhole_moves_to_the_citadel_its_die_names_and_destroys_the_gate() -> None:
    state = play(gate(underworld("4"), "great_cthulhu"), state=to_doom(dreamlands()))
    state = play(NEXT, state=state)
    said = events(state, roll(4))
    state = play(roll(4), state=state)
    assert of(state).bhole == underworld("4") and underworld("4") not in state.gates
    assert said[:2] == [
        "The Bhole's die shows 4.",  # what the die showed comes first (D8)
        "The Bhole moves to Underworld Citadel 4 and destroys the Gate there; "
        "Great Cthulhu's controlling unit is eliminated.",
    ]


def test_d8_the_bhole_sentence_in_japanese() -> None:
    said = text("event.bhole_moves_gate_unit", area=underworld("4"), faction="great_cthulhu")
    assert render(said, "ja") == (
        "ブホールは地下世界の堅砦4へ移動し、そこのゲートを破壊する。大いなるクトゥルフの支配ユニットは除去される。"
    )


def test_d8_the_yellow_signs_unit_counts_as_eliminated_by_an_enemy() -> None:
    state = play(
        gate(underworld("1_2"), None), gate(underworld("3"), "yellow_sign"), state=dreamlands()
    )
    state = play(NEXT, state=to_doom(state))
    assert events(state, roll(3))[1:3] == [  # after what the die showed (D8)
        "The Bhole moves to Underworld Citadel 3 and destroys the Gate there; the Yellow Sign's controlling unit is eliminated.",
        "That unit counts as eliminated by an enemy (the Yellow Sign's Passion).",
    ]
    assert (
        events(state, roll(2))[1]
        == "The Bhole moves to Underworld Citadel 1–2 and destroys the abandoned Gate there."
    )


def test_d8_the_bhole_rolling_its_own_citadel_stays() -> None:
    state = first_doom_over(dreamlands(), bhole=5)
    state = play(NEXT, state=to_doom(state))
    assert events(state, roll(6))[:2] == [
        "The Bhole's die shows 6.",
        "The Bhole stays in Underworld Citadel 5–6.",
    ]


def test_d9_the_bhole_kills_yog_sothoth_then_destroys_the_gate() -> None:
    state = play(yog(underworld("4")), yog_gate(underworld("4")), state=dreamlands(OPENER_GAME))
    state = play(NEXT, state=to_doom(state))
    said = events(state, roll(4))
    state = play(roll(4), state=state)
    assert of(state).yog_sothoth is None and underworld("4") not in state.gates
    assert said[2] == "The Bhole kills Yog-Sothoth in Underworld Citadel 4: remove it from the map."


def test_d9_yog_sothoth_dies_where_the_bhole_lands_even_without_a_gate() -> None:
    # Interpretation: the Area the Bhole attacks is the one it moves to.
    state = play(yog(underworld("5_6")), state=dreamlands(OPENER_GAME))
    state = play(NEXT, roll(5), state=to_doom(state))
    assert of(state).yog_sothoth is None


def test_d9_yog_sothoth_elsewhere_is_safe() -> None:
    state = play(yog(underworld("3")), state=dreamlands(OPENER_GAME))
    state = play(NEXT, roll(4), state=to_doom(state))
    assert of(state).yog_sothoth == underworld("3")


def test_d10_a_kill_destroys_the_bhole_and_a_pain_sends_it_to_the_vale() -> None:
    state = first_doom_over(dreamlands(), bhole=3)
    pained = play(bhole("pained"), state=state)
    assert of(pained).bhole == VALE
    assert events(pained, bhole("pained")) == [
        "The Bhole is already in the Vale of Pnath: the Pain is ignored."
    ]
    killed = play(bhole("killed"), state=state)
    assert (of(killed).bhole, of(killed).bhole_killed) == (None, True)
    assert as_json(killed)["bhole"] is None


def test_d10_a_battle_is_an_action_and_a_dreamlands_matter() -> None:
    refused(to_doom(dreamlands()), bhole("killed"), "D10")
    library = play({"type": "new_game", "map": "celaeno", "factions": THREE})
    error = refused(library, bhole("killed"), "D10")
    assert "only on the Dreamlands map" in error.describe()


def test_d11_the_bhole_card_gives_its_battle_profile_in_both_languages() -> None:
    # D11 needs no bookkeeping (no Power, Doom or spellbooks to track): the companion only
    # shows the table the Bhole's profile.
    assert "Terror of combat 6; cost 0" in translate("card.bhole")
    assert "戦闘力6の戦慄するもの" in translate("card.bhole", "ja")


def test_d12_a_killed_bhole_returns_to_the_vale_without_a_roll_and_destroys_its_gate() -> None:
    state = play(bhole("killed"), gate(VALE, "great_cthulhu"), state=first_doom_over(dreamlands()))
    refused(state, bhole("pained"), "D12")
    state = to_doom(state)
    said = events(state, NEXT)
    state = play(NEXT, state=state)
    assert (of(state).bhole, of(state).bhole_killed, state.phase) == (VALE, False, "action")
    assert VALE not in state.gates
    assert (
        said[0]
        == "A new Bhole appears in the Vale of Pnath and destroys the Gate there; Great Cthulhu's controlling unit is eliminated."
    )
    # The next Doom Phase it acts as usual: no Gate in the Vale, so one die.
    assert play(*phases(4), state=state).pending == RollPending("bhole", 1, (1, 2, 3, 4, 5, 6))


# The Zoogs (D13–D20) ---------------------------------------------------------------------


def test_d13_six_zoogs_and_no_more() -> None:
    state = first_doom_over(dreamlands(), zoogs=(1, 2, 3, 4, 5, 6))
    assert sum(of(state).zoogs.values()) == 6
    state = play(NEXT, roll(2), state=to_doom(state))
    assert state.phase == "action" and sum(of(state).zoogs.values()) == 6


def test_d14_zoogs_roll_after_the_bhole_one_die_each_and_stay_put() -> None:
    state = first_doom_over(dreamlands(), zoogs=(6, 6, 6, 6, 6, 6))
    state = play(zoogs_removed(surface("5_6"), 2), state=state)
    state = play(NEXT, state=to_doom(state))
    assert state.pending is not None and state.pending.purpose == "bhole"  # type: ignore[union-attr]
    state = play(roll(1), state=state)
    assert state.pending == RollPending("zoogs", 2, (1, 2, 3, 4, 5, 6))
    state = play(roll(3, 4), state=state)
    assert dict(of(state).zoogs) == {surface("3"): 1, surface("4"): 1, surface("5_6"): 4}


def test_d15_a_controller_is_put_off_its_gate_when_zoogs_arrive() -> None:
    state = play(gate(surface("1_2"), "yellow_sign"), state=dreamlands())
    state = play(NEXT, roll(1), state=to_doom(state))
    said = events(state, roll(1, 2, 2, 5, 6, 3))
    state = play(roll(1, 2, 2, 5, 6, 3), state=state)
    assert as_json(state)["gates"] == {surface("1_2"): {"controller": None}}
    assert (
        said[0]
        == "3 Zoogs arrive at Surface Citadel 1–2: the Yellow Sign's Gate there is abandoned."
    )
    said_ja = text("event.zoogs_arrive_abandon", n=3, area=surface("1_2"), faction="yellow_sign")
    assert (
        render(said_ja, "ja")
        == "地上の堅砦1–2にズーグ3体が現れる：そこの黄色の印のゲートは放棄される。"
    )


def test_d16_nobody_controls_a_gate_where_zoogs_are() -> None:
    state = first_doom_over(dreamlands(), zoogs=(3, 3, 3, 3, 3, 3))
    error = refused(state, gate(surface("3"), "great_cthulhu"), "D16")
    assert error.describe() == (
        "D16: 6 Zoogs in Surface Citadel 3: nobody may control its Gate until they are driven out "
        "(Yog-Sothoth excepted)."
    )
    state = play(gate(surface("3"), None), state=state)  # an abandoned Gate may stand there
    state = play(zoogs_removed(surface("3"), 6), gate(surface("3"), "great_cthulhu"), state=state)
    assert state.controller(surface("3")) == "great_cthulhu"


def test_d17_yog_sothoth_is_unaffected_by_zoogs() -> None:
    state = play(yog(surface("4")), yog_gate(surface("4")), state=dreamlands(OPENER_GAME))
    state = play(NEXT, roll(1), state=to_doom(state))
    said = events(state, roll(4, 4, 1, 1, 1, 1))
    state = play(roll(4, 4, 1, 1, 1, 1), state=state)
    assert as_json(state)["gates"][surface("4")] == {
        "controller": "opener_of_the_way",
        "unit": "yog_sothoth",
    }
    assert said[1] == "2 Zoogs arrive at Surface Citadel 4: Yog-Sothoth keeps its Gate there."


def test_d17_a_yog_sothoth_gate_needs_yog_sothoth_there() -> None:
    state = first_doom_over(dreamlands(OPENER_GAME), zoogs=(4,) * 6)
    refused(state, yog_gate(surface("4")), "D17")
    refused(state, gate(surface("4"), "opener_of_the_way"), "D16")
    state = play(yog(surface("4")), yog_gate(surface("4")), state=state)
    assert state.controller(surface("4")) == "opener_of_the_way"
    # Leaving a Zoog Area, Yog-Sothoth leaves its Gate abandoned (D16).
    state = play(yog(surface("3")), state=state)
    assert as_json(state)["gates"][surface("4")] == {"controller": None}


def test_d18_zoogs_killed_or_removed_leave_the_map() -> None:
    state = first_doom_over(dreamlands(), zoogs=(1, 1, 1, 3, 3, 3))
    assert events(state, zoogs_removed(surface("1_2"), 3)) == [
        "3 Zoogs leave Surface Citadel 1–2; removed Zoogs come back at the end of the next Doom Phase.",
        "No Zoog is left in Surface Citadel 1–2: its Gate may be controlled again.",
    ]
    state = play(zoogs_removed(surface("1_2"), 3), zoogs_removed(surface("3"), 1), state=state)
    assert as_json(state)["zoogs"] == {surface("3"): 2}


def test_d18_the_zoog_card_reminds_of_the_reflected_pain() -> None:
    assert "Pains one of the attacker's own units" in translate("card.zoogs")
    assert "攻撃側のユニット1体も痛撃を受ける" in translate("card.zoogs", "ja")


def test_d19_zoogs_stand_only_on_surface_citadels() -> None:
    # A Zoog moved out of its Citadel is reported as removed; none ever stands elsewhere.
    state = first_doom_over(dreamlands(), zoogs=(2, 2, 2, 5, 5, 5))
    refused(state, zoogs_removed("kadath", 1), "D18")
    state = play(zoogs_removed(surface("1_2"), 1), state=state)
    assert set(of(state).zoogs) == {surface("1_2"), surface("5_6")}
    assert all(
        state.areas[area].citadel and state.areas[area].board == "surface"
        for area in of(state).zoogs
    )


def test_d20_removed_zoogs_come_back_at_the_next_end_of_doom() -> None:
    state = first_doom_over(dreamlands(), zoogs=(2, 2, 2, 5, 5, 5))
    state = play(zoogs_removed(surface("1_2"), 3), state=state)
    state = play(NEXT, roll(1), state=to_doom(state))
    assert state.pending == RollPending("zoogs", 3, (1, 2, 3, 4, 5, 6))
    state = play(roll(2, 2, 2), state=state)
    assert dict(of(state).zoogs) == {surface("1_2"): 3, surface("5_6"): 3}


# Bad input: refused with the reason, nothing changed ------------------------------------------


def test_bad_dice_are_refused() -> None:
    state = play(NEXT, state=to_doom(dreamlands()))
    assert "a d6 has no 7" in refused(state, roll(7), "D8").describe()
    refused(state, roll(0), "D8")
    assert "1 die wanted, 2 read" in refused(state, roll(3, 3), "D8").describe()
    state = play(roll(2), state=state)
    refused(state, roll(1, 2, 3, 4, 5), "D14")
    refused(state, roll(1, 2, 3, 4, 5, 9), "D14")
    refused(state, NEXT, "D14")  # the Zoogs' dice come first


def test_removing_more_zoogs_than_stand_there_is_refused() -> None:
    state = first_doom_over(dreamlands(), zoogs=(1, 1, 3, 3, 3, 3))
    error = refused(state, zoogs_removed(surface("1_2"), 3), "D18")
    assert error.describe() == "D18: only 2 Zoogs in Surface Citadel 1–2, not 3."
    refused(state, zoogs_removed(surface("1_2"), 0), "D18")
    refused(state, zoogs_removed(surface("1_2"), -1), "D18")
    refused(state, zoogs_removed(surface("4"), 1), "D18")
    refused(state, zoogs_removed("nowhere", 1), "T4")


def test_dreamlands_commands_on_a_library_game_are_refused() -> None:
    library = play({"type": "new_game", "map": "celaeno", "factions": OPENER_GAME})
    refused(library, bhole("pained"), "D10")
    refused(library, zoogs_removed("black_hall", 1), "D18")
    refused(library, yog("black_hall"), "D6")


def test_the_state_prints_the_dreamlands_keys() -> None:
    out = state_to_json(first_doom_over(dreamlands(OPENER_GAME)))
    assert {"bhole", "zoogs", "yog_sothoth", "winner"} <= set(out)
