"""Issue 32: every screen a table reaches has room for its choices, cuts nothing and draws
nothing outside its panel, at 480×320, 800×480 and 1920×1080, in English and Japanese.

The screens are walked (tests/device/screen_walk.py) from a few games: the first launch's
fresh game (its greeting), the Action Phase of round 2, a Custodian split just entered
(its result long, the History a few presses away), two Overdue Tomes (the Librarian), a
Dreamlands game, the Bhole's roll, a Dreamlands game with the scoreboard, a scoreboard game
whose factions hold Elder Signs (revealed from the menu, and at its end), a dense Dreamlands
board (drawn with its list closed too), Normandie battles (Chapter 1 placing its units, at its
end, Chapter 3) and a new battle's wizard. Each screen is drawn as the app draws it and must
show at least 3 choices at 480×320, 5 at 800×480 and 8 at 1920×1080 (all when it has
fewer), no label cut or containing "…", and every label inside its box and its panel.
Right after a command, every board instruction of it (move, eliminate, return, destroy,
place) is read back whole from what is drawn. The question first: the question, its
choices, a refusal and the board instructions are set at least 18 / 24 / 40 px (480×320,
800×480, 1920×1080), every other text at least 14 / 18 / 28 px (the Normandie grid's
coordinates, units' letters and moves' numbers too), and nothing else on the prompt's side
is larger than they are. A "px" size is the size the typeface is asked for
(its em): a capital of the bundled face is about 0.7 of it tall, a lower-case x about 0.5,
a kanji about 0.9.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from display.games import SCREENS
from display.layout.canvas import Label
from display.screen.screen import Screen
from display.view import View
from rules.text import LANGUAGES, Text, render
from tests.device.screen_walk import Walker, begin, walk
from tests.device.test_history import SPLIT_3
from tests.device.test_press_table import ROUND_2, TWO_OVERDUE
from tests.device.test_said_what_it_did import said_ways

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_SCREENS = ROOT / "tests" / "goldens" / "screens"
SCOREBOARD_END = ROOT / "rules" / "examples" / "celaeno_scoreboard.jsonl"
FEWEST = {(480, 320): 3, (800, 480): 5, (1920, 1080): 8}
# The least type size (px asked of the typeface) of the question first, of all else.
FIRST_PX = {(480, 320): 18, (800, 480): 24, (1920, 1080): 40}
LEAST_PX = {(480, 320): 14, (800, 480): 18, (1920, 1080): 28}
QUESTION_FIRST = ("question", "refusal", "choice", "instruction")  # the prompt's roles
# Normandie's grid: its coordinates, units' letters and move numbers (the canvas's marks)
# at the screen's floor too, a window of the battlefield where the whole would not hold them.
GRID_MARK_PX = LEAST_PX
DEPTH, MOST = 3, 150  # actions from each start, screens from each start
SIZE_CHECKS: Counter[tuple[int, int]] = Counter()  # size checks made, by screen size


def _scoreboard_end() -> list[str]:
    """E4, the example's whole scoreboard game to its winner."""
    return [line for line in SCOREBOARD_END.read_text("utf-8").splitlines() if line.strip()]


def _journal(name: str) -> list[str]:
    lines = (GOLDEN_SCREENS / f"{name}.jsonl").read_text("utf-8").splitlines()
    return [line for line in lines if line.strip()]


# One blank tile with both kinds of Mass Grave: the grid is square, so its key has the
# narrow room beside it ("⊕ Mass Grave X1 (used once)" was cut there).
BLANK_TILE_WITH_GRAVES = json.dumps({
    "type": "nz_new_battle", "tiles": {"columns": 1, "rows": 1},
    "players": ["sons_of_cthulhu", "black_sun"], "initiative": "sons_of_cthulhu",
    "zombies": {"z1": 3, "z2": 3}, "impassable": ["C3"],
    "mass_graves": [{"id": "g1", "spaces": ["E5"], "single_use": True},
                    {"id": "g2", "spaces": ["B5"], "single_use": False}],
})  # fmt: skip

