"""Issue 50 item 11: where the screen breaks its Japanese lines, measured from what it draws.

Each example journal (rules/examples/) is replayed command by command; after each command the
screen the app shows, and each screen one press away from it, is drawn in Japanese at
480×320, 800×480 and 1920×1080, and every line break the layout made inside a piece of text
(a span: a sentence, a name, a choice) is read back from the layout's own lines (each drawn
``Laid``'s items and the line each is on). A break is counted

- *inside a phrase* (and *inside a phrase a line holds*, where that phrase alone is not
  wider than the line it is drawn on: a wider one has to break somewhere) where BudouX, run on the whole piece of text, puts no phrase boundary
  there (a space, and a comma, a stop, a colon, a closing bracket or an ideographic space
  before it, are boundaries: BudouX reads 第2ラウンド：アクションフェイズ as one phrase);
- *inside a name* (and *inside a name a line holds*) where it falls inside one of the
  catalogue's names (a faction's, an Area's, a Tome's...);
- *against kinsoku* where the line before it ends with an opening bracket, or the line
  after it starts with a closing bracket, punctuation, a small kana or "ー".

``python -m tests.device.japanese_lines`` prints the counts and each broken line.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from tempfile import TemporaryDirectory

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from display.games import SCREENS
from display.layout import canvas as canvas_module
from display.layout.flow import Laid, text_width
from display.screen.screen import Screen
from display.view import View
from rules.text import NAME_KINDS, catalogue
from tests.device.screen_walk import begin, walk

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "rules" / "examples").glob("*.jsonl"))
SIZES = ((480, 320), (800, 480), (1920, 1080))
# what may not end a line, and what may not start one (the kinsoku rules)
OPENING = set("（〔［｛〈《「『【〘〖〝‘“｟«([{")
NO_LINE_START = set(
    "、。，．・：；？！‼⁇⁈⁉ー゠〜～…‥）〕］｝〉》」』】〙〗〟’”｠»"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿヽヾゝゞ々〻"
    ",.:;!?)]}"
)


PAUSES = set("、。，．：；？！）〕］｝〉》」』】〙〗\u3000")


@dataclass
class Count:
    """The breaks read, and the wrong ones: (where, the text with "/" at the break)."""

    breaks: int = 0
    inside_phrase: list[tuple[str, str]] = field(default_factory=list)
    inside_short_phrase: list[tuple[str, str]] = field(default_factory=list)
    inside_name: list[tuple[str, str]] = field(default_factory=list)
    inside_short_name: list[tuple[str, str]] = field(default_factory=list)
    kinsoku: list[tuple[str, str]] = field(default_factory=list)

    def figures(self) -> dict[str, int]:
        return {
            "breaks": self.breaks,
            "inside a phrase": len(self.inside_phrase),
            "inside a phrase a line holds": len(self.inside_short_phrase),
            "inside a name": len(self.inside_name),
            "inside a name a line holds": len(self.inside_short_name),
            "against kinsoku": len(self.kinsoku),
        }


def japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


@cache
def _budoux() -> object:
    import budoux

    return budoux.load_default_japanese_parser()


@cache
def phrase_bounds(text: str) -> frozenset[int]:
    """Where BudouX's phrases of ``text`` begin (after a space too)."""
    at, bounds = 0, set()
    for phrase in _budoux().parse(text):  # type: ignore[attr-defined]
        at += len(phrase)
        bounds.add(at)
    bounds.update(i + 1 for i, ch in enumerate(text) if ch.isspace() or ch in PAUSES)
    return frozenset(bounds)


def names() -> list[str]:
    """The catalogue's Japanese names (read again once a game adds words)."""
    words = catalogue("ja")
    if not _NAMES or _NAMES[0][0] is not words:
        found = [
            value
            for key, value in words.items()
            if key.split(".", 1)[0] in NAME_KINDS and "{" not in value and japanese(value)
        ]
        _NAMES[:] = [(words, found)]
    return _NAMES[0][1]


_NAMES: list[tuple[Mapping[str, str], list[str]]] = []


