"""A whole 4-player scoreboard game in a real window: `celaeno run` in a real X server
(Xvfb), from New game to the winner, every key pressed with xdotool.

The game is worked example E4 (rules/examples/celaeno_scoreboard.jsonl). Which keys to
press is not written here: for each command of the example the press search
(:mod:`tests.device.press_table`) finds the fewest presses on the device's own controller,
from the very screen the companion shows (a copy of the controller kept in step with it,
pressed with the same keys, so it remembers what the companion's remembers: last round's
Cultists, a Ritual's Great Old Ones). The keys go to the window; the companion's journal
must then hold exactly the commands the search made. The presses are counted per command
and per round, printed as a table and written beside the screenshots, pictures of the
window read from the X server at each round's Gather Power, each Doom Phase's first
Ritual and the end.

Three things are the test's own and not the search's: New game is chosen by the words of
its lines (the search gives up on its many screens of factions); a dial's numbers (the
Power of every faction, say) are turned by pointing at each row the search finds and
pressing UP or DOWN as many times as the number is off; and a spellbook count that jumps
by more than one in the example is reached command by command, as the device asks it.
"""

from __future__ import annotations

import copy
import json
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from device.games import GAMES
from device.settings.config import default_config
from device.settings.places import default_game
from device.storage import paths
from device.storage.store import Store
from device.ui.steps import DialStep
from rules.commands import Command, command_to_json
from rules.journal import apply, parse_line, start, state_json
from tests.device import presses
from tests.device.conftest import OUTPUT, ROOT, celaeno_argv, clean_env
from tests.device.press_table import Task, _pressed, _Table, copied, shortest_from
from tests.device.xwindow import (
    WAIT,
    find_window,
    needs_x,
    screenshot,
    tail,
    window_box,
    x_server,
    xdotool,
)

EXAMPLE = ROOT / "rules" / "examples" / "celaeno_scoreboard.jsonl"
KEYS = {"up": "Up", "down": "Down", "ok": "Return", "back": "Escape",
        "left": "c", "right": "l", "phase": "p"}  # fmt: skip
EXTRA_BUTTONS = ("left", "right", "phase")
# T4: four players without `sides` play the first board's 5-player side; the device's
# New game names it, so its command says what the example leaves out.
SIDES = {"upper": 5, "lower": 3}
NEW_GAME_LINES = ("main.menu", "menu.new_game", "map.celaeno")
# The keyboard times a hold from when the companion handles a key's press to when it
# handles its release: on a loaded machine a frame drawn between the two can outlast the
# first repeat (0.5 s), and a tap moves twice. The longest holds the configuration allows
# keep this test about the screens' flows.
SLOW_HOLDS = "[buttons]\nhold_time = 10\nrepeat_delay = 5\n"
SETTLED = 5.0  # the most a press may take to reach the window's picture


def example() -> list[dict[str, Any]]:
    """E4's commands as the device words them: New game names the sides, a reveal lists
    its values in order of value (the device asks how many of each; K11 adds them up, so
    their order says nothing), and N Elder Signs drawn are N draws of one (the menu draws
    one a pick; the pool and the hand end the same)."""
    said = [json.loads(line) for line in EXAMPLE.read_text(encoding="utf-8").splitlines()]
    worded: list[dict[str, Any]] = [{**said[0], "sides": SIDES}]
    for cmd in said[1:]:
        if cmd["type"] == "reveal_elder_signs":
            cmd["values"] = sorted(cmd["values"])
        if cmd["type"] == "draw_elder_signs":
            worded += [{**cmd, "count": 1}] * cmd["count"]
        else:
            worded.append(cmd)
    return worded


# --- the companion in its window --------------------------------------------------------


