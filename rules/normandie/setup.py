"""A new battle and units coming onto the battlefield: input checked before anything changes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.errors import RulesError
from rules.normandie import scenarios
from rules.normandie.battlefield import (
    Battlefield,
    MassGrave,
    Space,
    check_tiles,
    passable_space,
    space_on,
)
from rules.normandie.commands import NormandieSettings, NzNewBattle, NzPlaceUnit
from rules.normandie.sentences import label, side, unit_label
from rules.normandie.state import BY_THE_GAME, Gear, NormandieState
from rules.normandie.tiles import Placement, check_layout
from rules.normandie.units import KINDS, SIDES, ZOMBIES, Unit
from rules.text import Text, text
from rules.values import frozen

MAX_MOVEMENT = 20  # no printed unit comes near; a bigger number is a typo


def new_battle(cmd: NzNewBattle) -> tuple[NormandieState, list[Text]]:
    check_tiles(cmd.tiles.columns, cmd.tiles.rows)
    _check_players(cmd)
    field_ = Battlefield(cmd.tiles.columns, cmd.tiles.rows)
    impassable = frozenset(space_on(field_, name) for name in cmd.impassable)
    field_ = replace(field_, impassable=impassable)
    chapter = _chapter(cmd)
    state = NormandieState(
        battlefield=field_,
        players=cmd.players,
        initiative=cmd.initiative,
        controller=cmd.controller or BY_THE_GAME,
        zombie_tokens=frozen(_zombie_tokens(cmd.zombies)),
        bag=frozenset(cmd.zombies),  # Z1: every token not deployed is in the bag
        chapter=cmd.chapter,
        turn_limit=chapter.turns if chapter else None,
        derleth=cmd.derleth,
        door=_door(cmd, field_),
        settings=cmd.settings or NormandieSettings(),
        mass_graves=tuple(
            _mass_grave(field_, spec.id, spec.spaces, spec.single_use) for spec in cmd.mass_graves
        ),
        gear=frozen(_gear(cmd)),
        layout=_layout(cmd),
    )
    return state, [text("event.normandie.new_battle", columns=field_.width, rows=field_.height)]


def _layout(cmd: NzNewBattle) -> tuple[Placement, ...]:
    layout = tuple(Placement(p.tile, p.column - 1, p.row - 1, p.turn) for p in cmd.layout or ())
    check_layout(layout, cmd.tiles.columns, cmd.tiles.rows)
    return layout


def _check_players(cmd: NzNewBattle) -> None:
    for player in cmd.players:
        if player not in SIDES:
            raise RulesError(
                "setup", "error.normandie.unknown_side", player=player, sides=list(SIDES)
            )
    if len(set(cmd.players)) != len(cmd.players) or not 2 <= len(cmd.players) <= len(SIDES):
        raise RulesError("setup", "error.normandie.players", players=list(cmd.players))
    if cmd.initiative not in cmd.players:
        raise RulesError("setup", "error.normandie.not_a_player", player=cmd.initiative)
    if cmd.controller not in (None, BY_THE_GAME, *cmd.players):
        raise RulesError("Z5", "error.normandie.not_a_player", player=cmd.controller)


def _chapter(cmd: NzNewBattle) -> scenarios.Chapter | None:
    if cmd.chapter is None:
        return None
    chapter = scenarios.CHAPTERS.get(cmd.chapter)
    if chapter is None:
        raise RulesError("setup", "error.normandie.chapter", chapter=cmd.chapter)
    if set(cmd.players) != set(chapter.sides):
        sides = [side(s) for s in chapter.sides]
        raise RulesError(
            f"chapter{chapter.number}",
            "error.normandie.chapter_sides",
            chapter=chapter.number,
            sides=sides,
        )
    if chapter.initiative is not None and cmd.initiative != chapter.initiative:
        raise RulesError(
            f"chapter{chapter.number}",
            "error.normandie.chapter_initiative",
            chapter=chapter.number,
            player=side(chapter.initiative),
        )
    if chapter.number == 1 and not cmd.derleth:
        raise RulesError("chapter1", "error.normandie.derleth_needed")
    if chapter.number == 2 and not cmd.door:
        raise RulesError("chapter2", "error.normandie.door_needed")
    return chapter


def _door(cmd: NzNewBattle, field_: Battlefield) -> Space | None:
    return passable_space(field_, cmd.door, "chapter2") if cmd.door else None


def _zombie_tokens(tokens: Mapping[str, int]) -> dict[str, int]:
    for token, movement in tokens.items():
        check_movement(token, movement)
    return dict(tokens)


def check_movement(unit: str, movement: int) -> None:
    if not 0 <= movement <= MAX_MOVEMENT:
        raise RulesError(
            "I4", "error.normandie.movement", unit=unit, movement=movement, most=MAX_MOVEMENT
        )


def _mass_grave(
    field_: Battlefield, grave: str, names: tuple[str, ...], single_use: bool
) -> MassGrave:
    if not names:
        raise RulesError("Z10", "error.normandie.grave_spaces", grave=grave)
    spaces = frozenset(passable_space(field_, name, "Z10") for name in names)
    return MassGrave(grave, spaces, single_use)


def _gear(cmd: NzNewBattle) -> dict[str, Gear]:
    gear: dict[str, Gear] = {}
    for player, spec in (cmd.gear or {}).items():
        if player not in cmd.players:
            raise RulesError("setup", "error.normandie.not_a_player", player=player)
        for count in (spec.reanimator_serum, spec.serum_dart_gun):
            if not 0 <= count <= 3:  # Z11, Z12: an option grants 3 tokens
                raise RulesError(
                    "setup", "error.normandie.gear_count", player=side(player), count=count
                )
        gear[player] = Gear(spec.reanimator_serum, spec.serum_dart_gun)
    return gear


def place_unit(state: NormandieState, cmd: NzPlaceUnit) -> tuple[NormandieState, list[Text]]:
    """A unit comes onto the battlefield: checked kind, owner, space and movement."""
    if cmd.kind not in KINDS:
        raise RulesError("Z4", "error.normandie.unknown_kind", kind=cmd.kind, kinds=list(KINDS))
    if cmd.unit in state.units:
        raise RulesError("setup", "error.normandie.already_placed", unit=label(state, cmd.unit))
    space = _free_space(state, cmd.space)
    unit = _zombies(state, cmd, space) if cmd.kind == ZOMBIES else _soldier(state, cmd, space)
    state = replace(
        state,
        units=frozen({**state.units, unit.id: unit}),
        bag=state.bag - {unit.id},
    )
    return state, [text("event.normandie.placed", unit=unit_label(unit), space=space.name)]


def _free_space(state: NormandieState, name: str) -> Space:
    space = passable_space(state.battlefield, name)
    occupant = state.occupied().get(space)
    if occupant is not None:
        raise RulesError(
            "setup", "error.normandie.space_taken", space=space.name, unit=label(state, occupant)
        )
    return space


def _zombies(state: NormandieState, cmd: NzPlaceUnit, space: Space) -> Unit:
    """Z1: a Zombies unit is one of the battle's Zombies tokens, taken out of the bag."""
    if cmd.unit not in state.bag:
        raise RulesError("Z1", "error.normandie.not_in_bag", token=cmd.unit, bag=sorted(state.bag))
    if cmd.owner is not None or cmd.movement is not None:
        raise RulesError("Z2", "error.normandie.zombies_fields", unit=cmd.unit)
    return Unit(cmd.unit, ZOMBIES, None, space, state.zombie_tokens[cmd.unit], name=cmd.name)