def breaks_in(laid: Laid, width: int) -> Iterator[tuple[str, int, tuple[int, int]]]:
    """Each line break inside one span of ``laid`` (drawn ``width`` wide): the span's text,
    where in it the new line starts, its size and the room on that line (an indented
    paragraph's lines are narrower)."""
    text: str | None = None
    at, previous_y = 0, None
    for item in laid.items:
        if item.span.text != text:
            text, at, previous_y = item.span.text, 0, None
        found = text.find(item.text, at) if item.text else -1
        if found < 0:  # a bare icon, or the last word cut with "…"
            previous_y = None
            continue
        if previous_y is not None and item.rect.y > previous_y and found > 0:
            yield text, found, (item.px, width - item.rect.x)
        at, previous_y = found + len(item.text), item.rect.y


def judge(text: str, at: int, where: str, count: Count, room: tuple[int, int]) -> None:
    """One break: at ``at`` in ``text``, set at ``room``'s px on lines its width wide."""
    px, width = room
    count.breaks += 1
    shown = (where, f"{text[:at]}/{text[at:]}")
    bounds = phrase_bounds(text)
    if at not in bounds:
        count.inside_phrase.append(shown)
        start = max(b for b in (0, *bounds) if b < at)
        end = min(b for b in (*bounds, len(text)) if b > at)
        if text_width(text[start:end].strip(), px) <= width:
            count.inside_short_phrase.append(shown)
    _kinsoku(text, at, shown, count)
    for name in names():
        for start in (s for s in finds(text, name) if s < at < s + len(name)):
            count.inside_name.append(shown)
            end = start + len(name)
            while end < len(text) and text[end] in NO_LINE_START:  # kept with the name
                end += 1
            if text_width(text[start:end], px) <= width:
                count.inside_short_name.append(shown)
            return
    _kinsoku(text, at, shown, count)


def _kinsoku(text: str, at: int, shown: tuple[str, str], count: Count) -> None:
    if text[at - 1] in OPENING or text[at] in NO_LINE_START:
        count.kinsoku.append(shown)


def finds(text: str, name: str) -> Iterator[int]:
    at = text.find(name)
    while at != -1:
        yield at
        at = text.find(name, at + 1)


def views(files: Path, journals: list[Path] = EXAMPLES, depth: int = 1) -> Iterator[View]:
    """Each example's screens in Japanese: after each command, and one press away."""
    for journal in journals:
        text = journal.read_text("utf-8").splitlines()
        lines = [line for line in text if line.strip() and not line.startswith("#")]
        seen: set[str] = set()
        for upto in range(1, len(lines) + 1):
            for walker in walk(begin(lines[:upto], files), depth, 12):
                key = walker.key()
                if key not in seen:
                    seen.add(key)
                    yield walker.view("ja")


def measure(journals: list[Path] = EXAMPLES, depth: int = 1) -> Count:
    """The breaks of every drawn Japanese line of the examples' screens, at each size."""
    count = Count()
    drawn: list[tuple[Laid, int, str]] = []
    draw_laid = canvas_module.Canvas.draw_laid

    def recording(
        self: canvas_module.Canvas, laid: Laid, box: pygame.Rect, *args: str, **kw: str
    ) -> None:
        drawn.append((laid, box.w, self.panel))
        draw_laid(self, laid, box, *args, **kw)

    canvas_module.Canvas.draw_laid = recording  # type: ignore[method-assign]
    try:
        with TemporaryDirectory() as files:
            for view in views(Path(files), journals, depth):
                for size in SIZES:
                    drawn.clear()
                    Screen(pygame.Surface(size), SCREENS).render(view)
                    for laid, width, panel in drawn:
                        where = f"{size[0]}x{size[1]} {panel}"
                        for text, at, room in breaks_in(laid, width):
                            if japanese(text):
                                judge(text, at, where, count, room)
    finally:
        canvas_module.Canvas.draw_laid = draw_laid  # type: ignore[method-assign]
    return count


def main() -> None:
    from display.ink import typeface

    typeface.init()
    count = measure(depth=int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    print(count.figures())
    kinds = ("inside_phrase", "inside_short_phrase", "inside_name", "inside_short_name")
    for kind in (*kinds, "kinsoku"):
        found = Counter(getattr(count, kind))
        print(f"-- {kind}: {len(found)} different")
        for (where, line), times in sorted(found.items()):
            print(f"{where} ×{times}: {line}")


if __name__ == "__main__":
    main()