@dataclass
class Window:
    """The running companion: its window, its journal, pictures of it."""

    display: str
    window: str
    process: subprocess.Popen[str]
    log: Path
    state_dir: Path
    framebuffer: Path
    shots: Path
    taken: list[Path] = field(default_factory=list)
    sizes: list[tuple[int, int]] = field(default_factory=list)  # the window's, at each picture

    def press(self, buttons: Sequence[str]) -> None:
        if buttons:
            xdotool(self.display, "key", "--delay", "30", *(KEYS[b] for b in buttons))

    def journal(self) -> list[dict[str, Any]]:
        with Store.open(paths.database_path(self.state_dir), read_only=True) as store:
            game = store.current_game()
            return [] if game is None else [json.loads(c) for c in store.commands(game)]

    def until_journal(self, expected: list[dict[str, Any]]) -> None:
        """The journal holds ``expected`` (the whole game's commands so far)."""
        deadline = time.monotonic() + WAIT
        found = self.journal()
        while found != expected and time.monotonic() < deadline:
            assert self.process.poll() is None, f"celaeno ended: {tail(self.log)}"
            time.sleep(0.05)
            found = self.journal()
        assert found[-3:] == expected[-3:], f"the journal ends {found[-3:]}, not {expected[-3:]}"
        assert found == expected

    def shot(self, name: str) -> Path:
        """The window once its picture has stopped changing (the last keys drawn)."""
        box = window_box(self.display, self.window)
        path = self.shots / f"{len(self.taken) + 1:02d}_{name}.png"
        deadline = time.monotonic() + SETTLED
        before = b""
        while time.monotonic() < deadline:
            time.sleep(0.25)
            screenshot(self.framebuffer, box, path)
            now = path.read_bytes()
            if now == before:
                break
            before = now
        self.taken.append(path)
        self.sizes.append(box.size)
        return path


@pytest.fixture()
def framebuffer(tmp_path: Path) -> Path:
    kept = tmp_path / "framebuffer"
    kept.mkdir()
    return kept


@pytest.fixture()
def x_display(framebuffer: Path) -> Iterator[str]:
    with x_server(framebuffer) as display:
        yield display


def open_window(
    display: str,
    tmp: Path,
    framebuffer: Path,
    size: tuple[int, int],
    settings: str = "",
    pictures: str = "window_game",
) -> Window:
    """`celaeno run` as on a desktop: a window, the keyboard, the simulated dice reader (no
    roll is wanted in this game: its monsters are never activated); ``settings``: more of
    its configuration file; ``pictures``: where under tests/output its pictures go."""
    log = tmp / "celaeno.log"
    shots = OUTPUT / pictures / "x".join(map(str, size))
    shots.mkdir(parents=True, exist_ok=True)
    for old in shots.glob("*.png"):
        old.unlink()
    env = clean_env(tmp, SDL_VIDEODRIVER="x11", DISPLAY=display)
    config = tmp / "celaeno.toml"
    config.write_text(SLOW_HOLDS + settings, encoding="utf-8")
    argv = celaeno_argv("run", "--state-dir", str(tmp / "state"), "--config", str(config),
                        "--window", "--size", "x".join(map(str, size)),
                        "--reader", "simulated")  # fmt: skip
    with log.open("w") as out:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   text=True)  # fmt: skip
    try:
        window = find_window(display, log, process)
    except BaseException:
        process.kill()
        process.wait(timeout=WAIT)
        raise
    xdotool(display, "windowfocus", "--sync", window)  # XTEST keys go to the focused window
    return Window(display, window, process, log, tmp / "state", framebuffer, shots)


# --- the controller kept in step with the companion's -----------------------------------


class Mirror:
    """The device's controller and rules as the companion runs them (see press_table),
    pressed with the keys the window gets, so that each search starts from its screen."""

    def __init__(self) -> None:
        first = start(default_game(default_config(), GAMES.rules), GAMES.rules)
        self.table = _Table(first.played, (), new_game=True)

    def press(self, buttons: Sequence[str], keep: Callable[[Command], bool]) -> list[Command]:
        before = len(self.table.commands)
        for button in buttons:
            self.table.press(button, keep)
            assert not self.table.dead, f"{button} left the way to the command"
        return self.table.commands[before:]

    @property
    def state(self) -> Any:
        return self.table.state

    def top(self) -> Any:
        return self.table.controller._current(self.state)


