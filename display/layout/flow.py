"""Inline layout: paragraphs of spans wrapped into a box, shrunk until they fit.

Every piece of text on the screen goes through :func:`fit`, which is what makes the
promise "no text overflows or overlaps" checkable: it tries the preferred sizes,
then smaller ones down to the minimum legible size, and only then gives up by
cutting lines, and says so (``Laid.truncated``) so tests can catch it.

English wraps between words, Japanese between phrases (BudouX, loaded the first time
Japanese is laid out, so a start in English never loads it; a phrase too long for a line
wraps between characters, closing punctuation staying with the character before it), and
never inside a name of the catalogue (a faction's, an Area's) that BudouX reads as words.
A span marked ``atomic`` (a faction name, a key to the grid) stays whole on one line;
only where it fits no line even at the smallest size is it wrapped like other words, the
last try before cutting. A chip (such as "Overdue") never breaks.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import field, replace
from functools import cache, lru_cache

import pygame

from display.ink import icons
from display.ink.colours import Colour
from display.ink.runs import Para, Span
from display.ink.typeface import drawable, font
from rules.text import NAME_KINDS, catalogue
from rules.values import Record

LINE_SPACING = 1.22  # line height / font size: room for chips and for Japanese glyphs
CHIP_PAD = 0.3  # horizontal padding inside a chip, in font sizes
ICON_GAP = 0.3  # between an icon and its text
SPAN_GAP = 0.45  # between an atomic span and the next
SHRINK_FACTORS: tuple[float, ...] = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55, 0.5)

_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
# Characters that may not start a line (kinsoku): they stay with the one before.
_NO_LINE_START = set(
    "、。，．・：；？！ー」』）】〕〉》ぁぃぅぇぉっゃゅょァィゥェォッャュョ…‥,.:;!?)"
)
_WORD = re.compile(r"\S+\s*")
LONGEST_PHRASE = 10  # characters: a longer phrase wraps between characters like before
# Inside Japanese text, a katakana word or a Latin word or number is not split.
_LATIN = re.compile(r"[A-Za-z0-9\u00c0-\u024f'’\-–]+")
_KEEP_TOGETHER = re.compile(rf"[\u30a0-\u30ffー]+|{_LATIN.pattern}|\s+|.", re.S)


class Sizes(Record):
    """Preferred pixel size of each role, and the floor nothing shrinks below; ``floors``:
    roles with a higher floor of their own (the question and its choices)."""

    roles: dict[str, int]
    minimum: int
    floors: Mapping[str, int] = field(default_factory=dict)

    def floor(self, role: str) -> int:
        return max(self.minimum, self.floors.get(role, 0))

    def px(self, role: str, factor: float) -> int:
        return max(self.floor(role), round(self.roles[role] * factor))


class Placed(Record, frozen=False):
    """One drawn piece: its text (empty for a bare icon), where, at what size, and the
    role of its paragraph (what the words are: a question, a choice, a hint...)."""

    span: Span
    text: str
    rect: pygame.Rect
    px: int
    role: str = "body"


class Laid(Record, frozen=False):
    items: list[Placed] = field(default_factory=list)
    height: int = 0
    width: int = 0
    factor: float = 1.0
    truncated: bool = False


class _Unit(Record, frozen=False):
    """Tokens that must stay on one line, and the space owed after them."""

    span: Span
    text: str
    width: int
    space_after: int


def fit(paras: Sequence[Para], width: int, height: int, sizes: Sizes) -> Laid:
    """Lay ``paras`` out in ``width``×``height``, shrinking until everything fits."""
    laid = Laid()
    for factor in SHRINK_FACTORS:
        laid = layout(paras, width, sizes, factor)
        if _fits(laid, width, height):
            return laid
        if all(sizes.px(p.role, factor) == sizes.floor(p.role) for p in paras):
            break
    wrapped = layout(paras, width, sizes, laid.factor, break_atomic=True)
    return wrapped if _fits(wrapped, width, height) else _cut(laid, width, height)


def _fits(laid: Laid, width: int, height: int) -> bool:
    return laid.height <= height and laid.width <= width


def layout(
    paras: Sequence[Para],
    width: int,
    sizes: Sizes,
    factor: float = 1.0,
    break_atomic: bool = False,
) -> Laid:
    """Lay ``paras`` out at one size ``factor``, wrapping to ``width`` (height unbounded);
    ``break_atomic``: atomic spans wider than a line wrap like other words."""
    laid = Laid(factor=factor)
    y = 0
    for index, para in enumerate(paras):
        px = sizes.px(para.role, factor)
        if index:
            y += round(para.gap_before * px)
        y = _layout_para(para, px, width, y, laid, break_atomic)
    laid.height = y
    return laid


def _layout_para(
    para: Para, px: int, width: int, y: int, laid: Laid, break_atomic: bool = False
) -> int:
    line_h = round(px * LINE_SPACING)
    left = round(para.indent * px)
    x = left
    room = width - left if break_atomic else None
    for unit in _units(para, px, room, width - left):
        if x > left and x + unit.width > width:
            x, y = left, y + line_h
        rect = pygame.Rect(x, y, unit.width, line_h)
        laid.items.append(Placed(unit.span, unit.text, rect, px, para.role))
        laid.width = max(laid.width, x + unit.width)
        x += unit.width + unit.space_after
    return y + line_h


def _units(
    para: Para, px: int, room: int | None = None, line: int | None = None
) -> Iterator[_Unit]:
    """``room``: a line's width, where an atomic span wider than it may break (else None);
    ``line``: a line's width, where a Japanese name wider than it may break."""
    space = text_width(" ", px)
    for span in para.spans:
        whole = span_width(span, px, span.text)
        if span.chip is not None or (span.atomic and (room is None or whole <= room)):
            yield _Unit(span, span.text, whole, round(SPAN_GAP * px))
            continue
        tokens = _tokens(span.text, px, line)
        if span.atomic:  # broken at last: a leading sign ("⊕ Mass…") keeps its first word
            tokens = _sign_with_word(tokens)
        if span.icon is not None:  # the icon is glued to the first word
            first = tokens.pop(0) if tokens else ""
            gap = space if first != first.rstrip() or not tokens else 0
            yield _Unit(span, first.rstrip(), span_width(span, px, first.rstrip()), gap)
            span = replace(span, icon=None)
        for index, token in enumerate(tokens):
            word = token.rstrip()
            last = index == len(tokens) - 1  # a span ends like a word: a space before the next
            gap = space if token != word or last else 0
            yield _Unit(span, word, text_width(word, px), gap)


