"""Every Cthulhu Wars journal in the repository, replayed without the scoreboard and with it
(I12): without it the state has no new key; with it the rest of the state is the same after
every line of every journal, the scoreboard's own decisions answered in passing.

The game with the scoreboard (the twin) is played as a table that keeps it would play the
journal's game:

- Gather Power, First Player and the Rituals are answered as they become pending (8 Power
  each, the first candidate, every Ritual passed), before the journal's next command; that
  state, without the scoreboard's keys and pending decision, is the journal's.
- On the Dreamlands the Doom Phase has no moment for anything but the Rituals: they are
  pending from its first moment (K8) and the Bhole and the Zoogs act as soon as the last is
  decided (K9, D8, D14). A journal without the scoreboard may change the board between
  ``next_phase`` into the Doom Phase and the ``next_phase`` that ends it (a Gate, Yog-Sothoth,
  Zoogs removed). The twin makes those changes just before its Doom Phase instead, which
  the Dreamlands allows (their Doom Phase begins with nothing of the map's own, and the
  commands are the same in either phase): it enters the Doom Phase again after each one, so
  its state after each line is the journal's. The journal's ``next_phase`` then passes the
  twin's Rituals, and the monsters act on the same board in both.
- The one part of a state not compared: a Citadel victory (D5, D6) won by such a change ends
  the twin's game before its Doom Phase, which it then never enters. Until that line is
  undone, the twin's ``phase`` is ``first_player`` where the journal's is ``doom`` (asserted);
  the rest of the state is compared.
- A refused line changes nothing in either game, and both refuse it under the same rule;
  the journal goes on after it (the golden journals do).
- ``undo`` and ``redo`` take back and bring back one of the journal's commands, with what
  the twin answered in passing before it.
- The twin keeps its game going where the journal's does: its Gates bring Doom round after
  round, so before a Doom Phase it takes back (``adjust``, I10) the Doom of a faction whose
  Gates would bring it to 30 (K13); a Librarian's victim is given the Doom he pays (K15) and
  a Tome's payer the Elder Sign (C11).

So every line of every journal is compared; a twin that cannot follow fails the test, which
names the line where it stopped.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules.commands import Command, Redo, Undo
from rules.cthulhu_wars.commands import NextPhase, Satisfy, UnflipTome
from rules.cthulhu_wars.game import CTHULHU_WARS
from rules.cthulhu_wars.scoreboard_record import (
    DOOM_TO_END,
    FirstPlayerPending,
    GatherPowerPending,
    RevealPending,
    RitualPending,
    changed,
)
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.games import RULES
from rules.journal import Played, apply, parse, parse_line, start, state_json

ROOT = Path(__file__).resolve().parents[3]
SCOREBOARD_KEYS = ("scoreboard", "game_over")


def journal_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def cthulhu_wars_journals() -> Iterator[Path]:
    for folder in (ROOT / "tests", ROOT / "rules" / "examples"):
        for path in sorted(folder.rglob("*.jsonl")):
            first = journal_lines(path)[0]
            if '"new_game"' in first and '"scoreboard": true' not in first:
                yield path  # a journal that keeps no scoreboard yet


JOURNALS = list(cthulhu_wars_journals())


def with_scoreboard(first_line: str) -> Command:
    obj = json.loads(first_line)
    obj["settings"] = {**obj.get("settings", {}), "scoreboard": True}
    return parse(obj, RULES)


SCOREBOARD_PENDINGS = ("gather_power", "first_player", "ritual", "reveal")


def without_the_scoreboard(played: Played[GameState]) -> dict[str, Any]:
    """The state as a game without the scoreboard shows it: no scoreboard keys, and no
    pending decision of the scoreboard's own (the journal's next command answers it)."""
    out = state_json(played)
    if out["pending"] is not None and out["pending"]["kind"] in SCOREBOARD_PENDINGS:
        out["pending"] = None
    return {key: value for key, value in out.items() if key not in SCOREBOARD_KEYS}


def command(obj: dict[str, Any]) -> Command:
    return parse(obj, RULES, CTHULHU_WARS)


class CannotMirror(Exception):
    """The twin's game has ended (K13, K14) where the journal's goes on."""


@dataclass(frozen=True)
class Step:
    """The twin after one of the journal's commands. ``held``: the twin just before its
    Dreamlands Doom Phase, while the journal's Doom Phase goes on (the module's docstring);
    ``won_before_doom``: a Citadel victory (D5) ended the twin's game there."""

    played: Played[GameState]
    held: Played[GameState] | None = None
    won_before_doom: bool = False


