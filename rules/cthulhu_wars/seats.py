"""I13: what a faction's phone, paired as its seat, may tell the table: what happened to
its own faction. Loaded by the first command a phone sends."""

from __future__ import annotations

from collections.abc import Sequence

from rules.commands import Command, Seat
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.text import Text, is_board_instruction, text

# The commands a seat may send that name the faction they are about in ``faction``.
OWN_FACTION = frozenset(
    {
        "spellbooks",
        "draw_elder_signs",
        "reveal_elder_signs",
        "record_elder_signs",
        "adjust",
        "ritual",
        "gather_power_line",
        "first_player",  # the chooser's, when it is asked (below)
    }
)


def check(state: GameState, cmd: Command, seat: Seat) -> None:
    """Refuse, naming I13, a command a seat may not send: one the table enters itself, or
    one about another faction. Checked before anything else, so that a phone acting for
    another faction is told so whatever the game waits for."""
    if seat.faction not in state.factions:
        raise RulesError("I13", "error.seat.not_in_game", faction=seat.faction)
    if cmd.TYPE not in OWN_FACTION and cmd.TYPE != "set_gate":
        raise RulesError("I13", "error.seat.table_only", command=text(f"command.{cmd.TYPE}"))
    about = _about(state, cmd)
    if about == seat.faction:
        return
    if cmd.TYPE == "set_gate":
        raise RulesError("I13", "error.seat.not_its_gate", faction=seat.faction, area=_area(cmd))
    raise RulesError("I13", "error.seat.not_yours", faction=seat.faction, other=about)


def _about(state: GameState, cmd: Command) -> str | None:
    """The faction a command is about: a Gate's new controller (gained), or the one that
    held it (lost); the First Player's chooser while one is asked; else its ``faction``."""
    if cmd.TYPE == "set_gate":
        controller = getattr(cmd, "controller", None)
        gained = getattr(cmd, "gate", False) and controller is not None
        return str(controller) if gained else state.controller(_area(cmd))
    if cmd.TYPE == "first_player" and state.pending is not None:
        chooser = getattr(state.pending, "chooser", None)
        if isinstance(chooser, str):
            return chooser
    return str(getattr(cmd, "faction", ""))


def _area(cmd: Command) -> str:
    return str(getattr(cmd, "area", ""))


def said_by(seat: Seat, events: Sequence[Text]) -> list[Text]:
    """The events, the first said as coming from the seat's phone ("Yellow Sign's phone:
    …"), on the screen, the phones and in the History alike. A board instruction keeps its
    own words (the screen never drops one): the phone is then said before it."""
    if not events:
        return [text("event.from_phone_only", faction=seat.faction)]
    first, *rest = events
    if is_board_instruction(first):
        return [text("event.from_phone_only", faction=seat.faction), *events]
    return [text("event.from_phone", faction=seat.faction, said=first), *rest]
