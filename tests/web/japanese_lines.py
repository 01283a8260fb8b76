"""Where a browser breaks the phone page's Japanese lines, read from what it drew.

:data:`LINES` runs in the page: for every text node of the live region, the place of each
character (``Range.getClientRects``), so that a new line is seen where a character starts
left of the one before it and below it. Each block's text (a paragraph, an item, a table
cell) comes back with the offsets at which its lines start, each character's width and
the room inside the block; :func:`count` judges them as tests/device/japanese_lines.py
judges the screen's: inside a BudouX phrase (a space, and a comma, a stop, a colon or a
closing bracket before a place, make it a boundary), inside a name of the catalogue (and
inside one narrower than its block: one wider has to break), against kinsoku.
"""

from __future__ import annotations

from typing import Any

from tests.device.japanese_lines import (
    NO_LINE_START,
    OPENING,
    Count,
    finds,
    japanese,
    names,
    phrase_bounds,
)

LINES = """(() => {
  const blocks = new Map();
  const walker = document.createTreeWalker(document.getElementById('view'), NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const block = node.parentElement.closest('p,li,h2,h3,td,th,figcaption,caption');
    if (!block || node.parentElement.closest('.sr,svg')) continue;
    if (!blocks.has(block)) blocks.set(block, {text: '', tops: [], lefts: [], sizes: [], widths: []});
    const found = blocks.get(block);
    for (let i = 0; i < node.data.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rects = range.getClientRects();
      found.text += node.data[i];
      found.tops.push(rects.length ? rects[0].top : null);
      found.lefts.push(rects.length ? rects[0].left : null);
      found.sizes.push(rects.length ? rects[0].height : 0);
      found.widths.push(rects.length ? rects[0].width : 0);
    }
  }
  const out = [];
  for (const [block, found] of blocks) {
    const starts = [];
    let top = null, left = null, size = 0;
    for (let i = 0; i < found.text.length; i++) {
      if (found.tops[i] === null || !found.text[i].trim()) continue;
      if (top !== null && found.lefts[i] < left && found.tops[i] > top + size / 2) starts.push(i);
      top = found.tops[i]; left = found.lefts[i]; size = found.sizes[i];
    }
    const style = getComputedStyle(block);
    const room = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    out.push({text: found.text, starts: starts, widths: found.widths, room: room});
  }
  return out;
})()"""


def read(page: Any) -> list[dict[str, Any]]:
    """Each block of the live region: its text and the offsets its lines start at."""
    found: list[dict[str, Any]] = page.evaluate(LINES)
    return found


def count(blocks: list[dict[str, Any]]) -> Count:
    """The line breaks of the Japanese blocks, judged (every break inside a phrase is
    counted: the browser's lines are as wide as its own type makes them)."""
    found = Count()
    for block in blocks:
        text = block["text"].replace("\u00a0", " ")  # the view's no-break spaces
        kept = [i for i, ch in enumerate(text) if ch != "\u2060"]  # its word joiners out
        words = "".join(text[i] for i in kept)
        if not japanese(words):
            continue
        widths = [block["widths"][i] for i in kept]
        for at in block["starts"]:
            _judge(words, at - (len(text[:at]) - len(text[:at].replace("\u2060", ""))),
                   widths, block["room"], found)  # fmt: skip
    return found


def _judge(words: str, at: int, widths: list[float], room: float, found: Count) -> None:
    found.breaks += 1
    shown = ("390", f"{words[:at]}/{words[at:]}")
    if at not in phrase_bounds(words):
        found.inside_phrase.append(shown)
    inside = [(s, name) for name in names() for s in finds(words, name) if s < at < s + len(name)]
    if inside:
        start, name = inside[0]
        found.inside_name.append(shown)
        glued = start  # an icon before a name is joined to it
        while glued > 0 and not words[glued - 1].isspace() and not japanese(words[glued - 1]):
            glued -= 1
        if sum(widths[glued : start + len(name)]) <= room:
            found.inside_short_name.append(shown)
    if words[at - 1] in OPENING or words[at] in NO_LINE_START:
        found.kinsoku.append(shown)
