"""Journal commands: exact JSON round trips, and malformed lines refused with a reason."""

from __future__ import annotations

import json

import pytest

from rules.commands import ENGINE, Command, CommandTable, command_to_json
from rules.cthulhu_wars.game import CTHULHU_WARS
from rules.errors import JournalError
from rules.values import Record
from tests.parsing import parse_any

EXAMPLES = [
    {
        "type": "new_game",
        "map": "celaeno",
        "factions": ["great_cthulhu", "crawling_chaos", "yellow_sign"],
    },
    {
        "type": "new_game",
        "map": "dreamlands",
        "factions": ["sleeper", "ancients", "windwalker", "bubastis"],
        "sides": {"surface": 3, "underworld": 5},
        "settings": {
            "agony_faces": [1, 2, 2, 3, 3, 4],
            "silence_at_start": True,
            "tomes_refresh_at_doom": False,
        },
    },
    {
        "type": "new_game",
        "map": "celaeno",
        "factions": ["great_cthulhu", "crawling_chaos", "yellow_sign"],
        "settings": {
            "agony_faces": [1, 1, 2, 2, 3, 3],
            "silence_at_start": False,
            "tomes_refresh_at_doom": True,
            "scoreboard": True,
        },
        "first_player": "yellow_sign",
        "direction": "counterclockwise",
    },
    {"type": "next_phase"},
    {"type": "set_gate", "area": "fountain", "gate": True, "controller": "black_goat"},
    {"type": "set_gate", "area": "fountain", "gate": True, "controller": None},
    {"type": "set_gate", "area": "fountain", "gate": False, "controller": None},
    {
        "type": "set_gate",
        "area": "surface_citadel_3",
        "gate": True,
        "controller": "opener_of_the_way",
        "unit": "yog_sothoth",
    },
    {"type": "activate", "monster": "custodian", "by": "yellow_sign", "area": "black_hall"},
    {"type": "roll", "values": [3]},
    {"type": "roll", "values": [4, 2, 6, 1, 1, 5]},
    {"type": "assign_agony", "present": {"yellow_sign": 1}, "assign": {"yellow_sign": 1}},
    {
        "type": "satisfy",
        "faction": "great_cthulhu",
        "units": 1,
        "doom": 2,
        "tomes": ["guardian_under_the_lake"],
    },
    {"type": "spend_silence", "by": "sleeper", "for": "unflip", "tome": "larvae_of_the_outer_gods"},
    {"type": "spend_silence", "by": "sleeper", "for": "barrier"},
    {"type": "use_tome", "by": "sleeper", "tome": "yr_and_the_nhhngr"},
    {"type": "unflip_tome", "by": "sleeper", "tome": "yr_and_the_nhhngr", "pay": "elder_sign"},
    {"type": "bhole", "event": "killed"},
    {"type": "zoogs_removed", "area": "surface_citadel_1_2", "count": 2},
    {"type": "yog_sothoth", "area": None},
    {"type": "gather_power", "power": {"great_cthulhu": 10, "yellow_sign": 4}},
    {"type": "first_player", "faction": "yellow_sign", "direction": "counterclockwise"},
    {"type": "ritual", "faction": "yellow_sign", "perform": True, "great_old_ones": 2},
    {"type": "ritual", "faction": "yellow_sign", "perform": False},
    {"type": "draw_elder_signs", "faction": "yellow_sign", "count": 1},
    {"type": "draw_elder_signs", "faction": "yellow_sign", "count": 2, "values": [3, 1]},
    {"type": "record_elder_signs", "faction": "yellow_sign", "values": [2]},
    {"type": "gather_power_line", "faction": "yellow_sign", "power": 7},
    {
        "type": "spellbooks",
        "faction": "yellow_sign",
        "count": 3,
        "seat": {"faction": "yellow_sign", "phone": 2, "id": "k2Jc81MxWq0tR7vE"},
    },
    {"type": "reveal_elder_signs", "faction": "yellow_sign", "values": [1, 3]},
    {"type": "spellbooks", "faction": "yellow_sign", "count": 4},
    {"type": "adjust", "faction": "yellow_sign", "power": -2},
    {"type": "adjust", "faction": "yellow_sign", "power": 1, "doom": 2},
    {"type": "undo"},
    {"type": "redo"},
]


@pytest.mark.parametrize("obj", EXAMPLES, ids=lambda obj: obj["type"])
def test_json_round_trip_is_exact(obj: dict[str, object]) -> None:
    cmd = parse_any(obj)
    assert command_to_json(cmd) == obj
    assert parse_any(json.loads(json.dumps(command_to_json(cmd)))) == cmd


def test_every_cthulhu_wars_command_type_has_an_example() -> None:
    # The engine's undo and redo, and Cthulhu Wars' own table (other games have theirs).
    cthulhu_wars = {*ENGINE.types, *CTHULHU_WARS.commands.types}
    assert (
        len(cthulhu_wars) == 24
    )  # 13 of the maps and the round, 9 of the scoreboard, 2 the engine's
    assert cthulhu_wars <= {obj["type"] for obj in EXAMPLES}


def test_a_command_named_elsewhere_is_found_there_and_only_there() -> None:
    """The scoreboard's commands are named in the table and declared in their own module,
    imported on first lookup: a declaration in another module, or a module that declares
    none, is a mistake said at once rather than a type that quietly means something else."""
    scoreboard = "rules.cthulhu_wars.scoreboard.commands"
    table = CommandTable("a test", elsewhere={"later": scoreboard})
    assert "later" in table.types and list(table.types) == ["later"]
    with pytest.raises(ValueError, match="two commands named 'later'"):

        @table.command("later")
        class Later(Command, Record):
            pass

    with pytest.raises(LookupError, match=f"{scoreboard} declares no 'later'"):
        table.types["later"]
    assert CTHULHU_WARS.commands.types["ritual"].__module__ == scoreboard


@pytest.mark.parametrize(
    ("obj", "says"),
    [
        ({"type": "roll", "values": [1], "value": 2}, "roll: unknown field “value”."),
        ({"type": "roll"}, "roll: missing field “values”."),
        ({"type": "roll", "values": "3"}, "roll.values: expected a list."),
        ({"type": "roll", "values": [True]}, "roll.values[0]: expected a whole number."),
        (
            {"type": "activate", "monster": "bhole", "by": "x", "area": "y"},
            "activate.monster: expected",
        ),
        ({"type": "teleport"}, "unknown command type “teleport”."),
        ([1, 2], "command: expected a JSON object."),
    ],
)
def test_malformed_commands_say_what_is_wrong(obj: object, says: str) -> None:
    with pytest.raises(JournalError) as caught:
        parse_any(obj)
    assert caught.value.rule == "journal"
    assert says in str(caught.value)
