"""The menu's "Seats on phones": each faction's QR code to pair a phone as its seat, one
faction at a time (OK: the next), then the phones paired, any of which can be unpaired.

A faction's code is the phone view's address with a single-use pairing code, made when its
screen opens (``code_for``); the app holds the seats (``device.companion.seats``) and hands
this module what it shows and what picking does, so the screens need nothing of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from device.ui.phones import QrStep
from device.ui.steps import BACK, DONE, ListStep, Option, StepResult, Value
from rules.text import text
from rules.values import Record


class PairedPhone(Record):
    """A phone paired as ``faction``'s seat, its ``phone``-th; ``seat``: its id to unpair."""

    seat: int
    faction: str
    phone: int


class SeatsScreen(Record):
    """What the screens show and do: the factions in seating order, the view's address
    (None: no network a phone can reach), a new code for a faction, the phones paired
    now, and unpairing one."""

    factions: Sequence[str]
    url: str | None
    code_for: Callable[[str], str]
    phones: Callable[[], Sequence[PairedPhone]]
    unpair: Callable[[int], None]


def pair_url(url: str, code: str) -> str:
    """The address a faction's QR code carries: the page (``url`` ends with /), paired
    with ``code``."""
    return f"{url}pair?c={code}"


def seats_step(screen: SeatsScreen) -> ListStep:
    """The first faction without a phone (else the first) to pair; nothing to show
    without an address."""
    if screen.url is None:
        return ListStep(text("web.no_network"), [Option(text("web.close"), DONE)], _picked)
    paired = {phone.faction for phone in screen.phones()}
    first = next((i for i, f in enumerate(screen.factions) if f not in paired), 0)
    return faction_step(screen, first)


def faction_step(screen: SeatsScreen, at: int) -> QrStep:
    """Faction ``at``'s code, with a new pairing code; OK: the next faction's."""
    assert screen.url is not None
    faction = screen.factions[at]
    code = screen.code_for(faction)
    count = sum(1 for phone in screen.phones() if phone.faction == faction)
    title = text("seats.scan_more" if count else "seats.scan", faction=faction, n=count)
    options = [
        _next(screen, at),
        Option(text("seats.list"), lambda: phones_step(screen)),
        Option(text("web.close"), DONE),
    ]
    qr = pair_url(screen.url, code)
    # Written whole under the code in two lines (the address, then its pairing), for a
    # camera that cannot read it: one line would be cut at the smallest size.
    caption = (text("web.line", line=screen.url), text("web.line", line=qr[len(screen.url) :]))
    return QrStep(title, options, _picked, qr=qr, qr_caption=caption)


def _next(screen: SeatsScreen, at: int) -> Option:
    if at + 1 < len(screen.factions):
        following = screen.factions[at + 1]
        return Option(text("seats.next", faction=following), lambda: faction_step(screen, at + 1))
    return Option(text("seats.done"), lambda: phones_step(screen))


def phones_step(screen: SeatsScreen) -> ListStep:
    """Each faction's phones, in seating order; picking one asks whether to unpair it."""
    phones = sorted(screen.phones(), key=lambda p: (_seat_order(screen, p.faction), p.phone))
    options = [_phone_line(screen, phone) for phone in phones]
    options += [
        Option(text("seats.pair_more"), lambda: faction_step(screen, 0)),
        Option(text("web.close"), DONE),
    ]
    title = text("seats.phones", n=len(phones))
    return ListStep(title, options, _picked)


def _phone_line(screen: SeatsScreen, phone: PairedPhone) -> Option:
    said = text("seats.phone", faction=phone.faction, n=phone.phone)
    return Option(said, lambda: _unpair_step(screen, phone))


def _unpair_step(screen: SeatsScreen, phone: PairedPhone) -> ListStep:
    def unpair() -> StepResult:
        screen.unpair(phone.seat)
        return phones_step(screen)  # the list as it is now, without that phone

    return ListStep(
        text("seats.unpair", faction=phone.faction, n=phone.phone),
        [Option(text("seats.unpair_yes"), unpair), Option(text("seats.keep"), BACK)],
        _picked,
    )


def _seat_order(screen: SeatsScreen, faction: str) -> int:
    seating = list(screen.factions)
    return seating.index(faction) if faction in seating else len(seating)


def _picked(answer: Value) -> StepResult:
    """An option's value: what picking it leads to, or how to make that (a new code)."""
    found: StepResult = answer() if callable(answer) else answer
    return found


def seats_off() -> ListStep:
    """``[web] seats = false`` (or the phone view off): said, and nothing else."""
    return ListStep(text("seats.off"), [Option(text("web.close"), DONE)], _picked)


def no_seats() -> ListStep:
    """A game whose page stays read-only (Shadows over Normandie)."""
    return ListStep(text("seats.not_this_game"), [Option(text("web.close"), DONE)], _picked)
