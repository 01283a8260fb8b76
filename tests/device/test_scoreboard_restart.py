"""A pulled plug loses nothing of the scoreboard (I10): the app started again on the same
state directory proposes the same Power and the same Great Old Ones as before, read from
the journal; and one choice that answers for several factions is a journal line each."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from device.companion.app import App, Inputs
from device.companion.window import Window
from display.view import Prompt
from hardware.events import ButtonPressed
from rules.cthulhu_wars.scoreboard.commands import Ritual
from rules.games import RULES
from rules.journal import parse_line
from rules.text import Text
from tests.device.conftest import open_session

GC, CC, BG, YS = "great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"
NEXT = {"type": "next_phase"}
ROUND_2 = [  # Great Cthulhu holds 3 Gates, the Yellow Sign 1; the Crawling Chaos has 6 Cultists
    {"type": "new_game", "map": "celaeno", "factions": [GC, CC, BG, YS],
     "settings": {"scoreboard": True}},
    *({"type": "set_gate", "area": area, "gate": True, "controller": faction}
      for area, faction in (("fountain", GC), ("horrorium", GC), ("cursed_hall", GC),
                            ("gloomloft", YS))),
    NEXT,
    {"type": "gather_power", "power": {GC: 6, CC: 6, BG: 0, YS: 2}},
    NEXT,
    {"type": "first_player", "faction": GC, "direction": "clockwise"},
    NEXT,
    {"type": "ritual", "faction": GC, "perform": True, "great_old_ones": 2},
    *({"type": "ritual", "faction": f, "perform": False} for f in (CC, BG, YS)),
    NEXT,
    NEXT,  # round 3: Gather Power
]  # fmt: skip
TO_THE_DOOM_PHASE = [
    {"type": "gather_power", "power": {GC: 10, CC: 10, BG: 4, YS: 6}},
    NEXT,
    {"type": "first_player", "faction": GC, "direction": "clockwise"},
    NEXT,
]


def play(state_dir: Path, surface: pygame.Surface, commands: list[dict[str, Any]]) -> None:
    store, session = open_session(state_dir)
    with store:
        app = App(session, Window(surface), Inputs())
        for obj in commands:
            cmd = parse_line(json.dumps(obj), RULES, app.session.played.game)
            assert cmd is not None
            app.submit(cmd)


def asked(state_dir: Path, surface: pygame.Surface) -> Prompt:
    """What a freshly started app asks (a new App on the same state directory)."""
    store, session = open_session(state_dir)
    with store:
        return App(session, Window(surface), Inputs()).view().prompt


def proposed_power(prompt: Prompt) -> list[int]:
    return [_dial(c.detail) for c in prompt.choices[:-1]]  # type: ignore[arg-type]


def _dial(detail: Text) -> int:
    """A Gather Power row's number, also where it says what K4 raises it to."""
    count = detail.params["count"] if detail.key == "detail.sb.raised" else detail
    return int(count.params["n"])


def test_a_restart_proposes_the_same_power_and_great_old_ones(
    state_dir: Path, surface: pygame.Surface
) -> None:
    store, session = open_session(state_dir)
    with store:
        app = App(session, Window(surface), Inputs())
        for obj in ROUND_2:
            cmd = parse_line(json.dumps(obj), RULES, app.session.played.game)
            assert cmd is not None
            app.submit(cmd)
        before = app.view().prompt
    assert before.title.key == "prompt.sb.gather_power"
    # 4 abandoned Gates since the first Doom Phase (C5), and the 6 Cultists again (I10)
    assert proposed_power(before) == [10, 10, 4, 6]
    assert proposed_power(asked(state_dir, surface)) == proposed_power(before)

    play(state_dir, surface, TO_THE_DOOM_PHASE)
    ritual = asked(state_dir, surface)
    # the Doom Phase's first Ritual, saying the Doom just added for the Gates
    assert ritual.title.key == "prompt.sb.first_ritual" and ritual.title.params["faction"] == GC
    assert ritual.choices[1].label.params["n"] == 2  # perform it with 2, as last time


def test_nobody_else_performs_a_ritual_writes_a_line_a_faction(
    state_dir: Path, surface: pygame.Surface
) -> None:
    play(state_dir, surface, [*ROUND_2, *TO_THE_DOOM_PHASE])
    store, session = open_session(state_dir)
    with store:
        app = App(session, Window(surface), Inputs())
        written = len(store.commands(session.game_id))
        app.handle_input(ButtonPressed("up"))  # from Pass, round the list
        app.handle_input(ButtonPressed("ok"))
        lines = store.commands(session.game_id)[written:]
        assert app.state.pending is None and app.state.phase == "doom"
    assert [parse_line(line, RULES, session.played.game) for line in lines] == [
        Ritual(f, False) for f in (GC, CC, BG, YS)
    ]
