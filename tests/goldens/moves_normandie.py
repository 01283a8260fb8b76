"""Seeded random commands for a Shadows over Normandie battle, drawn from its state JSON.

A battle is set up at random (tiles, chapter, terrain, gear, units, Zombies from the
bag), then each command answers what the state waits for (the activation order, a tie,
an Assault die, a draw from the bag) or is one a table might enter in the phase at hand
(moves, eliminations, Z9–Z13 actions). See rules/normandie/JOURNAL.md for the commands.
"""

from __future__ import annotations

import random
from typing import Any

Json = dict[str, Any]

SONS, BLACK_SUN, MAJESTIC = "sons_of_cthulhu", "black_sun", "majestic"
SIDES = (SONS, BLACK_SUN, MAJESTIC)
KINDS = ("infantry", "infantry", "infantry", "vehicle", "mythos", "master")
MARKS = ("juggernaut", "faster", "rage")


def space_name(col: int, row: int) -> str:
    """Spreadsheet-style name of a space (JOURNAL.md "Spaces"): column letters, row number."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


def all_spaces(tiles: Json) -> list[str]:
    return [
        space_name(col, row)
        for row in range(7 * tiles["rows"])
        for col in range(7 * tiles["columns"])
    ]


def _parse(name: str) -> tuple[int, int]:
    letters = name.rstrip("0123456789")
    col = 0
    for char in letters:
        col = col * 26 + ord(char) - ord("A") + 1
    return col - 1, int(name[len(letters) :]) - 1


def _adjacent(name: str, width: int, height: int) -> list[str]:
    col, row = _parse(name)
    near = [(col, row - 1), (col + 1, row), (col, row + 1), (col - 1, row)]
    return [space_name(c, r) for c, r in near if 0 <= c < width and 0 <= r < height]


def new_battle(rng: random.Random) -> Json:
    chapter = rng.choice([None, None, 1, 2, 3])
    tiles = {"columns": rng.randint(1, 3), "rows": rng.randint(1, 2)}
    if chapter in (1, 2):
        players, initiative = [SONS, BLACK_SUN], SONS
    elif chapter == 3:
        players = rng.sample(SIDES, 3)
        initiative = rng.choice(players)
    else:
        players = rng.sample(SIDES, rng.randint(2, 3))
        initiative = rng.choice(players)
    spaces = all_spaces(tiles)
    walls = rng.sample(spaces, rng.randint(0, len(spaces) // 8))
    free = [s for s in spaces if s not in walls]
    tokens = {f"z{i}": rng.randint(2, 4) for i in range(1, rng.randint(3, 7))}
    out: Json = {
        "type": "nz_new_battle",
        "tiles": tiles,
        "players": players,
        "initiative": initiative,
        "zombies": tokens,
        "impassable": walls,
        "mass_graves": _graves(rng, free),
    }
    if chapter is not None:
        out["chapter"] = chapter
    if chapter == 1:
        out["derleth"] = "derleth"
    if chapter == 2:
        out["door"] = rng.choice(free)
    if rng.random() < 0.2:
        out["controller"] = rng.choice(players)
    if rng.random() < 0.7:
        out["gear"] = {
            p: {"reanimator_serum": rng.randint(0, 3), "serum_dart_gun": rng.randint(0, 3)}
            for p in rng.sample(players, rng.randint(1, len(players)))
        }
    if rng.random() < 0.3:
        out["settings"] = {
            "dart_gun_range": rng.choice([None, 3, 6]),
            "black_sun_row_as_printed": rng.random() < 0.5,
        }
    return out


def _graves(rng: random.Random, free: list[str]) -> list[Json]:
    return [
        {
            "id": f"grave{i}",
            "spaces": rng.sample(free, rng.randint(1, 2)),
            "single_use": rng.random() < 0.5,
        }
        for i in range(rng.randint(0, 2))
    ]


def setup_commands(rng: random.Random, battle: Json) -> list[Json]:
    """Terrain entered on the grid, then units and some Zombies placed (may be refused)."""
    spaces = all_spaces(battle["tiles"])
    out: list[Json] = []
    if rng.random() < 0.35:
        for _ in range(rng.randint(1, 5)):
            out.append(_terrain(rng, spaces))
    if battle.get("chapter") == 1:
        out.append(_unit(rng, "derleth", SONS, rng.choice(spaces), "infantry"))
    for player in battle["players"]:
        for i in range(rng.randint(2, 4)):
            kind = rng.choice(KINDS)
            out.append(_unit(rng, f"{player[:3]}{i}", player, rng.choice(spaces), kind))
            if battle.get("chapter") == 3 and kind == "mythos" and rng.random() < 0.7:
                out[-1] |= {"worth": 2, "life_points": 3}
    tokens = list(battle["zombies"])
    for token in rng.sample(tokens, rng.randint(1, min(3, len(tokens)))):
        out.append(
            {"type": "nz_place_unit", "unit": token, "kind": "zombies", "space": rng.choice(spaces)}
        )
    return out


def _terrain(rng: random.Random, spaces: list[str]) -> Json:
    terrain = rng.choice(["open", "impassable", "mass_grave"])
    out: Json = {"type": "nz_terrain", "space": rng.choice(spaces), "terrain": terrain}
    if terrain == "mass_grave":
        out["grave"] = rng.choice(["grave0", "grave1", "pit"])
        if rng.random() < 0.5:
            out["single_use"] = rng.random() < 0.5
    return out


def _unit(rng: random.Random, uid: str, owner: str, space: str, kind: str) -> Json:
    out: Json = {
        "type": "nz_place_unit",
        "unit": uid,
        "kind": kind,
        "owner": owner,
        "space": space,
        "movement": rng.randint(2, 5),
    }
    if rng.random() < 0.4:
        out["name"] = uid.capitalize()
    return out


def _answer(rng: random.Random, state: Json) -> Json:
    pending = state["pending"]
    kind = pending["kind"]
    if kind == "order":
        order = list(pending["proposed"])
        if rng.random() < 0.4:
            rng.shuffle(order)
        return {"type": "nz_order", "order": order}
    if kind == "target":
        return {"type": "nz_choose_target", "target": rng.choice(pending["candidates"])}
    if kind == "assault":
        roll = rng.randint(1, 6)
        fallen = rng.choice([[], [], [pending["zombie"]], [pending["target"]]])
        return {"type": "nz_assault", "roll": roll, "eliminated": fallen}
    bag = state["bag"] or ["z1"]
    return {"type": "nz_draw", "token": rng.choice(bag), "space": rng.choice(pending["spaces"])}


def _units(state: Json, zombies: bool) -> list[str]:
    return [u for u, unit in state["units"].items() if (unit["kind"] == "zombies") == zombies]


def _activation(rng: random.Random, state: Json) -> Json:
    """An Activation Phase command: moves, fights, Z10–Z13 actions, the phase's end."""
    players, units, zombies = state["players"], _units(state, False), _units(state, True)
    masters = [u for u in units if state["units"][u]["kind"] == "master"]
    graves = [g["id"] for g in state["battlefield"]["mass_graves"]]
    choices: list[Json] = [{"type": "nz_next_phase"}] * 3
    if units:
        unit = rng.choice(units)
        choices += [_move(rng, state, unit)] * 4
        choices.append({"type": "nz_serum", "unit": unit})
        choices.append({"type": "nz_suppressed", "unit": unit, "count": rng.randint(0, 2)})
        choices.append({"type": "nz_eliminate", "unit": unit, "by": rng.choice(players)})
        choices.append(
            {"type": "nz_wound", "unit": unit, "life_points": 1, "by": rng.choice(players)}
        )
    if units and zombies:
        unit, zombie = rng.choice(units), rng.choice(zombies)
        mark = rng.choice(MARKS)
        choices.append({"type": "nz_dart", "unit": unit, "zombie": zombie, "mark": mark})
        choices += [{"type": "nz_bind", "caster": unit, "zombie": zombie}] * 2
        choices += [{"type": "nz_engage", "zombie": zombie, "by": rng.choice(players)}] * 2
        choices.append({"type": "nz_eliminate", "unit": zombie, "by": rng.choice(players)})
    if masters and graves:
        master = rng.choice(masters)
        choices += [{"type": "nz_create", "master": master, "grave": rng.choice(graves)}] * 3
        if rng.random() < 0.5:  # walk the Master onto its grave first
            spaces = next(g["spaces"] for g in state["battlefield"]["mass_graves"])
            choices.append({"type": "nz_move_unit", "unit": master, "space": spaces[0]})
    if state["bag"]:
        space = rng.choice(all_spaces(state["battlefield"]["tiles"]))
        token = rng.choice(state["bag"])
        choices.append({"type": "nz_place_unit", "unit": token, "kind": "zombies", "space": space})
    choices.append({"type": "nz_initiative", "player": rng.choice(players)})
    return rng.choice(choices)


