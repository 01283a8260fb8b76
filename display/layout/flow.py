"""Inline layout: paragraphs of spans wrapped into a box, shrunk until they fit.

Every piece of text on the screen goes through :func:`fit`, which is what makes the
promise "no text overflows or overlaps" checkable: it tries the preferred sizes,
then smaller ones down to the minimum legible size, and only then gives up by
cutting lines, and says so (``Laid.truncated``) so tests can catch it.

English wraps between words, Japanese between phrases (:mod:`display.ink.phrases`: BudouX's,
loaded the first time Japanese is laid out, never inside a name of the catalogue, the
kinsoku rules kept); a phrase wider than a line breaks between BudouX's words, a name
wider than one where BudouX would, and only what is still too wide between characters.
A span marked ``atomic`` (a faction name, a key to the grid) stays whole on one line;
only where it fits no line even at the smallest size is it wrapped like other words, the
last try before cutting. A chip (such as "Overdue") never breaks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import field, replace
from typing import TypeVar

import pygame

from display.ink import icons, phrases
from display.ink.colours import Colour
from display.ink.runs import Para, Span
from display.ink.typeface import drawable, font
from rules.values import Record

LINE_SPACING = 1.22  # line height / font size: room for chips and for Japanese glyphs
CHIP_PAD = 0.3  # horizontal padding inside a chip, in font sizes
ICON_GAP = 0.3  # between an icon and its text
SPAN_GAP = 0.45  # between an atomic span and the next
SHRINK_FACTORS: tuple[float, ...] = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55, 0.5)

_WORD = re.compile(r"\S+\s*")


class Sizes(Record):
    """Preferred pixel size of each role, and the floor nothing shrinks below; ``floors``:
    roles with a higher floor of their own (the question and its choices)."""

    roles: dict[str, int]
    minimum: int
    floors: Mapping[str, int] = field(default_factory=dict)

    def __hash__(self) -> int:  # its mappings as pairs: a key of what was laid out at it
        return hash((tuple(self.roles.items()), self.minimum, tuple(self.floors.items())))

    def floor(self, role: str) -> int:
        return max(self.minimum, self.floors.get(role, 0))

    def px(self, role: str, factor: float) -> int:
        return max(self.floor(role), round(self.roles[role] * factor))


class Placed(Record):
    """One drawn piece: its text (empty for a bare icon), where, at what size, and the
    role of its paragraph (what the words are: a question, a choice, a hint...). Frozen,
    as :class:`Laid`: its ``rect`` is moved into a copy (``rect.move``), never in place."""

    span: Span
    text: str
    rect: pygame.Rect
    px: int
    role: str = "body"


class Laid(Record):
    """Paragraphs laid out. Frozen: :func:`layout` hands the same one to every caller that
    lays out the same words in the same room (:data:`_LAID`)."""

    items: tuple[Placed, ...] = ()
    height: int = 0
    width: int = 0
    factor: float = 1.0
    truncated: bool = False
    # a Japanese name (or a phrase between characters) broken: wider than its line at this
    # size, so a smaller size is tried first
    split: bool = False


class _Unit(Record, frozen=False):
    """Tokens that must stay on one line, and the space owed after them."""

    span: Span
    text: str
    width: int
    space_after: int
    split: bool = False  # of a name or word broken in pieces


T = TypeVar("T")
S = TypeVar("S")


def shrink_to_fit(
    laid_at: Callable[[S], T], fits: Callable[[T], bool], sizes: Iterable[S]
) -> tuple[T, bool]:
    """The one "fit by shrinking" loop: what ``laid_at`` lays out at the first of ``sizes``
    (size factors, largest first, or tuples of them) that ``fits``, and True; where none
    fits, the last one tried, and False (its caller says what gives way then)."""
    tried: list[T] = []
    for factor in sizes:
        found = laid_at(factor)
        if fits(found):
            return found, True
        tried[:] = [found]
    if not tried:
        raise ValueError("no size to try")
    return tried[0], False


def fit(paras: Sequence[Para], width: int, height: int, sizes: Sizes) -> Laid:
    """Lay ``paras`` out in ``width``×``height``, shrinking until everything fits, every
    Japanese name whole; then, at the smallest size, with a name wider than a line
    broken; then with atomic spans wider than a line broken; then cut."""
    laid, fitted = shrink_to_fit(
        lambda factor: layout(paras, width, sizes, factor),
        lambda laid: fits_box(laid, width, height) and not laid.split,
        _factors_to_floor(paras, sizes),
    )
    if fitted or fits_box(laid, width, height):  # else a name is broken even at the floor
        return laid
    wrapped = layout(paras, width, sizes, laid.factor, break_atomic=True)
    return wrapped if fits_box(wrapped, width, height) else _cut(laid, width, height)


def _factors_to_floor(paras: Sequence[Para], sizes: Sizes) -> Iterator[float]:
    """The shrink factors down to the first at which every paragraph is at its floor (the
    smaller ones would lay them out the same)."""
    for factor in SHRINK_FACTORS:
        yield factor
        if all(sizes.px(p.role, factor) == sizes.floor(p.role) for p in paras):
            return


def fits_box(laid: Laid, width: int, height: int) -> bool:
    """Whether ``laid`` is inside ``width``×``height``, nothing cut."""
    return laid.height <= height and laid.width <= width and not laid.truncated


def layout(
    paras: Sequence[Para],
    width: int,
    sizes: Sizes,
    factor: float = 1.0,
    break_atomic: bool = False,
) -> Laid:
    """Lay ``paras`` out at one size ``factor``, wrapping to ``width`` (height unbounded);
    ``break_atomic``: atomic spans wider than a line wrap like other words. Remembered:
    fitting tries the same words at each size, in each room a screen offers, and every
    frame draws again what the last one laid out."""
    pxs = tuple(sizes.px(para.role, factor) for para in paras)
    key = (tuple(paras), pxs, width, factor, break_atomic)
    return remembered(
        _LAID, LAID_KEPT, key, lambda: _laid_out(paras, pxs, width, factor, break_atomic)
    )


K = TypeVar("K")
V = TypeVar("V")


def remembered(store: dict[K, V], kept: int, key: K, make: Callable[[], V]) -> V:
    """``store[key]``, made by ``make`` the first time it is asked for; ``store`` is
    forgotten all at once when it holds ``kept`` (a bound a small Pi can afford)."""
    found = store.get(key)
    if found is None:
        if len(store) >= kept:
            store.clear()
        found = store[key] = make()
    return found


# Layouts remembered (:func:`layout`), forgotten all at once when full (as the measured
# words are): about 1.9 KiB each, so at most about 6 MiB. Walking every screen of a game
# with the scoreboard, a draw laid out about 120 it had not laid out before.
LAID_KEPT = 3000
_LAID: dict[tuple[object, ...], Laid] = {}


def _laid_out(
    paras: Sequence[Para], pxs: Sequence[int], width: int, factor: float, break_atomic: bool
) -> Laid:
    items: list[Placed] = []
    y, split = 0, False
    for index, (para, px) in enumerate(zip(paras, pxs, strict=True)):
        if index:
            y += round(para.gap_before * px)
        y, broken = _layout_para(para, px, width, y, items, break_atomic)
        split = split or broken
    right = max((item.rect.right for item in items), default=0)
    return Laid(tuple(items), y, right, factor, split=split)


def _layout_para(
    para: Para, px: int, width: int, y: int, items: list[Placed], break_atomic: bool
) -> tuple[int, bool]:
    """``para``'s pieces appended to ``items`` from ``y`` down; returns the y under it, and
    whether a name or a word was broken in it."""
    line_h = round(px * LINE_SPACING)
    left = round(para.indent * px)
    x = left
    room = width - left if break_atomic else None
    split = False
    for unit in _units(para, px, room, width - left):
        if x > left and x + unit.width > width:
            x, y = left, y + line_h
        items.append(
            Placed(unit.span, unit.text, pygame.Rect(x, y, unit.width, line_h), px, para.role)
        )
        split = split or unit.split
        x += unit.width + unit.space_after
    return y + line_h, split


def _units(
    para: Para, px: int, room: int | None = None, line: int | None = None
) -> Iterator[_Unit]:
    """``room``: a line's width, where an atomic span wider than it may break (else None);
    ``line``: a line's width, where a Japanese name wider than it may break."""
    space = text_width(" ", px)
    for span in para.spans:
        # only a span kept whole is measured whole: one that may break is measured word by word
        kept_whole = span.chip is not None or span.atomic
        whole = span_width(span, px, span.text) if kept_whole else 0
        if span.chip is not None or (span.atomic and (room is None or whole <= room)):
            yield _Unit(span, span.text, whole, round(SPAN_GAP * px))
            continue
        tokens, split = _tokens(span.text, px, line)
        if span.atomic:  # broken at last: a leading sign ("⊕ Mass…") keeps its first word
            tokens = _sign_with_word(tokens)
        if span.icon is not None:  # the icon is glued to the first word
            first = tokens.pop(0) if tokens else ""
            gap = space if first != first.rstrip() or not tokens else 0
            yield _Unit(span, first.rstrip(), span_width(span, px, first.rstrip()), gap, split)
            span = replace(span, icon=None)
        for index, token in enumerate(tokens):
            word = token.rstrip()
            last = index == len(tokens) - 1  # a span ends like a word: a space before the next
            gap = space if token != word or last else 0
            yield _Unit(span, word, text_width(word, px), gap, split)


