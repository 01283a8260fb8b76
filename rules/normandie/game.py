"""Shadows over Normandie as the engine sees it: one :class:`~rules.game.Game` value."""

from __future__ import annotations

from rules.game import Game, RollWanted
from rules.normandie import catalogue
from rules.normandie.commands import NzNewBattle
from rules.normandie.engine import DIE_FACES, apply
from rules.normandie.state import NormandieState, PendingAssault
from rules.text import add_words

add_words("normandie", catalogue.EN, catalogue.JA)


def wanted_roll(state: NormandieState) -> RollWanted | None:
    """One d6 for a pending Assault (Z7), for the reader's EXPECT line."""
    if not isinstance(state.pending, PendingAssault):
        return None
    return RollWanted(1, "d6", tuple(DIE_FACES), "assault")


def summary(state: NormandieState) -> str:
    return f"turn {state.turn}, {state.phase}"


def to_json(state: NormandieState) -> dict[str, object]:
    return state.to_json()


NORMANDIE = Game(
    name="normandie",
    state_type=NormandieState,
    starts_with=(NzNewBattle,),
    apply=apply,
    to_json=to_json,
    wanted_roll=wanted_roll,
    summary=summary,
)
