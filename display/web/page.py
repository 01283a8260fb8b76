"""The phone view's page: a shell (header, language buttons, the live region) and the
state inside it, rendered in one language.

Pure: a :class:`WebView` in, HTML text out; the server (``device/web``) decides when.
Each game draws its own part (its ``web`` module, listed in :mod:`display.web.games`);
this module adds what every game shows: what the table is waiting for, the latest
instructions in plain words, the game's history (its commands in words, newest first,
as the screen's history view lists them: an undone command is not among them), an undo
said as such, and whether the table is running at all. The live region carries its
journal position (``data-position``) so the script never replaces a newer state with an
older one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import TYPE_CHECKING

from display.web.games import PHONE_PARTS, PhonePart, game_html
from display.web.html import escape, phrased
from rules.parts import Parts
from rules.text import LANGUAGES, Text, render, render_fragment, translate
from rules.values import Record

if TYPE_CHECKING:
    from rules.json_types import StateJSON

LANGUAGE_NAMES: Mapping[str, str] = MappingProxyType({"en": "English", "ja": "日本語"})
# Words the script needs after the page has loaded: the connection's state, and every
# word of the page's shell, so a language chosen on the page applies to all of it.
SCRIPT_WORDS: tuple[str, ...] = (
    "live",
    "lost",
    "connecting",
    "full",
    "full_one",  # "full" when a single phone watches (no "1 phones")
    "title",
    "language",
    "read_only",
)


class HistoryLine(Record, eq=False):
    """One command of the history: what it did, and where its dice came from. Each says
    itself once per language (a page update lists up to 30 of them in both languages,
    and the words of a command already said do not change)."""

    said: Text
    how: Text | None = None
    _html: dict[str, str] = field(default_factory=dict, repr=False)

    def html(self, lang: str) -> str:
        if lang not in self._html:
            self._html[lang] = _history_line(self.said, self.how, lang)
        return self._html[lang]


class WebView(Record):
    """Everything the page shows at one journal position."""

    position: int  # commands committed in the journal: only grows
    journal: str  # which journal (a new one after a damaged one was set aside)
    state: StateJSON | None  # the state JSON; None before the first game
    waiting: Text | None = None  # what the table waits for, in the screen's words
    recent: tuple[tuple[Text, ...], ...] = ()  # events of the latest commands, newest last
    undone: bool = False  # the latest command was an undo
    history: tuple[HistoryLine, ...] = ()  # the game's commands in words, newest first
    table_running: bool = True
    problem: str | None = None


def live_html(view: WebView, lang: str, parts: Parts[PhonePart] = PHONE_PARTS) -> str:
    """The live region's contents: replaced whole on every update; ``parts``: each game's
    part of the page (``display.web.games``)."""
    shown = [_notice(view, lang)]
    state = view.state
    if state is not None:
        if view.undone:
            shown.append(f'<p class="undone">↶ {phrased(translate("web.undone", lang))}</p>')
        if view.waiting is not None:
            shown.append(_waiting(view.waiting, lang))
        shown.append(game_html(state, lang, parts))
        shown.append(_said(view, lang))
    return "".join(part for part in shown if part)


def _notice(view: WebView, lang: str) -> str:
    if not view.table_running:
        return f'<p class="notice">{phrased(translate("web.table_off", lang))}</p>'
    if view.problem is not None:
        return f'<p class="notice">{phrased(translate("web.problem", lang))}</p>'
    if view.state is None:
        return f'<p class="notice">{phrased(translate("web.no_game", lang))}</p>'
    return ""


def _waiting(waiting: Text, lang: str) -> str:
    label = phrased(translate("web.waiting", lang))
    said = phrased(render(waiting, lang))
    return f'<section class="waiting"><h2>{label}</h2><p>{said}</p></section>'


def _said(view: WebView, lang: str) -> str:
    """The latest command's events first and large, then the history, newest first."""
    latest = next((events for events in reversed(view.recent) if events), ())
    if not latest and not view.history:
        return ""
    parts = ['<section class="said">']
    if latest:
        items = "".join(f"<li>{phrased(render(event, lang))}</li>" for event in latest)
        parts.append(
            f'<h2>{phrased(translate("web.latest", lang))}</h2><ul class="latest">{items}</ul>'
        )
    if view.history:
        parts.append(f'<h3>{phrased(translate("web.history", lang))}</h3><ol class="history">')
        parts += [line.html(lang) for line in view.history]
        parts.append("</ol>")
    parts.append("</section>")
    return "".join(parts)