def by_words(mirror: Mirror, key: str) -> list[str]:
    """The fewest UP/DOWN to the line whose words are ``key`` (a catalogue key), then OK."""
    lines = [choice.label.key for choice in mirror.table.controller.prompt(mirror.state).choices]
    assert key in lines, f"{key} is not offered: {lines}"
    wanted = lines.index(key)
    path = presses.shortest(mirror.top(), lambda step: step.selected() == wanted, ("up", "down"))
    assert path is not None
    return [*path, "ok"]


def leaves(said: object, where: str = "") -> dict[str, object]:
    if isinstance(said, Mapping):
        return {
            k: v for key, value in said.items() for k, v in leaves(value, f"{where}/{key}").items()
        }
    if isinstance(said, list):
        found: dict[str, object] = {f"{where}#": len(said)}
        for i, value in enumerate(said):
            found.update(leaves(value, f"{where}/{i}"))
        return found
    return {where: said}


def distance(cmd: object, wanted: Mapping[str, object]) -> int:
    """How many of the command's values differ from ``wanted`` (a command's :func:`leaves`;
    not a command: no match)."""
    if not isinstance(cmd, Command):
        return 1_000
    said = leaves(command_to_json(cmd))
    return sum(said.get(k) != wanted.get(k) for k in said.keys() | wanted.keys())


def dial_values(step: DialStep, want: Mapping[str, Any]) -> dict[str, int] | None:
    """The numbers that make the dial confirm ``want``: each row in turn set to the value
    that brings its command nearest, until it is ``want`` (None if it never is)."""
    values, wanted = step.values(), leaves(want)
    for _ in range(len(values) + 1):
        for row in step.rows:
            tried = {v: distance(step.on_confirm({**values, row.key: v}), wanted)
                     for v in range(row.least, row.most + 1)}  # fmt: skip
            best = min(tried.values())
            if tried[values[row.key]] > best:
                values[row.key] = min(v for v, d in tried.items() if d == best)
        if distance(step.on_confirm(values), wanted) == 0:
            return values
    return None


def set_dial(table: _Table, want: Mapping[str, Any]) -> list[str] | None:
    """The presses that turn the dial on ``table``'s screen to ``want``'s numbers and
    confirm them: the fewest CUSTODIAN/LIBRARIAN to the nearest row that is off, then UP or
    DOWN as often as it is off; again until none is; then OK. None: no dial says ``want``."""
    step = table.controller._current(table.state)
    if not isinstance(step, DialStep):
        return None
    target = dial_values(copy.deepcopy(step), want)
    if target is None:
        return None
    path: list[str] = []
    table = copied(table)  # turned, ``table`` kept as it is
    while True:
        dial = table.controller._current(table.state)
        off = {i for i, row in enumerate(dial.rows) if row.value != target[row.key]}
        if not off:
            return [*path, "ok"]
        moves = _fewest(table, _at_one_of(off))
        row = dial.rows[dial.cursor]
        for button in moves:
            table.press(button, lambda cmd: False)
            dial = table.controller._current(table.state)
            row = dial.rows[dial.cursor]
        turn = ["up" if target[row.key] > row.value else "down"] * abs(target[row.key] - row.value)
        for button in turn:
            table.press(button, lambda cmd: False)
        path += [*moves, *turn]


def _at_one_of(rows: set[int]) -> Callable[[_Table], bool]:
    return lambda table: table.controller._current(table.state).cursor in rows


def _fewest(table: _Table, goal: Callable[[_Table], bool]) -> list[str]:
    """Breadth first over the row buttons (they change no number)."""
    frontier: list[tuple[list[str], _Table]] = [([], table)]
    seen: set[object] = set()
    while frontier:
        path, here = frontier.pop(0)
        if goal(here):
            return path
        for button in ("left", "right"):
            after = _pressed(here, button, lambda cmd: False)
            key = after.controller._current(after.state).cursor
            if key not in seen:
                seen.add(key)
                frontier.append(([*path, button], after))
    raise AssertionError("no row button reaches a row that is off")


# --- the game -----------------------------------------------------------------------------


