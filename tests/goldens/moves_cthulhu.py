"""Seeded random commands for Cthulhu Wars games, drawn from the public state JSON.

The same choices as the hypothesis strategies (tests/rules/cthulhu_wars/strategies.py for the Library,
tests/rules/cthulhu_wars/test_dreamlands_properties.py for the Dreamlands), made with a
``random.Random`` so a seed always gives the same journal. Commands come from the
current state (the pending decision, held and Overdue Tomes, the Units present), so
long journals reach deep positions; a few are illegal on purpose.
"""

from __future__ import annotations

import random
from typing import Any

Json = dict[str, Any]

FACTIONS = (
    "great_cthulhu",
    "crawling_chaos",
    "black_goat",
    "yellow_sign",
    "opener_of_the_way",
    "sleeper",
    "windwalker",
    "ancients",
    "tcho_tcho",
    "daemon_sultan",
    "bubastis",
)
OPENER = "opener_of_the_way"
TOMES = (
    "barrier_of_naach_tith",
    "guardian_under_the_lake",
    "larvae_of_the_outer_gods",
    "yr_and_the_nhhngr",
)
LIBRARY_AREAS = (
    *TOMES,
    "black_hall",
    "blue_hall",
    "chamber_of_apkallu",
    "chamber_of_sn_gac",
    "floating_tower",
    "fountain",
    "gloomloft",
    "hyperquarium",
    "lake_of_hali_overlook",
    "oubliette",
    "the_crawling_ones",
)
VALE = "vale_of_pnath"
SURFACE = ("surface_citadel_1_2", "surface_citadel_3", "surface_citadel_4", "surface_citadel_5_6")
UNDERWORLD = (
    "underworld_citadel_1_2",
    "underworld_citadel_3",
    "underworld_citadel_4",
    "underworld_citadel_5_6",
)
DREAMLANDS_AREAS = (
    *SURFACE,
    *UNDERWORLD,
    VALE,
    "enchanted_wood",
    "kadath",
    "leng",
    "plain_of_the_ghouls",
    "ruins_of_karoth",
    "sarkomand",
    "sea_of_pitch",
    "sunken_sea",
    "tower_of_koth",
    "zura",
)


def new_game(rng: random.Random, map_name: str) -> Json:
    factions = rng.sample(FACTIONS, rng.randint(3, 5))
    if map_name == "dreamlands":
        if OPENER not in factions and rng.random() < 0.5:
            factions[0] = OPENER  # Yog-Sothoth is worth exercising often
        return {"type": "new_game", "map": map_name, "factions": factions}
    settings = {
        "silence_at_start": rng.random() < 0.5,
        "tomes_refresh_at_doom": rng.random() < 0.5,
        "agony_faces": rng.choice([[1, 1, 2, 2, 3, 3], [1, 2, 2, 3, 3, 4]]),
    }
    return {"type": "new_game", "map": map_name, "factions": factions, "settings": settings}


def _split(rng: random.Random, total: int, limits: dict[str, int]) -> dict[str, int]:
    """Share ``total`` out among factions, each at most its limit."""
    split = dict.fromkeys(limits, 0)
    for _ in range(total):
        room = [f for f in limits if split[f] < limits[f]]
        if not room:
            break
        split[rng.choice(room)] += 1
    return split


def _assign(rng: random.Random, state: Json, pending: Json) -> Json:
    """C13/C16: who is present in the Area, and how the Agony is shared out."""
    present = {f: rng.randint(0, 4) for f in state["factions"]}
    if pending["monster"] == "custodian":
        due = min(pending["total"], sum(present.values()))
        return {"type": "assign_agony", "present": present, "assign": _split(rng, due, present)}
    victims = [
        f
        for f in state["factions"]
        if f != pending["by"]
        and any(t["holder"] == f and t["overdue"] for t in state["tomes"].values())
    ]
    if not victims:
        victims = [f for f in state["factions"] if f != pending["by"]]
    present[rng.choice(victims)] = rng.randint(1, 4)
    eligible = {f: pending["total"] for f in victims if present[f] >= 1}
    return {
        "type": "assign_agony",
        "present": present,
        "assign": _split(rng, pending["total"], eligible),
    }


def _satisfy(rng: random.Random, pending: Json) -> Json:
    """C14/C17: a victim pays with Tomes, Units and Doom."""
    agony, overdue = pending["agony"], list(pending["overdue"])
    tomes = rng.sample(overdue, rng.randint(0, min(len(overdue), agony)))
    units = rng.randint(0, min(pending["units_present"], agony - len(tomes)))
    doom = agony - len(tomes) - units
    return {
        "type": "satisfy",
        "faction": pending["faction"],
        "units": units,
        "doom": doom,
        "tomes": tomes,
    }


