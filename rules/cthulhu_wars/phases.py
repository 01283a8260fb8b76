"""The round (T1, T2) and what happens at phase boundaries; the maps add theirs by hooks
(the Library: C1, C5, C11 as the Doom Phase begins; the Dreamlands: D8–D14 as it ends).

The scoreboard's part of each boundary (K3–K13) is imported where a game that keeps it
reaches one, so a game without it never loads the scoreboard; the function from its
module, not the module from its package, which would run importlib's Python code at every
boundary of a replay."""

from __future__ import annotations

from dataclasses import replace

from rules.cthulhu_wars.commands import NextPhase
from rules.cthulhu_wars.expansions import expansion
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.state import PHASES, GameState
from rules.text import Text, text
from rules.values import frozen


def next_phase(state: GameState, cmd: NextPhase) -> Applied:
    # With the scoreboard the maps' monsters acted once the last Ritual was decided (K9).
    if state.phase == "doom" and state.scoreboard is None:
        monsters = expansion(state.map).doom_ends(state)  # D8, D12, D14
        if monsters is not None:
            return monsters
    following = PHASES[(PHASES.index(state.phase) + 1) % len(PHASES)]
    if following == "gather_power":
        return _gather_power(state)
    if following == "doom":
        return _doom(state)
    if following == "action":
        return enter_action(state)
    pending = state.pending
    if state.scoreboard is not None:  # K6
        from rules.cthulhu_wars.scoreboard.rounds import first_player_begins

        pending = first_player_begins(state)
    state = replace(state, phase=following, pending=pending)
    return state, [_phase_event(state.round, following)]


def doom_phase_over(state: GameState) -> Applied:
    """The Doom Phase's monsters have nothing left to roll: K13 with the scoreboard, else
    the Action Phase (T1)."""
    if state.scoreboard is not None:
        from rules.cthulhu_wars.scoreboard.end import end_of_doom_phase

        ended = end_of_doom_phase(state)
        if ended is not None:
            return ended
    return enter_action(state)


def enter_action(state: GameState) -> Applied:
    state = replace(state, phase="action")
    return state, [_phase_event(state.round, "action")]


def _phase_event(round_number: int, phase: str) -> Text:
    return text("event.phase", round=round_number, phase=phase)


def _gather_power(state: GameState) -> Applied:
    """T2: after an Action Phase a new round starts. C2: unused tokens are discarded. What
    changes is gathered first and the state copied once: a replay does this every round."""
    number = state.round + 1
    events: Events = [text("event.phase", round=number, phase="gather_power")]
    silence, scoreboard, pending = state.silence, state.scoreboard, state.pending
    holders = [f for f in state.factions if silence.get(f)]
    if holders:
        events.append(
            text("event.silence_discarded", factions=[text(f"faction.{f}") for f in holders])
        )
        silence = frozen({f: False for f in silence})
    if scoreboard is not None:  # K3
        from rules.cthulhu_wars.scoreboard.rounds import gather_power_begins

        scoreboard, pending = gather_power_begins(scoreboard)
    state = replace(
        state,
        round=number,
        phase="gather_power",
        silence=silence,
        scoreboard=scoreboard,
        pending=pending,
    )
    return state, events


def _doom(state: GameState) -> Applied:
    state = replace(state, phase="doom", doom_phases=state.doom_phases + 1)
    events: Events = [text("event.phase", round=state.round, phase="doom")]
    state, more = expansion(state.map).doom_begins(state)  # C1, C5, C11
    if state.scoreboard is not None:  # K8
        from rules.cthulhu_wars.scoreboard.rounds import doom_begins

        state, doom = doom_begins(state)
        more += doom
    return state, events + more