class ScoredTwin:
    """The same game with the scoreboard, one step per command of the journal's."""

    def __init__(self, played: Played[GameState]) -> None:
        self.steps = [Step(played)]
        self.undone: list[Step] = []
        self.held_lines = 0  # the journal's commands made before the twin's Doom Phase

    @property
    def played(self) -> Played[GameState]:
        return self.steps[-1].played

    def follow(self, cmd: Command) -> None:
        """The journal's ``cmd`` in the twin; RulesError, and nothing changed, if refused."""
        if isinstance(cmd, Undo):
            if len(self.steps) == 1:
                apply(self.steps[0].played, cmd)  # the engine's own refusal
            self.undone.append(self.steps.pop())
        elif isinstance(cmd, Redo):
            if not self.undone:
                apply(self.played, cmd)  # the engine's own refusal
            self.steps.append(self.undone.pop())
        else:
            self.steps.append(self._after(self.steps[-1], cmd))
            self.undone.clear()

    def _after(self, step: Step, cmd: Command) -> Step:
        if step.held is None:
            return self._played(step.played, cmd)
        if isinstance(cmd, NextPhase):  # K9: the journal's Doom Phase ends: the monsters act
            return Step(_pass_rituals(step.played))
        board_changed = self._played(step.held, cmd).played
        self.held_lines += 1
        if board_changed.state.winner is not None:
            return Step(board_changed, won_before_doom=True)
        return Step(_into_doom(board_changed), held=board_changed)

    def _played(self, played: Played[GameState], cmd: Command) -> Step:
        _check_going_on(played)
        before = _prepared(played, cmd)
        after = apply(before, cmd).played
        state = after.state
        if state.map == "dreamlands" and isinstance(state.pending, RitualPending):
            return Step(after, held=before)  # it has just entered its Doom Phase
        return Step(after)


def _check_going_on(played: Played[GameState]) -> None:
    state = played.state
    if state.game_over is not None or isinstance(state.pending, RevealPending):
        raise CannotMirror


def _prepared(played: Played[GameState], cmd: Command) -> Played[GameState]:
    """Answer the scoreboard's questions as a table that changes nothing would, and give a
    payer the Doom or the Elder Sign the scoreboard would otherwise refuse (K15, C11)."""
    while True:
        state = played.state
        pending = state.pending
        if isinstance(pending, GatherPowerPending):
            power = {f: 8 for f in state.factions}
            played = apply(played, command({"type": "gather_power", "power": power})).played
        elif isinstance(pending, FirstPlayerPending):
            first = {"type": "first_player", "faction": pending.candidates[0]}
            played = apply(played, command(first | {"direction": "clockwise"})).played
        elif isinstance(pending, RitualPending):
            played = _pass_rituals(played)
        else:
            break
    if isinstance(cmd, NextPhase) and played.state.phase == "first_player":
        played = _below_the_end(played)  # the Doom Phase comes next
    if isinstance(cmd, Satisfy) and cmd.doom:
        played = _given(played, cmd.faction, doom=cmd.doom)
    if isinstance(cmd, UnflipTome) and cmd.pay == "elder_sign":
        draw = command({"type": "draw_elder_signs", "faction": cmd.by, "count": 1})
        played = apply(played, draw).played
    return played


def _below_the_end(played: Played[GameState]) -> Played[GameState]:
    """K13: a faction whose Gates would bring it to 30 Doom in the coming Doom Phase starts
    it with none, so that the twin's game goes on where the journal's does."""
    state = played.state
    board = state.scoreboard
    assert board is not None
    for faction in state.factions:
        gates = sum(1 for gate in state.gates.values() if gate.controller == faction)
        doom = board.doom[faction]
        if doom and doom + gates >= DOOM_TO_END:
            adjust = {"type": "adjust", "faction": faction, "doom": -doom}
            played = apply(played, command(adjust)).played
    return played


