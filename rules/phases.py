"""The round (T1, T2) and what happens at phase boundaries (C1, C2, C5, C11, D8–D14)."""

from __future__ import annotations

from dataclasses import replace

from rules import dreamlands
from rules.commands import NextPhase
from rules.outcome import Events, Step
from rules.state import PHASES, GameState, Gate, frozen
from rules.text import Text, text
from rules.tomes import refresh_tomes


def next_phase(state: GameState, cmd: NextPhase) -> Step:
    if state.phase == "doom" and state.map == "dreamlands":
        state, events = dreamlands.end_of_doom(state)  # D8, D12, D14
        if state.pending is not None:
            return state, events
        state, more = enter_action(state)
        return state, events + more
    following = PHASES[(PHASES.index(state.phase) + 1) % len(PHASES)]
    if following == "gather_power":
        return _gather_power(state)
    if following == "doom":
        return _doom(state)
    if following == "action":
        return enter_action(state)
    return replace(state, phase=following), [_phase_event(state.round, following)]


def enter_action(state: GameState) -> Step:
    state = replace(state, phase="action")
    return state, [_phase_event(state.round, "action")]


def _phase_event(round_number: int, phase: str) -> Text:
    return text("event.phase", round=round_number, phase=phase)


def _gather_power(state: GameState) -> Step:
    """T2: after an Action Phase a new round starts. C2: unused tokens are discarded."""
    state = replace(state, round=state.round + 1, phase="gather_power")
    events: Events = [text("event.phase", round=state.round, phase="gather_power")]
    holders = [f for f in state.factions if state.silence.get(f)]
    if holders:
        events.append(
            text("event.silence_discarded", factions=[text(f"faction.{f}") for f in holders])
        )
        state = replace(state, silence=frozen({f: False for f in state.silence}))
    return state, events


def _doom(state: GameState) -> Step:
    state = replace(state, phase="doom", doom_phases=state.doom_phases + 1)
    events: Events = [text("event.phase", round=state.round, phase="doom")]
    if state.map != "celaeno":
        return state, events
    state = replace(state, silence=frozen({f: True for f in state.factions}))  # C1
    events.append(text("event.silence_taken"))
    if state.doom_phases == 1:
        state, created = _spontaneous_gates(state)
        events += created
    state, refreshed = refresh_tomes(state)
    return state, events + refreshed


def _spontaneous_gates(state: GameState) -> Step:
    """C5: at the first Doom Phase an abandoned Gate appears in each Tome Area without one."""
    missing = [tome for tome in state.tomes if tome not in state.gates]
    if not missing:
        return state, []
    gates = dict(state.gates) | {area: Gate() for area in missing}
    state = replace(state, gates=frozen(gates))
    return state, [text("event.spontaneous_gates", areas=[text(f"place.{a}") for a in missing])]
