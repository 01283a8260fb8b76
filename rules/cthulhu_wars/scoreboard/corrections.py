"""What the table tells the scoreboard outside the round's decisions: Elder Signs drawn
(K10) or revealed (K11, K13, K14), spellbooks earned (K12), and corrections (I10, I11)."""

from __future__ import annotations

from dataclasses import replace

from rules.cthulhu_wars.checks import require_faction
from rules.cthulhu_wars.outcome import Applied
from rules.cthulhu_wars.scoreboard.commands import (
    Adjust,
    DrawElderSigns,
    RecordElderSigns,
    RevealElderSigns,
    Spellbooks,
)
from rules.cthulhu_wars.scoreboard.end import board_of, game_ends, reveals_from
from rules.cthulhu_wars.scoreboard.rounds import draw
from rules.cthulhu_wars.scoreboard_record import (
    DOOM_TO_END,
    SIGN_VALUES,
    SPELLBOOKS,
    RevealPending,
    Scoreboard,
    changed,
    revealed,
    unrecorded,
    with_values,
)
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.text import text
from rules.values import frozen


def draw_elder_signs(state: GameState, cmd: DrawElderSigns) -> Applied:
    require_faction(state, cmd.faction, "K10")
    if cmd.count < 1:
        raise RulesError("K10", "error.draw_count", n=cmd.count)
    board = board_of(state)
    if cmd.values is not None:
        _check_drawn_values(cmd.values, cmd.count, board.elder_signs_left)
    board, drawn, instead = draw(board, cmd.faction, cmd.count)
    if cmd.values is not None:  # I14: kept secret, for its seat's page and the end (K14)
        board = with_values(board, cmd.faction, board.sign_values[cmd.faction] + cmd.values)
    key = "event.signs_drawn_short" if instead else "event.signs_drawn"
    event = text(key, faction=cmd.faction, signs=drawn, doom=instead)
    return replace(state, scoreboard=board), [event]


def _check_drawn_values(values: tuple[int, ...], count: int, left: int) -> None:
    """I14: one value per sign drawn, each a sign's (K10), all from the pool."""
    _check_sign_values(values)
    if len(values) != count:
        raise RulesError("I14", "error.draw_values_count", n=count, values=len(values))
    if count > left:
        raise RulesError("I14", "error.draw_values_pool", n=left)


def _check_sign_values(values: tuple[int, ...]) -> None:
    for value in values:
        if value not in SIGN_VALUES:
            raise RulesError("K10", "error.sign_value", value=value)


def record_elder_signs(state: GameState, cmd: RecordElderSigns) -> Applied:
    """I14: the values of signs held without one (drawn in a Ritual, or at the table)."""
    require_faction(state, cmd.faction, "I14")
    if not cmd.values:
        raise RulesError("I14", "error.record_none")
    _check_sign_values(cmd.values)
    board = board_of(state)
    free = unrecorded(board, cmd.faction)
    if len(cmd.values) > free:
        raise RulesError("I14", "error.record_more", faction=cmd.faction, n=free)
    board = with_values(board, cmd.faction, board.sign_values[cmd.faction] + cmd.values)
    event = text("event.signs_recorded", faction=cmd.faction, signs=len(cmd.values))
    state = replace(state, scoreboard=board)
    pending = state.pending
    if isinstance(pending, RevealPending) and pending.faction == cmd.faction:
        # K14: the game is ending and this faction is asked: what its phone keeps now is
        # revealed at once, as the companion reveals every kept value (I14).
        state, more = reveals_from(state, (pending.faction, *pending.rest), pending.reason)
        return state, [event, *more]
    return state, [event]


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
    board = revealed(_revealed_values(board, cmd.faction, cmd.values), cmd.faction, cmd.values)
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


def _revealed_values(board: Scoreboard, faction: str, values: tuple[int, ...]) -> Scoreboard:
    """I14: each sign revealed is one whose value was recorded, if one has that value, else
    one held without a value; refused when neither is left (its phone recorded otherwise)."""
    known = list(board.sign_values[faction])
    free = unrecorded(board, faction)
    for value in values:
        if value in known:
            known.remove(value)
        elif free:
            free -= 1
        else:
            raise RulesError("I14", "error.reveal_not_recorded", faction=faction, value=value)
    return with_values(board, faction, tuple(known))


def _check_values(cmd: RevealElderSigns, held: int) -> None:
    if not cmd.values:
        raise RulesError("K11", "error.reveal_none")
    _check_sign_values(cmd.values)
    if len(cmd.values) > held:
        # "holds only 0 Elder Signs" says a count where the table needs "none"
        said = "error.reveal_more_than_held" if held else "error.reveal_none_held"
        raise RulesError("K11", said, faction=cmd.faction, n=held)


def _next_revealer(state: GameState, pending: RevealPending) -> Applied:
    return reveals_from(state, pending.rest, pending.reason)


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
    if not unrecorded(board, faction):
        # I14: which of its recorded signs it paid with is not said: none is known now.
        board = with_values(board, faction, ())
    signs = changed(board.elder_signs, faction, -1)
    return replace(state, scoreboard=replace(board, elder_signs=signs))
