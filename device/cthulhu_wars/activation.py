"""CUSTODIAN / LIBRARIAN: who activates, and where (C3, C12, C16).

Only factions holding a Silence token may activate; the Librarian only for a faction
with an enemy holding an Overdue Tome. The screen says why a choice is not open.
"""

from __future__ import annotations

from device.cthulhu_wars.areas import AREA_JUMP, JumpList, areas_in_order, on_floor
from device.cthulhu_wars.maps import map_ui
from device.ui.steps import ListStep, Notice, Option, StepResult
from rules.cthulhu_wars.commands import Activate, Monster
from rules.cthulhu_wars.library.agony import librarian_victims
from rules.cthulhu_wars.state import GameState
from rules.text import Text, text


def activation(state: GameState, monster: Monster) -> StepResult:
    """The first question after CUSTODIAN or LIBRARIAN, or a notice why not now."""
    why_not = _why_not(state, monster)
    if why_not is not None:
        return Notice(why_not)
    options = [_activator(state, monster, faction) for faction in state.factions]
    return ListStep(
        text("prompt.who_activates", monster=monster),
        options,
        lambda faction: where(state, monster, faction),
    )


def _why_not(state: GameState, monster: Monster) -> Text | None:
    if monster not in map_ui(state).monsters:
        return text(f"notice.no_monster_here.{monster}")
    if state.pending is not None:
        return text("notice.answer_first")
    if state.phase != "action":
        return text("notice.activate_in_action", monster=monster)  # C3
    holders = [f for f in state.factions if state.silence.get(f)]
    if not holders:
        return text("notice.nobody_has_token")  # C1, I1
    if monster == "librarian" and not any(librarian_victims(state, f) for f in holders):
        return text("notice.no_overdue_enemy")  # C16
    return None


def _activator(state: GameState, monster: Monster, faction: str) -> Option:
    label = text(f"faction.{faction}")
    if not state.silence.get(faction):
        return Option(label, faction, text("detail.no_token"), enabled=False)
    if monster == "librarian":
        victims = librarian_victims(state, faction)
        if not victims:
            return Option(label, faction, text("detail.no_overdue_enemy"), enabled=False)
        return Option(label, faction, text("detail.victims", factions=_names(victims)))
    return Option(label, faction, text("detail.has_token"))


def _names(factions: tuple[str, ...]) -> list[Text]:
    return [text(f"faction.{f}") for f in factions]


def where(state: GameState, monster: Monster, by: str) -> ListStep:
    """Staying first (+1, C12), then every Area, floor by floor (the floor named), five
    lines a press with CUSTODIAN and LIBRARIAN as in every list of Areas."""
    here = getattr(state, monster)
    options = []
    if here is not None:
        options.append(Option(text(f"area.{here}"), here, text("detail.stays_plus_one")))
    for area in areas_in_order(state):
        if area.id != here:
            options.append(Option(text(f"area.{area.id}"), area.id, on_floor(area)))
    return JumpList(
        text("prompt.where", monster=monster, faction=by),
        options,
        lambda area: Activate(monster, by, area),
        jump=AREA_JUMP,
    )
