"""The terrain grid's cursor starts at the middle of a tile and PHASE jumps to the middle of
the next one: from the middle every square of a 7×7 tile is 3.4 presses away on average."""

from __future__ import annotations

import json

from device.normandie.controller import NormandieController
from device.normandie.terrain import TerrainStep, next_tile
from rules import journal
from rules.games import RULES
from rules.normandie.battlefield import Space
from rules.normandie.state import NormandieState


def battle(columns: int, rows: int) -> NormandieState:
    first = {
        "type": "nz_new_battle", "tiles": {"columns": columns, "rows": rows},
        "players": ["sons_of_cthulhu", "black_sun"], "initiative": "black_sun",
        "zombies": {"z1": 3},
    }  # fmt: skip
    played, _ = journal.replay([json.dumps(first)], RULES)
    assert played is not None and isinstance(played.state, NormandieState)
    return played.state


def test_a_new_battles_terrain_grid_starts_at_the_middle_of_its_first_tile() -> None:
    controller = NormandieController()
    step = controller._current(battle(3, 2))
    assert isinstance(step, TerrainStep) and step.cursor.name == "D4"


def test_phase_jumps_to_the_middle_of_the_next_tile_in_reading_order() -> None:
    state = battle(3, 2)
    jumps = [Space(3, 3)]
    for _ in range(6):
        jumps.append(next_tile(state, jumps[-1]))
    assert [s.name for s in jumps] == ["D4", "K4", "R4", "D11", "K11", "R11", "D4"]
    assert next_tile(state, Space(13, 1)).name == "R4"  # from anywhere on the tile