# A 4-player game with the scoreboard: its Gather Power, a Ritual, and its menu lines.
SCOREBOARD = [
    json.dumps({"type": "new_game", "map": "celaeno", "factions": [
        "great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"],
        "settings": {"scoreboard": True}}),
    *(json.dumps({"type": "set_gate", "area": area, "gate": True, "controller": faction})
      for area, faction in (("fountain", "great_cthulhu"), ("horrorium", "great_cthulhu"),
                            ("cursed_hall", "great_cthulhu"), ("gloomloft", "yellow_sign"))),
    json.dumps({"type": "next_phase"}),
]  # fmt: skip
SCOREBOARD_DOOM = [
    *SCOREBOARD,
    json.dumps({"type": "gather_power", "power": {
        "great_cthulhu": 6, "crawling_chaos": 6, "black_goat": 4, "yellow_sign": 8}}),
    json.dumps({"type": "next_phase"}),
    json.dumps({"type": "first_player", "faction": "yellow_sign", "direction": "clockwise"}),
    json.dumps({"type": "next_phase"}),
]  # fmt: skip
SCOREBOARD_ACTION = [
    *SCOREBOARD_DOOM,
    *(json.dumps({"type": "ritual", "faction": f, "perform": False})
      for f in ("yellow_sign", "great_cthulhu", "crawling_chaos", "black_goat")),
    json.dumps({"type": "next_phase"}),
]  # fmt: skip

# A Dreamlands game with the scoreboard: its table above the two boards' Citadels, its
# Gather Power, then its Rituals before the Bhole rolls.
DREAMLANDS_SCOREBOARD = [
    json.dumps({"type": "new_game", "map": "dreamlands", "factions": [
        "great_cthulhu", "crawling_chaos", "yellow_sign", "black_goat", "windwalker"],
        "settings": {"scoreboard": True}}),
    *(json.dumps({"type": "set_gate", "area": area, "gate": True, "controller": faction})
      for area, faction in (("surface_citadel_1_2", "yellow_sign"),
                            ("underworld_citadel_3", "great_cthulhu"),
                            ("surface_citadel_4", "black_goat"))),
    json.dumps({"type": "next_phase"}),
]  # fmt: skip
DREAMLANDS_SCOREBOARD_DOOM = [
    *DREAMLANDS_SCOREBOARD,
    json.dumps({"type": "gather_power", "power": {"great_cthulhu": 6, "crawling_chaos": 4,
                                                  "yellow_sign": 5, "black_goat": 6, "windwalker": 4}}),
    json.dumps({"type": "next_phase"}),
    json.dumps({"type": "first_player", "faction": "great_cthulhu", "direction": "clockwise"}),
    json.dumps({"type": "next_phase"}),
]  # fmt: skip
# A dense Dreamlands board: five factions, Yog-Sothoth, abandoned Gates with Zoogs in them,
# a Citadel warning; at 480×320 with no list beside it, its words are what is read.
DREAMLANDS_DENSE = [
    json.dumps({"type": "new_game", "map": "dreamlands", "factions": [
        "great_cthulhu", "opener_of_the_way", "yellow_sign", "windwalker", "sleeper"]}),
    *(json.dumps({"type": "set_gate", "area": area, "gate": True, "controller": faction})
      for area, faction in (("surface_citadel_1_2", "yellow_sign"),
                            ("surface_citadel_3", "yellow_sign"),
                            ("surface_citadel_5_6", "yellow_sign"),
                            ("underworld_citadel_3", "great_cthulhu"),
                            ("surface_citadel_4", "sleeper"))),
    json.dumps({"type": "yog_sothoth", "area": "underworld_citadel_1_2"}),
    *(json.dumps({"type": "next_phase"}) for _ in range(4)),
    json.dumps({"type": "roll", "values": [4]}),
    json.dumps({"type": "roll", "values": [4, 4, 4, 1, 1, 6]}),
    json.dumps({"type": "next_phase"}),
]  # fmt: skip

