"""The menu's "Show on phones": the phone view's address as a QR code and in words.

The address is looked up when the screen is opened (the Pi may have joined the Wi-Fi
since it started), from the kernel's list of the machine's addresses: the table's
process opens no network socket (see :mod:`device.addresses`). With no address to
offer, the screen says so instead of showing a code that leads nowhere.

The address is written once, under the code (:mod:`display.qr`), where it is one
unbroken line drawn as large as fits; the words beside it point there rather than
repeat it, because a sentence around it (Japanese has no spaces) would break the
address anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from device.addresses import machine_addresses, urls
from device.ui.steps import DONE, ListStep, Option
from rules.text import text


@dataclass(frozen=True)
class WebSettings:
    enabled: bool = True
    address: str = "0.0.0.0"
    port: int = 8080


DEFAULT_WEB = WebSettings()  # the [web] section's defaults


@dataclass
class QrStep(ListStep):
    """A list step whose screen also shows ``qr`` as a QR code (in place of the board)."""

    qr: str | None = None


def show_on_phones(settings: WebSettings) -> QrStep:
    """The screen for the ``[web]`` configuration ``settings`` (the app holds it)."""
    back = [Option(text("web.close"), DONE)]
    if not settings.enabled:
        return QrStep(text("web.disabled"), back, lambda answer: answer)
    found = urls(settings.address, settings.port, machine_addresses())
    if not found:
        return QrStep(text("web.no_network"), back, lambda answer: answer)
    others = [Option(text("web.url", url=url), DONE) for url in found[1:]]
    return QrStep(text("web.scan"), [*back, *others], lambda a: a, qr=found[0])
