"""What the round's phases do with the scoreboard (K3–K9): the decisions they wait for and
the answers ``gather_power``, ``first_player`` and ``ritual``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from rules.cthulhu_wars.checks import require_faction
from rules.cthulhu_wars.expansions import expansion
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.scoreboard.commands import (
    FirstPlayer,
    GatherPower,
    GatherPowerLine,
    Ritual,
)
from rules.cthulhu_wars.scoreboard.end import board_of, end_of_doom_phase
from rules.cthulhu_wars.scoreboard_record import (
    FirstPlayerPending,
    GatherPowerPending,
    RitualPending,
    Scoreboard,
    changed,
    play_order,
    round_ended,
)
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.text import Text, text
from rules.values import frozen


def gather_power_begins(board: Scoreboard) -> tuple[Scoreboard, GatherPowerPending]:
    """K3: the table says what each faction gathered before the phase can end. The round
    before is over: its Doom goes on the chart. The board and the decision are returned for
    the phase to put in its own new state: one copy of the state, not two."""
    return round_ended(board), GatherPowerPending()


def gather_power(state: GameState, cmd: GatherPower) -> Applied:
    """K3 as the table confirmed it, then K4: nobody below half of the highest, rounded up."""
    if set(cmd.power) != set(state.factions) or len(cmd.power) != len(state.factions):
        raise RulesError("K3", "error.power_every_faction")
    for faction, gathered_now in cmd.power.items():
        if gathered_now < 0:
            raise RulesError("K15", "error.power_negative", faction=faction, n=gathered_now)
    gathered = {f: cmd.power[f] for f in state.factions}
    leader, half, raised = half_of_the_leader(state.factions, gathered)
    power = gathered | {f: half for f in raised}
    events: Events = [
        text("event.power_raised", faction=f, n=half, leader=leader, most=gathered[leader])
        for f in raised
    ]
    events.append(text("event.power_now", factions=_amounts(state.factions, power)))
    board = replace(board_of(state), power=frozen(power))
    return replace(state, scoreboard=board, pending=None), events


def gather_power_line(state: GameState, cmd: GatherPowerLine) -> Applied:
    """I13: a faction's own line of K3 from its phone, kept for the table's OK (which
    proposes it) and said on every screen; the answer is still the table's ``gather_power``."""
    pending = state.pending
    assert isinstance(pending, GatherPowerPending)
    require_faction(state, cmd.faction, "K3")
    if cmd.power < 0:
        raise RulesError("K15", "error.power_negative", faction=cmd.faction, n=cmd.power)
    lines = {**pending.lines, cmd.faction: cmd.power}
    event = text("event.power_line", faction=cmd.faction, n=cmd.power)
    return replace(state, pending=GatherPowerPending(_in_seating(state, lines))), [event]


def _in_seating(state: GameState, lines: Mapping[str, int]) -> Mapping[str, int]:
    return frozen({f: lines[f] for f in state.factions if f in lines})


def half_of_the_leader(
    factions: Sequence[str], gathered: Mapping[str, int]
) -> tuple[str, int, tuple[str, ...]]:
    """K4: the leader (of those with the most, the first in seating order), half of its
    Power rounded up, and the factions below that half, in seating order: each is raised
    to it. The device says the same on the Gather Power screen as the dials change."""
    leader = max(factions, key=lambda f: gathered[f])
    half = (gathered[leader] + 1) // 2
    return leader, half, tuple(f for f in factions if gathered[f] < half)


def _amounts(factions: tuple[str, ...], values: dict[str, int]) -> list[Text]:
    return [text("event.faction_amount", faction=f, n=values[f]) for f in factions]


def first_player_begins(state: GameState) -> FirstPlayerPending:
    """K6: the most Power is First Player; a tie is the current First Player's choice. The
    decision is returned for the phase to put in its own new state."""
    board = board_of(state)
    most = max(board.power.values())
    tied = tuple(f for f in state.factions if board.power[f] == most)
    chooser = tied[0] if len(tied) == 1 else board.first_player
    return FirstPlayerPending(tied, chooser)


