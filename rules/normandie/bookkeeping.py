"""Eliminations, Chapter 3 points, the turn counter and the chapters' endings."""

from __future__ import annotations

from dataclasses import replace

from rules.errors import RulesError
from rules.normandie import binding, scenarios
from rules.normandie.sentences import label, side
from rules.normandie.state import (
    ORDERS,
    Elimination,
    NormandieState,
)
from rules.text import Text, text
from rules.values import frozen


def eliminate(
    state: NormandieState, unit_id: str, by: str | None
) -> tuple[NormandieState, list[Text]]:
    """A unit leaves the battlefield. A Zombies unit goes back into the bag (Z1) and loses
    its Serum dart gun marks (Z12) and any Bind Zombies token on it (Z13); a fallen
    caster's token stays where it lies (Z13: only the Zombie's end frees it)."""
    unit = state.units[unit_id]
    bound, bind_events = binding.unit_gone(state, unit_id)
    events = [text("event.normandie.eliminated", unit=label(state, unit_id)), *bind_events]
    units = {uid: u for uid, u in state.units.items() if uid != unit_id}
    state = replace(
        state,
        units=frozen(units),
        bag=state.bag | {unit_id} if unit.is_zombies else state.bag,
        activated=state.activated - {unit_id},
        controlled=frozen({z: m for z, m in state.controlled.items() if unit_id not in (z, m)}),
        bound=bound,
        suppressed=frozen({u: n for u, n in state.suppressed.items() if u != unit_id}),
        eliminated=(
            *state.eliminated,
            Elimination(unit_id, unit.kind, unit.owner, by, unit.summoned),
        ),
    )
    if unit.is_zombies:
        events.append(text("event.normandie.back_in_bag", zombie=unit_id))
    state, scored = score(state, by, unit.owner, unit.worth)
    events += scored
    if state.chapter == 1 and unit_id == state.derleth:
        state, ended = end_game(state, scenarios.BLACK_SUN, "event.normandie.derleth_captured")
        events += ended
    return state, events


def score(
    state: NormandieState, by: str | None, victim: str | None, units: int
) -> tuple[NormandieState, list[Text]]:
    """Chapter 3: the scorer earns the table's points for each unit of an enemy side."""
    if state.chapter != 3:
        return state, []
    as_printed = state.settings.black_sun_row_as_printed
    points = scenarios.points_for(by, victim, units, as_printed)
    if by is None or points == 0:
        return state, []
    scores = {**state.scores, by: state.scores.get(by, 0) + points}
    event = text("event.normandie.points", player=side(by), points=points, total=scores[by])
    return replace(state, scores=frozen(scores)), [event]


def wound(
    state: NormandieState, unit_id: str, lost: int, by: str | None
) -> tuple[NormandieState, list[Text]]:
    """Chapter 3: each life point the Shoggoth loses is worth one unit."""
    unit = state.units[unit_id]
    if unit.life_points is None:
        raise RulesError("chapter3", "error.normandie.no_life_points", unit=label(state, unit_id))
    if not 1 <= lost <= unit.life_points:
        raise RulesError(
            "chapter3",
            "error.normandie.life_points",
            unit=label(state, unit_id),
            left=unit.life_points,
        )
    hurt = replace(unit, life_points=unit.life_points - lost)
    state = replace(state, units=frozen({**state.units, unit_id: hurt}))
    events = [
        text("event.normandie.wounded", unit=label(state, unit_id), n=lost, left=hurt.life_points)
    ]
    state, scored = score(state, by, unit.owner, lost)
    return state, events + scored


def end_turn(state: NormandieState) -> tuple[NormandieState, list[Text]]:
    """The end of the Supply (Reserve) phase: chapter checks, tokens, the turn counter."""
    state, events = _chapter_two_check(state)
    if state.over:
        return state, events
    bound, discarded = binding.age(state)  # Z13
    events = [*events, *discarded]
    state = replace(
        state,
        activated=frozenset(),  # Z8 tokens come off for the new turn
        controlled=frozen({}),  # Z9 Orders last one turn
        bound=bound,
    )
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        return _turn_limit_reached(state, events)
    state = replace(state, turn=state.turn + 1, phase=ORDERS)
    return state, [*events, text("event.normandie.turn", turn=state.turn)]


def _chapter_two_check(state: NormandieState) -> tuple[NormandieState, list[Text]]:
    """Chapter 2: a Sons of Cthulhu unit by the jail door at the end of a Supply phase wins."""
    if state.chapter != 2 or state.door is None:
        return state, []
    freed = any(u.space == state.door and u.owner == scenarios.SONS for u in state.units.values())
    if not freed:
        return state, []
    return end_game(state, scenarios.SONS, "event.normandie.derleth_freed")


def _turn_limit_reached(
    state: NormandieState, events: list[Text]
) -> tuple[NormandieState, list[Text]]:
    """The last turn is over: the chapter's side that waited wins, or the most points do."""
    if state.chapter in (1, 2):
        winner = scenarios.SONS if state.chapter == 1 else scenarios.BLACK_SUN
        state, ended = end_game(state, winner, "event.normandie.time_up")
        return state, events + ended
    if state.chapter == 3:
        best = max((state.scores.get(p, 0) for p in state.players), default=0)
        leaders = [p for p in state.players if state.scores.get(p, 0) == best]
        if len(leaders) == 1:
            state, ended = end_game(state, leaders[0], "event.normandie.most_points")
            return state, events + ended
        state = replace(state, over=True)
        return state, [
            *events,
            text("event.normandie.points_tie", players=[side(p) for p in leaders]),
        ]
    state = replace(state, over=True)
    return state, [*events, text("event.normandie.last_turn")]


def end_game(state: NormandieState, winner: str, key: str) -> tuple[NormandieState, list[Text]]:
    state = replace(state, winner=winner, over=True, pending=None, run=None)
    return state, [text(key, winner=side(winner), turn=state.turn)]
