"""Invariants of the Library rules over random command sequences (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.commands import Redo, Undo, command_to_json
from rules.cthulhu_wars.game import state_to_json
from rules.cthulhu_wars.maps.celaeno import TOMES
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.games import RULES
from rules.journal import apply, replay, start
from tests.parsing import parse_any
from tests.properties import examples
from tests.rules.cthulhu_wars.strategies import new_game_commands, next_command

STEPS = 60


def _check_invariants(state: GameState) -> None:
    out = state_to_json(state)
    # C1: a token is held or not — never two.
    assert all(isinstance(held, bool) for held in out["silence"].values())
    assert set(out["silence"]) == set(state.factions)
    # C4, C9: every Tome is in exactly one place: its slot or one faction in the game.
    assert set(out["tomes"]) == set(TOMES)
    for tome, held in out["tomes"].items():
        assert held["holder"] is None or held["holder"] in state.factions
        # C7, I2: Overdue exactly when the holder lacks control of the Gate in its Area.
        controller = out["gates"].get(tome, {}).get("controller")
        assert held["overdue"] == (held["holder"] is not None and controller != held["holder"])
    # C14, C18 never let a new controller appear under a monster (checked on entry); the
    # monsters stand on Areas of the map.
    for monster in ("custodian", "librarian"):
        assert out[monster] is None or out[monster] in state.areas


def _run(data: st.DataObject) -> None:
    first = data.draw(new_game_commands())
    played = start(parse_any(first), RULES).played
    journal = [json.dumps(first)]
    for _ in range(STEPS):
        obj: dict[str, Any] = data.draw(next_command(played.state))
        cmd = parse_any(obj)
        # Every command survives a JSON round trip, through text.
        assert parse_any(json.loads(json.dumps(command_to_json(cmd)))) == cmd
        before = state_to_json(played.state)
        try:
            outcome = apply(played, cmd)
        except RulesError:
            assert state_to_json(played.state) == before  # refused: nothing changed
            continue
        if obj["type"] != "undo":
            # Undo right after any command gives back the state before it, exactly, and
            # redo the state after it.
            undone = apply(outcome.played, Undo())
            assert state_to_json(undone.state) == before
            assert state_to_json(apply(undone.played, Redo()).state) == state_to_json(outcome.state)
        played = outcome.played
        journal.append(json.dumps(command_to_json(cmd)))
        _check_invariants(played.state)
    # Replaying the journal equals applying it step by step.
    replayed, _ = replay(journal, RULES)
    assert replayed is not None and state_to_json(replayed.state) == state_to_json(played.state)


@settings(max_examples=examples(150))
@given(st.data())
def test_library_invariants_hold_over_random_play(data: st.DataObject) -> None:
    _run(data)
