"""Bad input is refused with its reason and changes nothing."""

from __future__ import annotations

import pytest

from rules.errors import JournalError
from tests.parsing import parse_any
from tests.rules.normandie.support import NEXT, new_battle, play, refused, unit, zombie


def test_a_unit_off_the_battlefield_is_refused() -> None:
    state, _ = play(new_battle())
    error = refused(state, unit("r1", "H1"), "setup", "error.normandie.off_board")
    assert "H1 is off the battlefield, which runs from A1 to G7." in error.describe()
    refused(state, unit("r1", "A8"), "setup", "error.normandie.off_board")
    refused(state, unit("r1", "8A"), "setup", "error.normandie.bad_space")


def test_a_unit_on_an_impassable_space_is_refused() -> None:
    state, _ = play(new_battle(impassable=["C3"]))
    refused(state, unit("r1", "C3"), "setup", "error.normandie.impassable")
    refused(state, zombie("z1", "C3"), "setup", "error.normandie.impassable")


def test_an_unknown_unit_kind_is_refused() -> None:
    state, _ = play(new_battle())
    error = refused(state, unit("t1", "A1", kind="tank"), "Z4", "error.normandie.unknown_kind")
    assert "tank is not a kind of unit" in error.describe()


def test_a_movement_below_zero_is_refused() -> None:
    state, _ = play(new_battle())
    refused(state, unit("r1", "A1", movement=-1), "I4", "error.normandie.movement")
    refused(None, new_battle(zombies={"z1": -2}), "I4", "error.normandie.movement")


def test_a_draw_from_an_empty_bag_or_of_a_token_not_in_it_is_refused() -> None:
    state, _ = play(new_battle(zombies={"z1": 3}), zombie("z1", "A1"))
    refused(state, zombie("z1", "B1"), "setup", "error.normandie.already_placed")
    state, _ = play(new_battle(zombies={"z1": 3}))
    refused(state, zombie("z7", "B1"), "Z1", "error.normandie.not_in_bag")


def test_other_refusals_name_their_reason() -> None:
    refused(None, NEXT, "setup", "error.normandie.no_battle")
    refused(None, new_battle(tiles={"columns": 0, "rows": 1}), "setup", "error.normandie.tiles")
    refused(
        None, new_battle(players=["majestic", "deep_ones"]), "setup", "error.normandie.unknown_side"
    )
    refused(None, new_battle(players=["majestic", "majestic"]), "setup", "error.normandie.players")
    refused(None, new_battle(initiative="sons_of_cthulhu"), "setup", "error.normandie.not_a_player")
    refused(None, new_battle(controller="sons_of_cthulhu"), "Z5", "error.normandie.not_a_player")
    state, _ = play(new_battle(), unit("r1", "A1"))
    refused(state, new_battle(), "setup", "error.normandie.battle_running")
    refused(state, unit("r2", "A1"), "setup", "error.normandie.space_taken")
    refused(state, unit("r2", "B1", owner="sons_of_cthulhu"), "setup", "error.normandie.owner")
    refused(
        state,
        {"type": "nz_move_unit", "unit": "r9", "space": "B1"},
        "setup",
        "error.normandie.no_such_unit",
    )
    refused(
        state,
        {"type": "nz_suppressed", "unit": "r1", "count": -1},
        "Z10",
        "error.normandie.negative",
    )
    refused(state, {"type": "nz_order", "order": []}, "pending", "error.normandie.nothing_pending")
    refused(
        state,
        {"type": "nz_bind", "caster": "r1", "zombie": "r1"},
        "Z13",
        "error.normandie.only_in_activation",
    )


def test_malformed_commands_are_journal_errors() -> None:
    with pytest.raises(JournalError):
        parse_any({"type": "nz_place_unit", "unit": "r1", "kind": "infantry"})  # no space
    with pytest.raises(JournalError):
        parse_any({"type": "nz_next_phase", "typo": 1})
    with pytest.raises(JournalError):
        parse_any({"type": "nz_assault", "roll": True})
