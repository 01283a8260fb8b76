"""The menu's "Show on phones": the phone view's address as a QR code and in words.

The address is looked up when the screen is opened (the Pi may have joined the Wi-Fi
since it started), from the kernel's list of the machine's addresses: the table's
process opens no network socket (see :mod:`device.network.addresses`). With no address to
offer, the screen says so instead of showing a code that leads nowhere.

The address is written once, under the code (:mod:`display.panels.qr`), where it is one
unbroken line drawn as large as fits; the words beside it point there rather than
repeat it, because a sentence around it (Japanese has no spaces) would break the
address anywhere.

When the table makes its own Wi-Fi (:mod:`device.network.access_point`), the phones must join it
first: two codes in order, the Wi-Fi join code with the network's name and passphrase
written under it (for cameras that do not join), then the page's address on that network.
A machine with no radio at all says so, and offers a wired address if it has one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.network.addresses import machine_addresses, urls
from device.ui.steps import DONE, ListStep, Option
from rules.text import Text, text
from rules.values import Record

if TYPE_CHECKING:
    from device.network.hotspot import Hotspot


class WebSettings(Record):
    enabled: bool = True
    address: str = "0.0.0.0"
    port: int = 8080
    seats: bool = True  # phones may pair as factions' seats ([web] seats)


DEFAULT_WEB = WebSettings()  # the [web] section's defaults


class QrStep(ListStep, frozen=False):
    """A list step whose screen also shows ``qr`` as a QR code (in place of the board)."""

    qr: str | None = None
    # Written under the code (as fragments: data keeps its case); none: the code's text.
    qr_caption: tuple[Text, ...] = ()


def show_on_phones(
    settings: WebSettings,
    spot: Hotspot | None = None,
    radio: bool | None = None,
    not_started: Text | None = None,
) -> QrStep:
    """The screen for the ``[web]`` configuration ``settings`` (the app holds it).
    ``spot``: the table's own Wi-Fi, if up; ``radio``: whether there is a Wi-Fi radio
    (both looked up now when not given); ``not_started``: why the view the companion
    started does not answer (on a desktop), said in place of a code that leads nowhere."""
    # The table's own Wi-Fi is looked at when the screen opens, never at start.
    from device.network import access_point, hotspot

    back = [Option(text("web.close"), DONE)]
    if not settings.enabled:
        return QrStep(text("web.disabled"), back, lambda answer: answer)
    if not_started is not None:
        return QrStep(not_started, back, lambda answer: answer)
    spot = hotspot.read_state() if spot is None else spot
    found = urls(settings.address, settings.port, machine_addresses())
    if spot is not None:
        return _join_then_page(settings, spot, found)
    if radio is None:
        radio = access_point.any_radio()
    if not found:
        return QrStep(text("web.no_network" if radio else "web.no_radio"), back, lambda a: a)
    return _page(text("web.scan" if radio else "web.no_radio_wired"), found)


def _page(title: Text, found: list[str]) -> QrStep:
    options = [Option(text("web.close"), DONE)]
    options += [Option(text("web.url", url=url), DONE) for url in found[1:]]
    return QrStep(title, options, lambda a: a, qr=found[0])


PASSPHRASE_ONE_LINE = 24  # characters shown after its label on one line (at 480×320)
PASSPHRASE_LINE = 20  # a longer passphrase: at most this many on each line of its own


def passphrase_lines(passphrase: str) -> tuple[Text, ...]:
    """The passphrase after its label, or (a long one) under it in even lines that each
    fit unbroken and unshrunk: a passphrase cut short by "…" cannot be typed."""
    if len(passphrase) <= PASSPHRASE_ONE_LINE:
        return (text("web.wifi_passphrase", passphrase=passphrase),)
    count = -(-len(passphrase) // PASSPHRASE_LINE)
    width = -(-len(passphrase) // count)
    chunks = range(0, len(passphrase), width)
    lines = [text("web.line", line=passphrase[i : i + width]) for i in chunks]
    return (text("web.wifi_passphrase", passphrase=""), *lines)


def _join_then_page(settings: WebSettings, spot: Hotspot, found: list[str]) -> QrStep:
    """First the Wi-Fi join code, then (OK) the page's address on the table's network."""
    own = urls(settings.address, settings.port, [spot.address])
    pages = [*own, *(url for url in found if url not in own)]
    if pages:
        page = _page(text("web.scan_own"), pages)
    else:  # the view listens where no phone can reach it (a loopback address)
        page = QrStep(text("web.no_network"), [Option(text("web.close"), DONE)], lambda a: a)
    caption = (text("web.wifi_name", ssid=spot.ssid), *passphrase_lines(spot.passphrase))
    options = [Option(text("web.then_page"), page), Option(text("web.close"), DONE)]
    return QrStep(
        text("web.join_wifi"), options, lambda a: a, qr=spot.join_code(), qr_caption=caption
    )


def page_url(settings: WebSettings) -> str | None:
    """The page's address a phone at the table reaches: on the table's own Wi-Fi, the
    address there; else the machine's first; None with no network (looked up now)."""
    from device.network import hotspot

    spot = hotspot.read_state()
    found = urls(settings.address, settings.port, machine_addresses())
    if spot is not None:
        found = [*urls(settings.address, settings.port, [spot.address]), *found]
    return found[0] if found else None
