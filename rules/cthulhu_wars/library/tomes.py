"""Library Tomes (C4–C11): who holds which, Overdue, faces, and returns."""

from __future__ import annotations

from dataclasses import replace

from rules.cthulhu_wars.checks import require_faction, require_library
from rules.cthulhu_wars.commands import SpendSilence, UnflipTome, UseTome
from rules.cthulhu_wars.maps.celaeno import FLIPPING_TOMES, TOMES
from rules.cthulhu_wars.outcome import Applied, Events
from rules.cthulhu_wars.state import GameState, Tome
from rules.errors import RulesError
from rules.text import text
from rules.values import frozen

BARRIER = "barrier_of_naach_tith"


def with_tome(state: GameState, tome: str, held: Tome) -> GameState:
    return replace(state, tomes=frozen({**state.tomes, tome: held}))


def take_tomes_in_slots(state: GameState) -> Applied:
    """C6/C9: a faction that controls the Gate in a Tome's Area takes it from its slot."""
    events: Events = []
    for tome, held in state.tomes.items():
        controller = state.controller(tome)
        if held.holder is None and controller is not None:
            state = with_tome(state, tome, replace(held, holder=controller))
            events.append(text("event.tome_taken", faction=controller, tome=tome))
    return state, events


def overdue_changes(before: GameState, after: GameState) -> Events:
    """C7/I2: say which Tomes went Overdue or stopped being Overdue."""
    events: Events = []
    for tome in after.tomes:
        was, now = before.is_overdue(tome), after.is_overdue(tome)
        holder = after.tomes[tome].holder
        if now and not was:
            events.append(text("event.tome_overdue", tome=tome, faction=holder))
        elif was and not now and holder == before.tomes[tome].holder:
            events.append(text("event.tome_not_overdue", tome=tome, faction=holder))
    return events


def return_tomes(state: GameState, tomes: tuple[str, ...]) -> Applied:
    """C9: returned Tomes go to their slots; a controller of the Gate takes one at once."""
    events: Events = []
    for tome in tomes:
        state = with_tome(state, tome, Tome())  # C9: back in its slot, face up
        events.append(text("event.tome_returned", tome=tome))
    state, taken = take_tomes_in_slots(state)
    return state, events + taken


def refresh_tomes(state: GameState) -> Applied:
    """C11 setting ``tomes_refresh_at_doom``: face-down Tomes flip up at each Doom Phase."""
    face_down = [tome for tome, held in state.tomes.items() if not held.face_up]
    if not state.settings.tomes_refresh_at_doom or not face_down:
        return state, []
    state = replace(
        state, tomes=frozen({t: replace(h, face_up=True) for t, h in state.tomes.items()})
    )
    return state, [text("event.tomes_refreshed", tomes=[text(f"tome.{t}") for t in face_down])]


def _require_holder(state: GameState, faction: str, tome: str, rule: str) -> Tome:
    require_library(state, rule)
    require_faction(state, faction)
    if tome not in TOMES:
        raise RulesError("C4", "error.unknown_tome", tome=tome)
    held = state.tomes[tome]
    if held.holder != faction:
        raise RulesError(rule, "error.tome_not_held", faction=faction, tome=tome)
    return held


def use_tome(state: GameState, cmd: UseTome) -> Applied:
    held = _require_holder(state, cmd.by, cmd.tome, "C11")
    if cmd.tome not in FLIPPING_TOMES:
        raise RulesError("C11", "error.barrier_always_on", tome=cmd.tome)
    if not held.face_up:
        raise RulesError("C11", "error.tome_face_down", tome=cmd.tome)
    if state.phase != "action":
        raise RulesError("C11", "error.tome_action_only", tome=cmd.tome)
    state = with_tome(state, cmd.tome, replace(held, face_up=False))
    return state, [text("event.tome_used", faction=cmd.by, tome=cmd.tome)]


def unflip(state: GameState, faction: str, tome: str, pay_key: str) -> Applied:
    held = _require_holder(state, faction, tome, "C11")
    if held.face_up:
        raise RulesError("C11", "error.tome_face_up", tome=tome)
    state = with_tome(state, tome, replace(held, face_up=True))
    return state, [text("event.tome_unflipped", faction=faction, tome=tome, pay=text(pay_key))]


def unflip_tome(state: GameState, cmd: UnflipTome) -> Applied:
    state, events = unflip(state, cmd.by, cmd.tome, f"pay.{cmd.pay}")
    if cmd.pay == "elder_sign" and state.scoreboard is not None:
        from rules.cthulhu_wars.scoreboard.corrections import spend_elder_sign

        state = spend_elder_sign(state, cmd.by)  # C11: it leaves the game unrevealed
    return state, events


def spend_silence(state: GameState, cmd: SpendSilence) -> Applied:
    require_library(state, "C3")
    require_faction(state, cmd.by)
    require_token(state, cmd.by)
    if cmd.purpose == "unflip":
        if cmd.tome is None:
            raise RulesError("C11", "error.unflip_needs_tome")
        state, events = unflip(state, cmd.by, cmd.tome, "pay.silence")
    else:
        events = _barrier(state, cmd)
    return spend_token(state, cmd.by), events


def _barrier(state: GameState, cmd: SpendSilence) -> Events:
    """C11: the Barrier's cost is paid to declare a Battle against its holder."""
    if cmd.tome not in (None, BARRIER):
        raise RulesError("C11", "error.barrier_tome", tome=cmd.tome)
    holder = state.tomes[BARRIER].holder
    if holder is None or holder == cmd.by:
        raise RulesError("C11", "error.barrier_no_enemy", faction=cmd.by)
    return [text("event.barrier_paid", faction=cmd.by, holder=holder)]


def require_token(state: GameState, faction: str) -> None:
    if not state.silence.get(faction):
        raise RulesError("C3", "error.no_token", faction=faction)


def spend_token(state: GameState, faction: str) -> GameState:
    return replace(state, silence=frozen({**state.silence, faction: False}))
