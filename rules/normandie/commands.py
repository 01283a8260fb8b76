"""The journal commands of a Shadows over Normandie battle (rules/normandie/JOURNAL.md).

Every type starts with ``nz_``: that is how the journal format names them (each game has
its own table of commands, so no prefix is needed to keep two games apart).
Values a random draw or a die produces arrive inside commands (Z1): the rules stay
pure and a replay rebuilds the battle exactly.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.codec import optional
from rules.commands import Command, CommandTable
from rules.values import Record

COMMANDS = CommandTable("normandie")


class Tiles(Record):
    columns: int
    rows: int


class MassGraveSpec(Record):
    id: str
    spaces: tuple[str, ...]
    single_use: bool = False  # printed X1


class TilePlace(Record):
    """A printed map tile on the battlefield: its name, its place (1-based column and row of
    tiles, from the top left) and how many quarter turns clockwise it lies turned."""

    tile: str
    column: int
    row: int
    turn: int = 0


class GearSpec(Record):
    reanimator_serum: int = 0  # Z11
    serum_dart_gun: int = 0  # Z12


class NormandieSettings(Record):
    """Table settings where the seed is silent or garbled (Z12 range, Chapter 3 table)."""

    dart_gun_range: int | None = None  # None: the players judge the range
    black_sun_row_as_printed: bool = False


@COMMANDS.command("nz_new_battle")
class NzNewBattle(Command, Record):
    tiles: Tiles
    players: tuple[str, ...]
    initiative: str
    zombies: Mapping[str, int]  # every Zombies token and its movement; all start in the bag
    chapter: int | None = optional()
    controller: str | None = optional()  # "game" (default) or the player who runs them (Z5)
    impassable: tuple[str, ...] = ()
    mass_graves: tuple[MassGraveSpec, ...] = ()
    gear: Mapping[str, GearSpec] | None = optional()
    derleth: str | None = optional()  # Chapter 1: the id Erghöl Derleth will have
    door: str | None = optional()  # Chapter 2: the red space by the jail door
    settings: NormandieSettings | None = optional()
    # Which printed tiles the battlefield was laid from; the terrain itself is in
    # impassable and mass_graves, so a replay needs no tile file.
    layout: tuple[TilePlace, ...] | None = optional()


@COMMANDS.command("nz_terrain")
class NzTerrain(Command, Record):
    """Setup only: what one space is — open ground, impassable (I4) or part of a Mass Grave
    (Z10) — entered on the grid once the battlefield exists."""

    space: str
    terrain: str  # "open", "impassable" or "mass_grave"
    grave: str | None = optional()  # mass_grave: the grave's id, new or one to extend
    single_use: bool | None = optional()  # mass_grave: printed X1


@COMMANDS.command("nz_place_unit")
class NzPlaceUnit(Command, Record):
    """A unit comes onto the battlefield; a Zombies unit comes out of the bag."""

    unit: str
    kind: str
    space: str
    owner: str | None = optional()
    movement: int | None = optional()  # Zombies take theirs from the token
    name: str | None = optional()
    worth: int | None = optional()
    life_points: int | None = optional()
    summoned: bool | None = optional()


@COMMANDS.command("nz_move_unit")
class NzMoveUnit(Command, Record):
    """Where a unit now stands after the players moved it (their own activations)."""

    unit: str
    space: str


@COMMANDS.command("nz_eliminate")
class NzEliminate(Command, Record):
    unit: str
    by: str | None = optional()  # the player whose unit eliminated it (Chapter 3 points)


@COMMANDS.command("nz_wound")
class NzWound(Command, Record):
    """Life points lost by a unit that has them (the Shoggoth, Chapter 3)."""

    unit: str
    life_points: int
    by: str | None = optional()


@COMMANDS.command("nz_initiative")
class NzInitiative(Command, Record):
    player: str


@COMMANDS.command("nz_suppressed")
class NzSuppressed(Command, Record):
    """How many Suppressed tokens a unit has now (the players' own bookkeeping)."""

    unit: str
    count: int


@COMMANDS.command("nz_next_phase")
class NzNextPhase(Command, Record):
    pass


@COMMANDS.command("nz_order")
class NzOrder(Command, Record):
    """The activation order of the Zombies this phase (Z5, Z6, I3)."""

    order: tuple[str, ...]


@COMMANDS.command("nz_choose_target")
class NzChooseTarget(Command, Record):
    """Which of the equally closest infantry units the pending Zombie goes for (Z5, I3)."""

    target: str


@COMMANDS.command("nz_assault")
class NzAssault(Command, Record):
    """The pending Zombie Assault was rolled and resolved (Z7)."""

    roll: int
    eliminated: tuple[str, ...] = ()
    source: str | None = optional()  # where the die was read, for the record only (JOURNAL.md)


@COMMANDS.command("nz_control")
class NzControl(Command, Record):
    """A Master of the dead gives an Order to a Zombies unit (Z9)."""

    master: str
    zombie: str


@COMMANDS.command("nz_create")
class NzCreate(Command, Record):
    """A Master of the dead creates Zombies at a Mass Grave (Z10)."""

    master: str
    grave: str


@COMMANDS.command("nz_serum")
class NzSerum(Command, Record):
    """A unit uses a Reanimator serum token (Z11)."""

    unit: str


@COMMANDS.command("nz_draw")
class NzDraw(Command, Record):
    """The Zombies token drawn from the bag for the pending creation, and where it goes (Z1)."""

    token: str
    space: str


@COMMANDS.command("nz_dart")
class NzDart(Command, Record):
    """A unit fires a Serum dart gun token at a Zombies unit (Z12)."""

    unit: str
    zombie: str
    mark: str


@COMMANDS.command("nz_bind")
class NzBind(Command, Record):
    """A character casts Bind Zombies (Z13)."""

    caster: str
    zombie: str


@COMMANDS.command("nz_engage")
class NzEngage(Command, Record):
    """A paralysed Zombies unit is engaged in melee: eliminated at once (Z13)."""

    zombie: str
    by: str | None = optional()
