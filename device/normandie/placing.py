"""Placing units in setup: the next unit is already chosen, the cursor already on a free square.

After the terrain, the grid asks where the next unit goes. The unit is the last kind
placed, of the same side, with the same movement, so OK alone places a row of them; the
cursor starts on the first free square of that side's deployment zone (the tile the
chapter names, else the side's edge of the battlefield: the first side the left tiles,
the second the right, the third the bottom) and PHASE jumps to the next free square there.
Squares where a unit cannot stand — impassable or taken — are never offered: the cursor
passes over them. BACK (or the second line) lists the other units, the last kind first,
the movement of the next unit, and Done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import field, replace

from device.normandie.named import NAMED, NAMED_PREFIX, place_named
from device.normandie.space import SpaceStep, describe, free_square, grid_hints
from device.ui.steps import ListStep, Option, StepResult
from display.view import Choice, Hint
from rules.normandie.battlefield import TILE_SIZE, Space
from rules.normandie.commands import NzPlaceUnit
from rules.normandie.scenarios import SONS
from rules.normandie.state import SETUP, NormandieState
from rules.normandie.tiles import DEPLOYMENT
from rules.normandie.units import INFANTRY, MASTER, MYTHOS, VEHICLE, ZOMBIES
from rules.text import Text, text
from rules.values import Record

DEFAULT_MOVEMENT = 4
MOVEMENTS = range(0, 9)  # printed infantry and vehicles move 0 to 8 spaces
DERLETH = "derleth"
DERLETH_NAME = "Erghöl Derleth"  # Chapter 1: the id was fixed when the battle began
# The kinds a table places most come first after the last one placed.
COMMON_FIRST = (INFANTRY, ZOMBIES, MASTER, MYTHOS, VEHICLE)
ID_LETTER = {"infantry": "i", "vehicle": "v", "mythos": "m", "master": "d"}

PLACE_HINTS = grid_hints(
    Hint("phase", text("nz_device.hint.next_free")),
    Hint("back", text("nz_device.hint.other_unit")),
)


class NextUnit(Record):
    """What OK on the grid places: a kind and side (or a named unit) and its movement."""

    kind: str = INFANTRY
    owner: str | None = None  # None: the first side of the battle
    movement: int = DEFAULT_MOVEMENT
    special: str | None = None  # "derleth", or a chapter's named unit ("named:shoggoth")


class PlaceStep(SpaceStep, frozen=False):
    """The grid, placing ``unit``: OK places it at the cursor; BACK or line 2 asks for another."""

    more: Callable[[], StepResult] = lambda: None
    hints: tuple[Hint, ...] = field(default_factory=lambda: PLACE_HINTS)

    def choices(self) -> tuple[Choice, ...]:
        return (
            Choice(
                text("nz_device.place.here", space=self.cursor.name),
                describe(self.state, self.cursor),
            ),
            Choice(text("nz_device.place.other")),
        )

    def pick(self, index: int | None = None) -> StepResult:
        if index in (None, 0):
            return self.on_pick(self.cursor)
        return self.more() if index == 1 else None


def settled(state: NormandieState, unit: NextUnit) -> NextUnit:
    """``unit`` made possible here: a side that plays, a token left, Derleth not yet placed."""
    owner = unit.owner if unit.owner in state.players else state.players[0]
    unit = replace(unit, owner=owner)
    if unit.special == DERLETH and (state.derleth is None or state.derleth in state.units):
        unit = replace(unit, special=None)
    if unit.special and unit.special.startswith(NAMED_PREFIX):
        taken = unit.special[len(NAMED_PREFIX) :] in state.units
        unit = replace(unit, special=None) if taken else unit
    if unit.special is None and unit.kind == ZOMBIES and not state.bag:
        unit = replace(unit, kind=INFANTRY)
    return unit


def place_step(
    state: NormandieState,
    unit: NextUnit,
    near: Space,
    more: Callable[[], StepResult],
    said: Text | None = None,
) -> PlaceStep:
    """``said``: what the table is told first (the tiles just kept), or None."""
    unit = settled(state, unit)
    zone = deployment(state, unit)
    start = next((s for s in zone if free_square(state, s)), near)
    question = text("nz_device.place.what", unit=unit_words(state, unit))
    return PlaceStep(
        question if said is None else text("nz_device.said_then", said=said, question=question),
        state,
        lambda space: place_command(state, unit, space),
        start,
        allowed=lambda space: free_square(state, space),
        jumps=lambda space: next_free(state, zone, space),
        more=more,
    )


def unit_words(state: NormandieState, unit: NextUnit) -> Text:
    if unit.special == DERLETH:
        return text("nz_device.place.derleth")
    if unit.special is not None:
        return text(f"nz_device.named.{unit.special[len(NAMED_PREFIX) :]}")
    if unit.kind == ZOMBIES:
        token = next_token(state)
        return text("nz_device.place.token_next", token=token, n=state.zombie_tokens.get(token, 0))
    return text(
        "nz_device.place.soldier",
        kind=text(f"normandie.kind.{unit.kind}"),
        side=text(f"normandie.side.{unit.owner}"),
        n=unit.movement,
    )


def next_token(state: NormandieState) -> str:
    """The Zombies token placed next: the lowest number still in the bag (z1, z2 …)."""
    return min(state.bag, key=lambda t: (len(t), t)) if state.bag else ""


def place_command(state: NormandieState, unit: NextUnit, space: Space) -> StepResult:
    if unit.special == DERLETH:
        assert state.derleth is not None
        return NzPlaceUnit(state.derleth, INFANTRY, space.name, SONS, unit.movement, DERLETH_NAME)
    if unit.special is not None:
        return place_named(state, space, unit.special)
    if unit.kind == ZOMBIES:
        return NzPlaceUnit(next_token(state), ZOMBIES, space.name)
    return NzPlaceUnit(new_id(state, unit.kind), unit.kind, space.name, unit.owner, unit.movement)


def new_id(state: NormandieState, kind: str) -> str:
    """i1, i2 … for infantry, v1 … for vehicles: short, so the legend can name them."""
    taken = set(state.units) | {e.unit for e in state.eliminated} | set(state.zombie_tokens)
    letter = ID_LETTER.get(kind, "u")
    number = 1
    while f"{letter}{number}" in taken:
        number += 1
    return f"{letter}{number}"


# --- where a side deploys ------------------------------------------------------------------


def deployment(state: NormandieState, unit: NextUnit) -> list[Space]:
    """The squares of the unit's deployment zone, in the order the cursor offers them: from
    the battlefield's edge inwards, the middle of the edge first. Zombies: in and around the
    Mass Graves (where Z10 puts new ones), nearest the grave first."""
    if unit.kind == ZOMBIES and unit.special is None:
        return _around_graves(state)
    owner = SONS if unit.special == DERLETH else unit.owner or state.players[0]
    named = DEPLOYMENT.get(state.chapter or 0, {}).get(owner, ())
    places = [(p.column, p.row) for p in state.layout if p.tile in named]
    field_ = state.battlefield
    seat = state.players.index(owner) if owner in state.players else 0
    if not places:
        places = _edge_places(state, seat)
    squares = [s for s in _all(state) if (s.col // TILE_SIZE, s.row // TILE_SIZE) in places]
    if not squares:
        return []
    if seat == 2 and not named:  # the bottom edge, its middle first
        middle = (field_.width - 1) / 2
        return sorted(squares, key=lambda s: (-s.row, abs(s.col - middle), s.col))
    right = seat == 1 if not named else _right_half(squares, field_.width)
    rows = [s.row for s in squares]
    middle = (min(rows) + max(rows)) / 2
    return sorted(squares, key=lambda s: (-s.col if right else s.col, abs(s.row - middle), s.row))


def _right_half(squares: list[Space], width: int) -> bool:
    return sum(s.col for s in squares) / len(squares) > (width - 1) / 2


def _around_graves(state: NormandieState) -> list[Space]:
    found: list[Space] = []
    for grave in state.mass_graves:
        for space in sorted(grave.spaces, key=lambda s: (s.row, s.col)):
            for near in (space, *state.battlefield.neighbours(space)):
                if near not in found:
                    found.append(near)
    return found


def _edge_places(state: NormandieState, seat: int) -> list[tuple[int, int]]:
    field_ = state.battlefield
    if seat == 0:
        return [(0, row) for row in range(field_.rows)]
    if seat == 1:
        return [(field_.columns - 1, row) for row in range(field_.rows)]
    return [(col, field_.rows - 1) for col in range(field_.columns)]


def _all(state: NormandieState) -> Iterator[Space]:
    field_ = state.battlefield
    return (Space(c, r) for r in range(field_.height) for c in range(field_.width))


def next_free(state: NormandieState, zone: list[Space], here: Space) -> Space:
    """PHASE: the next free square of the zone after ``here``; without a zone, the next tile's."""
    if not zone:
        zone = _tile_order(state, here)
    after = zone.index(here) + 1 if here in zone else 0
    for space in zone[after:] + zone[:after]:
        if free_square(state, space):
            return space
    return here


