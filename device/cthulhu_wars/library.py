"""The Library at Celaeno on the device: the Custodian and the Librarian on the main screen
and their buttons, the Tomes used or turned face up, and Silence tokens for the Barrier
(C3, C11, C12, C15); a first Doom Phase that opens the Tome Areas' Gates (C5)."""

from __future__ import annotations

from functools import partial

from device.cthulhu_wars.maps import Action, MapUI
from device.cthulhu_wars.menu import none_left
from device.ui.steps import ListStep, Option, ScreenStep
from display.view import Hint
from rules.cthulhu_wars.commands import MONSTERS, SpendSilence, UnflipTome, UseTome
from rules.cthulhu_wars.maps.celaeno import FLIPPING_TOMES
from rules.cthulhu_wars.state import GameState
from rules.text import Text, text


def _held(state: GameState, face_up: bool) -> list[Option]:
    return [
        Option(text("prompt.tome_of", tome=tome, faction=held.holder), (held.holder, tome))
        for tome, held in state.tomes.items()
        if held.holder is not None and held.face_up == face_up and tome in FLIPPING_TOMES
    ]


def use_tome(state: GameState) -> ScreenStep:
    options = _held(state, face_up=True)
    title = text("prompt.which_tome_used")
    if not options:
        return none_left(title)
    return ListStep(title, options, lambda pair: UseTome(*pair))


def unflip(state: GameState) -> ScreenStep:
    options = _held(state, face_up=False)
    title = text("prompt.which_tome_up")
    if not options:
        return none_left(title)
    return ListStep(title, options, lambda pair: unflip_payment(state, *pair))


def unflip_payment(state: GameState, holder: str, tome: str) -> ListStep:
    """C11: a Silence token, an Elder Sign, or releasing a captured Cultist."""
    token = Option(
        text("pay.silence"),
        SpendSilence(holder, "unflip", tome),
        enabled=bool(state.silence.get(holder)),
    )
    options = [
        token,
        Option(text("pay.elder_sign"), UnflipTome(holder, tome, "elder_sign")),
        Option(text("pay.cultist"), UnflipTome(holder, tome, "cultist")),
    ]
    return ListStep(text("prompt.unflip_pay", faction=holder, tome=tome), options, lambda cmd: cmd)


def barrier(state: GameState) -> ListStep:
    """C11: the Barrier's cost, paid with a Silence token to declare Battle on its holder."""
    holder = state.tomes["barrier_of_naach_tith"].holder
    options = [
        Option(
            text(f"faction.{f}"),
            SpendSilence(f, "barrier"),
            enabled=bool(state.silence.get(f)) and f != holder,
        )
        for f in state.factions
    ]
    return ListStep(text("prompt.barrier_who"), options, lambda cmd: cmd)


def menu_items(state: GameState) -> list[Action]:
    return [
        ("use_tome", partial(use_tome, state)),
        ("unflip", partial(unflip, state)),
        ("barrier", partial(barrier, state)),
    ]


def hints(state: GameState) -> list[Hint]:
    return [Hint(BUTTON_OF[m], text(f"hint.{m}")) for m in MONSTERS]


# The game buttons, by the monster each activates (their labels on the box: C12, C15).
BUTTON_OF: dict[str, str] = {"custodian": "left", "librarian": "right"}


def phase_effect(state: GameState, following: str) -> Text | None:
    if following == "doom" and state.doom_phases == 0:
        return text("detail.first_doom_celaeno")  # C5
    return None


LIBRARY_UI = MapUI(monsters=MONSTERS, menu_items=menu_items, hints=hints, phase_effect=phase_effect)