def _soldier(state: NormandieState, cmd: NzPlaceUnit, space: Space) -> Unit:
    if cmd.owner not in state.players:
        raise RulesError(
            "setup",
            "error.normandie.owner",
            unit=cmd.unit,
            players=[side(p) for p in state.players],
        )
    if cmd.movement is None:
        raise RulesError("I4", "error.normandie.movement_needed", unit=cmd.unit)
    check_movement(cmd.unit, cmd.movement)
    _check_chapter_three_return(state, cmd.unit)
    worth = 1 if cmd.worth is None else cmd.worth
    if not 1 <= worth <= 10 or (cmd.life_points is not None and not 1 <= cmd.life_points <= 20):
        raise RulesError("chapter3", "error.normandie.worth", unit=cmd.unit)
    return Unit(
        cmd.unit,
        cmd.kind,
        cmd.owner,
        space,
        cmd.movement,
        name=cmd.name,
        worth=worth,
        life_points=cmd.life_points,
        summoned=bool(cmd.summoned),
    )


def _check_chapter_three_return(state: NormandieState, unit: str) -> None:
    """Chapter 3: "Eliminated summoned creatures cannot be summoned a second time"."""
    if state.chapter != 3:
        return
    if any(e.unit == unit and e.summoned for e in state.eliminated):
        raise RulesError("chapter3", "error.normandie.no_second_summoning", unit=unit)
