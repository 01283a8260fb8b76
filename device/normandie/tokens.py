"""Life points and Suppressed tokens from the grid: a unit is picked where it stands.

Chapter 3 scores each life point the Shoggoth loses (``nz_wound``); Z10 lets a Master
create Zombies only without Suppressed tokens (``nz_suppressed``, the players' count).
Both start on the grid, the cursor on a unit the question fits, so with one Shoggoth on
the battlefield OK answers "which unit" at once.
"""

from __future__ import annotations

from collections.abc import Callable

from device.normandie.space import SpaceStep
from device.ui.steps import DONE, ListStep, Notice, Option, ScreenStep, StepResult
from rules.normandie.battlefield import Space
from rules.normandie.commands import NzSuppressed, NzWound
from rules.normandie.sentences import label
from rules.normandie.state import NormandieState
from rules.normandie.units import Unit
from rules.text import Text, text

MOST_SUPPRESSED = 6  # more tokens than any unit carries in play


def unit_on_grid(
    state: NormandieState,
    question: Text,
    near: Space,
    keep: Callable[[Unit], bool],
    then: Callable[[str], StepResult],
) -> ScreenStep:
    """A unit chosen on the grid among those ``keep`` accepts; elsewhere says which ones."""
    eligible = sorted(
        (u for u in state.units.values() if keep(u)), key=lambda u: (u.space.row, u.space.col)
    )
    if not eligible:
        return ListStep(question, [Option(text("nz_device.none_here"), DONE)], lambda a: a)
    start = near if any(u.space == near for u in eligible) else eligible[0].space
    where = [
        text("nz_device.unit_at", unit=label(state, u.id), space=u.space.name) for u in eligible
    ]

    def pick(space: Space) -> StepResult:
        uid = state.occupied().get(space)
        if uid is None or not keep(state.units[uid]):
            return Notice(text("nz_device.grid.not_here", space=space.name, units=where))
        return then(uid)

    return SpaceStep(question, state, pick, start)


# --- Chapter 3: life points lost -------------------------------------------------------------


def wound_which(state: NormandieState, near: Space) -> ScreenStep:
    return unit_on_grid(
        state,
        text("nz_device.wound.which"),
        near,
        lambda u: u.life_points is not None,
        lambda uid: wound_how_many(state, uid),
    )


def wound_how_many(state: NormandieState, uid: str) -> StepResult:
    left = state.units[uid].life_points or 0
    if left == 0:
        return Notice(text("nz_device.wound.none_left", unit=label(state, uid)))
    options = [Option(text("nz_device.wound.lost", n=n), n) for n in range(1, left + 1)]
    return ListStep(
        text("nz_device.wound.how_many", unit=label(state, uid), left=left),
        options,
        lambda n: wound_by(state, uid, n),
    )


def wound_by(state: NormandieState, uid: str, lost: int) -> ListStep:
    """Chapter 3 scores the side whose unit did it; the Zombies score for nobody."""
    options = [Option(text(f"normandie.side.{p}"), NzWound(uid, lost, p)) for p in state.players]
    options.append(Option(text("nz_device.eliminate.nobody"), NzWound(uid, lost)))
    return ListStep(text("nz_device.wound.by", unit=label(state, uid)), options, lambda cmd: cmd)


# --- Suppressed tokens (Z10, Z13) ------------------------------------------------------------


def suppressed_which(state: NormandieState, near: Space) -> ScreenStep:
    return unit_on_grid(
        state,
        text("nz_device.suppressed.which"),
        near,
        lambda u: not u.is_zombies,
        lambda uid: suppressed_count(state, uid),
    )


def suppressed_count(state: NormandieState, uid: str) -> ListStep:
    """The count now is shown and not offered; the cursor starts on one token more."""
    now = state.suppressed.get(uid, 0)
    options = [
        Option(
            _count_words(n),
            NzSuppressed(uid, n),
            text("nz_device.suppressed.now") if n == now else None,
            enabled=n != now,
        )
        for n in range(MOST_SUPPRESSED + 1)
    ]
    return ListStep(
        text("nz_device.suppressed.title", unit=label(state, uid), now=_count_words(now)),
        options,
        lambda cmd: cmd,
        cursor=min(now + 1, MOST_SUPPRESSED),
    )


def _count_words(n: int) -> Text:
    return text("nz_device.suppressed.none") if n == 0 else text("nz_device.suppressed.n", n=n)
