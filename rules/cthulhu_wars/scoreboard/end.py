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
    revealed,
    unrecorded,
    with_values,
)
from rules.cthulhu_wars.state import GameState
from rules.text import Text, text


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
    """K14: every faction that holds Elder Signs reveals them, in play order; then the winner.
    The signs whose values a phone kept are revealed by the companion (I14); the table is
    asked only for the others."""
    board = board_of(state)
    revealers = tuple(f for f in board.order if board.elder_signs[f] > 0)
    asked = [text(f"faction.{f}") for f in revealers if unrecorded(board, f)]
    events = [text(f"event.game_ends.{reason}")]
    if asked:
        events.append(text("event.reveal_all", factions=asked))
    state, more = reveals_from(state, revealers, reason)
    return state, [*events, *more]


def reveals_from(state: GameState, revealers: tuple[str, ...], reason: EndReason) -> Applied:
    """K14 from the first of ``revealers`` on: each reveals what its phone kept itself (I14);
    the first that still holds a sign without a kept value is asked for it; then the winner."""
    events: list[Text] = []
    for at, faction in enumerate(revealers):
        state, said = _reveal_kept(state, faction)
        events += said
        if board_of(state).elder_signs[faction] > 0:
            pending = RevealPending(faction, reason, revealers[at + 1 :])
            return replace(state, pending=pending), events
    over, more = winners(state, reason)
    return over, [*events, *more]


def _reveal_kept(state: GameState, faction: str) -> tuple[GameState, list[Text]]:
    """I14: ``faction``'s kept values revealed by the companion (its Doom goes up by them)."""
    board = board_of(state)
    values = board.sign_values[faction]
    if not values:
        return state, []
    board = with_values(revealed(board, faction, values), faction, ())
    said = text("event.recorded_revealed", faction=faction, values=list(values), n=sum(values))
    return replace(state, scoreboard=board), [said]


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
