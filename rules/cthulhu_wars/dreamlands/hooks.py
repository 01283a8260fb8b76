"""The Dreamlands' hooks into the core of Cthulhu Wars (see ``expansions``).

- ``setup``: the Bhole starts in the Vale of Pnath (D7); the six Zoogs start off the map (D13);
- ``doom_ends``: the Bhole first (D8, D12), then the Zoogs (D14), each may wait for its dice;
- the ``bhole`` and ``zoogs`` rolls; once nothing is left to roll the Action Phase begins;
- ``check_control`` before a Gate changes hands (D16, D17), ``after_gate_change`` (D5, D6);
- the commands ``bhole``, ``zoogs_removed`` and ``yog_sothoth``.

The rules themselves live in ``bhole`` (D7–D12), ``zoogs`` (D13–D20) and ``citadels``
(D4–D6, D16, D17).
"""

from __future__ import annotations

from dataclasses import replace

from rules.cthulhu_wars.commands import BholeResult, YogSothoth, ZoogsRemoved
from rules.cthulhu_wars.dreamlands import bhole, citadels, record, zoogs
from rules.cthulhu_wars.expansions import Expansion
from rules.cthulhu_wars.maps.dreamlands import VALE_OF_PNATH
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.phases import doom_phase_over
from rules.cthulhu_wars.state import GameState


def setup(state: GameState) -> GameState:
    # D7: the Bhole starts in the Vale of Pnath; the six Zoogs start off the map (D13).
    return replace(state, map_state=record.Monsters(bhole=VALE_OF_PNATH))


def end_of_doom(state: GameState) -> Applied:
    """The Bhole first (D8, D12), then the Zoogs (D14); each may wait for its dice."""
    state, events = bhole.act(state)
    if state.pending is not None:
        return state, events
    state, more = zoogs.call(state)
    return _then_action(state, events + more)


def bhole_rolled(state: GameState, values: tuple[int, ...]) -> Applied:
    state, events = bhole.rolled(state, values[0])
    state, more = zoogs.call(state)  # D14: after the Bhole's die
    return _then_action(state, events + more)


def zoogs_rolled(state: GameState, values: tuple[int, ...]) -> Applied:
    state, events = zoogs.rolled(state, values)
    return _then_action(state, events)


def _then_action(state: GameState, events: Events) -> Applied:
    """T1: the Doom Phase ends once the monsters have nothing left to roll (then K13)."""
    if state.pending is None and state.phase == "doom":
        state, more = doom_phase_over(state)
        return state, events + more
    return state, events


def after_gate_change(before: GameState, after: GameState) -> Applied:
    return citadels.check_victory(after)  # D5, D6


DREAMLANDS = Expansion(
    map="dreamlands",
    setup=setup,
    doom_ends=end_of_doom,
    check_control=citadels.check_control,  # D16, D17
    after_gate_change=after_gate_change,
    rolls={"bhole": ("D8", bhole_rolled), "zoogs": ("D14", zoogs_rolled)},
    state_json=record.to_json,
    handlers={
        BholeResult: bhole.battle_result,
        ZoogsRemoved: zoogs.removed,
        YogSothoth: citadels.move_yog_sothoth,
    },
)
