"""The screen's paragraphs as HTML, so the page says exactly what the screen says.

:mod:`display.board` and :mod:`display.battlefield_legend` describe the state as
paragraphs of spans (words, colour, a shape, a chip); here each becomes a ``<p>`` of
``<span>`` elements. Colours become classes (``k-…``) defined once in the page's
style sheet, not inline styles: the page's Content-Security-Policy forbids inline
style. Shapes become characters, and every state is still said in words beside them.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from display.ink import colours
from display.ink.colours import Colour
from display.ink.runs import Para, Span

ICONS: dict[str, str] = {
    "swatch": "■",
    "disc": "●",
    "ring": "○",
    "warning": "⚠",
    "face_down": "▨",
    "arrow": "▶",
    "cross": "✗",
    "check": "✓",
    "zoog": "✱",
    "monster": "◆",
    "star": "★",
    "up": "▲",
    "down": "▼",
}


def _palette() -> dict[Colour, str]:
    named: dict[Colour, str] = {}
    for name in dir(colours):
        value = getattr(colours, name)
        if name.isupper() and isinstance(value, tuple) and len(value) == 3:
            named.setdefault(value, name.lower())
    for table, prefix in ((colours.FACTION, "f"), (colours.SIDE, "s")):
        for ident, value in table.items():
            named.setdefault(value, f"{prefix}_{ident}")
    for number, value in enumerate(colours.PATHS, 1):  # a move's legend chip
        named.setdefault(value, f"path{number}")
    return named


PALETTE: dict[Colour, str] = _palette()


def palette_css() -> str:
    """One rule per colour the screen uses: ``.k-name`` (text), ``.b-name`` (chip)."""
    rules = []
    for colour, name in PALETTE.items():
        rgb = "#{:02x}{:02x}{:02x}".format(*colour)
        rules.append(f".k-{name}{{color:{rgb}}}.b-{name}{{background:{rgb}}}")
    return "\n".join(rules) + "\n"


def colour_class(colour: Colour, kind: str = "k") -> str:
    return f"{kind}-{PALETTE.get(colour, 'text')}"


def escape(words: str) -> str:
    return html.escape(words, quote=True)


def span_html(span: Span) -> str:
    inner = ""
    if span.icon in ICONS:
        icon_colour = span.icon_colour or span.colour
        inner += f'<i class="{colour_class(icon_colour)}" aria-hidden="true">{ICONS[span.icon]}</i>'
    inner += escape(span.text)
    classes = [colour_class(span.colour)]
    if span.chip is not None:
        classes += ["chip", colour_class(span.chip, "b")]
    elif span.atomic:
        classes.append("keep")
    return f'<span class="{" ".join(classes)}">{inner}</span>'


def para_html(para: Para) -> str:
    classes = [f"r-{para.role}"]
    if para.indent:
        classes.append("indent")
    spans = " ".join(span_html(span) for span in para.spans)
    return f'<p class="{" ".join(classes)}">{spans}</p>'


def paras_html(paras: Iterable[Para]) -> str:
    return "\n".join(para_html(para) for para in paras)


def phase_track_html(title: str, phases: Iterable[tuple[str, str]], current: object) -> str:
    """A game's title line and its phases, the current one marked ▶ and lit (never by colour
    alone). ``phases`` are (id, name) pairs; ``current`` is the state's phase id."""
    steps = []
    for phase, name in phases:
        if phase == current:
            steps.append(f'<li class="now" aria-current="step">▶ {escape(name)}</li>')
        else:
            steps.append(f"<li>{escape(name)}</li>")
    return f'<h2 class="round">{escape(title)}</h2><ol class="phases">{"".join(steps)}</ol>'