def _sign_with_word(tokens: list[str]) -> list[str]:
    sign = tokens[0].strip() if tokens else ""
    if len(tokens) > 1 and len(sign) == 1 and not sign.isalnum():
        return [tokens[0] + tokens[1], *tokens[2:]]
    return tokens


@cache
def _phrases() -> Callable[[str], list[str]]:
    """BudouX's Japanese model: where a line may break between phrases (on first use)."""
    import budoux

    return budoux.load_default_japanese_parser().parse


def _tokens(text: str, px: int = 0, line: int | None = None) -> list[str]:
    """``text``'s words (English) or phrases (Japanese), a name kept whole where it fits
    a ``line`` at ``px`` (in a narrower box it breaks where BudouX would)."""
    tokens: list[str] = []
    for word in _WORD.findall(text):
        if not _CJK.search(word):
            tokens.append(word)
            continue
        names = _names(catalogue("ja"))
        for phrase, named in _names_kept_whole(word, names):
            if named and line is not None and text_width(phrase.strip(), px) > line:
                for part in _phrases()(phrase):
                    tokens += _phrase_tokens(part, tokens)
                continue
            tokens += _phrase_tokens(phrase, tokens, _keeper(names) if named else _KEEP_TOGETHER)
    return tokens


def _names(words: Mapping[str, str]) -> frozenset[str]:
    """The Japanese names of the catalogue ``words`` (factions, Areas, Tomes, phases…:
    the keys a ``{x:faction}`` spec looks up), in the pieces a line may still break
    between (名前・名前, a space)."""
    if _NAMES and _NAMES[0][0] is words:
        return _NAMES[0][1]
    names = frozenset(
        piece
        for key, value in words.items()
        if key.split(".", 1)[0] in NAME_KINDS and "{" not in value
        for piece in _NAME_PIECES.split(value)
        if len(piece) > 1 and _CJK.search(piece)
    )
    _NAMES[:] = [(words, names)]  # the catalogue is a new mapping once a game adds words
    return names


