"""The state of a Cthulhu Wars game on the Library or Dreamlands map.

A state is an immutable value. Mappings are never mutated after construction:
every change builds a new state with :func:`dataclasses.replace`. What the game
waits for next is part of the state (``pending``), so any front end can ask.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Literal, TypeAlias

from rules.cthulhu_wars.commands import Monster, Settings
from rules.cthulhu_wars.maps.boards import layout
from rules.cthulhu_wars.maps.spec import Area
from rules.values import Record, frozen

Phase = Literal["gather_power", "first_player", "doom", "action"]
PHASES: tuple[Phase, ...] = ("gather_power", "first_player", "doom", "action")  # T1
STATE_VERSION = 1
GAME = "cthulhu_wars"  # the state JSON names its game (rules/game.py)


class Tome(Record):
    holder: str | None = None  # None = in its slot (C4, C9)
    face_up: bool = True  # C11


class Gate(Record):
    controller: str | None = None  # None = abandoned
    unit: str | None = None  # "yog_sothoth" when Opener controls it with Yog-Sothoth (D6, D17)


class Activation(Record):
    """A monster activation in progress (C12–C17): who, where, and how far it got."""

    monster: Monster
    by: str
    area: str
    stayed: bool  # C12: +1 when the monster did not move
    total: int | None = None  # after the roll
    present: Mapping[str, int] = field(default_factory=lambda: frozen({}))


class RollPending(Record):
    purpose: Literal["agony", "bhole", "zoogs"]
    dice: int
    faces: tuple[int, ...]  # the values a die may show (C19; d6 for the Dreamlands)


class AssignPending(Record):
    total: int


class SatisfyPending(Record):
    faction: str
    agony: int


if TYPE_CHECKING:  # the scoreboard's record loads with a game that keeps it (I12)
    from typing import TypeGuard

    from rules.cthulhu_wars.json_types import (
        CthulhuWarsStateJSON,
        GateJSON,
        PendingJSON,
        RollPendingJSON,
    )
    from rules.cthulhu_wars.scoreboard_record import (
        FirstPlayerPending,
        GameOver,
        GatherPowerPending,
        RevealPending,
        RitualPending,
        Scoreboard,
    )
    from rules.json_types import StateJSON

    Pending: TypeAlias = (
        RollPending
        | AssignPending
        | SatisfyPending
        | GatherPowerPending
        | FirstPlayerPending
        | RitualPending
        | RevealPending
    )


class GameState(Record):
    map: str
    sides: Mapping[str, int]
    factions: tuple[str, ...]
    settings: Settings
    round: int = 1
    phase: Phase = "action"  # T2: a new game starts in round 1, Action Phase
    silence: Mapping[str, bool] = field(default_factory=lambda: frozen({}))
    tomes: Mapping[str, Tome] = field(default_factory=lambda: frozen({}))
    gates: Mapping[str, Gate] = field(default_factory=lambda: frozen({}))
    custodian: str | None = None
    librarian: str | None = None
    pending: Pending | None = None
    activation: Activation | None = None
    victims: tuple[tuple[str, int], ...] = ()  # Librarian victims still to pay, after pending
    doom_phases: int = 0  # how many Doom Phases have started (C5 happens in the first)
    winner: str | None = None
    scoreboard: Scoreboard | None = None  # I12: only with settings.scoreboard
    game_over: GameOver | None = None  # K13, K14
    # A map's own record, kept by its expansion and never read by the core (the
    # Dreamlands: its monsters, rules/cthulhu_wars/dreamlands/record.py, which checks it).
    map_state: object = None

    @property
    def areas(self) -> Mapping[str, Area]:
        return layout(self.map, tuple(self.sides.items()))

    def controller(self, area: str) -> str | None:
        gate = self.gates.get(area)
        return gate.controller if gate else None

    def is_overdue(self, tome: str) -> bool:
        """C7/I2: Overdue while the holder does not control the Gate in the Tome's Area."""
        holder = self.tomes[tome].holder
        return holder is not None and self.controller(tome) != holder

    def overdue_tomes(self, faction: str) -> tuple[str, ...]:
        return tuple(
            tome
            for tome, held in self.tomes.items()
            if held.holder == faction and self.is_overdue(tome)
        )

    def enemies(self, faction: str) -> tuple[str, ...]:
        return tuple(other for other in self.factions if other != faction)


def cthulhu_wars_json(state: StateJSON) -> CthulhuWarsStateJSON:
    """A state JSON as this game's own type, which every layer reads it as (its ``"game"``
    says it is one; another game's is an error)."""
    if not _of_this_game(state):
        raise ValueError(f"a state JSON of {state['game']!r}, not of {GAME!r}")
    return state


def _of_this_game(state: StateJSON) -> TypeGuard[CthulhuWarsStateJSON]:
    return state["game"] == GAME


def core_to_json(state: GameState) -> CthulhuWarsStateJSON:
    """The core's part of the state JSON (rules/cthulhu_wars/JOURNAL.md); a map adds its own
    keys after these (``game.state_to_json``)."""
    out: CthulhuWarsStateJSON = {
        "version": STATE_VERSION,
        "game": GAME,
        "map": state.map,
        "sides": dict(state.sides),
        "round": state.round,
        "phase": state.phase,
        "factions": list(state.factions),
        "silence": dict(state.silence),
        "tomes": {
            tome: {
                "holder": held.holder,
                "overdue": state.is_overdue(tome),
                "face_up": held.face_up,
            }
            for tome, held in state.tomes.items()
        },
        "gates": {area: _gate_json(gate) for area, gate in state.gates.items()},
        "custodian": state.custodian,
        "librarian": state.librarian,
        "pending": pending_to_json(state),
        "winner": state.winner,
    }
    if state.scoreboard is not None:  # I12: journals without it print what they always did
        from rules.cthulhu_wars import scoreboard_record as scoreboard

        out["scoreboard"] = scoreboard.to_json(state.scoreboard)
        out["game_over"] = scoreboard.game_over_json(state.winner, state.game_over)
    return out


def _gate_json(gate: Gate) -> GateJSON:
    out: GateJSON = {"controller": gate.controller}
    if gate.unit:
        out["unit"] = gate.unit
    return out


def pending_to_json(state: GameState) -> PendingJSON | None:
    pending, activation = state.pending, state.activation
    if pending is None:
        return None
    if state.scoreboard is not None:
        from rules.cthulhu_wars import scoreboard_record as scoreboard

        score = scoreboard.pending_json(pending, state.scoreboard)
        if score is not None:
            return score
    if isinstance(pending, RollPending):
        out: RollPendingJSON = {
            "kind": "roll",
            "purpose": pending.purpose,
            "dice": pending.dice,
            "faces": list(pending.faces),
        }
        if activation:
            out["monster"] = activation.monster
            out["by"] = activation.by
            out["area"] = activation.area
        return out
    assert activation is not None  # assign and satisfy happen only inside an activation
    if isinstance(pending, AssignPending):
        return {
            "kind": "assign_agony",
            "monster": activation.monster,
            "by": activation.by,
            "area": activation.area,
            "total": pending.total,
        }
    assert isinstance(pending, SatisfyPending)
    return {
        "kind": "satisfy",
        "faction": pending.faction,
        "agony": pending.agony,
        "units_present": activation.present.get(pending.faction, 0),
        "overdue": list(state.overdue_tomes(pending.faction)),
    }
