"""Sentences about units and Zombie moves, as catalogue Texts (rules/normandie/words.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.normandie.state import NormandieState, ZombieMove
from rules.normandie.units import ZOMBIES, Unit
from rules.text import Text, text

if TYPE_CHECKING:
    from rules.text import Param


def side(player: str | None) -> Text:
    return text(f"normandie.side.{player}") if player else text("normandie.side.none")


def kind(name: str) -> Text:
    return text(f"normandie.kind.{name}")


def unit_label(unit: Unit) -> Text:
    """ "Zombies z2", "Rangers squad (u3)", "Black Sun infantry u5"."""
    if unit.kind == ZOMBIES:
        return text("normandie.unit.zombies", id=unit.id)
    if unit.name:
        return text("normandie.unit.named", name=unit.name, id=unit.id)
    return text("normandie.unit.plain", side=side(unit.owner), kind=kind(unit.kind), id=unit.id)


def label(state: NormandieState, unit_id: str) -> Text:
    unit = state.units.get(unit_id)
    return unit_label(unit) if unit else text("normandie.unit.gone", id=unit_id)


def move_event(state: NormandieState, move: ZombieMove) -> Text:
    """One Zombie's activation in plain words (Z4, Z7, Z12, Z13)."""
    zombie = text("normandie.unit.zombies", id=move.zombie)
    if move.paralysed:
        return text("event.normandie.paralysed", zombie=zombie, space=move.start.name)
    if move.target is None:
        return text("event.normandie.no_prey", zombie=zombie, space=move.start.name)
    target = state.units[move.target]
    params: dict[str, Param] = {
        "zombie": zombie,
        "n": len(move.path),
        "to": move.end.name,
        "target": unit_label(target),
        "space": target.space.name,
    }
    if not move.assault:
        return text(f"event.normandie.{'moves' if move.path else 'stays'}", **params)
    rage = text("normandie.rage.on" if move.rage else "normandie.rage.off")
    key = "assaults" if move.path else "assaults_in_place"
    return text(f"event.normandie.{key}", bonus=move.bonus, rage=rage, **params)
