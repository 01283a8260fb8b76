"""The state JSON of rules/cthulhu_wars/JOURNAL.md as types: what ``celaeno replay`` prints,
what the screen and the phone page read. Key for key as that page defines it (the tests
compare the two), so that a key misspelled where one is read fails ``mypy --strict``.

Imported only under ``typing.TYPE_CHECKING``: a start never loads it.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypeAlias, TypedDict

from rules.json_types import ProposalsJSON, SecretsJSON, StateJSON

Phase: TypeAlias = Literal["gather_power", "first_player", "doom", "action"]  # T1


class TomeJSON(TypedDict):
    holder: str | None  # None: in its slot (C4, C9)
    overdue: bool  # C7, I2
    face_up: bool  # C11


class GateJSON(TypedDict):
    controller: str | None  # None: abandoned
    unit: NotRequired[str]  # "yog_sothoth": Opener holds it with him (D6, D17)


class RollPendingJSON(TypedDict):
    kind: Literal["roll"]
    purpose: Literal["agony", "bhole", "zoogs"]
    dice: int
    faces: list[int]
    # the Agony die's activation (C12, C16)
    monster: NotRequired[Literal["custodian", "librarian"]]
    by: NotRequired[str]
    area: NotRequired[str]


class AssignPendingJSON(TypedDict):
    kind: Literal["assign_agony"]
    monster: Literal["custodian", "librarian"]
    by: str
    area: str
    total: int


class SatisfyPendingJSON(TypedDict):
    kind: Literal["satisfy"]
    faction: str
    agony: int
    units_present: int
    overdue: list[str]


class GatherPowerPendingJSON(TypedDict):
    kind: Literal["gather_power"]  # K3
    # I13: each faction's own line its phone said meanwhile, in seating order; absent
    # while no phone has said one
    lines: NotRequired[dict[str, int]]


class FirstPlayerPendingJSON(TypedDict):
    kind: Literal["first_player"]  # K6
    candidates: list[str]
    chooser: str


class RitualPendingJSON(TypedDict):
    kind: Literal["ritual"]  # K8
    faction: str
    cost: int


class RevealPendingJSON(TypedDict):
    kind: Literal["reveal"]  # K14
    faction: str
    elder_signs: int


PendingJSON: TypeAlias = (
    RollPendingJSON
    | AssignPendingJSON
    | SatisfyPendingJSON
    | GatherPowerPendingJSON
    | FirstPlayerPendingJSON
    | RitualPendingJSON
    | RevealPendingJSON
)


class RitualJSON(TypedDict):
    space: int  # 0-based index into track; len(track) on the end space (K7)
    cost: int
    track: list[int]
    at_end: bool


class ScoreboardJSON(TypedDict):
    power: dict[str, int]
    doom: dict[str, int]
    elder_signs: dict[str, int]  # held, unrevealed (K11)
    spellbooks: dict[str, int]
    elder_signs_left: int  # K10
    ritual: RitualJSON
    first_player: str
    direction: Literal["clockwise", "counterclockwise"]  # K2
    order: list[str]
    revealed: dict[str, list[int]]
    doom_by_round: dict[str, list[int]]


class GameOverJSON(TypedDict):
    reason: Literal["doom", "ritual_track", "elder_signs", "citadel"]  # K13, D5, D6
    winners: list[str]  # K14: seating order; empty when nobody has six spellbooks


class MapKeysJSON(TypedDict, total=False):
    """The keys a map adds after the core's (rules/cthulhu_wars/expansions.py): the
    Dreamlands' monsters; the Library adds none."""

    bhole: str | None  # None while killed (D12)
    zoogs: dict[str, int]  # Areas with Zoogs (D13)
    yog_sothoth: str | None  # D6


class CthulhuWarsStateJSON(StateJSON):
    map: str
    sides: dict[str, int]
    round: int
    phase: Phase
    factions: list[str]
    silence: dict[str, bool]
    tomes: dict[str, TomeJSON]
    gates: dict[str, GateJSON]
    custodian: str | None
    librarian: str | None
    pending: PendingJSON | None
    winner: str | None
    # with the scoreboard (I12)
    scoreboard: NotRequired[ScoreboardJSON]
    game_over: NotRequired[GameOverJSON | None]
    # the Dreamlands (its record, rules/cthulhu_wars/dreamlands/record.py)
    bhole: NotRequired[str | None]
    zoogs: NotRequired[dict[str, int]]
    yog_sothoth: NotRequired[str | None]


class CthulhuWarsSecretsJSON(SecretsJSON, total=False):
    """What only a faction's seat may see (I14; rules/cthulhu_wars/JOURNAL.md, Seats): the
    values its phone recorded for the Elder Signs it holds, in the order recorded, and how
    many it holds without one. Both or neither: none without the scoreboard."""

    elder_signs: list[int]
    unrecorded: int


class CthulhuWarsProposalsJSON(ProposalsJSON, total=False):
    """What the scoreboard's screens propose (I10), for a seat's page to propose the same
    (I13): each faction's Power for Gather Power (K3) and its Great Old Ones for a Ritual
    (K8). Neither without the scoreboard."""

    power: dict[str, int]
    great_old_ones: dict[str, int]
