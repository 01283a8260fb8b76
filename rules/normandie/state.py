"""The state of a Shadows over Normandie battle and its public JSON (JOURNAL.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import TYPE_CHECKING

from rules.normandie.battlefield import Battlefield, MassGrave, Space
from rules.normandie.commands import NormandieSettings
from rules.normandie.tiles import Placement
from rules.normandie.units import Unit
from rules.values import Record

if TYPE_CHECKING:
    from typing import TypeGuard, TypeVar

    from rules.json_types import StateJSON
    from rules.normandie.json_types import (
        AssaultPendingJSON,
        BattlefieldJSON,
        DrawPendingJSON,
        EliminationJSON,
        MoveJSON,
        NormandieStateJSON,
        OrderPendingJSON,
        TargetPendingJSON,
        UnitJSON,
        ZombiesPhaseJSON,
    )

    K = TypeVar("K")
    V = TypeVar("V")

VERSION = 1
GAME = "normandie"
BY_THE_GAME = "game"  # Z6: nobody controls the Zombies, the companion runs them

# Phases of a turn. "setup" comes once, before turn 1; "zombies" is the start of
# the Activation Phase (Z3); the Supply phase is what the spells call the Reserve phase.
SETUP, ORDERS, ZOMBIES, ACTIVATION, SUPPLY = "setup", "orders", "zombies", "activation", "supply"


def _empty() -> Mapping[K, V]:
    return MappingProxyType({})


class ZombieMove(Record):
    """One Zombie's activation: where from, the spaces it steps through, whom it hunts."""

    zombie: str
    start: Space
    path: tuple[Space, ...]  # spaces stepped into; the last one is where it stops
    target: str | None  # None: no infantry unit it can reach
    distance: int | None  # walking distance to the target before moving
    assault: bool  # Z7: it enters the target's space
    bonus: int = 0  # Z7: +2 for every other Zombies unit adjacent to the target
    rage: bool = False  # Z12: +2 Assault
    paralysed: bool = False  # Z13: it cannot move or fight
    tie: bool = False  # preview only: the target is one of several equally close
    at: Space | None = None  # the target's space as it moved: still named once the target falls

    @property
    def end(self) -> Space:
        return self.path[-1] if self.path else self.start

    def to_json(self) -> MoveJSON:
        return {
            "zombie": self.zombie,
            "from": self.start.name,
            "path": [space.name for space in self.path],
            "to": self.end.name,
            "target": self.target,
            "distance": self.distance,
            "assault": self.assault,
            "bonus": self.bonus,
            "rage": self.rage,
            "paralysed": self.paralysed,
            "tie": self.tie,
            "at": None if self.at is None else self.at.name,
        }


class PendingOrder(Record):
    """Z5/I3: the proposed activation order, waiting for the players to confirm or change it."""

    proposed: tuple[str, ...]

    def to_json(self) -> OrderPendingJSON:
        return {"kind": "order", "proposed": list(self.proposed)}


class PendingTarget(Record):
    """Z5/I3: a tie between equally close infantry units for the players to break."""

    zombie: str
    candidates: tuple[str, ...]
    distance: int

    def to_json(self) -> TargetPendingJSON:
        return {
            "kind": "target",
            "zombie": self.zombie,
            "candidates": list(self.candidates),
            "distance": self.distance,
        }


class PendingAssault(Record):
    """Z7: the Zombie has entered its target's space; the Assault waits for its die."""

    move: ZombieMove

    def to_json(self) -> AssaultPendingJSON:
        return {"kind": "assault", **self.move.to_json()}


class PendingDraw(Record):
    """Z10/Z11: a Zombies token is to be drawn from the bag and placed on one of ``spaces``."""

    purpose: str  # "creation" (Z10) or "serum" (Z11)
    by: str
    spaces: tuple[Space, ...]

    def to_json(self) -> DrawPendingJSON:
        return {
            "kind": "draw",
            "purpose": self.purpose,
            "by": self.by,
            "spaces": [space.name for space in self.spaces],
        }


Pending = PendingOrder | PendingTarget | PendingAssault | PendingDraw


class Binding(Record):
    """Z13: where a caster's Bind Zombies token lies and which side is up."""

    zombie: str
    flipped: bool = False


class Gear(Record):
    reanimator_serum: int = 0
    serum_dart_gun: int = 0


class Elimination(Record):
    unit: str
    kind: str
    owner: str | None
    by: str | None
    summoned: bool


class ZombiesRun(Record):
    """The Zombies phase in progress: the confirmed order and the moves made so far."""

    order: tuple[str, ...]
    moves: tuple[ZombieMove, ...] = ()
    chosen: str | None = None  # the target the players picked in a tie, for the next Zombie

    @property
    def waiting(self) -> tuple[str, ...]:
        return self.order[len(self.moves) :]


