"""The Library's hooks into the core of Cthulhu Wars (see ``expansions``).

- ``setup``: every Tome in its slot (C4); Silence tokens from setup or not (I1);
- ``doom_begins``: every faction takes a Silence token (C1), the first Doom Phase opens
  abandoned Gates in the Tome Areas (C5), face-down Tomes may turn up (C11);
- ``after_gate_change``: Tomes taken from their slots (C6) and Overdue changes (C7, I2);
- the Agony roll (C19) and the Library's commands.
"""

from __future__ import annotations

from dataclasses import replace

from rules.cthulhu_wars.commands import (
    Activate,
    AssignAgony,
    Satisfy,
    SpendSilence,
    UnflipTome,
    UseTome,
)
from rules.cthulhu_wars.expansions import Expansion
from rules.cthulhu_wars.library import agony, tomes
from rules.cthulhu_wars.maps.celaeno import TOMES
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.state import GameState, Gate, Tome
from rules.text import text
from rules.values import frozen


def setup(state: GameState) -> GameState:
    return replace(
        state,
        # I1: no tokens in round 1 unless the table plays with them from setup.
        silence=frozen({f: state.settings.silence_at_start for f in state.factions}),
        tomes=frozen({tome: Tome() for tome in TOMES}),  # C4
    )


def doom_begins(state: GameState) -> Applied:
    state = replace(state, silence=frozen({f: True for f in state.factions}))  # C1
    events: Events = [text("event.silence_taken")]
    if state.doom_phases == 1:
        state, created = _spontaneous_gates(state)
        events += created
    state, refreshed = tomes.refresh_tomes(state)
    return state, events + refreshed


def _spontaneous_gates(state: GameState) -> Applied:
    """C5: at the first Doom Phase an abandoned Gate appears in each Tome Area without one."""
    missing = [tome for tome in state.tomes if tome not in state.gates]
    if not missing:
        return state, []
    gates = dict(state.gates) | {area: Gate() for area in missing}
    state = replace(state, gates=frozen(gates))
    return state, [text("event.spontaneous_gates", areas=[text(f"place.{a}") for a in missing])]


def after_gate_change(before: GameState, after: GameState) -> Applied:
    state, taken = tomes.take_tomes_in_slots(after)  # C6
    return state, taken + tomes.overdue_changes(before, state)  # C7


def agony_rolled(state: GameState, values: tuple[int, ...]) -> Applied:
    return agony.roll_agony(state, values[0])


LIBRARY = Expansion(
    map="celaeno",
    setup=setup,
    doom_begins=doom_begins,
    after_gate_change=after_gate_change,
    rolls={"agony": ("C19", agony_rolled)},
    handlers={
        Activate: agony.activate,
        AssignAgony: agony.assign_agony,
        Satisfy: agony.satisfy,
        SpendSilence: tomes.spend_silence,
        UseTome: tomes.use_tome,
        UnflipTome: tomes.unflip_tome,
    },
)
