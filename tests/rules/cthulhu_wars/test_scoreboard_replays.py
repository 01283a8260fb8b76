"""Every Cthulhu Wars journal in the repository, replayed without the scoreboard and with it
(I12): without it the state has no new key; with it the rest of the state is the same at every
line, the scoreboard's own decisions answered in passing and taken back with the command they
followed (so that an ``undo`` in the journal undoes the same thing in both)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from rules.commands import Command, Redo, Undo
from rules.cthulhu_wars.commands import NextPhase, Satisfy, UnflipTome
from rules.cthulhu_wars.game import CTHULHU_WARS
from rules.cthulhu_wars.scoreboard.pending import (
    FirstPlayerPending,
    GatherPowerPending,
    RevealPending,
    RitualPending,
)
from rules.cthulhu_wars.scoreboard.record import changed
from rules.errors import RulesError
from rules.games import GAMES
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
    return parse(obj, GAMES)


SCOREBOARD_PENDINGS = ("gather_power", "first_player", "ritual", "reveal")


def without_the_scoreboard(played: Played) -> dict[str, Any]:
    """The state as a game without the scoreboard shows it: no scoreboard keys, and no
    pending decision of the scoreboard's own (the journal's next command answers it)."""
    out = state_json(played)
    if out["pending"] is not None and out["pending"]["kind"] in SCOREBOARD_PENDINGS:
        out["pending"] = None
    return {key: value for key, value in out.items() if key not in SCOREBOARD_KEYS}


class CannotMirror(Exception):
    """The twin's game went where the journal's cannot follow: on the Dreamlands the monsters
    act as soon as the last Ritual is decided (K9), so a journal that does something else in
    the Doom Phase first has no twin from there on; and the twin's game may end (K13) where
    the journal's goes on, its Gates having brought Doom round after round."""


@dataclass
class ScoredTwin:
    """The same game with the scoreboard, kept in step with the journal's own commands."""

    played: Played
    done: list[bool] = field(default_factory=list)  # per command applied: answered in passing?
    undone: list[bool] = field(default_factory=list)

    def _apply(self, cmd: Command, in_passing: bool) -> None:
        self.played = apply(self.played, cmd).played
        self.done.append(in_passing)
        self.undone.clear()

    def follow(self, cmd: Command) -> None:
        self._check_going_on()
        if isinstance(cmd, Undo):
            self._undo()
        elif isinstance(cmd, Redo):
            self._redo()
        elif self._ends_dreamlands_doom_phase(cmd):
            self._pass_rituals(last_is_the_command=True)
        elif self._dreamlands_doom_phase():
            raise CannotMirror
        else:
            self._prepare(cmd)
            self._check_going_on()
            self._apply(cmd, in_passing=False)

    def _check_going_on(self) -> None:
        state = self.played.state
        if state.game_over is not None or isinstance(state.pending, RevealPending):
            raise CannotMirror

    def _undo(self) -> None:
        while True:  # the journal's command and what was answered in passing before it
            self.played = apply(self.played, Undo()).played
            in_passing = self.done.pop()
            self.undone.append(in_passing)
            if not self.done or not self.done[-1]:
                return

    def _redo(self) -> None:
        while True:
            self.played = apply(self.played, Redo()).played
            self.done.append(self.undone.pop())
            if not self.done[-1]:
                return

    def _dreamlands_doom_phase(self) -> bool:
        state = self.played.state
        return state.map == "dreamlands" and isinstance(state.pending, RitualPending)

    def _ends_dreamlands_doom_phase(self, cmd: Command) -> bool:
        """K9: on the Dreamlands the last Ritual ends the Doom Phase, not next_phase."""
        return isinstance(cmd, NextPhase) and self._dreamlands_doom_phase()

    def _prepare(self, cmd: Command) -> None:
        """Answer the scoreboard's questions as a table that changes nothing would, and give a
        payer the Doom or the Elder Sign the scoreboard would otherwise refuse (K15, C11)."""
        while True:
            state = self.played.state
            pending = state.pending
            if isinstance(pending, GatherPowerPending):
                power = {f: 8 for f in state.factions}
                self._apply(
                    parse({"type": "gather_power", "power": power}, GAMES, CTHULHU_WARS), True
                )
            elif isinstance(pending, FirstPlayerPending):
                first = {
                    "type": "first_player",
                    "faction": pending.candidates[0],
                    "direction": "clockwise",
                }
                self._apply(parse(first, GAMES, CTHULHU_WARS), True)
            elif isinstance(pending, RitualPending):
                self._pass_rituals(last_is_the_command=False)
            else:
                break
        if isinstance(cmd, Satisfy) and cmd.doom:
            self._give(cmd.faction, doom=cmd.doom)
        if isinstance(cmd, UnflipTome) and cmd.pay == "elder_sign":
            draw = {"type": "draw_elder_signs", "faction": cmd.by, "count": 1}
            self._apply_quietly(parse(draw, GAMES, CTHULHU_WARS))

    def _give(self, faction: str, doom: int) -> None:
        """K15: a victim pays only Doom he has; the twin's victim gets it just before."""
        board = self.played.state.scoreboard
        assert board is not None
        short = doom - board.doom[faction]
        if short > 0:
            # A satisfy answers a pending payment, so the Doom goes in under it by replacing
            # the scoreboard directly: the table would have had it from earlier rounds.
            state = self.played.state
            board = replace(board, doom=changed(board.doom, faction, short))
            self.played = Played(
                self.played.game, replace(state, scoreboard=board), self.played.history
            )

    def _apply_quietly(self, cmd: Command) -> None:
        # Refused in the twin where the journal's own command is refused anyway.
        with contextlib.suppress(RulesError):
            self._apply(cmd, True)

    def _pass_rituals(self, last_is_the_command: bool) -> None:
        while isinstance(pending := self.played.state.pending, RitualPending):
            last = not pending.rest
            cmd = parse(
                {"type": "ritual", "faction": pending.faction, "perform": False},
                GAMES,
                CTHULHU_WARS,
            )
            self._apply(cmd, in_passing=not (last and last_is_the_command))


