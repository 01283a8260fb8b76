"""The screen's paragraphs as HTML, so the page says exactly what the screen says.

:mod:`display.board` and :mod:`display.battlefield_legend` describe the state as
paragraphs of spans (words, colour, a shape, a chip); here each becomes a ``<p>`` of
``<span>`` elements. Colours become classes (``k-…``) defined once in the page's
style sheet, not inline styles: the page's Content-Security-Policy forbids inline
style. Shapes become characters, and every state is still said in words beside them.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterable
from functools import lru_cache

from display.ink import colours, phrases
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


def phrased(words: str, rank: int = phrases.PHRASE) -> str:
    """``words`` as a text node's HTML: Japanese with a ``<wbr>`` between its phrases, the
    only places the page's ``word-break: keep-all`` lets a line break, and a phrase with a
    space, a sign, a digit or a Latin letter in it (旧き印 1枚, 破滅+1, ナアク＝ティス),
    where a browser breaks even under keep-all, in a box a line does not break (class
    ``w``); names whole, the kinsoku rules kept (:mod:`display.ink.phrases`). Older
    phones' browsers know all of it, and none needs to know Japanese phrases itself; the
    words read and copied are the same. ``rank``: where else a line may break (a name in a
    narrow column: phrases.NAME). Other words as they are."""
    return "<wbr>".join(phrased_pieces(words, rank))


def phrased_pieces(words: str, rank: int = phrases.PHRASE) -> tuple[str, ...]:
    """:func:`phrased`'s phrases, each as HTML."""
    if words.isascii() or not phrases.japanese(words):  # isascii: at no cost, most words
        return (escape(words),)
    return _phrased(words, rank)


@lru_cache(maxsize=4096)
def _phrased(words: str, rank: int) -> tuple[str, ...]:  # a fixed word's phrases, found once
    return tuple(_unbroken(piece) for piece in phrases.pieces(words, rank))


def _unbroken(piece: str) -> str:
    inside = piece.rstrip()
    after = escape(piece[len(inside) :])
    if " " in inside or any(itertools.starmap(_breakable, itertools.pairwise(inside))):
        return f'<span class="w">{escape(inside)}</span>{after}'
    return escape(inside) + after


# kana, kanji, Latin letters and digits: what keep-all holds together
_LETTER = re.compile(
    "[\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3400-\u9fff\uf900-\ufaff々A-Za-z0-9]"
)


def _breakable(before: str, after: str) -> bool:
    """Whether a browser might break between two characters under keep-all: beside a sign
    (破滅|+1, ナアク|＝ティス), but before a closing mark or after an opening one."""
    if after in phrases.NO_LINE_START or before in phrases.OPENING:
        return False
    return not (_LETTER.match(before) and _LETTER.match(after))


def span_html(span: Span, rank: int = phrases.PHRASE) -> str:
    pieces = list(phrased_pieces(span.text, rank)) if span.text else []
    japanese = not span.text.isascii() and phrases.japanese(span.text)
    if span.icon in ICONS:
        icon_colour = span.icon_colour or span.colour
        icon = f'<i class="{colour_class(icon_colour)}" aria-hidden="true">{ICONS[span.icon]}</i>'
        if pieces and japanese:  # the icon and its first phrase: one line
            pieces[0] = f'<span class="w">{icon}{pieces[0]}</span>'
        else:
            pieces.insert(0, icon)
    inner = ("<wbr>" if japanese else "").join(pieces)
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
            steps.append(f'<li class="now" aria-current="step">▶ {phrased(name)}</li>')
        else:
            steps.append(f"<li>{phrased(name)}</li>")
    return f'<h2 class="round">{phrased(title)}</h2><ol class="phases">{"".join(steps)}</ol>'
