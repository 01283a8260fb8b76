"""The press table of the README: the fewest presses for each task a table does often.

Each count is searched for on the device's controller (see :mod:`tests.device.press_table`),
so it is the shortest key path the screens allow. The README's table must say the same;
``PRESS_TABLE_WRITE=1`` rewrites it from what is measured. "Before" is the same search run
on the screens as they were before the dial, the floor-grouped lists and redo (commit 603244c).
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from device.cthulhu_wars.menu import areas, gate_state
from device.ui.steps import DialStep
from rules.commands import Command, command_to_json
from rules.cthulhu_wars.commands import (
    Activate,
    AssignAgony,
    NextPhase,
    Roll,
    Satisfy,
    SetGate,
)
from rules.cthulhu_wars.scoreboard.commands import (
    Adjust,
    DrawElderSigns,
    FirstPlayer,
    GatherPower,
    RevealElderSigns,
    Ritual,
    Spellbooks,
)
from rules.errors import RulesError
from rules.journal import Played, apply
from tests.device.press_table import (
    BASIC,
    Found,
    Task,
    _Table,
    begin,
    fewest_to_each,
    shortest,
    shortest_from,
)

README = Path(__file__).resolve().parents[2] / "README.md"
GC, CC, YS, BG, SL = "great_cthulhu", "crawling_chaos", "yellow_sign", "black_goat", "sleeper"
GUARDIAN, BARRIER = "guardian_under_the_lake", "barrier_of_naach_tith"

NEXT = '{"type": "next_phase"}'
ROUND_2 = [  # three factions, round 2, Action Phase: everyone holds a Silence token (C1)
    '{"type": "new_game", "map": "celaeno", "factions": ["great_cthulhu", "crawling_chaos", "yellow_sign"]}',
    NEXT, NEXT, NEXT, NEXT,
]  # fmt: skip
CUSTODIAN_IN_BLACK_HALL = [  # round 3: the Custodian stands in the Black Hall (E1's round 2)
    *ROUND_2,
    '{"type": "activate", "monster": "custodian", "by": "yellow_sign", "area": "black_hall"}',
    '{"type": "roll", "values": [1]}',
    '{"type": "assign_agony", "present": {"yellow_sign": 1}, "assign": {"yellow_sign": 1}}',
    NEXT, NEXT, NEXT, NEXT,
]  # fmt: skip
TWO_OVERDUE = [  # E2 before its round 2: Great Cthulhu and the Black Goat hold Overdue Tomes (C7)
    '{"type": "new_game", "map": "celaeno", "factions": ["great_cthulhu", "black_goat", "sleeper"]}',
    '{"type": "set_gate", "area": "guardian_under_the_lake", "gate": true, "controller": "great_cthulhu"}',
    '{"type": "set_gate", "area": "larvae_of_the_outer_gods", "gate": true, "controller": "black_goat"}',
    '{"type": "set_gate", "area": "guardian_under_the_lake", "gate": true, "controller": null}',
    '{"type": "set_gate", "area": "larvae_of_the_outer_gods", "gate": true, "controller": null}',
    NEXT, NEXT, NEXT, NEXT,
]  # fmt: skip
GATE_TAKEN = [
    *ROUND_2,
    '{"type": "set_gate", "area": "barrier_of_naach_tith", "gate": true, "controller": "yellow_sign"}',
]

# A 4-player game with the scoreboard (I12), where nothing unusual happens: Great Cthulhu
# holds 3 Gates, the Yellow Sign 1; Great Cthulhu gathers the most and performs its Ritual
# with 1 Great Old One (drawing 1 Elder Sign), the others pass.
SCOREBOARD = [
    '{"type": "new_game", "map": "celaeno", "factions": ["great_cthulhu", "crawling_chaos", '
    '"black_goat", "yellow_sign"], "settings": {"scoreboard": true}}',
    *(f'{{"type": "set_gate", "area": "{area}", "gate": true, "controller": "{faction}"}}'
      for area, faction in (("fountain", GC), ("horrorium", GC), ("cursed_hall", GC),
                            ("gloomloft", YS))),
    NEXT,
]  # fmt: skip
SCOREBOARD_FIRST = [
    *SCOREBOARD,
    '{"type": "gather_power", "power": {"great_cthulhu": 6, "crawling_chaos": 0, '
    '"black_goat": 0, "yellow_sign": 2}}',
    NEXT,
]  # fmt: skip
SCOREBOARD_DOOM = [
    *SCOREBOARD_FIRST,
    '{"type": "first_player", "faction": "great_cthulhu", "direction": "clockwise"}',
    NEXT,
]  # fmt: skip
SCOREBOARD_ACTION = [
    *SCOREBOARD_DOOM,
    '{"type": "ritual", "faction": "great_cthulhu", "perform": true, "great_old_ones": 1}',
    *(f'{{"type": "ritual", "faction": "{f}", "perform": false}}' for f in (CC, BG, YS)),
    NEXT,
]  # fmt: skip

# The same, each of the others then drawing an Elder Sign: every faction holds one, so each
# faction's menu list offers all four happenings (a reveal is not offered without a sign).
SCOREBOARD_SIGNS = [
    *SCOREBOARD_ACTION,
    *(f'{{"type": "draw_elder_signs", "faction": "{f}", "count": 1}}' for f in (CC, BG, YS)),
]
SEATS = (GC, CC, BG, YS)  # the factions of the scoreboard game, in seating order
OW = "opener_of_the_way"


def signs_game(seats: Sequence[str]) -> list[str]:
    """SCOREBOARD_SIGNS for other seats (Great Cthulhu first): Great Cthulhu gathers the most
    Power, is First Player (clockwise) and draws its Elder Sign by its Ritual, the others
    draw one each in the Action Phase."""
    factions = ", ".join(f'"{f}"' for f in seats)
    power = ", ".join(f'"{f}": {6 if f == GC else 0}' for f in seats)
    return [
        f'{{"type": "new_game", "map": "celaeno", "factions": [{factions}], '
        '"settings": {"scoreboard": true}}',
        *(f'{{"type": "set_gate", "area": "{area}", "gate": true, "controller": "{GC}"}}'
          for area in ("fountain", "gloomloft", "blue_hall")),  # on every map size (T4)
        NEXT,
        f'{{"type": "gather_power", "power": {{{power}}}}}',
        NEXT,
        f'{{"type": "first_player", "faction": "{GC}", "direction": "clockwise"}}',
        NEXT,
        f'{{"type": "ritual", "faction": "{GC}", "perform": true, "great_old_ones": 1}}',
        *(f'{{"type": "ritual", "faction": "{f}", "perform": false}}' for f in seats[1:]),
        NEXT,
        *(f'{{"type": "draw_elder_signs", "faction": "{f}", "count": 1}}' for f in seats[1:]),
    ]  # fmt: skip


# Three and five factions (T4), each in seating order, besides the 4-player game above.
SEATINGS: dict[int, tuple[str, ...]] = {3: (GC, CC, YS), 5: (GC, CC, BG, YS, OW)}


def _given(cmd: Command) -> dict[str, int]:
    assert isinstance(cmd, AssignAgony)
    return {faction: n for faction, n in cmd.assign.items() if n}


def _types(commands: Sequence[Command]) -> list[str]:
    return [cmd.TYPE for cmd in commands]


TASKS: tuple[tuple[str, Task], ...] = (
    ("Custodian with the defaults", Task(
        "custodian_defaults", ROUND_2,
        keep=lambda cmd: isinstance(cmd, (Activate, Roll, AssignAgony)),
        done=lambda cmds: "assign_agony" in _types(cmds),
        buttons=("left",), dice=(2,),
    )),
    ("Custodian to another Area, 3 Agony split over 3 factions", Task(
        "custodian_split", CUSTODIAN_IN_BLACK_HALL,
        keep=lambda cmd: cmd == Activate("custodian", YS, "fountain") or isinstance(cmd, Roll)
        or (isinstance(cmd, AssignAgony) and _given(cmd) == {GC: 1, CC: 1, YS: 1}),
        done=lambda cmds: "assign_agony" in _types(cmds),
        buttons=("left", "right"), dice=(3,),
    )),
    ("Custodian staying, its 4 Agony proposed 2-1-1: 1 Unit moved between the two 1s", Task(
        "custodian_correction", CUSTODIAN_IN_BLACK_HALL,
        keep=lambda cmd: cmd == Activate("custodian", YS, "black_hall") or isinstance(cmd, Roll)
        or (isinstance(cmd, AssignAgony) and _given(cmd) == {GC: 2, YS: 2}),
        done=lambda cmds: "assign_agony" in _types(cmds),
        buttons=("left", "right"), dice=(3,),
    )),
    ("Librarian, 2 Agony paid with 1 Unit and the Overdue Tome", Task(
        "librarian_mixed", TWO_OVERDUE,
        keep=lambda cmd: (isinstance(cmd, Activate) and cmd.monster == "librarian")
        or isinstance(cmd, Roll)
        or (isinstance(cmd, AssignAgony) and _given(cmd) == {GC: 2})
        or cmd == Satisfy(GC, 1, 0, (GUARDIAN,)),
        done=lambda cmds: "satisfy" in _types(cmds),
        buttons=("left", "right"), dice=(2,),
    )),
    ("A Gate change in a Tome Area (the Barrier of Naach-Tith)", Task(
        "gate_tome", ROUND_2,
        keep=lambda cmd: cmd == SetGate(BARRIER, True, YS),
        done=lambda cmds: bool(cmds),
        buttons=("left", "right"),
    )),
    ("Next phase", Task(
        "phase", ROUND_2,
        keep=lambda cmd: isinstance(cmd, NextPhase),
        done=lambda cmds: bool(cmds),
        buttons=("phase",),
    )),
    ("Undo the last command, then redo it", Task(
        "undo_redo", GATE_TAKEN,
        keep=lambda cmd: cmd.TYPE in ("undo", "redo"),
        done=lambda cmds: _types(cmds) == ["undo", "redo"],
        buttons=("undo",),
    )),
    ("Scoreboard: Gather Power as proposed", Task(
        "sb_gather_power", SCOREBOARD,
        keep=lambda cmd: isinstance(cmd, GatherPower),
        done=lambda cmds: bool(cmds),
    )),
    ("Scoreboard: the First Player, one faction with the most Power", Task(
        "sb_first_player", SCOREBOARD_FIRST,
        keep=lambda cmd: isinstance(cmd, FirstPlayer) and cmd.faction == GC,
        done=lambda cmds: bool(cmds),
    )),
    ("Scoreboard: a Ritual passed", Task(
        "sb_ritual_pass", SCOREBOARD_DOOM,
        keep=lambda cmd: cmd == Ritual(GC, False),
        done=lambda cmds: bool(cmds),
    )),
    ("Scoreboard: a Ritual performed with last time's Great Old Ones", Task(
        "sb_ritual_perform", SCOREBOARD_DOOM,
        keep=lambda cmd: cmd == Ritual(GC, True, 1),
        done=lambda cmds: bool(cmds),
    )),
    ("Scoreboard: every Ritual passed, the first faction's for everyone left", Task(
        "sb_ritual_everyone", SCOREBOARD_DOOM,
        keep=lambda cmd: isinstance(cmd, Ritual) and not cmd.perform,
        done=lambda cmds: len(cmds) == 4,
    )),
)  # fmt: skip

# The menu's scoreboard happenings, each for every faction (in seating order): one row of
# the README each, its counts in that order.
HAPPENINGS: tuple[tuple[str, str, Callable[[str], Command]], ...] = (
    ("a spellbook earned", "sb_spellbook", lambda f: Spellbooks(f, 1)),
    ("an Elder Sign drawn", "sb_draw", lambda f: DrawElderSigns(f, 1)),
    ("an Elder Sign worth 1 revealed", "sb_reveal", lambda f: RevealElderSigns(f, (1,))),
    ("a correction of 1 Power", "sb_adjust", lambda f: Adjust(f, power=1)),
)
BY_FACTION = ", ".join(f.replace("_", " ").title() for f in SEATS)


def menu_task(name: str, cmd: Command, journal: Sequence[str] = SCOREBOARD_SIGNS) -> Task:
    """``cmd`` from the menu of a game where every faction holds an Elder Sign (CUSTODIAN
    and LIBRARIAN too: on the menu's faction lines they move two seats)."""
    return Task(name, journal, keep=lambda c: c == cmd, done=lambda cmds: bool(cmds),
                buttons=("left", "right"))  # fmt: skip


MENU_TASKS: dict[tuple[str, str], Task] = {
    (name, f): menu_task(f"{name}_{f}", make(f)) for _label, name, make in HAPPENINGS for f in SEATS
}


# A Gate in every Area of a fresh game, each answer to "who holds it now" that the rules
# accept, for 3, 4 and 5 players (Opener of the Way fifth, with Yog-Sothoth's answers): the
# fewest presses from the Area question (OK on the main screen's "A Gate changed"), every
# button the device has, the worst of them all.
GATE_SEATS = (GC, CC, YS, BG, OW)
GATE_PLAYERS = (3, 4, 5)
GATE_MAPS = {"celaeno": "Library at Celaeno", "dreamlands": "Dreamlands"}
EVERY_BUTTON = (*BASIC, "left", "right", "phase")


def gate_label(name: str) -> str:
    players = " · ".join(map(str, GATE_PLAYERS))
    said = "A Gate in any Area, the worst Area and answer, from the Area question"
    return f"{said} ({name}, {players} players)"


def _accepted(played: Played, cmd: Command) -> bool:
    try:
        apply(played, cmd)
    except RulesError:
        return False
    return True


@functools.cache  # searched once a run: the Gate tests and the README's table read the same
def gate_presses(map_id: str, players: int) -> dict[str, int]:
    """Each Gate change's fewest presses from the Area question, keyed by its command's JSON;
    every change the screens offer and the rules accept is among them (not to be changed:
    remembered)."""
    first = {"type": "new_game", "map": map_id, "factions": list(GATE_SEATS[:players])}
    played = begin(Task("gates", [json.dumps(first)], keep=lambda cmd: False,
                        done=lambda cmds: False))  # fmt: skip
    table = _Table(played, ())
    table.press("ok", lambda cmd: False)
    assert table.controller._current(table.state).title.key == "prompt.gate_where"
    found = fewest_to_each(table, EVERY_BUTTON, lambda cmd: isinstance(cmd, SetGate), most=20)
    wanted = {json.dumps(command_to_json(o.value), sort_keys=True)
              for area in areas(played.state) for o in gate_state(played.state, area.value).options
              if o.enabled and _accepted(played, o.value)}  # fmt: skip
    assert wanted and wanted <= set(found), wanted - set(found)
    return {said: found[said] for said in wanted}


def worst_gate(map_id: str, players: int) -> int:
    return max(gate_presses(map_id, players).values())


def _count(found: Found | None) -> str:
    if found is None:
        return "no way found"
    rolls = f" + {found.rolls} roll" if found.rolls else ""
    return f"{len(found.presses)}{rolls}"


def measured() -> dict[str, str]:
    rows = {label: _count(shortest(task)) for label, task in TASKS}
    for map_id, name in GATE_MAPS.items():
        rows[gate_label(name)] = " · ".join(str(worst_gate(map_id, n)) for n in GATE_PLAYERS)
    for label, name, _make in HAPPENINGS:
        counts = [_count(shortest(MENU_TASKS[name, f])) for f in SEATS]
        rows[f"Scoreboard: {label} ({BY_FACTION})"] = " · ".join(counts)
    return rows


# The same search on the screens of commit 603244c (`python -m tests.device.test_press_table`
# in a checkout of it, with this file and press_table.py copied in).
BEFORE: dict[str, str] = {
    "Custodian with the defaults": "4 + 1 roll",
    # the search gave up (numbers that only went up, wrapping at 12); counted by hand:
    # CUSTODIAN, 2 DOWN, OK, 3 DOWN, OK, roll, DOWN, 11 OK (3 → 1), DOWN, OK, DOWN, OK, DOWN, OK
    "Custodian to another Area, 3 Agony split over 3 factions": "26 + 1 roll (by hand)",
    # a task added later (moving a Unit between any two rows); on 603244c not measured,
    # on 89b30d1 (UP took only from the row holding the most) the same search finds 10
    "Custodian staying, its 4 Agony proposed 2-1-1: 1 Unit moved between the two 1s": (
        "– (89b30d1: 10 + 1 roll)"
    ),
    "Librarian, 2 Agony paid with 1 Unit and the Overdue Tome": "13 + 1 roll",
    "A Gate change in a Tome Area (the Barrier of Naach-Tith)": "12",
    # added later: the same search on be99e34, where CUSTODIAN and LIBRARIAN activated their
    # monster from a list of Areas and UP and DOWN alone moved in it
    gate_label(GATE_MAPS["celaeno"]): "– (be99e34: 11 · 13 · 16)",
    gate_label(GATE_MAPS["dreamlands"]): "– (be99e34: 13 · 13 · 14)",
    "Next phase": "2",
    "Undo the last command, then redo it": "no way found",
    # the scoreboard came later: its rows' "before" is the same search on 07f448c, where the
    # menu's lines were one a happening (then the faction, then a number), and every
    # faction passed its Ritual with a press of its own
    **{
        label: f"– (07f448c: {n})"
        for label, n in (
            ("Scoreboard: Gather Power as proposed", 1),
            ("Scoreboard: the First Player, one faction with the most Power", 1),
            ("Scoreboard: a Ritual passed", 1),
            ("Scoreboard: a Ritual performed with last time's Great Old Ones", 2),
            ("Scoreboard: every Ritual passed, the first faction's for everyone left", 4),
        )
    },
    # the menu's happenings for each faction: on 07f448c measured for the first faction only;
    # on 7c7886a the same search for each, every faction's line one further down the menu;
    # on dd04292 the lines went round the First Player's, without the two-seat buttons
    **{
        f"Scoreboard: {label} ({BY_FACTION})": (
            f"– (07f448c: {first}; 7c7886a: {counts}; dd04292: {around})"
        )
        for label, first, counts, around in (
            ("a spellbook earned", 5, "6 · 7 · 8 · 9", "6 · 7 · 8 · 7"),
            ("an Elder Sign drawn", 8, "7 · 8 · 9 · 10", "7 · 8 · 9 · 8"),
            ("an Elder Sign worth 1 revealed", 7, "7 · 8 · 9 · 10", "7 · 8 · 9 · 8"),
            ("a correction of 1 Power", 10, "7 · 8 · 9 · 10", "7 · 8 · 9 · 8"),
        )
    },
}

START, END = "<!-- press table (tests/device/test_press_table.py) -->", "<!-- /press table -->"


def table_lines(now: dict[str, str]) -> list[str]:
    lines = ["| task | presses before (603244c) | presses now |", "|---|---|---|"]
    lines += [f"| {label} | {BEFORE.get(label, '?')} | {count} |" for label, count in now.items()]
    return lines


def _block(readme: str) -> re.Match[str]:
    found = re.search(re.escape(START) + r"\n(.*?)" + re.escape(END), readme, re.S)
    assert found, f"README.md has no press table between {START} and {END}"
    return found


def readme_table(readme: str) -> list[str]:
    return _block(readme).group(1).splitlines()


@pytest.mark.slow
def test_the_readme_says_what_the_search_finds() -> None:
    now = measured()
    readme = README.read_text(encoding="utf-8")
    if os.environ.get("PRESS_TABLE_WRITE") == "1":
        block = _block(readme)
        new = "".join(line + "\n" for line in table_lines(now))
        README.write_text(readme[: block.start(1)] + new + readme[block.end(1) :], encoding="utf-8")
        readme = README.read_text(encoding="utf-8")
    assert readme_table(readme) == table_lines(now), "PRESS_TABLE_WRITE=1 rewrites the README"


def _found(name: str) -> Found:
    task = next(task for _label, task in TASKS if task.name == name)
    found = shortest(task)
    assert found is not None, name
    return found


def _turned_on_the_split(task: Task, presses: Sequence[str]) -> int:
    """How many of ``presses`` turned a number on a dial whose rows share a total (UP or
    DOWN there); the rest point at rows, answer the questions before, or confirm."""
    table = _Table(begin(task), task.dice)
    turned = 0
    for button in presses:
        step = table.controller._stack[-1] if table.controller._stack else None
        if isinstance(step, DialStep) and step.share is not None and button in ("up", "down"):
            turned += 1
        table.press(button, task.keep)
    assert task.done(table.commands)
    return turned


def test_correcting_a_proposed_split_costs_one_press_per_unit_moved() -> None:
    """C13: 4 Agony (3, +1 for staying) proposed one each in seat order after the Yellow
    Sign: Great Cthulhu 2, Crawling Chaos 1, the Yellow Sign 1. One of Crawling Chaos's
    goes to the Yellow Sign instead, between the two rows that do not hold the most: one
    turn of a number (UP), beyond pointing at the rows."""
    task = next(task for _label, task in TASKS if task.name == "custodian_correction")
    found = _found("custodian_correction")
    assert _turned_on_the_split(task, found.presses) == 1
    accepted = next(task for _label, task in TASKS if task.name == "custodian_split")
    assert _turned_on_the_split(accepted, _found("custodian_split").presses) == 0


def test_a_gate_change_in_a_tome_area_takes_at_most_5_presses() -> None:
    assert len(_found("gate_tome").presses) <= 5


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("map_id", list(GATE_MAPS))
def test_a_gate_in_any_area_is_at_most_6_presses_from_the_area_question(
    map_id: str, players: int
) -> None:
    """Every Area, every answer the rules accept: at most 6 presses from the Area question
    with up to four players (before: up to 13), CUSTODIAN and LIBRARIAN moving five lines
    in the Areas and two in the answers."""
    assert worst_gate(map_id, players) <= 6


@pytest.mark.slow
@pytest.mark.parametrize("map_id", list(GATE_MAPS))
def test_with_five_players_the_worst_gate_is_7_presses_the_least_fixed_steps_allow(
    map_id: str,
) -> None:
    """Five players: six answers are open (five factions, then abandoned or gone), so one
    of them is two presses from the first line (below); the worst Area is three: 7."""
    assert worst_gate(map_id, 5) == 7


def lines_within(steps: Sequence[int], lines: int, presses: int) -> set[int]:
    """The lines of a list going round that ``presses`` presses or fewer reach from the
    first, each press moving by one of ``steps`` (down; a step of ``lines - k`` is k up)."""
    reached = {0}
    for _ in range(presses):
        reached |= {(line + step) % lines for line in reached for step in steps}
    return reached


def test_four_buttons_of_fixed_steps_cannot_do_better() -> None:
    """The lower bound: UP, DOWN, CUSTODIAN and LIBRARIAN each moving a fixed number of lines
    (OK picks, BACK goes back, PHASE asks for the next phase) reach at most 15 lines in two
    presses, fewer than the 19 Areas of a 4-player map (23 with five players on the
    Library), and 5 lines in one press, fewer than the six answers open with five players.
    So the worst Area takes 3 moves and its worst answer 1 with four players (3 + OK + 1 + OK
    = 6, what the device takes) and 2 with five (7, what it takes)."""
    for steps in combinations_with_replacement(range(1, 19), 4):
        assert len(lines_within(steps, 19, 2)) <= 15 < 19
    for steps in combinations_with_replacement(range(1, 6), 4):
        assert len(lines_within(steps, 6, 1)) <= 5 < 6
    assert lines_within((1, 18, 5, 14), 19, 3) == set(range(19))  # the device's: ±1, ±5
    assert lines_within((1, 22, 5, 18), 23, 3) == set(range(23))
    assert lines_within((1, 4, 2, 3), 5, 1) == set(range(5))  # ±1, ±2 among five answers


def test_the_librarian_with_a_unit_and_the_tome_takes_at_most_9_presses_and_a_roll() -> None:
    found = _found("librarian_mixed")
    assert len(found.presses) <= 9 and found.rolls == 1


TO_THE_MENU = ["down", "down"]  # the main screen's cursor to "Something else happened"
# From "Something else happened" (its OK included), the First Player's count; every other
# faction's is one more (one press to its line: UP, DOWN, or CUSTODIAN or LIBRARIAN for the
# faction two seats away). Less is not possible in this shape (the correction: OK on
# "Something else happened", on the faction, on the correction, then UP and OK).
FIRST_PLAYERS: dict[str, int] = {"sb_spellbook": 4, "sb_draw": 5, "sb_reveal": 5, "sb_adjust": 5}


def _each_faction(name: str, seats: Sequence[str]) -> list[int]:
    counts = FIRST_PLAYERS[name]
    return [counts if faction == GC else counts + 1 for faction in seats]


@pytest.mark.parametrize(("name", "faction"), list(MENU_TASKS))
def test_the_scoreboards_menu_lines_in_presses_from_something_else(name: str, faction: str) -> None:
    """A spellbook, an Elder Sign drawn, one revealed, a correction of 1, for every faction
    of the 4-player game (the README's rows): at most 5 presses each from "Something else
    happened" for the First Player, one more for any other faction, the one two seats away
    included. The figures are exact, so a screen added on the way fails here."""
    found = shortest(MENU_TASKS[name, faction])
    assert found is not None
    assert found.presses[: len(TO_THE_MENU)] == TO_THE_MENU
    presses = len(found.presses) - len(TO_THE_MENU)
    assert presses == _each_faction(name, SEATS)[SEATS.index(faction)]
    assert FIRST_PLAYERS[name] <= 5


def from_something_else(task: Task) -> int:
    """The fewest presses for ``task`` from "Something else happened": its OK, then the
    search from the menu it opens."""
    table = _Table(begin(task), task.dice)
    for button in (*TO_THE_MENU, "ok"):
        table.press(button, task.keep)
    found = shortest_from(table, task)
    assert found is not None, task.name
    return 1 + len(found.presses)


@pytest.mark.slow
@pytest.mark.parametrize("size", [3, 5])
@pytest.mark.parametrize("name", list(FIRST_PLAYERS))
def test_with_three_or_five_factions_too_no_faction_costs_more_than_one_press_more(
    name: str, size: int
) -> None:
    """T4: three and five factions, each happening for each faction, as with four: the
    First Player's lines are the same presses, every other faction one more."""
    seats = SEATINGS[size]
    make = next(make for _label, task, make in HAPPENINGS if task == name)
    journal = signs_game(seats)
    counts = [from_something_else(menu_task(f"{name}_{f}", make(f), journal)) for f in seats]
    assert counts == _each_faction(name, seats)


def test_a_correction_of_n_costs_n_presses_beyond_the_line() -> None:
    one = shortest(MENU_TASKS["sb_adjust", GC])
    three = menu_task("sb_adjust_3", Adjust(GC, power=3))
    found = shortest(three)
    assert one is not None and found is not None
    assert len(found.presses) == len(one.presses) + 2


@pytest.mark.parametrize(
    ("name", "presses"),
    [("sb_gather_power", 1), ("sb_first_player", 1), ("sb_ritual_pass", 1),
     ("sb_ritual_perform", 2), ("sb_ritual_everyone", 2)],
)  # fmt: skip
def test_a_scoreboard_rounds_decisions_in_presses(name: str, presses: int) -> None:
    """K3, K6, K8 when nothing unusual happens: one press each when the proposal is right,
    two to perform a Ritual with last time's Great Old Ones, two (UP from Pass, OK) for
    nobody else performing one, where one press a faction was needed before."""
    assert len(_found(name).presses) == presses


if __name__ == "__main__":
    for label, count in measured().items():
        print(f"{count:>14}  {label}")