def replay_both(path: Path) -> tuple[int, int]:
    """How many of the journal's commands were compared, of how many."""
    lines = journal_lines(path)
    plain = start(parse_line(lines[0], GAMES), GAMES).played  # type: ignore[arg-type]
    assert not set(SCOREBOARD_KEYS) & set(state_json(plain))
    twin = ScoredTwin(start(with_scoreboard(lines[0]), GAMES).played)
    compared = 0
    for number, line in enumerate(lines[1:], start=2):
        cmd = parse_line(line, GAMES, plain.game)
        if cmd is None:
            continue
        try:
            plain = apply(plain, cmd).played
        except RulesError:
            break  # the journal ends where the rules refuse it
        try:
            twin.follow(cmd)
        except CannotMirror:
            break
        assert without_the_scoreboard(twin.played) == state_json(plain), f"{path.name}:{number}"
        assert not set(SCOREBOARD_KEYS) & set(state_json(plain))
        compared += 1
    return compared, len(lines) - 1


@pytest.mark.parametrize("path", JOURNALS, ids=lambda path: path.stem)
def test_i12_the_scoreboard_changes_nothing_else_in_any_journal(path: Path) -> None:
    compared, _ = replay_both(path)
    assert compared > 0


# How much of each map's journals the twin follows (CannotMirror): the Library's almost
# all (7,791 of 8,523 lines today), the Dreamlands' up to the first Doom Phase in which the
# journal does something before the monsters act (1,862 of 7,051).
SHARE_COMPARED = {"celaeno": 0.85, "dreamlands": 0.2}


@pytest.mark.parametrize("map_name", sorted(SHARE_COMPARED))
def test_enough_of_each_map_is_compared(map_name: str) -> None:
    counts = [replay_both(p) for p in JOURNALS if f'"map": "{map_name}"' in journal_lines(p)[0]]
    compared, total = (sum(c[i] for c in counts) for i in (0, 1))
    assert compared >= SHARE_COMPARED[map_name] * total, f"{compared} of {total} lines compared"


def test_the_journals_cover_both_maps() -> None:
    maps = {json.loads(journal_lines(path)[0])["map"] for path in JOURNALS}
    assert maps == {"celaeno", "dreamlands"} and len(JOURNALS) > 200
