"""Hypothesis properties of the Zombies phase (I4, Z4, Z7) and of the journal round trip."""

from __future__ import annotations

import dataclasses
import itertools
import json
import types
from collections.abc import Callable, Mapping
from typing import Any, Union, cast, get_args, get_origin, get_type_hints

from hypothesis import given, settings
from hypothesis import strategies as st

import rules.normandie.commands as nz_commands
from rules.commands import Command, command_to_json
from rules.errors import RulesError
from rules.normandie.battlefield import Space
from rules.normandie.engine import apply
from rules.normandie.pathing import distances_from
from rules.normandie.state import NormandieState, PendingAssault, PendingOrder, PendingTarget
from rules.normandie.zombies import closest_prey, narrow_ties, plan_move
from tests.parsing import parse_any
from tests.properties import examples
from tests.rules.normandie.support import NEXT, new_battle, play

SPACES = [Space(col, row).name for row in range(7) for col in range(7)]
KINDS = ["infantry", "infantry", "vehicle", "mythos", "master"]


@st.composite
def battles(draw: st.DrawFn) -> NormandieState:
    """A one-tile battlefield with random walls, soldiers and 1–4 Zombies of movement 0–5."""
    names = draw(st.lists(st.sampled_from(SPACES), min_size=2, max_size=20, unique=True))
    walls, rest = names[: len(names) // 3], names[len(names) // 3 :]
    zombies = draw(st.integers(1, min(4, len(rest) - 1)))
    moves = draw(st.lists(st.integers(0, 5), min_size=4, max_size=4))
    tokens = {f"z{i}": moves[i] for i in range(4)}
    cmds: list[dict[str, Any]] = [new_battle(impassable=walls, zombies=tokens)]
    for i, space in enumerate(rest):
        if i < zombies:
            cmds.append(
                {"type": "nz_place_unit", "unit": f"z{i}", "kind": "zombies", "space": space}
            )
        else:
            kind = draw(st.sampled_from(KINDS))
            owner = draw(st.sampled_from(["majestic", "black_sun"]))
            cmds.append(
                {
                    "type": "nz_place_unit",
                    "unit": f"u{i}",
                    "kind": kind,
                    "owner": owner,
                    "space": space,
                    "movement": 4,
                }
            )
    state, _ = play(*cmds)
    return state


@given(battles())
@settings(max_examples=examples(150))
def test_i4_a_planned_move_stays_on_the_board_within_movement_and_never_farther(
    state: NormandieState,
) -> None:
    for zombie in (u for u in state.units.values() if u.is_zombies):
        prey = closest_prey(state, zombie.id)
        target = None if prey is None else narrow_ties(state, prey)[0]
        move = plan_move(state, zombie.id, target)
        assert len(move.path) <= zombie.effective_movement()
        steps = [move.start, *move.path]
        for before, after in itertools.pairwise(steps):
            assert abs(before.col - after.col) + abs(before.row - after.row) == 1
            assert state.battlefield.passable(after)
        taken = state.occupied(but=zombie.id)
        assert all(space not in taken for space in move.path)  # never through nor onto a unit
        if target is None:
            assert move.path == ()
            continue
        goal = state.units[target]
        assert goal.attracts_zombies  # Z4: infantry only
        to_goal = distances_from(state.battlefield, goal.space, set(taken) - {goal.space})
        assert to_goal[move.end] == to_goal[move.start] - len(move.path)  # closer, never farther
        assert move.assault == (to_goal[move.start] <= zombie.effective_movement())


def _answer(state: NormandieState) -> NormandieState:
    """Settle whatever the phase waits for in the simplest way."""
    pending = state.pending
    if isinstance(pending, PendingOrder):
        obj: dict[str, Any] = {"type": "nz_order", "order": list(pending.proposed)}
    elif isinstance(pending, PendingTarget):
        obj = {"type": "nz_choose_target", "target": pending.candidates[-1]}
    elif isinstance(pending, PendingAssault):
        obj = {"type": "nz_assault", "roll": 4}
    else:
        raise AssertionError(pending)
    state, _ = play(obj, state=state)
    return state


@given(battles())
def test_i4_a_whole_zombies_phase_keeps_units_on_free_passable_spaces(
    state: NormandieState,
) -> None:
    state, _ = play(NEXT, NEXT, state=state)
    while state.pending is not None:
        state = _answer(state)
    spaces = [unit.space for unit in state.units.values()]
    assert len(spaces) == len(set(spaces))
    assert all(state.battlefield.passable(space) for space in spaces)
    assert {m.zombie for m in state.zombie_moves} == {
        u.id for u in state.units.values() if u.is_zombies
    }
    assert all(
        len(m.path) <= state.units[m.zombie].effective_movement() for m in state.zombie_moves
    )


@given(
    battles(),
    st.sampled_from([*SPACES, "H1", "A8", "??"]),
    st.sampled_from([*KINDS, "tank"]),
    st.integers(-3, 30),
)
@settings(max_examples=examples(150))
def test_refused_commands_leave_the_state_unchanged(
    state: NormandieState, space: str, kind: str, movement: int
) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    obj = {
        "type": "nz_place_unit",
        "unit": "new",
        "kind": kind,
        "owner": "majestic",
        "space": space,
        "movement": movement,
    }
    try:
        after, _ = apply(state, parse_any(obj))
    except RulesError:
        assert json.dumps(state.to_json(), sort_keys=True) == before
    else:
        assert after.units["new"].space.name == space and movement >= 0
    assert json.dumps(state.to_json(), sort_keys=True) == before


# What a journal text field may hold: the codec refuses control characters and lone
# surrogates at the boundary (rules/codec.py), so they are not commands to round-trip.
JOURNAL_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=8)


def _strategy(hint: Any) -> st.SearchStrategy[Any]:
    """Values of a codec field type: str, int, bool, X | None, tuple, Mapping, dataclass."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return st.one_of(*[_strategy(arg) for arg in args])
    if origin is tuple:
        return st.lists(_strategy(args[0]), max_size=3).map(tuple)
    if origin in (Mapping, dict):
        keys = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=5)
        return st.dictionaries(keys, _strategy(args[1]), max_size=3)
    if dataclasses.is_dataclass(hint):
        fields = get_type_hints(hint)
        return st.builds(
            cast(Callable[..., Any], hint),
            **{name: _strategy(fields[name]) for name in fields if name != "TYPE"},
        )
    if hint is type(None):
        return st.none()
    return {int: st.integers(), bool: st.booleans(), str: JOURNAL_TEXT}[hint]


NORMANDIE_COMMANDS = [
    cls
    for cls in vars(nz_commands).values()
    if isinstance(cls, type) and issubclass(cls, Command) and cls is not Command
]


@given(st.one_of(*[_strategy(cls) for cls in NORMANDIE_COMMANDS]))
@settings(max_examples=examples(300))
def test_every_command_round_trips_through_json(cmd: Command) -> None:
    text = json.dumps(command_to_json(cmd))
    assert parse_any(json.loads(text)) == cmd