def _answer(rng: random.Random, state: Json) -> Json:
    pending = state["pending"]
    if pending["kind"] == "roll":
        return {
            "type": "roll",
            "values": [rng.choice(pending["faces"]) for _ in range(pending["dice"])],
        }
    if pending["kind"] == "assign_agony":
        return _assign(rng, state, pending)
    return _satisfy(rng, pending)


def _library_free(rng: random.Random, state: Json) -> Json:
    """Any command a Library table might enter while nothing is pending."""
    factions = state["factions"]
    kind = rng.choice(["phase"] * 2 + ["gate"] * 3 + ["activate"] * 3 + ["tome"] * 2 + ["silence"])
    if kind == "phase":
        return {"type": "next_phase"}
    if kind == "gate":
        present = rng.random() < 0.75
        controller = rng.choice([None, *factions]) if present else None
        area = rng.choice([*TOMES, *TOMES, *LIBRARY_AREAS])
        return {"type": "set_gate", "area": area, "gate": present, "controller": controller}
    if kind == "activate":
        monster = rng.choice(["custodian", "librarian"])
        area = rng.choice(LIBRARY_AREAS)
        return {"type": "activate", "monster": monster, "by": rng.choice(factions), "area": area}
    by, tome = rng.choice(factions), rng.choice(TOMES)
    held = [(t["holder"], name) for name, t in state["tomes"].items() if t["holder"]]
    if held and rng.random() < 0.7:  # C8/C10/C11: mostly a Tome its holder can use or unflip
        by, tome = rng.choice(held)
    if kind == "tome":
        if rng.random() < 0.5:
            return {"type": "use_tome", "by": by, "tome": tome}
        pay = rng.choice(["elder_sign", "cultist"])
        return {"type": "unflip_tome", "by": by, "tome": tome, "pay": pay}
    if rng.random() < 0.5:
        return {"type": "spend_silence", "by": by, "for": "unflip", "tome": tome}
    return {"type": "spend_silence", "by": by, "for": "barrier"}


def _dreamlands_gate(rng: random.Random, state: Json) -> Json:
    area = rng.choice([*SURFACE, *UNDERWORLD, VALE, *DREAMLANDS_AREAS])
    if rng.random() < 0.2:
        return {"type": "set_gate", "area": area, "gate": False, "controller": None}
    controller = rng.choice([None, *state["factions"]])
    if rng.random() < 0.4:  # D5: one faction building towards all four Citadels of a board
        controller = state["factions"][0]
        area = rng.choice(UNDERWORLD if len(state["factions"]) % 2 else SURFACE)
    out: Json = {"type": "set_gate", "area": area, "gate": True, "controller": controller}
    if controller == OPENER and rng.random() < 0.5:
        out["unit"] = "yog_sothoth"
    return out


def _dreamlands_free(rng: random.Random, state: Json) -> Json:
    kind = rng.choice(["phase"] * 4 + ["gate"] * 4 + ["zoogs", "bhole", "yog", "yog"])
    if kind == "phase":
        return {"type": "next_phase"}
    if kind == "gate":
        return _dreamlands_gate(rng, state)
    if kind == "zoogs":
        return {"type": "zoogs_removed", "area": rng.choice(SURFACE), "count": rng.randint(1, 3)}
    if kind == "bhole":
        return {"type": "bhole", "event": rng.choice(["killed", "pained"])}
    return {"type": "yog_sothoth", "area": rng.choice([None, VALE, *SURFACE, *UNDERWORLD])}


def noise(rng: random.Random, state: Json) -> Json:
    """A command that is usually refused: a bad die, a stray answer, a stranger."""
    first = state["factions"][0]
    return rng.choice(
        [
            {"type": "roll", "values": [7]},
            {"type": "roll", "values": [1, 1]},
            {"type": "satisfy", "faction": first, "units": 9, "doom": 0, "tomes": []},
            {"type": "assign_agony", "present": {}, "assign": {first: 1}},
            {"type": "activate", "monster": "librarian", "by": first, "area": "nowhere"},
            {"type": "activate", "monster": "custodian", "by": first, "area": "oubliette"},
            {"type": "zoogs_removed", "area": "surface_citadel_3", "count": 7},
            {"type": "set_gate", "area": "nowhere", "gate": True, "controller": None},
            {"type": "spend_silence", "by": first, "for": "barrier"},
            {"type": "next_phase"},
        ]
    )


def next_command(rng: random.Random, state: Json) -> Json:
    """The next command for a Library or Dreamlands game in ``state``."""
    roll = rng.randrange(100)
    if roll < 5:
        return {"type": "undo"}
    if roll < 12:
        return noise(rng, state)
    if state["pending"] is not None:
        return _answer(rng, state)
    if state["map"] == "dreamlands":
        return _dreamlands_free(rng, state)
    return _library_free(rng, state)
