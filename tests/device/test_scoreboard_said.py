"""What the scoreboard does by itself is said on the screen the table reads next (K4, K8,
K13), drawn as the app draws it right after each command, at 480×320, 800×480 and
1920×1080, in English and Japanese: the Gather Power rows say who K4 raises and why, live
as the dials turn; the first Ritual says the Doom just added for the Gates; the end's
question says why the game ends. Each screen keeps the screen's rules too (the question
first and largest, the last command's board instructions whole, nothing cut).
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from display.games import SCREENS
from display.screen.screen import Screen
from display.view import View
from rules.text import LANGUAGES, Text, render, text
from tests.device.screen_walk import Walker, begin
from tests.device.test_every_screen import (
    FEWEST,
    SCOREBOARD,
    SCOREBOARD_DOOM,
    SCOREBOARD_END,
    problems,
)

GC, CC, BG, YS = "great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"
SIZES = list(FEWEST)
NEW_GAME = json.dumps({"type": "new_game", "map": "celaeno", "factions": [GC, CC, BG, YS],
                       "settings": {"scoreboard": True}})  # fmt: skip


def drawn(view: View, size: tuple[int, int], board: list[Text]) -> str:
    """The words drawn, as read (whatever the lines they were broken into), once the
    screen is checked against the every-screen rules."""
    assert problems(view, size, board) == []
    screen = Screen(pygame.Surface(size), SCREENS)
    screen.render(view)
    return _unspaced("".join(label.text for label in screen.labels()))


def _unspaced(words: str) -> str:
    return "".join(words.split())


def said(walker: Walker, wanted: list[Text], lang: str, size: tuple[int, int]) -> list[str]:
    """Those of ``wanted`` not on the screen (nothing: an empty list)."""
    words = drawn(walker.view(lang), size, walker.board_instructions())
    return [render(t, lang) for t in wanted if _unspaced(render(t, lang)) not in words]


def raised(power: int, leader_has: int) -> Text:
    """K4 as a Gather Power row says it: the dial's Power, what it is raised to, and why."""
    count = text("count.power", n=power)
    half = (leader_has + 1) // 2
    return text("detail.sb.raised", count=count, n=half, leader=GC, most=leader_has)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_gather_power_says_whom_k4_raises_as_the_dials_turn(
    lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """K4: Great Cthulhu's 3 Gates and the 6 Cultists of the set-up (K1) make 12; the
    others are proposed 6 or more, so nobody is raised. Turning the Crawling Chaos down to
    5 says it is raised to 6, where it is drawn; back up to 6 takes the line away; the
    Black Goat turned down to 4 says so too, and still does once the Yellow Sign's row is
    chosen below it."""
    walker = begin(SCOREBOARD, tmp_path)
    nobody = [raised(n, 12) for n in range(6)]
    assert all(_unspaced(render(t, lang)) not in drawn(walker.view(lang), size, [])
               for t in nobody)  # fmt: skip
    walker.act("right")  # the Crawling Chaos's row
    walker.act("down")
    assert said(walker, [raised(5, 12)], lang, size) == []
    walker.act("up")
    assert _unspaced(render(raised(6, 12), lang)) not in drawn(walker.view(lang), size, [])
    walker.act("right")  # the Black Goat's row
    walker.act("down")
    walker.act("down")
    assert said(walker, [raised(4, 12)], lang, size) == []
    walker.act("right")  # the Yellow Sign's row: 1 Gate and 6 Cultists, not raised
    words = drawn(walker.view(lang), size, [])
    assert _unspaced(render(raised(4, 12), lang)) in words  # the Black Goat's, above it


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_ritual_says_the_doom_added_for_gates(
    lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """K8: the Doom Phase gave Great Cthulhu 3 Doom for 3 Gates and the Yellow Sign 1 for
    1; the first Ritual's question says both, and the abandoned Gate to place (C5) stays
    whole under it (problems() reads it back)."""
    walker = begin(SCOREBOARD_DOOM, tmp_path)
    assert walker.board_instructions()  # C5: an abandoned Gate to place
    gains = [text("prompt.sb.gain", faction=YS, n=1), text("prompt.sb.gain", faction=GC, n=3)]
    assert said(walker, gains, lang, size) == []
    walker.act("ok")  # the Yellow Sign passes: Great Cthulhu's Ritual, the Doom said once
    words = drawn(walker.view(lang), size, walker.board_instructions())
    assert _unspaced(render(gains[1], lang)) not in words


DOOM_AT_THE_END = [  # K13: Great Cthulhu's Gate brings him to 30 at the Doom Phase
    NEW_GAME,
    json.dumps({"type": "set_gate", "area": "fountain", "gate": True, "controller": GC}),
    json.dumps({"type": "draw_elder_signs", "faction": GC, "count": 1}),
    json.dumps({"type": "adjust", "faction": GC, "doom": 29}),
    json.dumps({"type": "next_phase"}),
    json.dumps({"type": "gather_power", "power": {GC: 6, CC: 2, BG: 4, YS: 3}}),
    json.dumps({"type": "next_phase"}),
    json.dumps({"type": "first_player", "faction": GC, "direction": "clockwise"}),
    json.dumps({"type": "next_phase"}),
    *(json.dumps({"type": "ritual", "faction": f, "perform": False}) for f in (GC, CC, BG, YS)),
]
REVEALED_AT_THE_END = [  # K13: a reveal in the Action Phase takes Great Cthulhu to 32
    NEW_GAME,
    json.dumps({"type": "draw_elder_signs", "faction": GC, "count": 1}),
    json.dumps({"type": "draw_elder_signs", "faction": YS, "count": 2}),
    json.dumps({"type": "adjust", "faction": GC, "doom": 29}),
    json.dumps({"type": "reveal_elder_signs", "faction": GC, "values": [3]}),
]
TRACK_AT_THE_END = [  # K13: the example's last Ritual takes the marker to the track's end
    line for line in SCOREBOARD_END.read_text("utf-8").splitlines() if line.startswith("{")
][:49]
ENDS = {
    "doom": (DOOM_AT_THE_END, text("prompt.sb.ends.doom", factions=[text(f"faction.{GC}")], n=30)),
    "elder_signs": (
        REVEALED_AT_THE_END,
        text("prompt.sb.ends.elder_signs", factions=[text(f"faction.{GC}")], n=30),
    ),
    "ritual_track": (TRACK_AT_THE_END, text("prompt.sb.ends.ritual_track")),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("reason", list(ENDS))
def test_the_ends_question_says_why_the_game_ends(
    reason: str, lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """K13, K14: right after the command that ended the game, the question asking for the
    Elder Signs' values says why, in the question's own words."""
    journal, why = ENDS[reason]
    walker = begin(journal, tmp_path)
    assert said(walker, [why], lang, size) == []
    title = walker.view(lang).prompt.title  # K14's question, what is left and why
    assert title.params["question"].key == "prompt.sb.reveal"
    assert title.params["left"].key == "prompt.sb.and_why"