@dataclass
class Goal:
    """One task of the game: the commands that may be on its way, and when it is met."""

    label: str
    keep: Callable[[Command], bool]
    done: Callable[[Sequence[Command]], bool]
    exact: Mapping[str, Any] | None  # the one command it is, when it is one


def goals(want: dict[str, Any], mirror: Mirror) -> Iterator[Goal]:
    """The tasks of one command of the example, each set once the one before is done. A
    spellbook count that jumps is reached command by command, each any count on the way
    (the device asks one more at a time)."""
    if want["type"] == "spellbooks":
        faction, target = want["faction"], want["count"]
        while state_json_of(mirror.table.played)["scoreboard"]["spellbooks"][faction] < target:
            yield Goal(
                f"spellbooks: {faction} to {target}",
                keep=_spellbooks_up_to(faction, target),
                done=lambda cmds: len(cmds) == 1,
                exact=None,
            )
        return
    yield Goal(label(want), keep=lambda cmd: _said(cmd) == want,
               done=lambda cmds: len(cmds) == 1, exact=want)  # fmt: skip


def _spellbooks_up_to(faction: str, target: int) -> Callable[[Command], bool]:
    def on_the_way(cmd: Command) -> bool:
        said = _said(cmd)
        return bool(said["type"] == "spellbooks" and said["faction"] == faction
                    and said["count"] <= target)  # fmt: skip

    return on_the_way


def _said(cmd: Command) -> dict[str, Any]:
    return command_to_json(cmd)


def state_json_of(played: Any) -> dict[str, Any]:
    return state_json(played)


def label(want: Mapping[str, Any]) -> str:
    kind, faction = want["type"], want.get("faction", "")
    if kind == "new_game":
        return f"new game: {len(want['factions'])} factions, scoreboard on"
    if kind == "spellbooks":
        return f"spellbook: {faction} has {want['count']}"
    if kind == "set_gate":
        return f"gate: {want['area']} to {want['controller']}"
    if kind == "ritual":
        did = f"performs ({want['great_old_ones']} GOO)" if want["perform"] else "passes"
        return f"ritual: {faction} {did}"
    if kind == "gather_power":
        return "gather power"
    if kind == "first_player":
        return f"first player: {faction} {want['direction']}"
    if kind == "draw_elder_signs":
        return f"elder signs drawn: {faction} {want['count']}"
    if kind == "reveal_elder_signs":
        return f"elder signs revealed: {faction} {want['values']}"
    if kind == "adjust":
        changes = {k: v for k, v in want.items() if k not in ("type", "faction")}
        return f"adjust: {faction} {changes}"
    return str(kind)


def keys_for(mirror: Mirror, goal: Goal) -> list[str]:
    """The fewest presses the search finds from the screen the companion shows, where a
    dial on the way is turned by :func:`set_dial` (and counted so)."""
    if goal.label.startswith("new game"):
        assert goal.exact is not None
        return _new_game(mirror, goal)
    keys: list[str] = []
    made: list[Command] = []
    while not (made and goal.done(made)):
        finish = None if goal.exact is None else _dial_presses(goal.exact)
        task = Task(goal.label, (), goal.keep, goal.done, EXTRA_BUTTONS, finish=finish)
        found = shortest_from(mirror.table, task)
        assert found is not None, f"no way to {goal.label} from {mirror.table.screen()[:300]}"
        made += mirror.press(found.presses, goal.keep)
        keys += found.presses
        dial = None if made or goal.exact is None else set_dial(mirror.table, goal.exact)
        if dial is not None:
            made += mirror.press(dial, goal.keep)
            keys += dial
    return keys


def _dial_presses(want: Mapping[str, Any]) -> Callable[[_Table], int | None]:
    def presses(table: _Table) -> int | None:
        dial = set_dial(table, want)
        return None if dial is None else len(dial)

    return presses


def _new_game(mirror: Mirror, goal: Goal) -> list[str]:
    assert goal.exact is not None
    lines = [*NEW_GAME_LINES, *(f"faction.{f}" for f in goal.exact["factions"]),
             "prompt.that_is_everyone", f"board.{next(iter(SIDES))}", "prompt.start_scoreboard.on"]  # fmt: skip
    keys: list[str] = []
    for line in lines:
        step = by_words(mirror, line)
        mirror.press(step, goal.keep)
        keys += step
    assert [_said(c) for c in mirror.table.commands[-1:]] == [goal.exact]
    return keys


