"""Answering what the rules wait for: a roll, the Agony split, a victim's payment.

Each function builds the step for the state's ``pending`` decision. The dice reader
answers a roll by itself; these steps are the manual entry that is always there.
"""

from __future__ import annotations

from collections.abc import Mapping

from device.ui.steps import (
    BACK,
    Dial,
    DialStep,
    ListStep,
    MarkStep,
    Option,
    ScreenStep,
    StepResult,
)
from rules.cthulhu_wars.commands import AssignAgony, Roll, Satisfy
from rules.cthulhu_wars.maps.celaeno import OUBLIETTE  # C13: where the Custodian's victims go
from rules.cthulhu_wars.state import AssignPending, GameState, RollPending, SatisfyPending
from rules.journal import Played
from rules.text import Text, text

MOST_UNITS = 12  # more Units of one faction in one Area than a table ever has


def decision_step(state: GameState, played: Played[GameState] | None = None) -> ScreenStep | None:
    """The question for what the rules wait for; ``played``: the game with its history,
    where the scoreboard finds what the table answered before (none: propose afresh)."""
    pending = state.pending
    if isinstance(pending, RollPending):
        return roll_step(state, pending, ())
    if isinstance(pending, AssignPending):
        return split_step(state, pending)
    if isinstance(pending, SatisfyPending):
        return payment_step(state, pending)
    if pending is not None:  # the scoreboard's (K3–K14), read from the public state JSON
        from device.cthulhu_wars.scoreboard.memory import remembered
        from device.cthulhu_wars.scoreboard.steps import Remembered, scoreboard_step
        from rules.cthulhu_wars.game import state_to_json
        from rules.cthulhu_wars.scoreboard_record import RevealPending

        said = Remembered() if played is None else remembered(played)
        # why the game ends is the rules' own, not in the public state (K13)
        ending = pending.reason if isinstance(pending, RevealPending) else None
        return scoreboard_step(state_to_json(state), said, ending=ending)
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


def split_step(state: GameState, pending: AssignPending) -> ScreenStep:
    activation = state.activation
    assert activation is not None
    if activation.monster == "custodian":
        return who_is_there(state, pending.total, _seated_after(state, activation.by))
    return _librarian_present(state, pending.total)


def _seated_after(state: GameState, by: str) -> list[str]:
    """The enemies in seating order after the activator, then the activator's own (C13)."""
    seat = state.factions.index(by)
    return [*state.factions[seat + 1 :], *state.factions[:seat], by]


def who_is_there(state: GameState, total: int, order: list[str]) -> MarkStep:
    """C13, first: which factions have Units in the Custodian's Area (all, until told)."""
    assert state.activation is not None
    area = state.activation.area
    options = [Option(text(f"faction.{f}"), f) for f in order]

    def done(here: list[str]) -> StepResult:
        if not here:  # nobody there: nobody goes (C13)
            return AssignAgony(present={}, assign={})
        return _custodian_split(area, total, here)

    # the Agony to place comes first: the phones show this title as what the table waits for
    title = text("prompt.who_is_there", area=area, n=total)
    return MarkStep(title, options, done, set(order))


def proposed_split(total: int, factions: list[str]) -> dict[str, int]:
    """One each in turn, enemies first (seat order after the activator), the activator last."""
    split = dict.fromkeys(factions, 0)
    for index in range(total):
        split[factions[index % len(factions)]] += 1
    return split


def _custodian_split(area: str, total: int, here: list[str]) -> DialStep:
    """C13, then: the proposed split, changed one Unit at a time; all of them must go."""
    proposal = proposed_split(total, here)
    rows = [Dial(f, text(f"faction.{f}"), total, proposal[f]) for f in here]

    def confirm(split: dict[str, int]) -> StepResult:
        if sum(split.values()) < total:  # fewer Units than Agony: C13 says all of them go
            return _all_present(split, area)
        return AssignAgony(present=dict(split), assign=dict(split))

    return DialStep(text("prompt.custodian_split", area=area, to=OUBLIETTE), rows, confirm,
                    share=total)  # fmt: skip


def _all_present(split: Mapping[str, int], area: str) -> ListStep:
    confirm = AssignAgony(present=dict(split), assign=dict(split))
    return ListStep(
        text("prompt.all_present", n=sum(split.values()), area=area, to=OUBLIETTE),
        [Option(text("prompt.yes_all_go"), confirm), Option(text("prompt.no_go_back"), BACK)],
        lambda answer: answer,
    )


def _librarian_present(state: GameState, total: int) -> ScreenStep:
    """C16: first the Units of each enemy with an Overdue Tome in her Area, then the split."""
    assert state.activation is not None
    by, area = state.activation.by, state.activation.area
    victims = [f for f in state.enemies(by) if state.overdue_tomes(f)]
    rows = [Dial(f, text(f"faction.{f}"), MOST_UNITS, 1) for f in victims]

    def confirm(present: dict[str, int]) -> StepResult:
        here = [f for f in victims if present[f] > 0]
        if len(here) <= 1:  # one victim takes it all; none: the rules say why (C16)
            return AssignAgony(present=present, assign={f: total for f in here})
        return _librarian_split(present, here, total)

    return DialStep(text("prompt.units_present", area=area), rows, confirm)


def _librarian_split(present: dict[str, int], victims: list[str], total: int) -> DialStep:
    proposal = proposed_split(total, victims)
    rows = [Dial(f, text(f"faction.{f}"), total, proposal[f], unit="agony") for f in victims]
    return DialStep(
        text("prompt.librarian_split", total=total),
        rows,
        lambda split: AssignAgony(present=present, assign=split),
        share=total,
    )


def payment_step(state: GameState, pending: SatisfyPending) -> DialStep:
    """C17: Units in her Area, Overdue Tomes, then Doom, which holds what the others do
    not (all of it by default). With the scoreboard Doom holds no more than the victim
    has (K15): the rest is proposed on his Units there, then his Tomes (C17: all he can)."""
    assert state.activation is not None
    faction, agony = pending.faction, pending.agony
    present = state.activation.present.get(faction, 0)
    tomes = state.overdue_tomes(faction)
    doom = agony if state.scoreboard is None else min(agony, state.scoreboard.doom[faction])
    units = min(present, agony - doom)
    returned = agony - doom - units
    rows = [
        Dial("units", text("prompt.pay_units", area=state.activation.area), min(present, agony),
             units),
        *(Dial(t, text("prompt.pay_tome", tome=t), 1, int(i < returned), unit="yes_no")
          for i, t in enumerate(tomes)),
        Dial("doom", text("prompt.pay_doom"), doom, doom, unit="doom"),
    ]  # fmt: skip

    def confirm(paid: dict[str, int]) -> StepResult:
        returned = tuple(t for t in tomes if paid[t])
        return Satisfy(faction, paid["units"], paid["doom"], returned)

    return DialStep(text("prompt.pay", faction=faction, n=agony), rows, confirm, share=agony,
                    reserve="doom")  # fmt: skip
