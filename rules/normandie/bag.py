"""The Zombies bag (Z1) and where a drawn Zombies token may be placed (Z10, Z11)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules.errors import RulesError
from rules.normandie.battlefield import Space, passable_space
from rules.normandie.sentences import label
from rules.normandie.state import NormandieState, PendingDraw
from rules.normandie.units import ZOMBIES, Unit
from rules.text import Text, text
from rules.values import frozen


def require_tokens_in_bag(state: NormandieState, rule: str) -> None:
    """Z10/Z11: an empty bag means no Zombies can be created."""
    if not state.bag:
        raise RulesError(rule, "error.normandie.bag_empty")


def free_spaces(
    state: NormandieState, around: Iterable[Space], include_own: bool
) -> tuple[Space, ...]:
    """Passable spaces with no unit in them, in or next to ``around``, in reading order."""
    spaces: set[Space] = set()
    for space in around:
        if include_own:
            spaces.add(space)
        spaces.update(state.battlefield.neighbours(space))
    taken = state.occupied()
    free = (s for s in spaces if state.battlefield.passable(s) and s not in taken)
    return tuple(sorted(free, key=lambda s: (s.row, s.col)))


def open_draw(
    state: NormandieState, purpose: str, by: str, spaces: tuple[Space, ...], rule: str
) -> NormandieState:
    """Wait for the token drawn (Z1): the device draws at random or the players enter theirs."""
    require_tokens_in_bag(state, rule)
    if not spaces:
        raise RulesError(rule, "error.normandie.no_room", unit=label(state, by))
    return replace(state, pending=PendingDraw(purpose, by, spaces))


def draw(
    state: NormandieState, pending: PendingDraw, token: str, space_name: str
) -> tuple[NormandieState, list[Text]]:
    """Z1: the drawn token becomes a Zombies unit on one of the offered spaces."""
    if token not in state.bag:
        raise RulesError("Z1", "error.normandie.not_in_bag", token=token, bag=sorted(state.bag))
    rule = "Z10" if pending.purpose == "creation" else "Z11"
    space = passable_space(state.battlefield, space_name, rule)
    if space not in pending.spaces:
        allowed = [s.name for s in pending.spaces]
        raise RulesError(rule, "error.normandie.draw_space", space=space.name, spaces=allowed)
    zombie = Unit(token, ZOMBIES, None, space, state.zombie_tokens[token])
    state = replace(
        state,
        units=frozen({**state.units, token: zombie}),
        bag=state.bag - {token},
        pending=None,
    )
    return state, [text("event.normandie.drawn", zombie=label(state, token), space=space.name)]