@dataclass
class Count:
    round: int
    task: str
    presses: int


def table_of(counts: list[Count]) -> str:
    lines = [f"{'round':>5}  {'presses':>7}  task"]
    lines += [f"{c.round:>5}  {c.presses:>7}  {c.task}" for c in counts]
    per_round = Counter[int]()
    for c in counts:
        per_round[c.round] += c.presses
    lines += ["", *(f"round {r}: {n} presses" for r, n in sorted(per_round.items()))]
    lines.append(f"the whole game: {sum(c.presses for c in counts)} presses, {len(counts)} tasks")
    return "\n".join(lines)


def replayed(journal: list[dict[str, Any]]) -> dict[str, Any]:
    played = None
    for said in journal:
        cmd = parse_line(json.dumps(said), GAMES.rules, None if played is None else played.game)
        assert cmd is not None
        played = start(cmd, GAMES.rules).played if played is None else _apply(played, cmd)
    assert played is not None
    return state_json(played)


def _apply(played: Any, cmd: Command) -> Any:
    return apply(played, cmd).played


@dataclass
class Sent:
    """Keys on their way to the window, and what the companion must have done with them."""

    keys: list[str]
    journal: list[dict[str, Any]]
    state: dict[str, Any]  # the state they lead to


def play(window: Window) -> list[Count]:
    """Each task's keys are searched for while the companion handles the last task's, then
    the last task is checked (and pictured) before the new keys go."""
    mirror = Mirror()
    journal = window.journal()
    assert len(journal) == 1  # the configured game a fresh companion starts
    window.shot("start")
    counts: list[Count] = []
    sent: Sent | None = None
    for want in example():
        for goal in goals(want, mirror):
            before = len(mirror.table.commands)
            keys = keys_for(mirror, goal)
            if sent is not None:
                counts.append(_checked(window, sent))
            made = [_said(c) for c in mirror.table.commands[before:]]
            journal = ([] if want["type"] == "new_game" else journal) + made
            window.press(keys)
            sent = Sent(keys, journal, state_json_of(mirror.table.played))
    assert sent is not None
    counts.append(_checked(window, sent))
    window.shot("end")
    return counts


def _checked(window: Window, sent: Sent) -> Count:
    window.until_journal(sent.journal)
    _pictures(window, sent.journal[-1], sent.state)
    return Count(sent.state["round"], _task(sent.journal[-1], sent.state), len(sent.keys))


def _task(made: dict[str, Any], state: Mapping[str, Any]) -> str:
    """What the table did, in the press table's words: the phase a next phase reached."""
    if made["type"] == "next_phase":
        return f"next phase: {state['phase']}"
    return label(made)


def _pictures(window: Window, made: Mapping[str, Any], state: Mapping[str, Any]) -> None:
    pending = (state.get("pending") or {}).get("kind")
    round_ = state["round"]
    if made["type"] == "next_phase" and pending == "gather_power":
        window.shot(f"round{round_}_gather_power")
    elif made["type"] == "next_phase" and pending == "ritual":
        window.shot(f"round{round_}_ritual")
    elif made["type"] == "new_game":
        window.shot("new_game")


# --- the presses expected -----------------------------------------------------------------

