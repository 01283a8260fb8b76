"""The scoreboard's record (K1–K15, I12): its value in the state, the Ritual track (K7) and
play order (K2), what its game waits for (K3, K6, K8, K14) and how it ended (K13, K14), and
their part of the state JSON (JOURNAL.md).

The core's state holds these values and the scoreboard's rules (``scoreboard/``) change them:
they sit here, beside the state and below both, so that neither imports the other. Loaded
only by a game that keeps the scoreboard (the state names them for type checkers alone).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from typing import TYPE_CHECKING, Literal, TypeAlias

from rules.cthulhu_wars.commands import Direction
from rules.values import Record, frozen

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import (
        CthulhuWarsSecretsJSON,
        GameOverJSON,
        PendingJSON,
        ScoreboardJSON,
    )

# K13: why a game ends before the last round ("citadel": D5, D6 end it at once).
EndReason: TypeAlias = Literal["doom", "ritual_track", "elder_signs", "citadel"]

START_POWER = 8  # K1
START_CULTISTS = 6  # K1: the core set-up's Cultists of each faction, beside its Gate
ELDER_SIGNS = 36  # K10: 18 worth 1, 12 worth 2, 6 worth 3
SIGN_VALUES = (1, 2, 3)  # K10
SPELLBOOKS = 6  # K12
DOOM_TO_END = 30  # K13
END_COST = 10  # K7: a Ritual on the end space
# K7: the cost at each space before the end space, by player count (2 use the 4-player track).
TRACKS: Mapping[int, tuple[int, ...]] = {
    2: (5, 6, 7, 7, 8, 8, 9, 10),
    3: (5, 6, 7, 8, 9, 10),
    4: (5, 6, 7, 7, 8, 8, 9, 10),
    5: (5, 6, 6, 7, 7, 8, 8, 9, 9, 10),
}


def _zero() -> Mapping[str, int]:
    return frozen({})


class Scoreboard(Record):
    """What the printed tracks would show, kept per faction in seating order."""

    power: Mapping[str, int] = field(default_factory=_zero)
    doom: Mapping[str, int] = field(default_factory=_zero)
    elder_signs: Mapping[str, int] = field(default_factory=_zero)  # held, unrevealed (K11)
    spellbooks: Mapping[str, int] = field(default_factory=_zero)
    elder_signs_left: int = ELDER_SIGNS
    track: tuple[int, ...] = TRACKS[3]
    space: int = 0  # 0-based; len(track) is the end space
    first_player: str = ""
    direction: Direction = "clockwise"
    order: tuple[str, ...] = ()
    # Each faction's revealed signs, in the order revealed: the end's summary shows them.
    revealed: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: frozen({}))
    # Each faction's Doom at the end of every round played out, oldest first: the Doom chart.
    # Kept by the rules, not drawn from the journal, so a state alone (the phones, a replay's
    # screenshot) can draw it; the round in play is ``doom``.
    doom_by_round: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: frozen({}))
    # I14: the values of held signs that the faction's phone recorded, in the order recorded
    # (at most as many as it holds; the rest are unknown). Secret: never in ``to_json``.
    sign_values: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: frozen({}))

    @property
    def at_end(self) -> bool:
        return self.space >= len(self.track)

    @property
    def cost(self) -> int:
        """K7: the next Ritual's cost."""
        return END_COST if self.at_end else self.track[self.space]


def new_scoreboard(factions: tuple[str, ...], first: str, direction: Direction) -> Scoreboard:
    """K1, K2, K7: every faction at 8 Power and nothing else; the marker on the first space."""
    return Scoreboard(
        power=frozen({f: START_POWER for f in factions}),
        doom=frozen({f: 0 for f in factions}),
        elder_signs=frozen({f: 0 for f in factions}),
        spellbooks=frozen({f: 0 for f in factions}),
        track=TRACKS[len(factions)],
        first_player=first,
        direction=direction,
        order=play_order(factions, first, direction),
        revealed=frozen({f: () for f in factions}),
        doom_by_round=frozen({f: () for f in factions}),
        sign_values=frozen({f: () for f in factions}),
    )


def play_order(factions: tuple[str, ...], first: str, direction: Direction) -> tuple[str, ...]:
    """K2: from the First Player round the table (seating order is clockwise)."""
    seats = factions if direction == "clockwise" else tuple(reversed(factions))
    at = seats.index(first)
    return seats[at:] + seats[:at]


