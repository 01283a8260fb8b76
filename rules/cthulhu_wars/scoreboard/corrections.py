"""What the table tells the scoreboard outside the round's decisions: Elder Signs drawn
(K10) or revealed (K11, K13, K14), spellbooks earned (K12), and corrections (I10, I11)."""

from __future__ import annotations

from dataclasses import replace

from rules.cthulhu_wars.checks import require_faction
from rules.cthulhu_wars.outcome import Applied
from rules.cthulhu_wars.scoreboard.commands import (
    Adjust,
    DrawElderSigns,
    RevealElderSigns,
    Spellbooks,
)
from rules.cthulhu_wars.scoreboard.end import board_of, game_ends, winners
from rules.cthulhu_wars.scoreboard.rounds import draw
from rules.cthulhu_wars.scoreboard_record import (
    DOOM_TO_END,
    SIGN_VALUES,
    SPELLBOOKS,
    RevealPending,
    Scoreboard,
    changed,
)
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.text import text
from rules.values import frozen


def draw_elder_signs(state: GameState, cmd: DrawElderSigns) -> Applied:
    require_faction(state, cmd.faction, "K10")
    if cmd.count < 1:
        raise RulesError("K10", "error.draw_count", n=cmd.count)
    board, drawn, instead = draw(board_of(state), cmd.faction, cmd.count)
    key = "event.signs_drawn_short" if instead else "event.signs_drawn"
    event = text(key, faction=cmd.faction, signs=drawn, doom=instead)
    return replace(state, scoreboard=board), [event]


def reveal_elder_signs(state: GameState, cmd: RevealElderSigns) -> Applied:
    """K11 at any time; the answer to a ``reveal`` at the end (K14: every sign held)."""
    require_faction(state, cmd.faction, "K11")
    board = board_of(state)
    held = board.elder_signs[cmd.faction]
    _check_values(cmd, held)
    pending = state.pending if isinstance(state.pending, RevealPending) else None
    if pending is not None and (cmd.faction != pending.faction or len(cmd.values) != held):
        owed = board.elder_signs[pending.faction]  # the signs of the faction asked, not of cmd's
        raise RulesError("K14", "error.reveal_all", faction=pending.faction, n=owed)
    gained = sum(cmd.values)
    board = replace(
        board,
        elder_signs=changed(board.elder_signs, cmd.faction, -len(cmd.values)),
        doom=changed(board.doom, cmd.faction, gained),
        revealed=frozen(
            dict(board.revealed) | {cmd.faction: board.revealed[cmd.faction] + cmd.values}
        ),
    )
    state = replace(state, scoreboard=board)
    said = "event.sign_revealed" if len(cmd.values) == 1 else "event.signs_revealed"
    event = text(said, faction=cmd.faction, values=list(cmd.values), n=gained)
    if pending is not None:
        state, more = _next_revealer(state, pending)
        return state, [event, *more]
    if state.phase == "action" and board.doom[cmd.faction] >= DOOM_TO_END:  # K13
        state, more = game_ends(state, "elder_signs")
        return state, [event, *more]
    return state, [event]


def _check_values(cmd: RevealElderSigns, held: int) -> None:
    if not cmd.values:
        raise RulesError("K11", "error.reveal_none")
    for value in cmd.values:
        if value not in SIGN_VALUES:
            raise RulesError("K10", "error.sign_value", value=value)
    if len(cmd.values) > held:
        # "holds only 0 Elder Signs" says a count where the table needs "none"
        said = "error.reveal_more_than_held" if held else "error.reveal_none_held"
        raise RulesError("K11", said, faction=cmd.faction, n=held)


def _next_revealer(state: GameState, pending: RevealPending) -> Applied:
    if pending.rest:
        following = RevealPending(pending.rest[0], pending.reason, pending.rest[1:])
        return replace(state, pending=following), []
    return winners(state, pending.reason)


def spellbooks(state: GameState, cmd: Spellbooks) -> Applied:
    require_faction(state, cmd.faction, "K12")
    if not 0 <= cmd.count <= SPELLBOOKS:
        raise RulesError("K12", "error.spellbook_count", n=cmd.count)
    board = board_of(state)
    board = replace(board, spellbooks=frozen(dict(board.spellbooks) | {cmd.faction: cmd.count}))
    event = text("event.spellbooks", faction=cmd.faction, n=cmd.count)
    return replace(state, scoreboard=board), [event]


def adjust(state: GameState, cmd: Adjust) -> Applied:
    """I10, I11: what an ability did that the device does not compute; K15: never below 0."""
    require_faction(state, cmd.faction, "I10")
    changes = {"power": cmd.power, "doom": cmd.doom}
    if all(change in (None, 0) for change in changes.values()) or 0 in changes.values():
        raise RulesError("I10", "error.adjust_nothing")
    board = board_of(state)
    for track, change in changes.items():
        if change is not None and getattr(board, track)[cmd.faction] + change < 0:
            now = getattr(board, track)[cmd.faction]
            raise RulesError("K15", f"error.adjust_below_zero.{track}", faction=cmd.faction, n=now)
    if cmd.power:
        board = replace(board, power=changed(board.power, cmd.faction, cmd.power))
    if cmd.doom:
        board = replace(board, doom=changed(board.doom, cmd.faction, cmd.doom))
    event = text(
        "event.adjusted",
        faction=cmd.faction,
        power=board.power[cmd.faction],
        doom=board.doom[cmd.faction],
    )
    return replace(state, scoreboard=board), [event]


def pay_doom(board: Scoreboard, faction: str, doom: int) -> Scoreboard:
    """K15: Doom lost to the Librarian's Agony comes off the Doom kept, never below 0. The
    board is returned for the payment to put in its one new state."""
    if doom > board.doom[faction]:
        said = "error.pay_doom_over" if board.doom[faction] else "error.pay_doom_none"
        raise RulesError("K15", said, faction=faction, n=board.doom[faction])
    return replace(board, doom=changed(board.doom, faction, -doom))


def spend_elder_sign(state: GameState, faction: str) -> GameState:
    """C11 with the scoreboard: a sign paid as a cost leaves the game unrevealed."""
    if state.scoreboard is None:
        return state
    board = board_of(state)
    if board.elder_signs[faction] < 1:
        raise RulesError("C11", "error.no_elder_sign", faction=faction)
    signs = changed(board.elder_signs, faction, -1)
    return replace(state, scoreboard=replace(board, elder_signs=signs))
