"""Shadows over Normandie as the engine sees it: one :class:`~rules.game.Game` value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.game import Game, RollWanted
from rules.normandie import words
from rules.normandie.commands import COMMANDS, NzNewBattle
from rules.normandie.engine import DIE_FACES, apply
from rules.normandie.state import NormandieState, PendingAssault
from rules.text import Words

if TYPE_CHECKING:
    from rules.normandie.json_types import NormandieStateJSON


def wanted_roll(state: NormandieState) -> RollWanted | None:
    """One d6 for a pending Assault (Z7), for the reader's EXPECT line."""
    if not isinstance(state.pending, PendingAssault):
        return None
    return RollWanted(1, "d6", tuple(DIE_FACES), "assault")


def summary(state: NormandieState) -> str:
    return f"turn {state.turn}, {state.phase}"


def to_json(state: NormandieState) -> NormandieStateJSON:
    return state.to_json()


NORMANDIE = Game(
    name="normandie",
    starts_with=NzNewBattle,
    commands=COMMANDS,
    apply=apply,
    to_json=to_json,
    wanted_roll=wanted_roll,
    summary=summary,
    words=(Words("normandie", words.EN, words.JA, words.BOARD),),
)