def round_ended(board: Scoreboard) -> Scoreboard:
    """The Doom chart's point for the round that just ended: each faction's Doom now."""
    chart = {f: (*rounds, board.doom[f]) for f, rounds in board.doom_by_round.items()}
    return replace(board, doom_by_round=frozen(chart))


def changed(values: Mapping[str, int], faction: str, by: int) -> Mapping[str, int]:
    return frozen({**values, faction: values[faction] + by})


def to_json(board: Scoreboard) -> ScoreboardJSON:
    """The ``scoreboard`` key of the state JSON (JOURNAL.md)."""
    return {
        "power": dict(board.power),
        "doom": dict(board.doom),
        "elder_signs": dict(board.elder_signs),
        "spellbooks": dict(board.spellbooks),
        "elder_signs_left": board.elder_signs_left,
        "ritual": {
            "space": board.space,
            "cost": board.cost,
            "track": list(board.track),
            "at_end": board.at_end,
        },
        "first_player": board.first_player,
        "direction": board.direction,
        "order": list(board.order),
        "revealed": {f: list(values) for f, values in board.revealed.items()},
        "doom_by_round": {f: list(values) for f, values in board.doom_by_round.items()},
    }


def unrecorded(board: Scoreboard, faction: str) -> int:
    """I14: the signs ``faction`` holds whose values no phone recorded."""
    return board.elder_signs[faction] - len(board.sign_values[faction])


def with_values(board: Scoreboard, faction: str, values: tuple[int, ...]) -> Scoreboard:
    """``board`` with ``faction``'s recorded values now ``values`` (I14)."""
    return replace(board, sign_values=frozen({**board.sign_values, faction: values}))


def secrets_json(board: Scoreboard, faction: str) -> CthulhuWarsSecretsJSON:
    """What only ``faction``'s seat may see (I14): the values its phone recorded for the
    signs it holds, and how many it holds without one."""
    known = list(board.sign_values[faction])
    return {"elder_signs": known, "unrecorded": unrecorded(board, faction)}


def revealed(board: Scoreboard, faction: str, values: tuple[int, ...]) -> Scoreboard:
    """K11: ``faction`` reveals signs worth ``values``: their sum goes onto its Doom and
    they leave the game (the recorded values are the caller's business, I14)."""
    return replace(
        board,
        elder_signs=changed(board.elder_signs, faction, -len(values)),
        doom=changed(board.doom, faction, sum(values)),
        revealed=frozen(dict(board.revealed) | {faction: board.revealed[faction] + values}),
    )


class GatherPowerPending(Record):
    """K3: the table confirms what each faction gathered; ``lines``: what factions said
    of their own line from their phones meanwhile (I13), proposed by the table's OK."""

    lines: Mapping[str, int] = field(default_factory=_zero)


class FirstPlayerPending(Record):
    candidates: tuple[str, ...]  # K6: tied for the most Power, in seating order
    chooser: str


class RitualPending(Record):
    faction: str
    cost: int
    rest: tuple[str, ...]  # K8: who decides after ``faction``, in play order


class RevealPending(Record):
    faction: str
    reason: EndReason  # K13: why the game is ending ("doom", "ritual_track", "elder_signs")
    rest: tuple[str, ...]  # K14: who reveals after ``faction``, in play order


class GameOver(Record):
    reason: EndReason
    winners: tuple[str, ...]  # K14: seating order; empty when nobody has six spellbooks


def game_over_json(winner: str | None, over: GameOver | None) -> GameOverJSON | None:
    """The ``game_over`` key of the state JSON, after ``scoreboard``."""
    if winner is not None:  # K14: a Citadel victory (D5, D6) ends it with its own winner
        return {"reason": "citadel", "winners": [winner]}
    return None if over is None else {"reason": over.reason, "winners": list(over.winners)}


def pending_json(pending: object, board: Scoreboard) -> PendingJSON | None:
    """The state JSON's ``pending`` for one of the scoreboard's decisions; None for another."""
    if isinstance(pending, GatherPowerPending):
        if not pending.lines:  # as before seats: no key for what no phone said
            return {"kind": "gather_power"}
        return {"kind": "gather_power", "lines": dict(pending.lines)}
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
