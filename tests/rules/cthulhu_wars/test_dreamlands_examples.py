"""The shipped Dreamlands example journals replay to the states their comments describe."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.cthulhu_wars.game import state_to_json
from rules.cthulhu_wars.state import GameState
from rules.games import RULES
from rules.journal import replay
from rules.text import render

EXAMPLES = Path(__file__).resolve().parents[3] / "rules" / "examples"


def _replay(name: str) -> tuple[dict[str, Any], list[str]]:
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    played, events = replay(lines, RULES)
    assert played is not None and isinstance(played.state, GameState)
    return state_to_json(played.state), [render(event) for event in events]


def test_e3_journal() -> None:
    out, _ = _replay("dreamlands_e3.jsonl")
    assert (out["round"], out["phase"], out["bhole"]) == (2, "action", "underworld_citadel_4")
    assert out["zoogs"] == {
        "surface_citadel_1_2": 3,
        "surface_citadel_3": 1,
        "surface_citadel_5_6": 2,
    }


def test_citadel_victory_journal() -> None:
    out, said = _replay("dreamlands_citadel_victory.jsonl")
    assert out["winner"] == "opener_of_the_way"
    assert out["yog_sothoth"] == "surface_citadel_3"
    assert out["gates"]["surface_citadel_3"] == {"controller": None}  # abandoned under Zoogs
    assert said[-1].endswith("the Opener of the Way wins the game!")


def test_bhole_kill_journal() -> None:
    out, said = _replay("dreamlands_bhole_kill.jsonl")
    assert (out["round"], out["phase"], out["bhole"], out["gates"]) == (
        3,
        "action",
        "vale_of_pnath",
        {},
    )
    assert "That unit counts as eliminated by an enemy (the Yellow Sign's Passion)." in said
    assert "All six Zoogs are on the map: no dice for them." in said


def test_zoogs_removed_journal() -> None:
    out, said = _replay("dreamlands_zoogs_removed.jsonl")
    assert out["gates"] == {"surface_citadel_1_2": {"controller": None}}
    assert sum(out["zoogs"].values()) == 6
    assert "Roll 5 dice for the Zoogs off the map." in said


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("dreamlands_*.jsonl")))
def test_every_dreamlands_example_replays_in_japanese_too(name: str) -> None:
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    _, events = replay(lines, RULES)
    assert all(render(event, "ja") for event in events)
    assert not any("event." in render(event, "ja") for event in events)  # no missing key