def _move(rng: random.Random, state: Json, unit: str) -> Json:
    """A unit walks one to three steps (the players' activations, retreats)."""
    tiles = state["battlefield"]["tiles"]
    width, height = 7 * tiles["columns"], 7 * tiles["rows"]
    here = state["units"][unit]["space"]
    for _ in range(rng.randint(1, 3)):
        here = rng.choice(_adjacent(here, width, height))
    if state["battlefield"].get("door") and rng.random() < 0.1:
        here = state["battlefield"]["door"]
    return {"type": "nz_move_unit", "unit": unit, "space": here}


def _orders(rng: random.Random, state: Json) -> Json:
    units, zombies = _units(state, False), _units(state, True)
    masters = [u for u in units if state["units"][u]["kind"] == "master"]
    if masters and zombies and rng.random() < 0.3:
        return {"type": "nz_control", "master": rng.choice(masters), "zombie": rng.choice(zombies)}
    if units and rng.random() < 0.3:
        return _move(rng, state, rng.choice(units))
    return {"type": "nz_next_phase"}


def noise(rng: random.Random, state: Json) -> Json:
    """Usually refused: an off-board space, a die of 7, a stranger, a step out of turn."""
    return rng.choice(
        [
            {"type": "nz_assault", "roll": 7},
            {"type": "nz_move_unit", "unit": "nobody", "space": "A1"},
            {
                "type": "nz_place_unit",
                "unit": "zz",
                "kind": "tank",
                "owner": SONS,
                "space": "A1",
                "movement": 3,
            },
            {
                "type": "nz_place_unit",
                "unit": "far",
                "kind": "infantry",
                "owner": SONS,
                "space": "ZZ99",
                "movement": 3,
            },
            {"type": "nz_order", "order": []},
            {"type": "nz_choose_target", "target": "nobody"},
            {"type": "nz_draw", "token": "z99", "space": "A1"},
            {"type": "nz_terrain", "space": "A1", "terrain": "lava"},
            {"type": "nz_engage", "zombie": "z1"},
            {"type": "nz_next_phase"},
        ]
    )


def next_command(rng: random.Random, state: Json) -> Json:
    """The next command for the battle in ``state``."""
    roll = rng.randrange(100)
    if roll < 5:
        return {"type": "undo"}
    if roll < 10:
        return noise(rng, state)
    if state["pending"] is not None:
        return _answer(rng, state)
    if state["phase"] == "orders":
        return _orders(rng, state)
    if state["phase"] == "activation":
        return _activation(rng, state)
    if state["phase"] == "setup" and rng.random() < 0.3:
        return _terrain(rng, all_spaces(state["battlefield"]["tiles"]))
    return {"type": "nz_next_phase"}
