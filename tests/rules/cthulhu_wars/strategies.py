"""Hypothesis strategies: random but mostly legal command sequences for a Library game.

Commands are drawn from the current state, so long runs reach deep positions (held
Tomes, Overdue, activations, victims paying) instead of being refused at the door.
Some drawn commands are illegal on purpose: the properties check they change nothing.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from rules.cthulhu_wars.factions import FACTIONS
from rules.cthulhu_wars.maps.celaeno import TOMES
from rules.cthulhu_wars.state import AssignPending, GameState, RollPending, SatisfyPending

Draw = Any  # hypothesis' draw function


@st.composite
def new_game_commands(draw: Draw, map_name: str = "celaeno") -> dict[str, Any]:
    factions = draw(st.lists(st.sampled_from(FACTIONS), min_size=3, max_size=5, unique=True))
    settings = {
        "silence_at_start": draw(st.booleans()),
        "tomes_refresh_at_doom": draw(st.booleans()),
        "agony_faces": draw(st.sampled_from([[1, 1, 2, 2, 3, 3], [1, 2, 2, 3, 3, 4]])),
    }
    return {"type": "new_game", "map": map_name, "factions": factions, "settings": settings}


def _split(draw: Draw, total: int, limits: dict[str, int]) -> dict[str, int]:
    """Share ``total`` out among factions, each at most its limit (limits must cover total)."""
    split = {faction: 0 for faction in limits}
    for _ in range(total):
        room = [f for f in limits if split[f] < limits[f]]
        split[draw(st.sampled_from(room))] += 1
    return split


def answer_pending(draw: Draw, state: GameState) -> dict[str, Any]:
    pending, activation = state.pending, state.activation
    if isinstance(pending, RollPending):
        values = [draw(st.sampled_from(pending.faces)) for _ in range(pending.dice)]
        return {"type": "roll", "values": values}
    assert activation is not None
    if isinstance(pending, AssignPending):
        present = {f: draw(st.integers(0, 4)) for f in state.factions}
        if activation.monster == "custodian":
            due = min(pending.total, sum(present.values()))
            return {
                "type": "assign_agony",
                "present": present,
                "assign": _split(draw, due, present),
            }
        victims = [f for f in state.enemies(activation.by) if state.overdue_tomes(f)]
        present[draw(st.sampled_from(victims))] = draw(st.integers(1, 4))
        eligible = {f: pending.total for f in victims if present[f] >= 1}
        return {
            "type": "assign_agony",
            "present": present,
            "assign": _split(draw, pending.total, eligible),
        }
    assert isinstance(pending, SatisfyPending)
    return _payment(draw, state, pending)


def _payment(draw: Draw, state: GameState, pending: SatisfyPending) -> dict[str, Any]:
    assert state.activation is not None
    here = state.activation.present.get(pending.faction, 0)
    overdue = list(state.overdue_tomes(pending.faction))
    tomes = (
        draw(st.lists(st.sampled_from(overdue), unique=True, max_size=pending.agony))
        if overdue
        else []
    )
    units = draw(st.integers(0, min(here, pending.agony - len(tomes))))
    doom = pending.agony - len(tomes) - units
    return {
        "type": "satisfy",
        "faction": pending.faction,
        "units": units,
        "doom": doom,
        "tomes": tomes,
    }


def free_command(draw: Draw, state: GameState) -> dict[str, Any]:
    """Any command a table might enter while nothing is pending (legal or not)."""
    factions = list(state.factions)
    areas = sorted(state.areas)
    kind = draw(
        st.sampled_from(
            ["phase", "phase", "gate", "gate", "gate", "activate", "activate", "tome", "silence"]
        )
    )
    if kind == "phase":
        return {"type": "next_phase"}
    if kind == "gate":
        present = draw(st.booleans()) or draw(st.booleans())
        controller = draw(st.sampled_from([None, *factions])) if present else None
        area = draw(st.sampled_from([*TOMES, *TOMES, *areas]))
        return {"type": "set_gate", "area": area, "gate": present, "controller": controller}
    if kind == "activate":
        monster = draw(st.sampled_from(["custodian", "librarian"]))
        return {
            "type": "activate",
            "monster": monster,
            "by": draw(st.sampled_from(factions)),
            "area": draw(st.sampled_from(areas)),
        }
    by, tome = draw(st.sampled_from(factions)), draw(st.sampled_from(TOMES))
    if kind == "tome":
        if draw(st.booleans()):
            return {"type": "use_tome", "by": by, "tome": tome}
        return {
            "type": "unflip_tome",
            "by": by,
            "tome": tome,
            "pay": draw(st.sampled_from(["elder_sign", "cultist"])),
        }
    if draw(st.booleans()):
        return {"type": "spend_silence", "by": by, "for": "unflip", "tome": tome}
    return {"type": "spend_silence", "by": by, "for": "barrier"}


def noise(draw: Draw, state: GameState) -> dict[str, Any]:
    """A command that is usually refused: a bad die, a stray answer, a stranger."""
    return draw(
        st.sampled_from(
            [
                {"type": "roll", "values": [7]},
                {"type": "roll", "values": [1, 1]},
                {
                    "type": "satisfy",
                    "faction": state.factions[0],
                    "units": 9,
                    "doom": 0,
                    "tomes": [],
                },
                {"type": "assign_agony", "present": {}, "assign": {state.factions[0]: 1}},
                {
                    "type": "activate",
                    "monster": "librarian",
                    "by": state.factions[0],
                    "area": "nowhere",
                },
                {"type": "next_phase"},
            ]
        )
    )


@st.composite
def next_command(draw: Draw, state: GameState) -> dict[str, Any]:
    roll = draw(st.integers(0, 99))
    if roll < 6:
        return {"type": "undo"}
    if roll < 14:
        return noise(draw, state)
    if state.pending is not None:
        return answer_pending(draw, state)
    return free_command(draw, state)
