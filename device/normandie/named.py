"""The named units a chapter's rules know, offered when a unit is placed.

Chapter 3 counts the Shoggoth as 2 units and each of its life points as 1, and the
Sherman 76 as 2 units; a summoned creature eliminated cannot come back. Placed by
name, they get fixed ids (``shoggoth``, ``sherman``), their side and worth, and the
Shoggoth its life points and the summoned flag, so nz_wound and the points work from
the device. Movement values and life points are on the unit cards, not in the seed:
the players enter them. (Chapter 1's Erghöl Derleth is offered by the menu itself.)
"""

from __future__ import annotations

from device.ui.steps import ListStep, Option, StepResult
from rules.normandie.battlefield import Space
from rules.normandie.commands import NzPlaceUnit
from rules.normandie.scenarios import MAJESTIC, SHERMAN_76_WORTH, SHOGGOTH_WORTH, SONS
from rules.normandie.state import NormandieState
from rules.normandie.units import MYTHOS, VEHICLE
from rules.text import text
from rules.values import Record

MOVEMENTS = range(0, 9)  # printed infantry and vehicles move 0 to 8 spaces
DEFAULT_MOVEMENT = 4
LIFE_POINTS = range(1, 11)
NAMED_PREFIX = "named:"


class Named(Record):
    id: str
    name: str  # as printed; the journal's name field
    kind: str
    owner: str
    worth: int
    has_life_points: bool = False
    summoned: bool = False


NAMED: dict[int, tuple[Named, ...]] = {
    3: (
        Named("shoggoth", "Shoggoth", MYTHOS, SONS, SHOGGOTH_WORTH, True, True),
        Named("sherman", "Sherman 76", VEHICLE, MAJESTIC, SHERMAN_76_WORTH),
    ),
}


def named_options(state: NormandieState) -> list[Option]:
    """The chapter's named units not on the battlefield, as choices of the kind list."""
    return [
        Option(text(f"nz_device.named.{unit.id}"), NAMED_PREFIX + unit.id, text(
            "nz_device.named_detail", side=text(f"normandie.side.{unit.owner}"), worth=unit.worth))
        for unit in NAMED.get(state.chapter or 0, ())
        if unit.id not in state.units and unit.owner in state.players
    ]  # fmt: skip


def place_named(state: NormandieState, space: Space, choice: str) -> StepResult:
    unit = next(u for u in NAMED[state.chapter or 0] if NAMED_PREFIX + u.id == choice)

    def then(movement: int) -> StepResult:
        if not unit.has_life_points:
            return _command(unit, space, movement, None)
        options = [Option(text("nz_device.named.life_n", n=n), n) for n in LIFE_POINTS]
        return ListStep(
            text("nz_device.named.life", unit=text(f"nz_device.named.{unit.id}")),
            options,
            lambda life: _command(unit, space, movement, life),
        )

    options = [Option(text("nz_device.movement", n=n), n) for n in MOVEMENTS]
    return ListStep(text("nz_device.place.movement"), options, then, cursor=DEFAULT_MOVEMENT)


def _command(unit: Named, space: Space, movement: int, life: int | None) -> NzPlaceUnit:
    return NzPlaceUnit(
        unit.id,
        unit.kind,
        space.name,
        unit.owner,
        movement,
        unit.name,
        worth=unit.worth,
        life_points=life,
        summoned=True if unit.summoned else None,
    )