STARTS = {
    "first_launch": lambda: ROUND_2[:1],
    "round_2": lambda: ROUND_2,
    "split_entered": lambda: SPLIT_3,
    "two_overdue": lambda: TWO_OVERDUE,
    "dreamlands": lambda: _journal("dreamlands_zoogs_removed"),
    "bhole_rolled": lambda: _journal("dreamlands_zoogs_roll"),
    "normandie": lambda: _journal("normandie_chapter1"),
    # Setup with the placing list open (a 21 × 7 battlefield) and Chapter 3's 21 × 14
    "normandie_setup": lambda: _journal("normandie_chapter1")[:4],
    "normandie_chapter3": lambda: _journal("normandie_chapter3"),
    "new_battle": lambda: ROUND_2[:1],
    "blank_tile_with_graves": lambda: [BLANK_TILE_WITH_GRAVES],
    "scoreboard_gather_power": lambda: SCOREBOARD,
    "scoreboard_ritual": lambda: SCOREBOARD_DOOM,
    "scoreboard_action": lambda: SCOREBOARD_ACTION,
    "dreamlands_scoreboard": lambda: DREAMLANDS_SCOREBOARD,
    "dreamlands_scoreboard_doom": lambda: DREAMLANDS_SCOREBOARD_DOOM,
    "dreamlands_dense": lambda: DREAMLANDS_DENSE,
    # E4's round 3, Action Phase: every faction but the Crawling Chaos holds Elder Signs,
    # so the menu offers to reveal them (K11)
    "scoreboard_signs_held": lambda: _scoreboard_end()[:40],
    # E4's last Doom Phase, the ritual track ended (K13): each faction asked its signs (K14)
    "scoreboard_reveal": lambda: _scoreboard_end()[:49],
    # the end (K13): the monsters' buttons say so in one line, the menu is shorter, PHASE
    # shows the Doom chart alone; its summary at the screen's least type, as every board
    "scoreboard_over": lambda: _scoreboard_end(),
}
# Choices tapped before the walk begins: a new battle's wizard and sheet lie deeper, and
# so do the scoreboard's menu lines.
OPENED = {
    "new_battle": ("main.menu", "menu.new_game", "nz_device.new.free"),
    "scoreboard_action": ("main.menu",),
    "scoreboard_signs_held": ("main.menu", "menu.sb_faction"),  # Great Cthulhu's, 1 sign
}
# Questions a start's walk must reach (by their title's key), so a start that stops
# reaching them fails rather than checking less.
REACHES = {
    "scoreboard_signs_held": ("prompt.sb.reveal_values",),
    "scoreboard_reveal": ("prompt.sb.reveal",),
}
# Starts whose main screens (the round and its phase asked, no decision pending) are drawn
# a second time with no list beside the board: the board widens and is what is read.
NO_LIST = ("dreamlands_dense",)
# Board instructions read back from the screens right after a command (each start's walk
# reaches these many, summed over languages and sizes): the Bhole's roll moves it,
# destroys a Gate and eliminates a unit, the Librarian's and the Custodian's decisions
# move and eliminate Units and return Tomes.
INSTRUCTIONS_AT_LEAST = {
    "first_launch": 72, "round_2": 366, "split_entered": 258, "two_overdue": 594,
    "dreamlands": 24, "bhole_rolled": 24, "normandie": 6, "blank_tile_with_graves": 18,
}  # fmt: skip


def _question(title: Text) -> str:
    """The key of a screen's question, without what a dial adds to it (what is left)."""
    question = title.params.get("question") if title.key == "prompt.dial" else None
    return question.key if isinstance(question, Text) else title.key


def _open(walker: Walker, key: str) -> None:
    choices = walker.view("en").prompt.choices
    walker.act(next(i for i, choice in enumerate(choices) if choice.label.key == key))


def problems(view: View, size: tuple[int, int], board: Sequence[Text] = ()) -> list[str]:
    """What is wrong with ``view`` drawn at ``size`` (nothing: an empty list); ``board``:
    the board instructions of the command just entered, each to be read whole on it."""
    screen = Screen(pygame.Surface(size), SCREENS)
    screen.render(view)
    found: list[str] = []
    drawn = _unspaced("".join(label.text for label in screen.labels()))
    for event in board:
        said = render(event, view.lang)
        if _unspaced(said) not in drawn:
            found.append(f"board instruction not shown: {said!r}")
    panels = screen.regions.panels()
    for label in screen.labels():
        where = f"{label.panel}: {label.text!r}"
        if label.truncated or "…" in label.text:
            found.append(f"cut {where}")
        if not label.box.contains(label.rect) or not panels[label.panel].contains(label.rect):
            found.append(f"outside {where}")
    wanted = min(FEWEST[size], len(view.prompt.choices))
    result = view.prompt.result
    # right after a command (beside a list: with none, or one, the board is what is read
    # and keeps the room: the grid of Normandie's turns, a dense board with its list closed,
    # the end's summary beside its menu)
    if result is not None and result.key == "device.result" and len(view.prompt.choices) > 1:
        if not any(way in drawn for way in said_ways(view)):
            found.append(f"the last command's result is not said: {said_ways(view)[-1]!r}")
        # its words first (issue 50, item 5): the list shows fewer until the next press
        wanted = min(1, wanted)
    shown = len(screen.shown_choices())
    if shown < wanted:
        found.append(f"{shown} of {len(view.prompt.choices)} choices shown, {wanted} wanted")
    if view.state.get("game") == "normandie":
        found += mark_problems(screen.marks(), size)
    return found + size_problems(screen.labels(), size)


