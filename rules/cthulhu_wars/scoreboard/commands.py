"""The scoreboard's journal commands (K3–K15, I10), kept when a game's ``settings.scoreboard``
is on: declared in the game's table (``rules.cthulhu_wars.commands``), which imports this
module the first time a journal names one of them."""

from __future__ import annotations

from collections.abc import Mapping

from rules.codec import optional
from rules.commands import Command
from rules.cthulhu_wars.commands import COMMANDS, Direction
from rules.values import Record


@COMMANDS.command("gather_power")
class GatherPower(Command, Record):
    power: Mapping[str, int]


@COMMANDS.command("first_player")
class FirstPlayer(Command, Record):
    faction: str
    direction: Direction


@COMMANDS.command("ritual")
class Ritual(Command, Record):
    faction: str
    perform: bool
    great_old_ones: int | None = optional()


@COMMANDS.command("gather_power_line")
class GatherPowerLine(Command, Record):
    """A faction's own line of the pending Gather Power, from its phone (K3, I13)."""

    faction: str
    power: int


@COMMANDS.command("draw_elder_signs")
class DrawElderSigns(Command, Record):
    faction: str
    count: int
    # I14: each sign's value, as the faction's player read it (from its phone); secret.
    values: tuple[int, ...] | None = optional()


@COMMANDS.command("record_elder_signs")
class RecordElderSigns(Command, Record):
    """I14: the values of signs the faction holds that were drawn without them."""

    faction: str
    values: tuple[int, ...]


@COMMANDS.command("reveal_elder_signs")
class RevealElderSigns(Command, Record):
    faction: str
    values: tuple[int, ...]


@COMMANDS.command("spellbooks")
class Spellbooks(Command, Record):
    faction: str
    count: int


@COMMANDS.command("adjust")
class Adjust(Command, Record):
    faction: str
    power: int | None = optional()
    doom: int | None = optional()
