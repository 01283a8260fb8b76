"""Where a line of Japanese may break, and how gladly: the screen and the phone page both ask.

A line breaks between phrases (BudouX's, loaded the first time Japanese is broken, so a start
in English never loads it), a little coarser than BudouX's own: what it cuts off a word is
put back (魔力|最多の, 時|計回り: a kanji word broken in two; 4しか|ない, 今の|まま: a short
ending alone on a line; 同じ|6: one character alone). A name of the catalogue (a faction's,
an Area's, a Tome's: the keys of :data:`rules.text.NAME_KINDS`) is never broken where a
line holds it (BudouX reads 這い|寄る|混沌 and 大いなる|クトゥルフ as words), nor a Latin
word or a number (Normand|ie), nor a katakana word. And the kinsoku rules: no line ends
with an opening bracket, none starts with a closing one, a small kana, "ー" or punctuation.

:func:`breaks` gives each place in a text its rank: :data:`PHRASE` (between phrases, where
a line breaks first), :data:`WORD` (between BudouX's words inside a phrase: where a phrase
is wider than a line), :data:`NAME` (inside a name, where the name is wider than a line),
:data:`CHARACTER` (between characters, the last resort); ``None`` where a line never breaks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache, lru_cache

from rules.text import NAME_KINDS, catalogue

PHRASE, WORD, NAME, CHARACTER = range(4)

# The first character a Japanese text may hold: English, with its dashes and signs, stays
# below it (what :func:`japanese` checks first).
FIRST_CJK = "\u2e80"
# Kinsoku: characters that may not start a line, and that may not end one.
NO_LINE_START = frozenset(
    "、。，．・：；？！‼⁇⁈⁉ー゠〜～…‥"
    "）〕］｝〉》」』】〙〗〟’”｠»"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "ヽヾゝゞ々〻%％°℃"
    ",.:;!?)]}"
)
OPENING = frozenset("（〔［｛〈《「『【〘〖〝‘“｟«([{")
# Never broken inside, even between characters: a katakana word, a Latin word or number.
_WHOLE = re.compile(r"[\u30a1-\u30fa\u30fc-\u30ff]{2,}|[A-Za-z0-9\u00c0-\u024f'’\-–.,×+/]{2,}")
_HIRAGANA = re.compile(r"[\u3041-\u309f]+")
_PARTICLE = frozenset("をにがはのへとでもや")  # never starts a line after a name
_CASE = frozenset("をにがはへとでもや")  # a phrase that ends with one is whole
_NAME_PIECES = re.compile(r"[\s・、。：「」（）()]+")


def japanese(text: str) -> bool:
    # the highest character first, in C: a pattern of 30,000 characters costs every start
    # about ten million instructions to compile, and most text is English
    return bool(text) and max(text) >= FIRST_CJK and _cjk().search(text) is not None


@cache
def _cjk() -> re.Pattern[str]:
    """Han, kana, CJK punctuation and full-width forms (compiled the first time text may
    be Japanese)."""
    return re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")


def _kanji(char: str) -> bool:
    """A kanji or 々: compared, not matched, for the same reason."""
    return "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or char == "々"


def breaks(text: str) -> tuple[int | None, ...]:
    """The rank of a line break before each character of ``text`` (the first: None)."""
    return _breaks(text, names(catalogue("ja")))


def pieces(text: str, rank: int = PHRASE) -> list[str]:
    """``text`` cut at every break of ``rank`` or better; each piece keeps the spaces
    after it."""
    ranks = breaks(text)
    cuts = [i for i, r in enumerate(ranks) if r is not None and r <= rank]
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True) if b > a]


@lru_cache(maxsize=8192)
def _breaks(text: str, known: frozenset[str]) -> tuple[int | None, ...]:
    whole = {i for m in _WHOLE.finditer(text) for i in range(m.start() + 1, m.end())}
    inside, starts, ends = _names_in(text, known)
    ranks: list[int | None] = [None]
    for at in range(1, len(text)):
        ranks.append(None if at in whole or at in inside else CHARACTER)
    for at in ends & set(range(1, len(text))):  # a particle never starts a line
        if text[at] in _PARTICLE:
            ranks[at] = None
    budoux = _past_spaces(text, _budoux(text) | _after_punctuation(text))
    for at in (budoux | starts | _after_spaces(text)) - whole:
        ranks[at] = NAME if at in inside else WORD
    terms = {at for at, ch in enumerate(text) if ch in "＋+" and at and ranks[at] == CHARACTER}
    for at in terms:  # a sum BudouX reads as one phrase (ゲート2×2＋放棄4) breaks before a term
        ranks[at] = WORD
    _kinsoku(text, ranks)
    # a break before a name is there for a name BudouX cuts in two; it is no phrase's end
    # where BudouX reads on (魔術書・旧き印・魔力・破滅: 破滅 names a phase too)
    spaced = (_after_spaces(text) | terms | starts) - budoux
    for at in _phrase_ends(text, ranks, spaced):
        ranks[at] = PHRASE
    return tuple(ranks)


def _budoux(text: str) -> set[int]:
    at, found = 0, set()
    for phrase in _parser()(text):
        at += len(phrase)
        found.add(at)
    return found - {0, len(text)}


def _after_punctuation(text: str) -> set[int]:
    """After a comma, a stop, a colon, a closing bracket or an ideographic space: where
    BudouX reads one phrase on (第2ラウンド：アクションフェイズ), a reader sees two."""
    return {at + 1 for at, ch in enumerate(text[:-1]) if ch in _PAUSES}


_PAUSES = frozenset("、。，．：；？！）〕］｝〉》」』】〙〗\u3000")  # and an ideographic space


def _past_spaces(text: str, places: set[int]) -> set[int]:
    """``places``, each before a space moved past it (現れる。|␣地上の → 現れる。␣|地上の):
    a line never starts with a space, and a phrase's end stays one."""
    moved = set()
    for at in places:
        while at < len(text) and text[at].isspace():
            at += 1
        if 0 < at < len(text):
            moved.add(at)
    return moved


