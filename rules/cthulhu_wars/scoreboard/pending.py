"""What the scoreboard's game waits for (K3, K6, K8, K14) and how it ended (K13, K14), and
their part of the state JSON (JOURNAL.md): loaded by a game that keeps the scoreboard."""

from __future__ import annotations

from typing import Any

from rules.cthulhu_wars.scoreboard.record import Scoreboard, to_json
from rules.values import Record


class GatherPowerPending(Record):
    """K3: the table confirms what each faction gathered."""


class FirstPlayerPending(Record):
    candidates: tuple[str, ...]  # K6: tied for the most Power, in seating order
    chooser: str


class RitualPending(Record):
    faction: str
    cost: int
    rest: tuple[str, ...]  # K8: who decides after ``faction``, in play order


class RevealPending(Record):
    faction: str
    reason: str  # K13: why the game is ending ("doom", "ritual_track", "elder_signs")
    rest: tuple[str, ...]  # K14: who reveals after ``faction``, in play order


class GameOver(Record):
    reason: str
    winners: tuple[str, ...]  # K14: seating order; empty when nobody has six spellbooks


def scoreboard_json(board: Scoreboard, winner: str | None, over: GameOver | None) -> dict[str, Any]:
    """The ``scoreboard`` and ``game_over`` keys of the state JSON, after the core's."""
    return {"scoreboard": to_json(board), "game_over": game_over_json(winner, over)}


def game_over_json(winner: str | None, over: GameOver | None) -> dict[str, Any] | None:
    if winner is not None:  # K14: a Citadel victory (D5, D6) ends it with its own winner
        return {"reason": "citadel", "winners": [winner]}
    return None if over is None else {"reason": over.reason, "winners": list(over.winners)}


def pending_json(pending: object, board: Scoreboard) -> dict[str, Any] | None:
    """The state JSON's ``pending`` for one of the scoreboard's decisions; None for another."""
    if isinstance(pending, GatherPowerPending):
        return {"kind": "gather_power"}
    if isinstance(pending, FirstPlayerPending):
        return {
            "kind": "first_player",
            "candidates": list(pending.candidates),
            "chooser": pending.chooser,
        }
    if isinstance(pending, RitualPending):
        return {"kind": "ritual", "faction": pending.faction, "cost": pending.cost}
    if isinstance(pending, RevealPending):
        held = board.elder_signs[pending.faction]
        return {"kind": "reveal", "faction": pending.faction, "elder_signs": held}
    return None