class NormandieState(Record):
    battlefield: Battlefield
    players: tuple[str, ...]
    initiative: str
    controller: str
    zombie_tokens: Mapping[str, int]
    bag: frozenset[str]
    chapter: int | None = None
    turn_limit: int | None = None
    derleth: str | None = None
    door: Space | None = None
    settings: NormandieSettings = field(default_factory=NormandieSettings)
    mass_graves: tuple[MassGrave, ...] = ()
    layout: tuple[Placement, ...] = ()  # the printed tiles it was laid from, if named
    turn: int = 0
    phase: str = SETUP
    units: Mapping[str, Unit] = field(default_factory=_empty)
    activated: frozenset[str] = frozenset()  # Z8 Activate tokens
    controlled: Mapping[str, str] = field(
        default_factory=_empty
    )  # Z9: zombie -> the Master who ordered it
    suppressed: Mapping[str, int] = field(default_factory=_empty)
    bound: Mapping[str, Binding] = field(default_factory=_empty)  # Z13: caster -> binding
    gear: Mapping[str, Gear] = field(default_factory=_empty)
    run: ZombiesRun | None = None
    moves: tuple[ZombieMove, ...] = ()  # the last Zombies phase, for the screen's arrows
    eliminated: tuple[Elimination, ...] = ()
    scores: Mapping[str, int] = field(default_factory=_empty)  # Chapter 3 points
    pending: Pending | None = None
    winner: str | None = None
    over: bool = False

    @property
    def zombie_moves(self) -> tuple[ZombieMove, ...]:
        """The moves of the Zombies phase under way, or of the last one (the screen's arrows)."""
        return self.run.moves if self.run is not None else self.moves

    def occupied(self, but: str | None = None) -> dict[Space, str]:
        """Spaces with a unit in them (unit id by space), leaving out unit ``but``."""
        return {unit.space: unit.id for unit in self.units.values() if unit.id != but}

    def paralysed(self, zombie: str) -> bool:
        """Z13: a Bind Zombies token lies on it, either side up."""
        return any(binding.zombie == zombie for binding in self.bound.values())

    def to_json(self) -> NormandieStateJSON:
        """The public state (JOURNAL.md): plain JSON, sorted where order means nothing."""
        return {
            "version": VERSION,
            "game": GAME,
            "chapter": self.chapter,
            "battlefield": self._battlefield_json(),
            "players": list(self.players),
            "initiative": self.initiative,
            "controller": self.controller,
            "turn": self.turn,
            "turn_limit": self.turn_limit,
            "phase": self.phase,
            "units": {uid: _unit_json(self.units[uid]) for uid in sorted(self.units)},
            "bag": sorted(self.bag),
            "zombie_tokens": dict(sorted(self.zombie_tokens.items())),
            "activated": sorted(self.activated),
            "controlled": dict(sorted(self.controlled.items())),
            "suppressed": dict(sorted(self.suppressed.items())),
            "bound": {
                caster: {"zombie": b.zombie, "side": "back" if b.flipped else "front"}
                for caster, b in sorted(self.bound.items())
            },
            "gear": {
                player: {"reanimator_serum": g.reanimator_serum, "serum_dart_gun": g.serum_dart_gun}
                for player, g in sorted(self.gear.items())
            },
            "zombies_phase": self._run_json(),
            "eliminated": [_elimination_json(e) for e in self.eliminated],
            "scores": dict(sorted(self.scores.items())),
            "pending": None if self.pending is None else self.pending.to_json(),
            "winner": self.winner,
            "over": self.over,
        }

    def _battlefield_json(self) -> BattlefieldJSON:
        field_ = self.battlefield
        out: BattlefieldJSON = {
            "tiles": {"columns": field_.columns, "rows": field_.rows},
            "width": field_.width,
            "height": field_.height,
            "impassable": [space.name for space in sorted(field_.impassable)],
            "mass_graves": [
                {
                    "id": grave.id,
                    "spaces": [space.name for space in sorted(grave.spaces)],
                    "single_use": grave.single_use,
                }
                for grave in self.mass_graves
            ],
        }
        if self.layout:  # only when named: every earlier battle's state stays as it was
            out["layout"] = [
                {"tile": p.tile, "column": p.column + 1, "row": p.row + 1, "turn": p.turn}
                for p in self.layout
            ]
        if self.door is not None:
            out["door"] = self.door.name
        if self.derleth is not None:
            out["derleth"] = self.derleth
        return out

    def _run_json(self) -> ZombiesPhaseJSON | None:
        """The Zombies phase under way, or the last one finished (for the screen's arrows)."""
        if self.run is not None:
            return {
                "order": list(self.run.order),
                "moves": [move.to_json() for move in self.run.moves],
                "done": False,
            }
        if not self.moves:
            return None
        return {
            "order": [move.zombie for move in self.moves],
            "moves": [move.to_json() for move in self.moves],
            "done": True,
        }


def normandie_json(state: StateJSON) -> NormandieStateJSON:
    """A state JSON as this game's own type, which every layer reads it as (its ``"game"``
    says it is one; another game's is an error)."""
    if not _of_this_game(state):
        raise ValueError(f"a state JSON of {state['game']!r}, not of {GAME!r}")
    return state


def _of_this_game(state: StateJSON) -> TypeGuard[NormandieStateJSON]:
    return state["game"] == GAME


def _unit_json(unit: Unit) -> UnitJSON:
    out: UnitJSON = {
        "kind": unit.kind,
        "owner": unit.owner,
        "space": unit.space.name,
        "movement": unit.movement,
    }
    if unit.name is not None:
        out["name"] = unit.name
    if unit.marks:
        out["marks"] = sorted(unit.marks)
    if unit.worth != 1:
        out["worth"] = unit.worth
    if unit.life_points is not None:
        out["life_points"] = unit.life_points
    if unit.summoned:
        out["summoned"] = True
    return out


def _elimination_json(entry: Elimination) -> EliminationJSON:
    return {
        "unit": entry.unit,
        "kind": entry.kind,
        "owner": entry.owner,
        "by": entry.by,
        "summoned": entry.summoned,
    }