def _into_doom(played: Played[GameState]) -> Played[GameState]:
    return apply(_below_the_end(played), NextPhase()).played


def _given(played: Played[GameState], faction: str, doom: int) -> Played[GameState]:
    """K15: a victim pays only Doom he has; the twin's victim gets it just before."""
    state = played.state
    board = state.scoreboard
    assert board is not None
    short = doom - board.doom[faction]
    if short <= 0:
        return played
    # A satisfy answers a pending payment, so the Doom goes in under it by replacing the
    # scoreboard directly: the table would have had it from earlier rounds.
    board = replace(board, doom=changed(board.doom, faction, short))
    return Played(played.game, replace(state, scoreboard=board), played.done)


def _pass_rituals(played: Played[GameState]) -> Played[GameState]:
    while isinstance(pending := played.state.pending, RitualPending):
        passed = {"type": "ritual", "faction": pending.faction, "perform": False}
        played = apply(played, command(passed)).played
    return played


def _compared(twin: ScoredTwin, plain: dict[str, Any]) -> dict[str, Any]:
    """The twin's state as the journal's game shows it; after a Citadel victory won before
    the twin's Doom Phase, with the journal's phase."""
    out = without_the_scoreboard(twin.played)
    if twin.steps[-1].won_before_doom:
        assert (out["phase"], plain["phase"]) == ("first_player", "doom")
        out["phase"] = plain["phase"]
    return out


@dataclass
class Compared:
    lines: int = 0  # the journal's commands
    compared: int = 0  # after which both states were compared
    refused: int = 0  # refused by both
    held: int = 0  # made before the twin's Dreamlands Doom Phase, not in it
    won_before_doom: int = 0  # compared but for the phase (the module's docstring)
    stopped: str = ""  # the line where the twin's game had ended, if it had


@cache  # the journals are replayed once, for both tests
def replay_both(path: Path) -> Compared:
    """Both games line by line; an assertion names the first line where they differ."""
    lines = journal_lines(path)
    plain = start(parse_line(lines[0], RULES), RULES).played  # type: ignore[arg-type]
    assert not set(SCOREBOARD_KEYS) & set(state_json(plain))
    twin = ScoredTwin(start(with_scoreboard(lines[0]), RULES).played)
    counted = Compared(lines=len(lines) - 1)
    for number, line in enumerate(lines[1:], start=2):
        where = f"{path.name}:{number}"
        cmd = parse_line(line, RULES, plain.game)
        assert cmd is not None
        try:
            plain = apply(plain, cmd).played
        except RulesError as refused:
            counted.refused += 1
            with pytest.raises(RulesError) as twin_refused:
                twin.follow(cmd)
            assert twin_refused.value.rule == refused.rule, where
        else:
            try:
                twin.follow(cmd)
            except CannotMirror:
                counted.stopped = where
                break
        assert _compared(twin, state_json(plain)) == state_json(plain), where
        assert not set(SCOREBOARD_KEYS) & set(state_json(plain))
        counted.compared += 1
        counted.won_before_doom += twin.steps[-1].won_before_doom
    counted.held = twin.held_lines
    return counted


@pytest.mark.parametrize("path", JOURNALS, ids=lambda path: path.stem)
def test_i12_the_scoreboard_changes_nothing_else_in_any_journal(path: Path) -> None:
    counted = replay_both(path)
    stopped = f"the twin's game is over at {counted.stopped}"
    assert counted.compared == counted.lines, f"{counted.compared} of {counted.lines}: {stopped}"


def test_the_journals_cover_both_maps_and_what_the_twin_does() -> None:
    """The cases the module's docstring names occur in the journals compared: without them
    the test above would prove less than it says."""
    maps = {json.loads(journal_lines(path)[0])["map"] for path in JOURNALS}
    assert maps == {"celaeno", "dreamlands"} and len(JOURNALS) > 200
    counts = [replay_both(path) for path in JOURNALS]
    # Today: 660 board changes made in a Dreamlands Doom Phase, 33 refused lines, 3 lines
    # after a Citadel victory won in a Dreamlands Doom Phase.
    assert sum(c.held for c in counts) >= 600
    assert sum(c.refused for c in counts) >= 30
    assert sum(c.won_before_doom for c in counts) >= 1
