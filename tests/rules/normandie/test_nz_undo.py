"""Undo in a Shadows over Normandie battle, as for Cthulhu Wars (the journal's undo).

Random play through the engine's front door (``rules.journal.apply``): after every
accepted command, undo gives back the state before it exactly; a refused command
changes nothing; replaying the journal equals applying it step by step.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.commands import Redo, Undo, command_to_json
from rules.errors import RulesError
from rules.games import RULES
from rules.journal import Played, apply, parse_line, replay, state_json
from rules.journal import start as start_game
from rules.normandie.game import NORMANDIE
from rules.normandie.state import NormandieState, PendingAssault, PendingOrder, PendingTarget
from tests.parsing import parse_any
from tests.properties import examples
from tests.rules.normandie.test_nz_properties import SPACES, battles

STEPS = 40
EXAMPLE = Path(__file__).resolve().parents[3] / "rules" / "examples" / "normandie_chapter1.jsonl"


def _answer(draw: st.DrawFn, state: NormandieState) -> dict[str, Any]:
    """Whatever the phase waits for, answered at random (sometimes wrongly)."""
    pending = state.pending
    if isinstance(pending, PendingOrder):
        order = list(pending.proposed)
        if draw(st.booleans()):
            order.reverse()
        return {"type": "nz_order", "order": order}
    if isinstance(pending, PendingTarget):
        return {"type": "nz_choose_target", "target": draw(st.sampled_from(pending.candidates))}
    if isinstance(pending, PendingAssault):
        return {"type": "nz_assault", "roll": draw(st.integers(0, 7))}
    return {"type": "nz_next_phase"}


def _bookkeeping(draw: st.DrawFn, state: NormandieState) -> dict[str, Any]:
    """What the players enter between phases: moves, eliminations, tokens, new units."""
    units = sorted(state.units) or ["nobody"]
    unit = draw(st.sampled_from(units))
    return draw(
        st.sampled_from(
            [
                {"type": "nz_move_unit", "unit": unit, "space": draw(st.sampled_from(SPACES))},
                {"type": "nz_eliminate", "unit": unit},
                {"type": "nz_suppressed", "unit": unit, "count": draw(st.integers(-1, 3))},
                {
                    "type": "nz_initiative",
                    "player": draw(st.sampled_from(["majestic", "black_sun"])),
                },
                {
                    "type": "nz_place_unit",
                    "unit": f"n{draw(st.integers(0, 9))}",
                    "kind": "infantry",
                    "owner": "black_sun",
                    "space": draw(st.sampled_from(SPACES)),
                    "movement": 4,
                },
            ]
        )
    )


@st.composite
def next_command(draw: st.DrawFn, state: NormandieState) -> dict[str, Any]:
    roll = draw(st.integers(0, 99))
    if roll < 10:
        return {"type": "undo"}
    if state.pending is not None or roll < 45:
        return _answer(draw, state)
    return _bookkeeping(draw, state)


def _text(played: Played) -> str:
    return json.dumps(state_json(played), sort_keys=True)


@settings(max_examples=examples(60))
@given(battles(), st.data())
def test_undo_gives_back_the_state_before_every_accepted_command(
    start: NormandieState, data: st.DataObject
) -> None:
    played = Played(NORMANDIE, start)
    journal: list[str] = []
    for _ in range(STEPS):
        obj = data.draw(next_command(played.state))
        cmd = parse_any(obj)
        before = _text(played)
        try:
            outcome = apply(played, cmd)
        except RulesError:
            assert _text(played) == before  # refused: nothing changed
            continue
        if obj["type"] != "undo":
            back = apply(outcome.played, Undo()).played
            assert _text(back) == before
            assert _text(apply(back, Redo()).played) == _text(outcome.played)
        played = outcome.played
        journal.append(json.dumps(command_to_json(cmd)))
    # The same commands on the same start give the same state (replay is deterministic).
    again = Played(NORMANDIE, start)
    for line in journal:
        again = apply(again, parse_any(json.loads(line))).played
    assert _text(again) == _text(played)


def test_a_whole_example_battle_undoes_to_its_first_command() -> None:
    """Undo all the way back through a real journal (Chapter 1), dice and phases included."""
    lines = EXAMPLE.read_text().splitlines()
    commands = [cmd for cmd in (parse_line(line, RULES, NORMANDIE) for line in lines) if cmd]
    assert len(commands) > 20 and not any(cmd.TYPE == "undo" for cmd in commands)
    states = []
    played = start_game(commands[0], RULES).played
    states.append(_text(played))
    for cmd in commands[1:]:
        played = apply(played, cmd).played
        states.append(_text(played))
    final, _ = replay(lines, RULES)
    assert final is not None and _text(final) == states[-1]
    for expected in reversed(states[:-1]):
        played = apply(played, Undo()).played
        assert _text(played) == expected
    with pytest.raises(RulesError, match="nothing to undo"):
        apply(played, Undo())
    # ... and redo brings every command back, in order, to the end of the battle.
    for expected in states[1:]:
        played = apply(played, Redo()).played
        assert _text(played) == expected
    with pytest.raises(RulesError, match="nothing to redo"):
        apply(played, Redo())
