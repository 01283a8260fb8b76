"""Invariants of the scoreboard over random play (hypothesis): K4's half rule, Power and Doom
never below 0 (K15), Elder Signs never more than the 36 of the box (K10), a Ritual asked
still asked, at its cost, after any correction accepted meanwhile (K8), replay equal to
applying, and undo then redo of every command giving back the same states."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.commands import Redo, Undo, command_to_json
from rules.cthulhu_wars.game import state_to_json
from rules.cthulhu_wars.scoreboard.commands import GatherPower, Ritual
from rules.cthulhu_wars.scoreboard_record import (
    ELDER_SIGNS,
    FirstPlayerPending,
    GatherPowerPending,
    RevealPending,
    RitualPending,
)
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.games import RULES
from rules.journal import Played, apply, replay, start
from tests.parsing import parse_any
from tests.properties import examples
from tests.rules.cthulhu_wars.strategies import (
    Draw,
    answer_pending,
    free_command,
    new_game_commands,
)

STEPS = 80


@st.composite
def scored_new_game(draw: Draw) -> dict[str, Any]:
    first: dict[str, Any] = draw(
        new_game_commands(draw(st.sampled_from(["celaeno", "dreamlands"])))
    )
    first["settings"] = {**first["settings"], "scoreboard": True}
    if draw(st.booleans()):
        first["first_player"] = draw(st.sampled_from(first["factions"]))
        first["direction"] = draw(st.sampled_from(["clockwise", "counterclockwise"]))
    return first


def answer_scoreboard(draw: Draw, state: GameState) -> dict[str, Any] | None:
    pending, factions = state.pending, list(state.factions)
    if isinstance(pending, GatherPowerPending):
        power = {f: draw(st.integers(0, 25)) for f in factions}
        return {"type": "gather_power", "power": power}
    if isinstance(pending, FirstPlayerPending):
        faction = draw(st.sampled_from([*pending.candidates, pending.candidates[0], *factions]))
        direction = draw(st.sampled_from(["clockwise", "counterclockwise"]))
        return {"type": "first_player", "faction": faction, "direction": direction}
    if isinstance(pending, RitualPending):
        if draw(st.booleans()):
            return {"type": "ritual", "faction": pending.faction, "perform": False}
        count = draw(st.integers(0, 4))
        return {
            "type": "ritual",
            "faction": pending.faction,
            "perform": True,
            "great_old_ones": count,
        }
    if isinstance(pending, RevealPending):
        assert state.scoreboard is not None
        held = state.scoreboard.elder_signs[pending.faction]
        values = [draw(st.sampled_from([1, 2, 3])) for _ in range(held)]
        return {"type": "reveal_elder_signs", "faction": pending.faction, "values": values}
    return None


def score_command(draw: Draw, state: GameState, reveal: bool = True) -> dict[str, Any]:
    faction = draw(st.sampled_from(list(state.factions)))
    kinds = (
        ["draw", "reveal", "spellbooks", "adjust"] if reveal else ["draw", "spellbooks", "adjust"]
    )
    kind = draw(st.sampled_from(kinds))
    if kind == "draw":
        return {"type": "draw_elder_signs", "faction": faction, "count": draw(st.integers(0, 6))}
    if kind == "reveal":
        values = draw(st.lists(st.integers(0, 4), min_size=0, max_size=3))
        return {"type": "reveal_elder_signs", "faction": faction, "values": values}
    if kind == "spellbooks":
        return {"type": "spellbooks", "faction": faction, "count": draw(st.integers(0, 7))}
    change = draw(st.sampled_from(["power", "doom", "both"]))
    out: dict[str, Any] = {"type": "adjust", "faction": faction}
    for track in ("power", "doom"):
        if change in (track, "both"):
            out[track] = draw(st.integers(-12, 12))
    return out


@st.composite
def next_scored_command(draw: Draw, state: GameState) -> dict[str, Any]:
    roll = draw(st.integers(0, 99))
    if roll < 5:
        return {"type": "undo"}
    if isinstance(state.pending, RitualPending) and roll < 30:  # K8: a correction meanwhile
        return score_command(draw, state, reveal=draw(st.integers(0, 9)) == 0)
    answer = answer_scoreboard(draw, state)
    if answer is not None:
        return answer
    if state.pending is not None:
        return answer_pending(draw, state)
    if roll < 40:
        return score_command(draw, state)
    return free_command(draw, state) if state.map == "celaeno" else {"type": "next_phase"}


def check_invariants(before: GameState, after: GameState, cmd: Any) -> None:
    board = after.scoreboard
    assert board is not None
    assert min(board.power.values()) >= 0 and min(board.doom.values()) >= 0  # K15
    assert min(board.elder_signs.values()) >= 0 and board.elder_signs_left >= 0
    revealed = sum(len(values) for values in board.revealed.values())
    assert sum(board.elder_signs.values()) + board.elder_signs_left + revealed <= ELDER_SIGNS
    assert 0 <= board.space <= len(board.track)
    assert sorted(board.order) == sorted(after.factions)
    if isinstance(before.pending, RitualPending) and not isinstance(cmd, Ritual):
        assert after.pending == before.pending  # K8: the same Ritual asked, at its cost
    if isinstance(cmd, GatherPower):  # K4: nobody below half the highest, nobody lowered
        half = (max(cmd.power.values()) + 1) // 2
        for faction, gathered in cmd.power.items():
            assert board.power[faction] == max(gathered, half)


def run(data: st.DataObject) -> None:
    first = data.draw(scored_new_game())
    played: Played = start(parse_any(first), RULES).played
    journal = [json.dumps(first)]
    for _ in range(STEPS):
        if played.state.game_over is not None or played.state.winner is not None:
            break
        cmd = parse_any(data.draw(next_scored_command(played.state)))
        before = state_to_json(played.state)
        try:
            outcome = apply(played, cmd)
        except RulesError:
            assert state_to_json(played.state) == before  # refused: nothing changed
            continue
        if not isinstance(cmd, Undo):
            undone = apply(outcome.played, Undo())
            assert state_to_json(undone.state) == before
            assert state_to_json(apply(undone.played, Redo()).state) == state_to_json(outcome.state)
            check_invariants(played.state, outcome.state, cmd)
        played = outcome.played
        journal.append(json.dumps(command_to_json(cmd)))
    replayed, _ = replay(journal, RULES)
    assert replayed is not None and state_to_json(replayed.state) == state_to_json(played.state)


@settings(max_examples=examples(150))
@given(st.data())
def test_scoreboard_invariants_hold_over_random_play(data: st.DataObject) -> None:
    run(data)