def _sign_with_word(tokens: list[str]) -> list[str]:
    sign = tokens[0].strip() if tokens else ""
    if len(tokens) > 1 and len(sign) == 1 and not sign.isalnum():
        return [tokens[0] + tokens[1], *tokens[2:]]
    return tokens


def _tokens(text: str, px: int = 0, line: int | None = None) -> tuple[list[str], bool]:
    """``text``'s words (English) or phrases (Japanese: :mod:`display.ink.phrases`), each
    with the spaces after it; a Japanese phrase wider than a ``line`` at ``px`` is cut
    finer, rank by rank (BudouX's words, a name's, between characters), as little as
    needed. And whether a name or a word was so broken."""
    if not phrases.japanese(text):
        return _WORD.findall(text), False
    text = text.lstrip()
    split: list[bool] = []
    room = (px, line)
    tokens = _finer(text, 0, len(text), phrases.breaks(text), phrases.PHRASE, room, split)
    return tokens, bool(split)


def _finer(
    text: str,
    start: int,
    end: int,
    ranks: Sequence[int | None],
    rank: int,
    room: tuple[int, int | None],
    split: list[bool],
) -> list[str]:
    """``text[start:end]`` cut at its breaks of ``rank`` or better; each piece too wide for
    a line cut again at the next rank (past BudouX's words: ``split`` is told)."""
    px, line = room
    cuts = [at for at in range(start + 1, end) if (r := ranks[at]) is not None and r <= rank]
    tokens: list[str] = []
    for a, b in zip([start, *cuts], [*cuts, end], strict=True):
        piece = text[a:b]
        wide = line is not None and text_width(piece.rstrip(), px) > line
        if wide and rank < phrases.CHARACTER:
            if rank + 1 > phrases.WORD:
                split.append(True)
            tokens += _finer(text, a, b, ranks, rank + 1, room, split)
        else:
            tokens.append(piece)
    return tokens