def _tile_order(state: NormandieState, here: Space) -> list[Space]:
    """Every square, tile by tile in reading order, starting with the tile after ``here``'s."""
    field_ = state.battlefield
    tiles = [(c, r) for r in range(field_.rows) for c in range(field_.columns)]
    mine = tiles.index((here.col // TILE_SIZE, here.row // TILE_SIZE))
    order = tiles[mine + 1 :] + tiles[: mine + 1]
    return [
        Space(c * TILE_SIZE + dc, r * TILE_SIZE + dr)
        for c, r in order
        for dr in range(TILE_SIZE)
        for dc in range(TILE_SIZE)
    ]


# --- which unit next -----------------------------------------------------------------------


def next_unit_step(
    state: NormandieState,
    unit: NextUnit,
    choose: Callable[[NextUnit], StepResult],
    done: Callable[[], StepResult],
    menu: Callable[[], StepResult],
) -> ListStep:
    """The units to place, the last kind first (the next side's on top), then the rest."""
    unit = settled(state, unit)
    options = [Option(unit_words(state, u), u) for u in _candidates(state, unit)]
    options.append(Option(text("nz_device.place.change_movement", n=unit.movement), "movement"))
    options.append(Option(text("nz_device.menu.open"), "menu"))
    # Last, so UP from the top reaches it in one press. After setup, Done only closes.
    if state.phase == SETUP:
        done_line = Option(
            text("nz_device.place.done"), "done", text("nz_device.place.done_detail")
        )
    else:
        done_line = Option(text("nz_device.place.enough"), "done")
    options.append(done_line)

    def picked(value: NextUnit | str) -> StepResult:
        if value == "movement":
            return _movement_step(unit, choose)
        if value == "done":
            return done()
        if value == "menu":
            return menu()
        assert isinstance(value, NextUnit)
        return choose(value)

    return ListStep(text("nz_device.place.next"), options, picked)


def _candidates(state: NormandieState, unit: NextUnit) -> list[NextUnit]:
    """The last kind's units for the other sides first (OK on the grid already places the
    same one again; sides usually take turns), then the other kinds, the commonest first."""
    seats = list(state.players)
    if unit.owner in seats:
        at = seats.index(unit.owner) + 1
        seats = seats[at:] + seats[:at]

    def of(kind: str) -> list[NextUnit]:
        if kind == ZOMBIES:
            return [NextUnit(ZOMBIES, None, unit.movement)] if state.bag else []
        return [NextUnit(kind, side, unit.movement) for side in seats]

    kinds = [unit.kind, *(k for k in COMMON_FIRST if k != unit.kind)]
    found = [u for kind in kinds for u in of(kind)]
    found[len(of(unit.kind)) : len(of(unit.kind))] = _specials(state, unit.movement)
    return [u for u in found if u != unit] + ([unit] if unit.kind != ZOMBIES else [])


def _specials(state: NormandieState, movement: int) -> list[NextUnit]:
    """Erghöl Derleth (Chapter 1) and a chapter's named units, while not on the battlefield."""
    found = []
    if state.derleth is not None and state.derleth not in state.units:
        found.append(NextUnit(INFANTRY, SONS, movement, DERLETH))
    for named in NAMED.get(state.chapter or 0, ()):
        if named.id not in state.units and named.owner in state.players:
            found.append(NextUnit(named.kind, named.owner, movement, NAMED_PREFIX + named.id))
    return found


def _movement_step(unit: NextUnit, choose: Callable[[NextUnit], StepResult]) -> ListStep:
    options = [Option(text("nz_device.movement", n=n), n) for n in MOVEMENTS]
    return ListStep(
        text("nz_device.place.movement"),
        options,
        lambda n: choose(replace(unit, movement=n)),
        cursor=unit.movement,
    )
