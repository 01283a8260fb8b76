"""When the game ends and who wins (K13, K14)."""

from __future__ import annotations

from dataclasses import replace

from rules.cthulhu_wars.outcome import Applied
from rules.cthulhu_wars.scoreboard_record import (
    DOOM_TO_END,
    SPELLBOOKS,
    EndReason,
    GameOver,
    RevealPending,
    Scoreboard,
)
from rules.cthulhu_wars.state import GameState
from rules.text import text


def board_of(state: GameState) -> Scoreboard:
    assert state.scoreboard is not None  # the scoreboard's handlers run only with it (I12)
    return state.scoreboard


def end_of_doom_phase(state: GameState) -> Applied | None:
    """K13: at the end of a Doom Phase the game ends at 30 Doom or on the track's end space;
    None lets the round go on."""
    board = board_of(state)
    if any(doom >= DOOM_TO_END for doom in board.doom.values()):
        return game_ends(state, "doom")
    if board.at_end:
        return game_ends(state, "ritual_track")
    return None


def game_ends(state: GameState, reason: EndReason) -> Applied:
    """K14: every faction that holds Elder Signs reveals them, in play order; then the winner."""
    board = board_of(state)
    revealers = tuple(f for f in board.order if board.elder_signs[f] > 0)
    event = text(f"event.game_ends.{reason}")
    if not revealers:
        over, events = winners(state, reason)
        return over, [event, *events]
    pending = RevealPending(revealers[0], reason, revealers[1:])
    asked = text("event.reveal_all", factions=[text(f"faction.{f}") for f in revealers])
    return replace(state, pending=pending), [event, asked]


def winners(state: GameState, reason: EndReason) -> Applied:
    """K14: the most Doom among the factions with all six spellbooks; ties share the win."""
    board = board_of(state)
    eligible = [f for f in state.factions if board.spellbooks[f] == SPELLBOOKS]
    best = max((board.doom[f] for f in eligible), default=0)
    won = tuple(f for f in eligible if board.doom[f] == best)
    state = replace(state, pending=None, game_over=GameOver(reason, won))
    if not won:
        return state, [text("event.nobody_wins")]
    return state, [text("event.winners", factions=[text(f"faction.{f}") for f in won], doom=best)]
