"""Invariants of the Dreamlands rules over random command sequences (hypothesis).

- at most six Zoogs on the map, only on Surface Citadels (D13, D14, D19);
- no Gate in a Zoog Area has a controller unless Opener holds it with Yog-Sothoth (D15–D17);
- the Bhole is only in the Vale of Pnath or an Underworld Citadel, or off the map after a
  kill (D7, D8, D10, D12);
- a winner holds, or Yog-Sothoth-counts, all four Citadels of one board (D5, D6);
- replaying the journal equals applying it step by step; undo after any command gives
  back the state before it; a refused command changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.commands import Redo, Undo, command_to_json
from rules.cthulhu_wars.dreamlands.citadels import counts_for
from rules.cthulhu_wars.dreamlands.record import of
from rules.cthulhu_wars.factions import FACTIONS
from rules.cthulhu_wars.game import state_to_json
from rules.cthulhu_wars.maps.dreamlands import BOARDS, VALE_OF_PNATH, citadels
from rules.cthulhu_wars.state import GameState, RollPending
from rules.errors import RulesError
from rules.games import RULES
from rules.journal import apply, replay, start
from tests.parsing import parse_any
from tests.properties import examples

STEPS = 60
OPENER = "opener_of_the_way"
Draw = Any  # hypothesis' draw function


@st.composite
def new_dreamlands_game(draw: Draw) -> dict[str, Any]:
    factions = draw(st.lists(st.sampled_from(FACTIONS), min_size=3, max_size=5, unique=True))
    if OPENER not in factions and draw(st.booleans()):
        factions[0] = OPENER  # Yog-Sothoth is worth exercising often
    return {"type": "new_game", "map": "dreamlands", "factions": factions}


def _gate(draw: Draw, state: GameState) -> dict[str, Any]:
    places = [*citadels("surface"), *citadels("underworld"), VALE_OF_PNATH, *sorted(state.areas)]
    area = draw(st.sampled_from(places))
    if not draw(st.integers(0, 4)):
        return {"type": "set_gate", "area": area, "gate": False, "controller": None}
    controller = draw(st.sampled_from([None, *state.factions]))
    out = {"type": "set_gate", "area": area, "gate": True, "controller": controller}
    if controller == OPENER and draw(st.booleans()):
        out["unit"] = "yog_sothoth"
    return out


def _free(draw: Draw, state: GameState) -> dict[str, Any]:
    kind = draw(st.sampled_from(["phase"] * 4 + ["gate"] * 4 + ["zoogs", "bhole", "yog", "yog"]))
    if kind == "phase":
        return {"type": "next_phase"}
    if kind == "gate":
        return _gate(draw, state)
    if kind == "zoogs":
        area = draw(st.sampled_from(citadels("surface")))
        return {"type": "zoogs_removed", "area": area, "count": draw(st.integers(1, 3))}
    if kind == "bhole":
        return {"type": "bhole", "event": draw(st.sampled_from(["killed", "pained"]))}
    places = [None, VALE_OF_PNATH, *citadels("surface"), *citadels("underworld")]
    return {"type": "yog_sothoth", "area": draw(st.sampled_from(places))}


def _noise(draw: Draw, state: GameState) -> dict[str, Any]:
    """Usually refused: dice off a d6 or of the wrong count, too many Zoogs, a stranger."""
    wanted = state.pending.dice if isinstance(state.pending, RollPending) else 1
    noise: dict[str, Any] = draw(
        st.sampled_from(
            [
                {"type": "roll", "values": [7] * wanted},
                {"type": "roll", "values": [0]},
                {"type": "roll", "values": [3] * (wanted + 1)},
                {"type": "zoogs_removed", "area": "surface_citadel_3", "count": 7},
                {"type": "zoogs_removed", "area": VALE_OF_PNATH, "count": 1},
                {"type": "set_gate", "area": "nowhere", "gate": True, "controller": None},
                {"type": "next_phase"},
            ]
        )
    )
    return noise


@st.composite
def next_command(draw: Draw, state: GameState) -> dict[str, Any]:
    roll = draw(st.integers(0, 99))
    if roll < 6:
        return {"type": "undo"}
    if roll < 14:
        return _noise(draw, state)
    if isinstance(state.pending, RollPending):
        values = [draw(st.integers(1, 6)) for _ in range(state.pending.dice)]
        return {"type": "roll", "values": values}
    return _free(draw, state)


def _check_invariants(state: GameState) -> None:
    out = state_to_json(state)
    zoogs: dict[str, int] = out["zoogs"]
    assert sum(zoogs.values()) <= 6 and all(count > 0 for count in zoogs.values())
    assert set(zoogs) <= set(citadels("surface"))
    for area in zoogs:
        gate = out["gates"].get(area)
        if gate is not None and gate["controller"] is not None:
            assert (gate["controller"], gate.get("unit")) == (OPENER, "yog_sothoth")
    underworld = {VALE_OF_PNATH, *citadels("underworld")}
    assert out["bhole"] in underworld or (out["bhole"] is None and of(state).bhole_killed)
    assert of(state).bhole_killed == (out["bhole"] is None)
    for area, gate in out["gates"].items():
        if gate.get("unit") == "yog_sothoth":
            assert out["yog_sothoth"] == area
    if out["pending"] is not None:
        assert (out["phase"], out["pending"]["purpose"]) in {("doom", "bhole"), ("doom", "zoogs")}
    if out["winner"] is not None:
        won = [all(counts_for(state, a, out["winner"]) for a in citadels(b)) for b in BOARDS]
        assert any(won)


def _game(state: object) -> GameState:
    assert isinstance(state, GameState)  # the journal also runs Normandie games
    return state


def _run(data: st.DataObject) -> None:
    first = data.draw(new_dreamlands_game())
    played = start(parse_any(first), RULES).played
    journal = [json.dumps(first)]
    for _ in range(STEPS):
        state = _game(played.state)
        obj: dict[str, Any] = data.draw(next_command(state))
        cmd = parse_any(obj)
        before = state_to_json(state)
        try:
            after = apply(played, cmd).played
        except RulesError:
            assert state_to_json(state) == before  # refused: nothing changed
            continue
        if obj["type"] != "undo":
            undone = apply(after, Undo()).played
            assert undone.state == state and state_to_json(undone.state) == before
            assert apply(undone, Redo()).state == after.state  # redo brings it back exactly
        played = after
        journal.append(json.dumps(command_to_json(cmd)))
        _check_invariants(_game(played.state))
    state = _game(played.state)
    replayed_game, _ = replay(journal, RULES)
    assert replayed_game is not None
    replayed = _game(replayed_game.state)
    assert replayed == state and state_to_json(replayed) == state_to_json(state)


@settings(max_examples=examples(150))
@given(st.data())
def test_dreamlands_invariants_hold_over_random_play(data: st.DataObject) -> None:
    _run(data)
