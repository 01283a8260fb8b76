"""The commands of a Cthulhu Wars journal (Library at Celaeno, Dreamlands), one per ``type``.

Each is a small frozen value with an exact JSON round trip, registered with the engine's
codec under its journal ``type`` (rules/cthulhu_wars/JOURNAL.md). They say what the table
did; whether that is allowed is the engine's business, not the parser's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Literal

from rules.codec import optional
from rules.commands import Command, CommandTable
from rules.values import Record

# The scoreboard's commands (K1–K15, with settings.scoreboard) live with the scoreboard and
# load the first time a journal names one: a table that does not keep it never loads them.
SCOREBOARD_COMMANDS = (
    "gather_power",
    "first_player",
    "ritual",
    "draw_elder_signs",
    "reveal_elder_signs",
    "spellbooks",
    "adjust",
    "gather_power_line",
    "record_elder_signs",
)
COMMANDS = CommandTable(
    "cthulhu_wars",
    elsewhere=dict.fromkeys(SCOREBOARD_COMMANDS, "rules.cthulhu_wars.scoreboard.commands"),
)

DEFAULT_AGONY_FACES: tuple[int, ...] = (1, 1, 2, 2, 3, 3)  # C19
Monster = Literal["custodian", "librarian"]
MONSTERS: tuple[Monster, ...] = ("custodian", "librarian")
Direction = Literal["clockwise", "counterclockwise"]


class Settings(Record):
    """Table settings where the sources disagree (C19, I1, C11)."""

    agony_faces: tuple[int, ...] = DEFAULT_AGONY_FACES
    silence_at_start: bool = False
    tomes_refresh_at_doom: bool = True
    scoreboard: bool | None = optional()  # I12: left out when off, so older journals read the same


@COMMANDS.command("new_game")
class NewGame(Command, Record):
    map: str
    factions: tuple[str, ...]
    sides: Mapping[str, int] | None = optional()
    settings: Settings | None = optional()
    # K2: round 1's First Player and direction; used only with the scoreboard.
    first_player: str | None = optional()
    direction: Direction | None = optional()


@COMMANDS.command("next_phase")
class NextPhase(Command, Record):
    pass


@COMMANDS.command("set_gate")
class SetGate(Command, Record):
    area: str
    gate: bool
    controller: str | None = None  # written even when null: the spec needs it with a Gate
    unit: str | None = optional()


@COMMANDS.command("activate")
class Activate(Command, Record):
    monster: Monster
    by: str
    area: str


@COMMANDS.command("roll")
class Roll(Command, Record):
    values: tuple[int, ...]
    # Where the roll came from, for the record only (JOURNAL.md): "reader", "keys",
    # "pixels:<name>", "godice:<name>". Old journals have none; replay ignores it.
    source: str | None = optional()


@COMMANDS.command("assign_agony")
class AssignAgony(Command, Record):
    present: Mapping[str, int]
    assign: Mapping[str, int]


@COMMANDS.command("satisfy")
class Satisfy(Command, Record):
    faction: str
    units: int
    doom: int
    tomes: tuple[str, ...] = ()


@COMMANDS.command("spend_silence")
class SpendSilence(Command, Record):
    by: str
    purpose: Literal["unflip", "barrier"] = field(metadata={"json": "for"})
    tome: str | None = optional()


@COMMANDS.command("use_tome")
class UseTome(Command, Record):
    by: str
    tome: str


@COMMANDS.command("unflip_tome")
class UnflipTome(Command, Record):
    by: str
    tome: str
    pay: Literal["elder_sign", "cultist"]


@COMMANDS.command("bhole")
class BholeResult(Command, Record):
    event: Literal["killed", "pained"]


@COMMANDS.command("zoogs_removed")
class ZoogsRemoved(Command, Record):
    area: str
    count: int


@COMMANDS.command("yog_sothoth")
class YogSothoth(Command, Record):
    area: str | None