def first_player(state: GameState, cmd: FirstPlayer) -> Applied:
    pending = state.pending
    assert isinstance(pending, FirstPlayerPending)
    require_faction(state, cmd.faction, "K6")
    if cmd.faction not in pending.candidates:
        raise RulesError(
            "K6",
            "error.first_player_not_tied",
            faction=cmd.faction,
            candidates=[text(f"faction.{f}") for f in pending.candidates],
        )
    board = replace(
        board_of(state),
        first_player=cmd.faction,
        direction=cmd.direction,
        order=play_order(state.factions, cmd.faction, cmd.direction),
    )
    direction = text(f"direction.{cmd.direction}")
    event = text("event.first_player", faction=cmd.faction, direction=direction)
    return replace(state, scoreboard=board, pending=None), [event]


def doom_begins(state: GameState) -> Applied:
    """K8: Doom for every controlled Gate, then each faction's Ritual in play order."""
    board = board_of(state)
    events: Events = []
    doom = dict(board.doom)
    for faction in board.order:
        gates = _gates_of(state, faction)
        if gates:
            doom[faction] += gates
            events.append(text("event.doom_for_gates", faction=faction, n=gates, gates=gates))
    board = replace(board, doom=frozen(doom))
    return replace(state, scoreboard=board, pending=_ritual_asked(board, board.order)), events


def _gates_of(state: GameState, faction: str) -> int:
    return sum(1 for gate in state.gates.values() if gate.controller == faction)


def _ritual_asked(board: Scoreboard, deciding: tuple[str, ...]) -> RitualPending:
    return RitualPending(deciding[0], board.cost, deciding[1:])


def ritual(state: GameState, cmd: Ritual) -> Applied:
    pending = state.pending
    assert isinstance(pending, RitualPending)
    if cmd.faction != pending.faction:
        raise RulesError("K8", "error.ritual_not_yours", faction=cmd.faction, turn=pending.faction)
    board = board_of(state)
    if cmd.perform:
        board, event = _perform(state, cmd, pending.cost)
    else:
        if cmd.great_old_ones is not None:
            raise RulesError("K8", "error.ritual_pass_with_count")
        event = text("event.ritual_passed", faction=cmd.faction)
    if pending.rest:
        asked = _ritual_asked(board, pending.rest)
        return replace(state, scoreboard=board, pending=asked), [event]
    state, ended = rituals_done(replace(state, scoreboard=board, pending=None))
    return state, [event, *ended]


def _perform(state: GameState, cmd: Ritual, cost: int) -> tuple[Scoreboard, Text]:
    """K8: pay the cost, 1 Doom per Gate again, 1 Elder Sign per Great Old One; the marker
    moves up one space. The board is returned for ``ritual`` to put in the state with the
    next decision."""
    if cmd.great_old_ones is None:
        raise RulesError("K8", "error.ritual_needs_count")
    if cmd.great_old_ones < 0:
        raise RulesError("K8", "error.negative", what="great_old_ones", value=cmd.great_old_ones)
    board = board_of(state)
    if board.power[cmd.faction] < cost:
        raise RulesError(
            "K8", "error.ritual_power", faction=cmd.faction, cost=cost, n=board.power[cmd.faction]
        )
    gates = _gates_of(state, cmd.faction)
    board = replace(
        board,
        power=changed(board.power, cmd.faction, -cost),
        doom=changed(board.doom, cmd.faction, gates),
        space=min(board.space + 1, len(board.track)),
    )
    board, drawn, instead = draw(board, cmd.faction, cmd.great_old_ones)
    event = text("event.ritual", faction=cmd.faction, cost=cost, doom=gates + instead, signs=drawn)
    return board, event


def draw(board: Scoreboard, faction: str, count: int) -> tuple[Scoreboard, int, int]:
    """K10: draw ``count`` Elder Signs; once the pool is empty, 1 Doom for each one short.
    Returns the board, the signs drawn and the Doom gained instead."""
    drawn = min(count, board.elder_signs_left)
    instead = count - drawn
    board = replace(
        board,
        elder_signs=changed(board.elder_signs, faction, drawn),
        elder_signs_left=board.elder_signs_left - drawn,
        doom=changed(board.doom, faction, instead),
    )
    return board, drawn, instead


def rituals_done(state: GameState) -> Applied:
    """K9: the Doom Phase ends once everyone has decided; the map's monsters act then
    (the Dreamlands: D8, D14), and K13 is checked once they have nothing left to roll."""
    monsters = expansion(state.map).doom_ends(state)
    if monsters is not None:
        return monsters
    return end_of_doom_phase(state) or (state, [])
