"""The Custodian and the Librarian: activation, the Agony roll, its split and its payment
(C3, C12–C19)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from rules.cthulhu_wars.checks import require_area, require_count, require_faction, require_library
from rules.cthulhu_wars.commands import Activate, AssignAgony, Satisfy
from rules.cthulhu_wars.library.tomes import (
    overdue_changes,
    require_token,
    return_tomes,
    spend_token,
)
from rules.cthulhu_wars.maps.celaeno import OUBLIETTE
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.state import (
    Activation,
    AssignPending,
    GameState,
    RollPending,
    SatisfyPending,
)
from rules.errors import RulesError
from rules.text import Text, text
from rules.values import frozen

if TYPE_CHECKING:  # the scoreboard's record loads with a game that keeps it (I12)
    from rules.cthulhu_wars.scoreboard_record import Scoreboard

RULE = {"custodian": "C12", "librarian": "C16"}


def activate(state: GameState, cmd: Activate) -> Applied:
    rule = RULE[cmd.monster]
    require_library(state, rule)
    require_faction(state, cmd.by)
    require_area(state, cmd.area)
    if state.phase != "action":
        raise RulesError("C3", "error.activate_action_only", monster=cmd.monster)
    require_token(state, cmd.by)
    if cmd.monster == "librarian" and not librarian_victims(state, cmd.by):
        raise RulesError("C16", "error.no_overdue_enemy", faction=cmd.by)
    was = getattr(state, cmd.monster)
    stayed = was == cmd.area  # C12: placing it from off the map is not staying
    activation = Activation(cmd.monster, cmd.by, cmd.area, stayed)
    faces = state.settings.agony_faces
    state = replace(
        _place(spend_token(state, cmd.by), cmd.monster, cmd.area),
        activation=activation,
        pending=RollPending("agony", 1, faces),
    )
    how = "stays" if stayed else ("placed" if was is None else "moves")
    return state, [
        text(f"event.activate_{how}", faction=cmd.by, monster=cmd.monster, area=cmd.area)
    ]


def _place(state: GameState, monster: str, area: str) -> GameState:
    if monster == "custodian":
        return replace(state, custodian=area)
    return replace(state, librarian=area)


def librarian_victims(state: GameState, by: str) -> tuple[str, ...]:
    """C16: enemies of ``by`` that hold an Overdue Tome."""
    return tuple(f for f in state.enemies(by) if state.overdue_tomes(f))


def roll_agony(state: GameState, value: int) -> Applied:
    activation = state.activation
    assert activation is not None  # an Agony roll is pending only inside an activation
    total = value + (1 if activation.stayed else 0)  # C12, C16
    state = replace(
        state, activation=replace(activation, total=total), pending=AssignPending(total)
    )
    key = "event.agony_rolled_stayed" if activation.stayed else "event.agony_rolled"
    return state, [text(key, value=value, total=total)]


def assign_agony(state: GameState, cmd: AssignAgony) -> Applied:
    activation = state.activation
    assert activation is not None and activation.total is not None
    _check_counts(state, cmd.present, "C13", "present")
    _check_counts(state, cmd.assign, "C13", "assign")
    if activation.monster == "custodian":
        return _custodian_moves(state, activation, cmd)
    return _librarian_split(state, activation, cmd)


def _check_counts(state: GameState, counts: Mapping[str, int], rule: str, what: str) -> None:
    for faction, count in counts.items():
        require_faction(state, faction, rule)
        require_count(count, rule, what)


def _custodian_moves(state: GameState, activation: Activation, cmd: AssignAgony) -> Applied:
    """C13: the activator splits min(total, Units present); all go to the Oubliette."""
    total = activation.total or 0
    for faction, count in cmd.assign.items():
        if count > cmd.present.get(faction, 0):
            raise RulesError("C13", "error.assign_over_present", faction=faction, count=count)
    due = min(total, sum(cmd.present.values()))
    if sum(cmd.assign.values()) != due:
        raise RulesError(
            "C13", "error.custodian_sum", total=total, present=sum(cmd.present.values()), due=due
        )
    events: Events = [
        text("event.to_oubliette", faction=f, n=cmd.assign[f], area=activation.area, to=OUBLIETTE)
        for f in state.factions
        if cmd.assign.get(f, 0) > 0
    ]
    if due == 0:
        events.append(text("event.custodian_nobody", area=activation.area))
    return replace(state, activation=None, pending=None), events


def _librarian_split(state: GameState, activation: Activation, cmd: AssignAgony) -> Applied:
    """C16: only enemies with an Overdue Tome and Units in her Area; the whole total."""
    total = activation.total or 0
    eligible = [f for f in librarian_victims(state, activation.by) if cmd.present.get(f, 0) >= 1]
    if not eligible:
        raise RulesError("C16", "error.librarian_no_victim_here", area=activation.area)
    for faction, count in cmd.assign.items():
        if count > 0 and faction not in eligible:
            raise RulesError("C16", "error.not_a_victim", faction=faction, area=activation.area)
    if sum(cmd.assign.values()) != total:
        raise RulesError("C16", "error.librarian_sum", total=total)
    victims = tuple((f, cmd.assign[f]) for f in state.factions if cmd.assign.get(f, 0) > 0)
    activation = replace(activation, present=frozen(dict(cmd.present)))
    events: Events = [text("event.agony_assigned", faction=f, n=n) for f, n in victims]
    state = replace(state, activation=activation)
    return _next_victim(state, victims), events


def _next_victim(
    state: GameState, victims: tuple[tuple[str, int], ...], scoreboard: Scoreboard | None = None
) -> GameState:
    """The next victim's payment, or the activation's end; ``scoreboard``, the board after a
    payment (K15), goes in the same new state."""
    if scoreboard is None:
        scoreboard = state.scoreboard
    if not victims:
        return replace(state, activation=None, pending=None, victims=(), scoreboard=scoreboard)
    (faction, agony), rest = victims[0], victims[1:]
    pending = SatisfyPending(faction, agony)
    return replace(state, pending=pending, victims=rest, scoreboard=scoreboard)


def satisfy(state: GameState, cmd: Satisfy) -> Applied:
    """C17: pay with Units here, Doom and Overdue Tomes; what cannot be paid is ignored."""
    pending, activation = state.pending, state.activation
    assert isinstance(pending, SatisfyPending) and activation is not None
    if cmd.faction != pending.faction:
        raise RulesError(
            "C17", "error.not_your_turn_to_pay", faction=cmd.faction, payer=pending.faction
        )
    present = activation.present.get(cmd.faction, 0)
    _check_payment(state, cmd, pending.agony, present)
    before, board = state, state.scoreboard
    if board is not None and cmd.doom:
        from rules.cthulhu_wars.scoreboard.corrections import pay_doom

        board = pay_doom(board, cmd.faction, cmd.doom)  # K15
    state, returned = return_tomes(state, cmd.tomes)  # C9
    events = [_payment_event(cmd, pending.agony, activation.area), *returned]
    events += overdue_changes(before, state)
    return _next_victim(state, state.victims, board), events


def _payment_event(cmd: Satisfy, agony: int, area: str) -> Text:
    parts = [text("pay.units", n=cmd.units, area=area)] if cmd.units else []
    if cmd.doom:
        parts.append(text("pay.doom", n=cmd.doom))
    if cmd.tomes:
        parts.append(text("pay.tomes", tomes=[text(f"tome.{tome}") for tome in cmd.tomes]))
    ignored = agony - cmd.units - cmd.doom - len(cmd.tomes)
    if not parts:
        return text("event.agony_unpaid", faction=cmd.faction, n=agony)
    key = "event.agony_paid_partly" if ignored else "event.agony_paid"
    return text(key, faction=cmd.faction, parts=parts, n=ignored)


def _check_payment(state: GameState, cmd: Satisfy, agony: int, present: int) -> None:
    require_count(cmd.units, "C17", "units")
    require_count(cmd.doom, "C17", "doom")
    if cmd.units > present:
        raise RulesError("C17", "error.pay_units_over", faction=cmd.faction, n=present)
    overdue = state.overdue_tomes(cmd.faction)
    for tome in cmd.tomes:
        if tome not in overdue:
            raise RulesError("C17", "error.pay_tome_not_overdue", faction=cmd.faction, tome=tome)
    if len(set(cmd.tomes)) != len(cmd.tomes):
        raise RulesError("C17", "error.pay_tome_twice")
    paid = cmd.units + cmd.doom + len(cmd.tomes)
    gave_all = cmd.units == present and len(cmd.tomes) == len(overdue)
    if paid > agony or (paid < agony and not gave_all):
        raise RulesError("C17", "error.pay_sum", faction=cmd.faction, agony=agony, paid=paid)
