"""What each map adds to Cthulhu Wars on the device, as the rules' expansions do to the core.

A map's front end is one :class:`MapUI` value in a module of its own (``library``,
``dreamlands``); ``MAPS`` names where each lives. The core's menus, main screen and
activations ask the map being played and never which map it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Never

from device.ui.steps import Option, StepResult
from display.view import Hint
from rules.cthulhu_wars.commands import Monster
from rules.cthulhu_wars.state import GameState
from rules.parts import Parts
from rules.text import Text
from rules.values import Record

Action = tuple[str, Callable[[], StepResult]]  # a catalogue key and what choosing it does


def _nothing(state: GameState) -> Sequence[Never]:
    return []


def _no_effect(state: GameState, following: str) -> Text | None:
    return None


def _no_gate_extras(state: GameState, area: str) -> list[Option]:
    return []


class MapUI(Record):
    """- ``monsters``: the monsters a player may activate on this map (C12, C15);
    - ``menu_items(state)``: the map's lines in the menu, after "Gate";
    - ``hints(state)``: the buttons' meanings the map adds on the main screen;
    - ``phase_effect(state, following)``: what PHASE's confirmation says the next phase
      does, where the map has more to say than the catalogue's line for it;
    - ``gate_extras(state, area)``: more ways a Gate may be held (Yog-Sothoth)."""

    monsters: tuple[Monster, ...] = ()
    menu_items: Callable[[GameState], Sequence[Action]] = _nothing
    hints: Callable[[GameState], Sequence[Hint]] = _nothing
    phase_effect: Callable[[GameState, str], Text | None] = _no_effect
    gate_extras: Callable[[GameState, str], Sequence[Option]] = _no_gate_extras


MAPS = Parts[MapUI](
    "map front end",
    {
        "celaeno": "device.cthulhu_wars.library:LIBRARY_UI",
        "dreamlands": "device.cthulhu_wars.dreamlands:DREAMLANDS_UI",
    },
)


def map_ui(state: GameState) -> MapUI:
    return MAPS.get(state.map)