def span_width(span: Span, px: int, text: str) -> int:
    """Width of ``text`` set unbroken in ``span``'s style: icon, gap, text, chip padding."""
    width = text_width(text, px) if text else 0
    if span.icon is not None:
        width += icons.width(px) + (round(ICON_GAP * px) if text else 0)
    if span.chip is not None:
        width += 2 * round(CHIP_PAD * px)
    return width


def _cut(laid: Laid, width: int, height: int) -> Laid:
    """Last resort at the minimum size: drop what falls outside the box, and say so."""
    kept = [item for item in laid.items if item.rect.bottom <= height]
    if kept and len(kept) < len(laid.items) and kept[-1].text:  # show that something was cut
        last = kept[-1]
        text = _ellipsize(last.text + " ", width - last.rect.x, last.px)
        w = min(width - last.rect.x, span_width(last.span, last.px, text))
        kept[-1] = replace(last, text=text, rect=_widened(last.rect, w))
    for index, item in enumerate(kept):
        if item.rect.right > width:
            room = width - item.rect.x - (item.rect.w - _text_w(item))
            text = _ellipsize(item.text, room, item.px)
            kept[index] = replace(item, text=text, rect=_widened(item.rect, width - item.rect.x))
    return replace(
        laid,
        items=tuple(kept),
        height=min(laid.height, height),
        width=min(laid.width, width),
        truncated=True,
    )


def _widened(rect: pygame.Rect, w: int) -> pygame.Rect:
    return pygame.Rect(rect.x, rect.y, w, rect.h)


def _text_w(item: Placed) -> int:
    return text_width(item.text, item.px) if item.text else 0


def draw(surface: pygame.Surface, laid: Laid, origin: tuple[int, int]) -> None:
    """Draw laid-out items with their top-left at ``origin``."""
    for item in laid.items:
        draw_item(surface, item, item.rect.move(origin))


def draw_item(surface: pygame.Surface, item: Placed, rect: pygame.Rect) -> None:
    span, px = item.span, item.px
    x = rect.x
    if span.chip is not None:
        box = rect.inflate(0, -round(px * 0.1))
        pygame.draw.rect(surface, span.chip, box, border_radius=max(2, px // 5))
        x += round(CHIP_PAD * px)
    if span.icon is not None:
        size = icons.width(px)
        icons.draw(
            surface,
            span.icon,
            pygame.Rect(x, rect.centery - size // 2, size, size),
            span.icon_colour or span.colour,
        )
        x += size + round(ICON_GAP * px)
    if item.text:
        image = rendered(item.text, px, span.colour)
        surface.blit(image, (x, rect.centery - image.get_height() // 2))


_RENDERED: dict[tuple[str, int, Colour], pygame.Surface] = {}


_WIDTHS: dict[tuple[str, int], int] = {}


def text_width(text: str, px: int) -> int:
    """Width of ``text`` at ``px``, cached: layout measures the same words at each size it tries."""
    key = (text, px)
    width = _WIDTHS.get(key)
    if width is None:
        if len(_WIDTHS) > 20000:
            _WIDTHS.clear()
        width = _WIDTHS[key] = font(px).size(drawable(text, px))[0]
    return width


def clear_cache() -> None:
    """Forget rendered and measured words (for measuring a first frame)."""
    _RENDERED.clear()
    _WIDTHS.clear()
    _LAID.clear()


def rendered(text: str, px: int, colour: Colour) -> pygame.Surface:
    """Anti-aliased text, cached: most frames redraw words drawn before."""
    key = (text, px, colour)
    image = _RENDERED.get(key)
    if image is None:
        if len(_RENDERED) > 4000:
            _RENDERED.clear()
        image = _RENDERED[key] = font(px).render(drawable(text, px), True, colour)
    return image


def _ellipsize(text: str, room: int, px: int) -> str:
    face = font(px)
    while text and face.size(text + "…")[0] > room:
        text = text[:-1]
    return text + "…" if text else ""