def mark_problems(marks: Sequence[Label], size: tuple[int, int]) -> list[str]:
    """The grid's coordinates, letters and numbers set under the screen's floor."""
    least = GRID_MARK_PX[size]
    SIZE_CHECKS[size] += len(marks)
    return [f"grid mark at {mark.px} px, {least} wanted: {mark.text!r}"
            for mark in marks if mark.panel == "board" and mark.px < least]  # fmt: skip


def first(label: Label) -> bool:
    """Whether ``label`` is of the question first: the largest words on the prompt's side."""
    return label.panel == "prompt" and label.role in QUESTION_FIRST


def _least(label: Label) -> dict[tuple[int, int], int]:
    return FIRST_PX if first(label) else LEAST_PX


def size_problems(labels: Sequence[Label], size: tuple[int, int]) -> list[str]:
    """Text set smaller than its least size, or larger on the prompt's side than the
    question first; one check a label, and one a screen for the order of sizes."""
    SIZE_CHECKS[size] += len(labels) + 1
    found = [
        f"{label.role} at {label.px} px, {least} wanted: {label.panel}: {label.text!r}"
        for label in labels
        if label.px < (least := _least(label)[size])
    ]
    question = [label.px for label in labels if first(label)]
    other = [label for label in labels if label.panel == "prompt" and not first(label)]
    larger = [label for label in other if question and label.px > min(question)]
    if larger:
        found.append(
            f"{larger[0].role} at {larger[0].px} px above the question's {min(question)} px: "
            f"{larger[0].text!r}"
        )
    return found


def _unspaced(words: str) -> str:
    """Words as read, whatever the lines they were broken into."""
    return "".join(words.split())


def _screens(start: str, files: Path) -> Iterator[Walker]:
    walker = begin(STARTS[start](), files)
    for key in OPENED.get(start, ()):
        _open(walker, key)
    yield from walk(walker, DEPTH, MOST)


def _views(walker: Walker, start: str) -> Iterator[tuple[str, View]]:
    for lang in LANGUAGES:
        view = walker.view(lang)
        yield lang, view
        if start in NO_LIST and view.prompt.title.key.startswith("prompt.idle."):
            yield lang, replace(view, prompt=replace(view.prompt, choices=(), selected=None))


@pytest.mark.parametrize("start", list(STARTS))
def test_every_screen_has_room_for_its_choices_and_cuts_nothing(start: str, tmp_path: Path) -> None:
    wrong: dict[str, list[str]] = {}
    drawn = instructions = 0
    size_checks = sum(SIZE_CHECKS.values())
    titles: set[str] = set()
    for walker in _screens(start, tmp_path):
        board = walker.board_instructions()
        for lang, view in _views(walker, start):
            titles.add(_question(view.prompt.title))
            for size in FEWEST:
                found = problems(view, size, board)
                drawn += 1
                instructions += len(board)
                if found:
                    title = render(view.prompt.title, lang)
                    wrong.setdefault(f"{title} ({lang} {size[0]}x{size[1]})", found)
    assert drawn > 0
    assert set(REACHES.get(start, ())) <= titles, f"{start} never reaches {REACHES[start]}"
    assert instructions >= INSTRUCTIONS_AT_LEAST.get(start, 0)
    assert sum(SIZE_CHECKS.values()) - size_checks > 2 * drawn  # its labels' sizes were read
    assert wrong == {}, "\n".join(f"{k}: {v[:3]}" for k, v in list(wrong.items())[:20])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_history_under_a_long_result_shows_its_commands(lang: str, tmp_path: Path) -> None:
    """The History opened right after a split, whose long result would take the room of
    its commands: the press that opened the menu took the result away (it is the
    History's first line)."""
    walker = begin(SPLIT_3, tmp_path)
    assert walker.view(lang).prompt.result is not None
    walker.act(len(walker.view(lang).prompt.choices) - 1)  # Something else happened
    menu = walker.view(lang).prompt.choices
    walker.act(next(i for i, c in enumerate(menu) if c.label.key == "menu.history"))
    view = walker.view(lang)
    assert view.prompt.title.key == "prompt.history" and view.prompt.result is None
    for size in FEWEST:
        assert problems(view, size) == [], size