# Each task's presses as the search finds them on today's screens (round, presses, task),
# the same at both sizes: a flow that takes a press more, or a task more, fails here and
# names it. When a screen's flow is meant to change, the table printed by the test (and
# written beside its pictures) is the new one to copy here.
# On be99e34 the game took 377 presses: the Gates 9 to 13 presses each
# (UP and DOWN alone in the Areas) and round 2's Gather Power 32 (nothing proposed beyond the
# Gates: the Cultists turned up one press each). Now CUSTODIAN and LIBRARIAN move five lines
# in the Areas and two in the answers, and the first Gather Power proposes the set-up's 6
# Cultists: 330.
PRESSES: tuple[tuple[int, int, str], ...] = (
    (1, 16, "new game: 4 factions, scoreboard on"),
    (1,  6, "gate: fountain to great_cthulhu"),
    (1,  7, "gate: black_hall to crawling_chaos"),
    (1,  6, "gate: blue_hall to yellow_sign"),
    (1,  7, "gate: gloomloft to black_goat"),
    (1,  5, "gate: floating_tower to great_cthulhu"),
    (1,  6, "spellbook: great_cthulhu has 1"),
    (1,  7, "spellbook: black_goat has 1"),
    (1,  7, "spellbook: black_goat has 2"),
    (2,  2, "next phase: gather_power"),
    (2, 14, "gather power"),
    (2,  2, "next phase: first_player"),
    (2,  1, "first player: great_cthulhu clockwise"),
    (2,  2, "next phase: doom"),
    (2,  2, "ritual: great_cthulhu performs (1 GOO)"),
    (2,  5, "ritual: crawling_chaos performs (0 GOO)"),
    (2,  1, "ritual: yellow_sign passes"),
    (2,  2, "ritual: black_goat performs (1 GOO)"),
    (2,  2, "next phase: action"),
    (2,  7, "gate: lake_of_hali_overlook to yellow_sign"),
    (2,  6, "spellbook: great_cthulhu has 2"),
    (2,  6, "spellbook: great_cthulhu has 3"),
    (2,  7, "spellbook: yellow_sign has 1"),
    (2,  7, "spellbook: yellow_sign has 2"),
    (2,  7, "spellbook: black_goat has 3"),
    (2,  7, "spellbook: black_goat has 4"),
    (2,  7, "spellbook: crawling_chaos has 1"),
    (2,  7, "spellbook: crawling_chaos has 2"),
    (2,  7, "elder signs drawn: yellow_sign 1"),
    (2,  9, "adjust: great_cthulhu {'doom': 2}"),
    (3,  2, "next phase: gather_power"),
    (3, 18, "gather power"),
    (3,  2, "next phase: first_player"),
    (3,  2, "first player: black_goat counterclockwise"),
    (3,  2, "next phase: doom"),
    (3,  2, "ritual: black_goat performs (1 GOO)"),
    (3,  2, "ritual: yellow_sign performs (1 GOO)"),
    (3,  1, "ritual: crawling_chaos passes"),
    (3,  2, "ritual: great_cthulhu performs (1 GOO)"),
    (3,  2, "next phase: action"),
    (3, 11, "elder signs revealed: great_cthulhu [2]"),
    (3,  7, "spellbook: great_cthulhu has 4"),
    (3,  7, "spellbook: great_cthulhu has 5"),
    (3,  7, "spellbook: great_cthulhu has 6"),
    (3,  6, "spellbook: black_goat has 5"),
    (3,  6, "spellbook: black_goat has 6"),
    (3,  7, "spellbook: yellow_sign has 3"),
    (3,  7, "spellbook: yellow_sign has 4"),
    (3,  6, "elder signs drawn: black_goat 1"),
    (3,  6, "elder signs drawn: black_goat 1"),
    (4,  2, "next phase: gather_power"),
    (4, 14, "gather power"),
    (4,  2, "next phase: first_player"),
    (4,  3, "first player: great_cthulhu clockwise"),
    (4,  2, "next phase: doom"),
    (4,  5, "ritual: great_cthulhu performs (2 GOO)"),
    (4,  1, "ritual: crawling_chaos passes"),
    (4,  1, "ritual: yellow_sign passes"),
    (4,  4, "ritual: black_goat performs (2 GOO)"),
    (4,  5, "elder signs revealed: great_cthulhu [1, 2, 3]"),
    (4,  3, "elder signs revealed: yellow_sign [1, 2]"),
    (4,  6, "elder signs revealed: black_goat [1, 1, 1, 2, 2, 3]"),
)  # fmt: skip
PER_ROUND = {1: 67, 2: 110, 3: 105, 4: 48}
WHOLE_GAME = (330, 62)  # presses, tasks


