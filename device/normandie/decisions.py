"""Answering what a Normandie battle waits for: the order, a tie, an Assault, a bag draw.

Each function builds the step for the state's ``pending`` decision (JOURNAL.md). The
dice reader answers an Assault's die by itself; the faces listed here are the manual
entry that is always there. The bag draw is random on the device (never in rules/)
or entered by hand when the players draw the physical token (Z1).
"""

from __future__ import annotations

import random

from device.normandie.space import SpaceStep
from device.ui.steps import ListStep, Notice, Option, ScreenStep, StepResult
from rules.normandie.battlefield import Space
from rules.normandie.commands import NzAssault, NzChooseTarget, NzDraw, NzOrder
from rules.normandie.sentences import label
from rules.normandie.state import (
    NormandieState,
    PendingAssault,
    PendingDraw,
    PendingOrder,
    PendingTarget,
)
from rules.text import Text, text

DIE_FACES = range(1, 7)  # Z7: the regular Assault rules roll one six-sided die


def decision_step(state: NormandieState, chance: random.Random, near: Space) -> ScreenStep | None:
    pending = state.pending
    if isinstance(pending, PendingOrder):
        return order_step(state, pending)
    if isinstance(pending, PendingTarget):
        return target_step(state, pending)
    if isinstance(pending, PendingAssault):
        return assault_step(state, pending)
    if isinstance(pending, PendingDraw):
        return draw_step(state, pending, chance, near)
    return None


def _zombie(zombie: str) -> Text:
    return text("normandie.unit.zombies", id=zombie)


def _at(state: NormandieState, uid: str) -> Text:
    return text("nz_device.at", space=state.units[uid].space.name)


# --- Z5, I3: the activation order --------------------------------------------------------


def order_step(state: NormandieState, pending: PendingOrder) -> ListStep:
    """The proposed order (drawn as numbered arrows): keep it, or pick one Zombie at a time."""
    proposed = list(pending.proposed)
    return ListStep(
        text("nz_device.order.title", order=[_zombie(z) for z in proposed]),
        [
            Option(text("nz_device.order.keep"), NzOrder(tuple(proposed))),
            Option(text("nz_device.order.change"), "change"),
        ],
        lambda answer: reorder_step(state, proposed, ()) if answer == "change" else answer,
    )


def reorder_step(state: NormandieState, proposed: list[str], chosen: tuple[str, ...]) -> StepResult:
    left = [z for z in proposed if z not in chosen]
    if len(left) == 1:
        return NzOrder((*chosen, left[0]))
    options = [Option(_zombie(z), z, _at(state, z)) for z in left]
    return ListStep(
        text("nz_device.order.which", n=len(chosen) + 1),
        options,
        lambda zombie: reorder_step(state, proposed, (*chosen, zombie)),
    )


# --- Z5, I3: a tie between equally close infantry units ----------------------------------


def target_step(state: NormandieState, pending: PendingTarget) -> ListStep:
    options = [
        Option(label(state, uid), NzChooseTarget(uid), _at(state, uid))
        for uid in pending.candidates
    ]
    title = text(
        "nz_device.tie.title",
        zombie=_zombie(pending.zombie),
        n=len(pending.candidates),
        distance=pending.distance,
    )
    return ListStep(title, options, lambda cmd: cmd)


# --- Z7: the Assault ---------------------------------------------------------------------


def assault_words(state: NormandieState, pending: PendingAssault) -> Text:
    move = pending.move
    assert move.target is not None
    rage = text("nz_device.move.rage" if move.rage else "nz_device.empty")
    return text(
        "nz_device.assault.title",
        zombie=_zombie(move.zombie),
        target=label(state, move.target),
        space=state.units[move.target].space.name,
        bonus=move.bonus,
        rage=rage,
    )


def assault_step(state: NormandieState, pending: PendingAssault) -> ListStep:
    """Manual entry of the die; a roll from the reader skips straight to :func:`losers_step`."""
    options = [Option(text("prompt.face", n=face), face) for face in DIE_FACES]
    return ListStep(
        assault_words(state, pending),
        options,
        lambda roll: losers_step(state, pending, roll, "keys"),
    )


def check_roll(values: tuple[int, ...]) -> Text | None:
    """Why a reader's roll cannot be an Assault's die, or None if it can."""
    if len(values) != 1 or values[0] not in DIE_FACES:
        return text("nz_device.assault.one_die", values=" ".join(map(str, values)))
    return None


def losers_step(
    state: NormandieState, pending: PendingAssault, roll: int, source: str | None = None
) -> ListStep:
    """The players resolve the Assault with the regular rules and say who fell."""
    move = pending.move
    assert move.target is not None
    zombie, target = move.zombie, move.target
    outcomes: list[tuple[Text, tuple[str, ...]]] = [
        (text("nz_device.assault.nobody"), ()),
        (text("nz_device.assault.falls", unit=label(state, target)), (target,)),
        (text("nz_device.assault.falls", unit=_zombie(zombie)), (zombie,)),
        (text("nz_device.assault.both"), (target, zombie)),
    ]
    title = text("nz_device.assault.rolled", roll=roll, bonus=move.bonus, total=roll + move.bonus)
    options = [Option(words, NzAssault(roll, losers, source)) for words, losers in outcomes]
    return ListStep(title, options, lambda cmd: cmd)


# --- Z1, Z10, Z11: a token drawn from the bag --------------------------------------------


def draw_step(
    state: NormandieState, pending: PendingDraw, chance: random.Random, near: Space
) -> ListStep:
    bag = sorted(state.bag)
    title = text("nz_device.draw.title", by=label(state, pending.by), n=len(bag))

    def pick(how: str) -> StepResult:
        if how == "random":
            return place_drawn(state, pending, chance.choice(bag), near)
        return ListStep(
            text("nz_device.draw.which"),
            [Option(_zombie(token), token) for token in bag],
            lambda token: place_drawn(state, pending, token, near),
        )

    return ListStep(
        title,
        [
            Option(text("nz_device.draw.random"), "random"),
            Option(text("nz_device.draw.by_hand"), "by_hand"),
        ],
        pick,
    )


def place_drawn(state: NormandieState, pending: PendingDraw, token: str, near: Space) -> StepResult:
    """Where the drawn token goes: one of the spaces the rules allow (Z10, Z11)."""
    allowed = pending.spaces
    if len(allowed) == 1:
        return NzDraw(token, allowed[0].name)

    def pick(space: Space) -> StepResult:
        if space not in allowed:
            names = [s.name for s in allowed]
            return Notice(text("nz_device.draw.not_here", space=space.name, spaces=names))
        return NzDraw(token, space.name)

    start = allowed[0] if near not in allowed else near
    return SpaceStep(text("nz_device.draw.where", zombie=_zombie(token)), state, pick, start)