def _history_line(said: Text, how: Text | None, lang: str) -> str:
    line = phrased(render(said, lang))
    if how is not None:
        said_how = translate("web.how", lang, how=render_fragment(how, lang))
        line += f' <span class="how">{phrased(said_how)}</span>'
    return f"<li>{line}</li>"


# The words a seat's script says by itself (the answers it shows are the table's).
SEAT_SCRIPT_WORDS: tuple[str, ...] = ("sending", "retrying", "table_off", "not_here")


def script_words(lang: str) -> dict[str, str]:
    # "full" keeps its {n} for the script, which fills in how many are watching.
    return {word: translate(f"web.{word}", lang, n="{n}") for word in SCRIPT_WORDS}


class SeatShell(Record):
    """A seat's page: its faction (None: the phone's seat ended, the page says how to pair
    again), the token its script sends with each command (it cannot read the cookie), and
    the seat's part of the page as the live update has it."""

    faction: str | None
    token: str
    html: str = ""


def _seat_top(seat: SeatShell, lang: str) -> str:
    if seat.faction is None:
        return f'<p class="notice" id="seat-ended">{phrased(translate("seat.unknown", lang))}</p>'
    return (
        f'<section id="seat" class="seat" data-faction="{escape(seat.faction)}">{seat.html}'
        '</section><p id="seat-answer" role="status" aria-live="polite"></p>'
    )


def _seat_words(lang: str) -> str:
    return " ".join(
        f'data-word-seat_{word}="{escape(translate(f"seat.{word}", lang))}"'
        for word in SEAT_SCRIPT_WORDS
    )


def page_html(
    view: WebView, lang: str, assets: Mapping[str, str], seat: SeatShell | None = None
) -> str:
    """The whole page as first sent: the shell with the live region already filled, so
    the state shows before the script connects. ``assets``: name → URL of the style
    sheet and the script (their names carry a hash of their contents). Every word of
    the shell is marked with the name of its word (``data-word``, ``data-word-label``
    for an attribute), for the script to say it again in another language."""
    title_words = translate("web.title", lang)
    title = escape(title_words)
    connecting = escape(translate("web.connecting", lang))
    languages = escape(translate("web.language", lang))
    buttons = "".join(
        f'<button type="button" data-lang="{code}" lang="{code}"'
        f' aria-pressed="{str(code == lang).lower()}">{escape(LANGUAGE_NAMES[code])}</button>'
        for code in LANGUAGES
    )
    words = " ".join(
        f'data-word-{word}="{escape(value)}"' for word, value in script_words(lang).items()
    )
    top, footer = "", translate("web.read_only", lang)
    if seat is not None:
        words += f' {_seat_words(lang)} data-token="{escape(seat.token)}"'
        top = _seat_top(seat, lang)
        footer = translate("seat.footer", lang) if seat.faction else footer
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="dark">'
        f'<title>{title}</title><link rel="stylesheet" href="{assets["css"]}">'
        f'<script src="{assets["js"]}" defer></script></head>'
        f'<body {words}><header class="top"><h1 data-word="title">{phrased(title_words)}</h1>'
        f'<p id="connection" class="connecting" role="status">{connecting}</p>'
        f'<nav class="languages" aria-label="{languages}" data-word-label="language">{buttons}'
        f'</nav></header>{top}<main id="view" aria-live="polite" data-position="{view.position}"'
        f' data-journal="{escape(view.journal)}" data-lang="{lang}">{live_html(view, lang)}</main>'
        f"<footer><p{_footer_word(seat)}>{phrased(footer)}</p>"
        "</footer></body></html>"
    )


def _footer_word(seat: SeatShell | None) -> str:
    """The read-only footer follows a language switch; a seat's says its own words."""
    return ' data-word="read_only"' if seat is None or seat.faction is None else ""