def _by_round(rows: Sequence[tuple[int, int, str]]) -> dict[int, int]:
    per_round = Counter[int]()
    for round_, n, _task in rows:
        per_round[round_] += n
    return dict(per_round)


def press_changes(counts: Sequence[Count]) -> list[str]:
    """How the game's presses differ from :data:`PRESSES`, task by task, then each round's
    and the whole game's (nothing: an empty list)."""
    found = [(c.round, c.presses, c.task) for c in counts]
    changes = [
        f"round {r}, task {i + 1} ({t!r}): {p} presses, the table says {want[1]} ({want[2]!r})"
        for i, ((r, p, t), want) in enumerate(zip(found, PRESSES, strict=False))
        if (r, p, t) != want
    ]
    if len(found) != len(PRESSES):
        changes.append(f"{len(found)} tasks, the table has {len(PRESSES)}")
    changes += [
        f"round {r}: {n} presses, {PER_ROUND.get(r)} expected"
        for r, n in _by_round(found).items()
        if n != PER_ROUND.get(r)
    ]
    whole = (sum(p for _r, p, _t in found), len(found))
    if whole != WHOLE_GAME:
        changes.append(f"the whole game: {whole[0]} presses for {whole[1]} tasks, "
                       f"{WHOLE_GAME[0]} for {WHOLE_GAME[1]} expected")  # fmt: skip
    return changes


def test_the_expected_presses_add_up() -> None:
    """The table's rounds and whole game are its tasks' sums (a row edited alone fails)."""
    assert _by_round(PRESSES) == PER_ROUND
    assert (sum(p for _r, p, _t in PRESSES), len(PRESSES)) == WHOLE_GAME


def test_a_press_more_is_named_by_its_round_and_task() -> None:
    """The check itself: the table passes, one press more on round 3's Gather Power fails
    naming it, its round and the whole game."""
    counts = [Count(r, t, p) for r, p, t in PRESSES]
    assert press_changes(counts) == []
    at = next(i for i, (r, _p, t) in enumerate(PRESSES) if (r, t) == (3, "gather power"))
    counts[at] = Count(3, "gather power", PRESSES[at][1] + 1)
    assert press_changes(counts) == [
        f"round 3, task {at + 1} ('gather power'): {PRESSES[at][1] + 1} presses, the table "
        f"says {PRESSES[at][1]} ('gather power')",
        f"round 3: {PER_ROUND[3] + 1} presses, {PER_ROUND[3]} expected",
        f"the whole game: {WHOLE_GAME[0] + 1} presses for 62 tasks, {WHOLE_GAME[0]} for 62 "
        "expected",
    ]


@needs_x
@pytest.mark.slow
@pytest.mark.parametrize(
    "size",
    [
        pytest.param((800, 480), id="800x480"),
        # The same game again on the smallest screen: two more minutes, so outside the
        # plain `pytest` (marker "window"; .ci/run runs it after the README's command).
        pytest.param((480, 320), id="480x320", marks=pytest.mark.window),
    ],
)
def test_a_whole_scoreboard_game_in_a_real_window(
    size: tuple[int, int], x_display: str, framebuffer: Path, tmp_path: Path
) -> None:
    window = open_window(x_display, tmp_path, framebuffer, size)
    try:
        counts = play(window)
        journal = window.journal()
    finally:
        window.process.send_signal(signal.SIGTERM)
        code = window.process.wait(timeout=WAIT)
    assert code == 0, tail(window.log)
    report = table_of(counts)
    (window.shots / "presses.txt").write_text(report + "\n", encoding="utf-8")
    print(report)
    changes = press_changes(counts)
    assert not changes, "the presses are not the table's (PRESSES):\n" + "\n".join(changes)
    # The companion's game is the example's: the same standings, the same winner.
    final, told = replayed(journal), replayed(example())
    assert (
        final["game_over"]
        == told["game_over"]
        == {
            "reason": "ritual_track",
            "winners": ["great_cthulhu"],
        }
    )
    assert final["scoreboard"] == told["scoreboard"]
    assert window.sizes == [size] * len(window.taken)
