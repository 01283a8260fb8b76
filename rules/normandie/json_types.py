"""The state JSON of rules/normandie/JOURNAL.md as types: what ``state.to_json()`` gives,
what the screen and the phone page read. Key for key as that page defines it, so that a key
misspelled where one is read fails ``mypy --strict``.

Imported only under ``typing.TYPE_CHECKING``: a start never loads it.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypeAlias, TypedDict

from rules.json_types import StateJSON

# A move's "from" is a Python keyword: written in the functional form.
MoveJSON = TypedDict(
    "MoveJSON",
    {
        "zombie": str,
        "from": str,
        "path": list[str],
        "to": str,
        "target": str | None,
        "distance": int | None,
        "assault": bool,  # Z7
        "bonus": int,  # Z7
        "rage": bool,  # Z12
        "paralysed": bool,  # Z13
        "tie": bool,  # in a preview: one of several equally close targets
        "at": str | None,  # the target's space when it moved
    },
)


class AssaultPendingJSON(MoveJSON):
    kind: Literal["assault"]  # Z7: one move, waiting for its die


class OrderPendingJSON(TypedDict):
    kind: Literal["order"]  # Z5, I3
    proposed: list[str]


class TargetPendingJSON(TypedDict):
    kind: Literal["target"]  # Z5, I3
    zombie: str
    candidates: list[str]
    distance: int


class DrawPendingJSON(TypedDict):
    kind: Literal["draw"]  # Z10, Z11
    purpose: str  # "creation" or "serum"
    by: str
    spaces: list[str]


PendingJSON: TypeAlias = OrderPendingJSON | TargetPendingJSON | AssaultPendingJSON | DrawPendingJSON


class TilesJSON(TypedDict):
    columns: int
    rows: int


class MassGraveJSON(TypedDict):
    id: str
    spaces: list[str]
    single_use: bool


class PlacementJSON(TypedDict):
    tile: str
    column: int  # from 1
    row: int  # from 1
    turn: int


class BattlefieldJSON(TypedDict):
    tiles: TilesJSON
    width: int
    height: int
    impassable: list[str]
    mass_graves: list[MassGraveJSON]
    layout: NotRequired[list[PlacementJSON]]  # when the battle named its tiles
    door: NotRequired[str]  # Chapter 2
    derleth: NotRequired[str]  # Chapter 1


class UnitJSON(TypedDict):
    kind: str
    owner: str | None  # None for Zombies (Z2)
    space: str
    movement: int
    name: NotRequired[str]
    marks: NotRequired[list[str]]
    worth: NotRequired[int]  # when not 1
    life_points: NotRequired[int]
    summoned: NotRequired[bool]


class BindingJSON(TypedDict):
    zombie: str
    side: Literal["front", "back"]  # Z13


class GearJSON(TypedDict):
    reanimator_serum: int
    serum_dart_gun: int


class ZombiesPhaseJSON(TypedDict):
    order: list[str]
    moves: list[MoveJSON]
    done: bool  # the last phase, kept for the screen's arrows


class EliminationJSON(TypedDict):
    unit: str
    kind: str
    owner: str | None
    by: str | None
    summoned: bool


class NormandieStateJSON(StateJSON):
    chapter: int | None
    battlefield: BattlefieldJSON
    players: list[str]
    initiative: str
    controller: str
    turn: int
    turn_limit: int | None
    phase: str  # setup, orders, zombies, activation, supply
    units: dict[str, UnitJSON]
    bag: list[str]
    zombie_tokens: dict[str, int]
    activated: list[str]
    controlled: dict[str, str]
    suppressed: dict[str, int]
    bound: dict[str, BindingJSON]
    gear: dict[str, GearJSON]
    zombies_phase: ZombiesPhaseJSON | None
    eliminated: list[EliminationJSON]
    scores: dict[str, int]
    pending: PendingJSON | None
    winner: str | None
    over: bool
    # What the device adds for the screen, not part of the journal's format: the moves the
    # Zombies would make now (device/normandie/controller.py) and the square under the
    # cursor (the screen alone; the phones get the preview).
    preview: NotRequired[list[MoveJSON]]
    cursor: NotRequired[str]
