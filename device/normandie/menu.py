"""PHASE and the menu (OK on the main screen) of a Normandie battle.

Units come onto the battlefield, move, fall; the initiative changes hands; gear and
spells are used (Z9–Z13). Spaces are chosen on the grid (:mod:`device.normandie_space`),
units from lists that say where each stands. The rules check everything; a refused
command is shown with its reason and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from device.normandie.space import SpaceStep, free_square
from device.normandie.tokens import suppressed_which, wound_which
from device.ui.menu import table_lines
from device.ui.steps import (
    DONE,
    ListStep,
    Notice,
    Option,
    ScreenStep,
    StepResult,
)
from rules.normandie.battlefield import Space
from rules.normandie.commands import (
    NzBind,
    NzControl,
    NzCreate,
    NzDart,
    NzEliminate,
    NzEngage,
    NzInitiative,
    NzMoveUnit,
    NzNextPhase,
    NzSerum,
)
from rules.normandie.sentences import label
from rules.normandie.state import SETUP, NormandieState
from rules.normandie.units import MARKS, MASTER, Unit
from rules.text import Text, text


def phase_step(state: NormandieState) -> ListStep:
    """PHASE asks first and says what comes next (the Zombies phase: Z3)."""
    following = _following(state.phase)
    return ListStep(
        text("nz_device.phase.next", phase=text(f"nz_device.phase.{following}")),
        [
            Option(
                text("prompt.go_on"), NzNextPhase(), text(f"nz_device.phase_effect.{following}")
            ),
            Option(text("prompt.cancel"), DONE),
        ],
        lambda answer: answer,
    )


def _following(phase: str) -> str:
    return {"setup": "orders", "orders": "zombies", "activation": "supply"}.get(phase, "orders")


def menu(
    state: NormandieState,
    lang: str,
    near: Space,
    terrain: Callable[[], StepResult],
    place: Callable[[], StepResult],
    redo: bool,
) -> ListStep:
    """``terrain``: what brings the terrain step back (offered during setup only);
    ``place``: the grid placing units (device/normandie/placing.py); ``redo``: something
    is undone, so the menu offers to redo it."""
    items: list[tuple[str, Callable[[], StepResult]]] = [("place", place)]
    if state.phase == SETUP:
        items.append(("terrain", terrain))
    items += [
        ("move", lambda: move_which(state, near)),
        ("eliminate", lambda: eliminate_which(state)),
    ]
    if any(unit.life_points is not None for unit in state.units.values()):
        items.append(("wound", lambda: wound_which(state, near)))  # Chapter 3: the Shoggoth
    items += [
        ("suppressed", lambda: suppressed_which(state, near)),
        ("gear", lambda: gear_menu(state)),
        ("initiative", lambda: initiative(state)),
    ]
    options = [Option(text(f"nz_device.menu.{key}"), action) for key, action in items]
    options += table_lines(lang, redo, undo=text("nz_device.menu.undo"))
    return ListStep(text("prompt.menu"), options, lambda action: action())


def unit_options(state: NormandieState, keep: Callable[[Unit], bool]) -> list[Option]:
    ordered = sorted(state.units.values(), key=lambda u: (u.space.row, u.space.col))
    return [
        Option(label(state, u.id), u.id, text("nz_device.at", space=u.space.name))
        for u in ordered
        if keep(u)
    ]


def choose_unit(
    state: NormandieState,
    title: Text,
    keep: Callable[[Unit], bool],
    then: Callable[[str], StepResult],
) -> ScreenStep:
    options = unit_options(state, keep)
    if not options:
        return ListStep(title, [Option(text("nz_device.none_here"), DONE)], lambda a: a)
    return ListStep(title, options, then)


# --- units moving and falling --------------------------------------------------------------


def move_which(state: NormandieState, near: Space) -> ScreenStep:
    return choose_unit(
        state, text("nz_device.relocate.which"), lambda u: True, lambda uid: move_where(state, uid)
    )


def move_where(state: NormandieState, uid: str) -> SpaceStep:
    """Only squares the unit can stand on are offered: free ones, and its own (I4)."""
    start = state.units[uid].space
    question = text("nz_device.relocate.where", unit=label(state, uid))
    return SpaceStep(
        question,
        state,
        lambda s: NzMoveUnit(uid, s.name),
        start,
        allowed=lambda s: s == start or free_square(state, s),
    )


def eliminate_which(state: NormandieState) -> ScreenStep:
    return choose_unit(
        state,
        text("nz_device.eliminate.which"),
        lambda u: True,
        lambda uid: eliminated_by(state, uid),
    )


def eliminated_by(state: NormandieState, uid: str) -> ListStep:
    """Chapter 3 scores the side that eliminated a unit; the Zombies score for nobody."""
    options = [Option(text(f"normandie.side.{p}"), NzEliminate(uid, p)) for p in state.players]
    options.append(Option(text("nz_device.eliminate.nobody"), NzEliminate(uid)))
    return ListStep(
        text("nz_device.eliminate.by", unit=label(state, uid)), options, lambda cmd: cmd
    )


def initiative(state: NormandieState) -> ListStep:
    options = [
        Option(text(f"normandie.side.{p}"), NzInitiative(p), enabled=p != state.initiative)
        for p in state.players
    ]
    return ListStep(text("nz_device.initiative"), options, lambda cmd: cmd)


# --- gear and spells (Z9–Z13) ----------------------------------------------------------------


def gear_menu(state: NormandieState) -> ListStep:
    items: list[tuple[str, Callable[[], StepResult]]] = [
        (
            "dart",
            lambda: _user(
                state, "dart", lambda u: _zombie_for(state, "dart", lambda z: _mark(state, u, z))
            ),
        ),
        (
            "bind",
            lambda: _user(
                state, "bind", lambda u: _zombie_for(state, "bind", lambda z: NzBind(u, z))
            ),
        ),
        ("serum", lambda: _user(state, "serum", NzSerum)),
        ("create", lambda: _master(state, "create", lambda m: _grave(state, m))),
        (
            "control",
            lambda: _master(
                state, "control", lambda m: _zombie_for(state, "control", lambda z: NzControl(m, z))
            ),
        ),
        ("engage", lambda: _zombie_for(state, "engage", NzEngage)),
    ]
    options = [
        Option(text(f"nz_device.gear.{key}"), action, text(f"nz_device.gear_rule.{key}"))
        for key, action in items
    ]
    return ListStep(text("nz_device.gear.title"), options, lambda action: action())


def _user(state: NormandieState, what: str, then: Callable[[str], StepResult]) -> ScreenStep:
    return choose_unit(state, text(f"nz_device.gear_user.{what}"), lambda u: not u.is_zombies, then)


def _master(state: NormandieState, what: str, then: Callable[[str], StepResult]) -> ScreenStep:
    return choose_unit(state, text(f"nz_device.gear_user.{what}"), lambda u: u.kind == MASTER, then)


def _zombie_for(state: NormandieState, what: str, then: Callable[[str], StepResult]) -> ScreenStep:
    return choose_unit(state, text(f"nz_device.gear_zombie.{what}"), lambda u: u.is_zombies, then)


def _mark(state: NormandieState, user: str, zombie: str) -> ListStep:
    options = [Option(text(f"normandie.mark.{m}"), NzDart(user, zombie, m)) for m in MARKS]
    return ListStep(
        text("nz_device.gear.mark", zombie=label(state, zombie)), options, lambda cmd: cmd
    )


def _grave(state: NormandieState, master: str) -> StepResult:
    graves = state.mass_graves
    if not graves:
        return Notice(text("nz_device.gear.no_graves"))
    options = [
        Option(
            text("nz_device.gear.grave", grave=g.id),
            NzCreate(master, g.id),
            text("nz_device.at", space=", ".join(sorted(s.name for s in g.spaces))),
        )
        for g in graves
    ]
    return ListStep(text("nz_device.gear.which_grave"), options, lambda cmd: cmd)