def _after_spaces(text: str) -> set[int]:
    return {m.end() for m in re.finditer(r"\s+", text)} - {0, len(text)}


def _names_in(text: str, known: frozenset[str]) -> tuple[set[int], set[int], set[int]]:
    """The places inside the catalogue's names in ``text``, where each starts and ends
    (a break before a name goes before its opening bracket)."""
    inside: set[int] = set()
    starts: set[int] = set()
    ends: set[int] = set()
    for name in known:
        at = text.find(name)
        while at != -1:
            inside.update(range(at + 1, at + len(name)))
            starts.add(at - 1 if at and text[at - 1] in OPENING else at)
            ends.add(at + len(name))
            at = text.find(name, at + 1)
    return inside, starts - {0}, ends


def _kinsoku(text: str, ranks: list[int | None]) -> None:
    """Move each break off a place the kinsoku rules forbid: after an opening bracket it
    goes before it; before a closing one (a small kana, "ー", a space) after them."""
    size = len(text)
    for at in range(size - 1, 0, -1):  # right to left: a run of openings moves as one
        if ranks[at] is not None and text[at - 1] in OPENING:
            _move(ranks, at, at - 1)
    for at in range(1, size):
        if ranks[at] is not None and (text[at] in NO_LINE_START or text[at].isspace()):
            to = at
            while to < size and (text[to] in NO_LINE_START or text[to].isspace()):
                to += 1
            _move(ranks, at, to if to < size else 0)


def _move(ranks: list[int | None], source: int, to: int) -> None:
    rank = ranks[source]
    ranks[source] = None
    if to <= 0 or rank is None:
        return
    current = ranks[to]
    ranks[to] = rank if current is None else min(rank, current)


def _phrase_ends(text: str, ranks: list[int | None], spaced: set[int]) -> list[int]:
    """The breaks between BudouX's words that stay between phrases once what it cut off a
    word is put back; ``spaced``: those that are no phrase's end (a space BudouX does not
    break at, 旧き印 1枚; a term of a sum; the start of a name)."""
    cuts = [at for at, rank in enumerate(ranks) if rank is not None and rank <= WORD]
    bounds = [0, *cuts, len(text)]
    kept = []
    for index, at in enumerate(cuts, 1):
        before, after = text[bounds[index - 1] : at], text[at : bounds[index + 1]]
        trailing = "".join(NO_LINE_START) + " \u3000"  # まま) ends like まま
        if at not in spaced and not _joined(before.rstrip(), after.rstrip(trailing)):
            kept.append(at)
    return kept


def _joined(before: str, after: str) -> bool:
    """Whether BudouX cut a word it should not have between ``before`` and ``after``."""
    if not before or not after:
        return False
    short_ending = (  # 4しか|ない, 今の|まま, but not after a case particle (堅砦3に|いる)
        len(after) <= 2 and _HIRAGANA.fullmatch(after) is not None and before[-1] not in _CASE
    )
    alone = len(after) == 1 or (len(before) == 1 and _kanji(before))
    compound = _kanji(before[-1]) and _kanji(after[0])
    return short_ending or alone or compound


@cache
def _parser() -> Callable[[str], list[str]]:
    """BudouX's Japanese model (loaded on first use)."""
    import budoux

    return budoux.load_default_japanese_parser().parse


def names(words: Mapping[str, str]) -> frozenset[str]:
    """The Japanese names of the catalogue ``words`` (factions, Areas, Tomes, phases…: the
    keys a ``{x:faction}`` spec looks up), in the pieces a line may still break between
    (名前・名前, a space)."""
    if _NAMES and _NAMES[0][0] is words:
        return _NAMES[0][1]
    found = frozenset(
        piece
        for key, value in words.items()
        if key.split(".", 1)[0] in NAME_KINDS and "{" not in value
        for piece in _NAME_PIECES.split(value)
        if len(piece) > 1 and japanese(piece)
    )
    _NAMES[:] = [(words, found)]  # the catalogue is a new mapping once a game adds words
    return found


_NAMES: list[tuple[Mapping[str, str], frozenset[str]]] = []
