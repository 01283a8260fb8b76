"""The scoreboard's journal commands (K3–K15, I10), kept when a game's ``settings.scoreboard``
is on: declared in the game's table (``rules.cthulhu_wars.commands``), which imports this
module the first time a journal names one of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.codec import optional
from rules.commands import Command
from rules.cthulhu_wars.commands import COMMANDS, Direction


@COMMANDS.command("gather_power")
@dataclass(frozen=True)
class GatherPower(Command):
    power: Mapping[str, int]


@COMMANDS.command("first_player")
@dataclass(frozen=True)
class FirstPlayer(Command):
    faction: str
    direction: Direction


@COMMANDS.command("ritual")
@dataclass(frozen=True)
class Ritual(Command):
    faction: str
    perform: bool
    great_old_ones: int | None = optional()


@COMMANDS.command("gather_power_line")
@dataclass(frozen=True)
class GatherPowerLine(Command):
    """A faction's own line of the pending Gather Power, from its phone (K3, I13)."""

    faction: str
    power: int


@COMMANDS.command("draw_elder_signs")
@dataclass(frozen=True)
class DrawElderSigns(Command):
    faction: str
    count: int
    # I14: each sign's value, as the faction's player read it (from its phone); secret.
    values: tuple[int, ...] | None = optional()


@COMMANDS.command("record_elder_signs")
@dataclass(frozen=True)
class RecordElderSigns(Command):
    """I14: the values of signs the faction holds that were drawn without them."""

    faction: str
    values: tuple[int, ...]


@COMMANDS.command("reveal_elder_signs")
@dataclass(frozen=True)
class RevealElderSigns(Command):
    faction: str
    values: tuple[int, ...]


@COMMANDS.command("spellbooks")
@dataclass(frozen=True)
class Spellbooks(Command):
    faction: str
    count: int


@COMMANDS.command("adjust")
@dataclass(frozen=True)
class Adjust(Command):
    faction: str
    power: int | None = optional()
    doom: int | None = optional()
