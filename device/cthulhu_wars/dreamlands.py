"""The Dreamlands on the device: the Bhole's Battles, Zoogs removed, Yog-Sothoth and the
Gates he holds (D6, D9, D10, D16–D19), and the end of the Doom Phase that moves the
monsters (D8, D14)."""

from __future__ import annotations

from functools import partial

from device.cthulhu_wars.areas import AREA_JUMP, JumpList
from device.cthulhu_wars.maps import Action, MapUI
from device.cthulhu_wars.menu import areas, none_left
from device.ui.steps import ListStep, Option, ScreenStep
from rules.cthulhu_wars.commands import BholeResult, SetGate, YogSothoth, ZoogsRemoved
from rules.cthulhu_wars.dreamlands.record import of
from rules.cthulhu_wars.factions import OPENER, YOG_SOTHOTH
from rules.cthulhu_wars.state import GameState
from rules.text import Text, text


def bhole() -> ListStep:
    return ListStep(
        text("prompt.bhole_battle"),
        [
            Option(text("prompt.bhole_killed"), BholeResult("killed")),
            Option(text("prompt.bhole_pained"), BholeResult("pained")),
        ],
        lambda cmd: cmd,
    )


def zoogs(state: GameState) -> ScreenStep:
    options = [
        Option(text(f"area.{a}"), a, text("count.zoogs", n=n)) for a, n in of(state).zoogs.items()
    ]
    if not options:
        return none_left(text("prompt.zoogs_where"))
    return ListStep(text("prompt.zoogs_where"), options, lambda area: zoogs_count(state, area))


def zoogs_count(state: GameState, area: str) -> ListStep:
    here = of(state).zoogs.get(area, 0)
    options = [Option(text("count.zoogs", n=n), ZoogsRemoved(area, n)) for n in range(1, here + 1)]
    return ListStep(text("prompt.zoogs_how_many", area=area), options, lambda cmd: cmd)


def yog_sothoth(state: GameState) -> ListStep:
    options = [Option(text("prompt.off_the_map"), YogSothoth(None))]
    options += [Option(o.label, YogSothoth(o.value), o.detail) for o in areas(state)]
    return JumpList(text("prompt.yog_where"), options, lambda cmd: cmd, jump=AREA_JUMP)


def menu_items(state: GameState) -> list[Action]:
    return [
        ("bhole", bhole),
        ("zoogs", partial(zoogs, state)),
        ("yog", partial(yog_sothoth, state)),
    ]


def phase_effect(state: GameState, following: str) -> Text | None:
    return text("detail.end_of_doom_dreamlands") if following == "action" else None


def gate_extras(state: GameState, area: str) -> list[Option]:
    if OPENER not in state.factions:
        return []
    return [Option(text("prompt.gate_yog"), SetGate(area, True, OPENER, YOG_SOTHOTH))]


DREAMLANDS_UI = MapUI(menu_items=menu_items, phase_effect=phase_effect, gate_extras=gate_extras)
