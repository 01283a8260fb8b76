"""Answering what the rules wait for: a roll, the Agony split, a victim's payment.

Each function builds the step for the state's ``pending`` decision. The dice reader
answers a roll by itself; these steps are the manual entry that is always there.
"""

from __future__ import annotations

from collections.abc import Mapping

from device.ui.steps import BACK, Counter, CounterStep, ListStep, Option, Step, StepResult
from rules.cthulhu_wars.commands import AssignAgony, Roll, Satisfy
from rules.cthulhu_wars.maps.celaeno import OUBLIETTE  # C13: where the Custodian's victims go
from rules.cthulhu_wars.state import AssignPending, GameState, RollPending, SatisfyPending
from rules.text import Text, text

MOST_UNITS = 12  # more Units of one faction in one Area than a table ever has


def decision_step(state: GameState) -> Step | None:
    pending = state.pending
    if isinstance(pending, RollPending):
        return roll_step(state, pending, ())
    if isinstance(pending, AssignPending):
        return split_step(state, pending)
    if isinstance(pending, SatisfyPending):
        return payment_step(state, pending)
    return None


def roll_title(state: GameState, pending: RollPending) -> Text:
    if pending.purpose == "agony":
        assert state.activation is not None
        return text("prompt.roll_agony", faction=state.activation.by)
    return text(f"prompt.roll_{pending.purpose}", n=pending.dice)


def roll_step(state: GameState, pending: RollPending, so_far: tuple[int, ...]) -> ListStep:
    """Manual entry, one die at a time; the reader's ROLL answers the whole roll at once."""
    title = roll_title(state, pending)
    if pending.dice > 1:
        title = text(
            "prompt.die_of",
            title=title,
            n=len(so_far) + 1,
            dice=pending.dice,
            so_far=", ".join(map(str, so_far)) or "–",
        )
    faces = sorted(set(pending.faces))

    def pick(value: int) -> StepResult:
        values = (*so_far, value)
        if len(values) == pending.dice:
            return Roll(values, "keys")
        return roll_step(state, pending, values)

    return ListStep(title, [Option(text("prompt.face", n=f), f) for f in faces], pick)


def split_step(state: GameState, pending: AssignPending) -> Step:
    activation = state.activation
    assert activation is not None
    if activation.monster == "custodian":
        return _custodian_split(state, pending.total)
    return _librarian_present(state, pending.total)


def _custodian_split(state: GameState, total: int) -> Step:
    """C13. By default the whole total falls on the first enemy after the activator."""
    assert state.activation is not None
    by, area = state.activation.by, state.activation.area
    rows = [Counter(f, text(f"faction.{f}"), MOST_UNITS, 0) for f in state.factions]
    seat = state.factions.index(by)
    rows[(seat + 1) % len(rows)].value = total

    def confirm(split: dict[str, int]) -> StepResult:
        moved = sum(split.values())
        if moved < total:  # fewer Units than Agony: C13 says all of them go
            return _all_present(split, area)
        return AssignAgony(present=dict(split), assign=dict(split))

    return CounterStep(
        text("prompt.custodian_split", total=total, area=area, to=OUBLIETTE),
        rows,
        confirm,
        summary=lambda split: text("detail.split_sum", n=sum(split.values()), total=total),
    )


def _all_present(split: Mapping[str, int], area: str) -> ListStep:
    confirm = AssignAgony(present=dict(split), assign=dict(split))
    return ListStep(
        text("prompt.all_present", n=sum(split.values()), area=area, to=OUBLIETTE),
        [Option(text("prompt.yes_all_go"), confirm), Option(text("prompt.no_go_back"), BACK)],
        lambda answer: answer,
    )


def _librarian_present(state: GameState, total: int) -> Step:
    """C16: first the Units of each enemy with an Overdue Tome in her Area, then the split."""
    assert state.activation is not None
    by, area = state.activation.by, state.activation.area
    victims = [f for f in state.enemies(by) if state.overdue_tomes(f)]
    rows = [Counter(f, text(f"faction.{f}"), MOST_UNITS, 1) for f in victims]

    def confirm(present: dict[str, int]) -> StepResult:
        here = [f for f in victims if present[f] > 0]
        if len(here) <= 1:  # one victim takes it all; none: the rules say why (C16)
            return AssignAgony(present=present, assign={f: total for f in here})
        return _librarian_split(present, here, total)

    return CounterStep(text("prompt.units_present", area=area), rows, confirm)


def _librarian_split(present: dict[str, int], victims: list[str], total: int) -> CounterStep:
    rows = [Counter(f, text(f"faction.{f}"), total, 0, unit="agony") for f in victims]
    rows[0].value = total
    return CounterStep(
        text("prompt.librarian_split", total=total),
        rows,
        lambda split: AssignAgony(present=present, assign=split),
        summary=lambda split: text("detail.split_sum", n=sum(split.values()), total=total),
    )


def payment_step(state: GameState, pending: SatisfyPending) -> CounterStep:
    """C17: Units in her Area, Doom, Overdue Tomes. By default all in Doom."""
    assert state.activation is not None
    faction, agony = pending.faction, pending.agony
    present = state.activation.present.get(faction, 0)
    tomes = state.overdue_tomes(faction)
    rows = [
        Counter("units", text("prompt.pay_units", area=state.activation.area), present),
        Counter("doom", text("prompt.pay_doom"), agony, agony, unit="doom"),
        *(Counter(t, text("prompt.pay_tome", tome=t), 1, unit="yes_no") for t in tomes),
    ]

    def confirm(paid: dict[str, int]) -> StepResult:
        returned = tuple(t for t in tomes if paid[t])
        return Satisfy(faction, paid["units"], paid["doom"], returned)

    return CounterStep(
        text("prompt.pay", faction=faction, n=agony),
        rows,
        confirm,
        summary=lambda paid: text("detail.paid_sum", n=sum(paid.values()), agony=agony),
    )