_NAMES: list[tuple[Mapping[str, str], frozenset[str]]] = []
_NAME_PIECES = re.compile(r"[\s・、。：「」（）()]+")
_OPENING = set("「『（(【〔〈《")  # may not end a line: a break before a name goes before it


@lru_cache(maxsize=4096)
def _names_kept_whole(word: str, names: frozenset[str]) -> tuple[tuple[str, bool], ...]:
    """``word`` in BudouX's phrases, but never broken inside one of ``names`` (這い|寄る混沌,
    黄色の|印: BudouX reads a faction's name as words) or a Latin word (Normand|ie：); a
    line may break before each name instead. Each phrase with whether a name is in it."""
    inside: set[int] = set()  # offsets in ``word`` a line must not break at
    for latin in _LATIN.finditer(word):
        inside.update(range(latin.start() + 1, latin.end()))
    found = [name for name in names if name in word]
    before_names: set[int] = set()
    for name in found:
        at = word.find(name)
        while at != -1:
            inside.update(range(at + 1, at + len(name)))
            before_names.add(at - 1 if at and word[at - 1] in _OPENING else at)
            at = word.find(name, at + 1)
    budoux = set(itertools.accumulate(len(phrase) for phrase in _phrases()(word)))
    cuts = sorted(((budoux | before_names) - inside - {0}) | {len(word)})
    phrases = [word[start:end] for start, end in zip([0, *cuts], cuts, strict=False) if end > start]
    return tuple((phrase, any(name in phrase for name in found)) for phrase in phrases)


@lru_cache(maxsize=4)
def _keeper(names: frozenset[str]) -> re.Pattern[str]:
    """:data:`_KEEP_TOGETHER`, and each of ``names`` whole (the longest first) with the
    particle after it, if any: a particle never starts a line."""
    if not names:
        return _KEEP_TOGETHER
    spelled = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(f"(?:{spelled}){_PARTICLE}?|{_KEEP_TOGETHER.pattern}", re.S)


_PARTICLE = "[をにがはのへとでもや]"


def _phrase_tokens(
    phrase: str, before: list[str], keep: re.Pattern[str] = _KEEP_TOGETHER
) -> list[str]:
    """One phrase as one token, or a long one wrapped between characters, ``keep`` whole;
    a phrase that may not start a line (closing punctuation) or a space joins the token
    ``before`` it."""
    if before and (phrase[0] in _NO_LINE_START or phrase.isspace()):
        rest = phrase.lstrip("".join(_NO_LINE_START)) if not phrase.isspace() else ""
        before[-1] += phrase[: len(phrase) - len(rest)]  # only what may not start a line
        if not rest:
            return []
        phrase = rest
    if len(phrase.strip()) <= LONGEST_PHRASE:
        return [phrase]
    tokens: list[str] = []
    for piece in keep.findall(phrase):
        if (tokens or before) and (piece[0] in _NO_LINE_START or piece.isspace()):
            (tokens or before)[-1] += piece
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
        last.text = _ellipsize(last.text + " ", width - last.rect.x, last.px)
        last.rect.w = min(width - last.rect.x, span_width(last.span, last.px, last.text))
    for item in kept:
        if item.rect.right > width:
            item.text = _ellipsize(
                item.text, width - item.rect.x - (item.rect.w - _text_w(item)), item.px
            )
            item.rect.w = width - item.rect.x
    laid.items = kept
    laid.height = min(laid.height, height)
    laid.width = min(laid.width, width)
    laid.truncated = True
    return laid


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
