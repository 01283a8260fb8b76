"""Names on screen: catalogue names, configured Citadel names, readable fallbacks."""

from __future__ import annotations

from display.cthulhu_wars import board, names
from rules.text import use_printed_names
from tests.display.samples import sample


def test_known_names_come_from_the_catalogue() -> None:
    assert names.faction("yellow_sign", "en") == "Yellow Sign"
    assert names.faction("yellow_sign", "ja") == "黄色の印"
    assert names.area("black_hall", "en") == "Black Hall"


def test_an_unknown_area_is_words_never_a_catalogue_key() -> None:
    assert names.area("plain_of_the_ghouls_x", "en") == "Plain of the Ghouls X"


def test_a_configured_citadel_name_wins() -> None:
    use_printed_names({"surface_citadel_1_2": "Celephaïs"})  # as the program does at its start
    assert names.area("surface_citadel_1_2", "en") == "Celephaïs"
    assert names.area("surface_citadel_1_2", "ja") == "Celephaïs"


def test_an_unnamed_citadel_is_named_by_board_and_label() -> None:
    assert "1–2" in names.area("surface_citadel_1_2", "en")
    assert names.citadel("underworld_citadel_5_6") == ("underworld", "5_6")
    assert names.citadel("vale_of_pnath") is None


def test_three_citadels_counted_per_board() -> None:
    counts = board.citadel_counts(sample("dreamlands").state)
    assert counts["surface"]["yellow_sign"] == 3  # D5: one more wins
    assert counts["underworld"]["opener_of_the_way"] == 1  # D6: Yog-Sothoth's Citadel


def test_yog_sothoth_overrides_the_gate_controller() -> None:
    state = {
        "gates": {"surface_citadel_3": {"controller": "sleeper"}},
        "yog_sothoth": "surface_citadel_3",
    }
    counts = board.citadel_counts(state)
    assert counts["surface"] == {"opener_of_the_way": 1}  # D6


def test_the_actor_is_the_splitter_or_the_victim() -> None:
    assert board.actor({"kind": "assign_agony", "by": "sleeper"}) == "sleeper"
    assert board.actor({"kind": "satisfy", "faction": "black_goat", "agony": 2}) == "black_goat"
    assert board.actor({"kind": "roll", "purpose": "agony", "dice": 1}) is None
    assert board.actor(None) is None
