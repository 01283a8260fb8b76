"""Each faction's Doom round by round on the phone view, as SVG drawn from the state alone
(``scoreboard.doom_by_round`` and ``doom``): nothing is loaded from outside.

One line per faction in its colour with its own shape at every round (never by colour
alone), the 30 Doom that ends the game (K13) marked, and a key under it naming each shape
with the faction's Doom now. SVG presentation attributes carry the colours: the page's CSP
allows no inline style. Readers that speak the page hear the figures in words.

The chart is much of the scoreboard section's drawing, and it changes far less often than the
rest of the section: at a Doom Phase, a Ritual, a correction, a new round. So it is drawn from
what it reads of the state (:func:`reads`), given nothing else, and kept by that: a section
redrawn for a Power, an Elder Sign or a phase takes the chart it already has.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from display.cthulhu_wars import names
from display.cthulhu_wars.scoreboard.standings import (
    chart_said,
    doom_chart,
    first_round,
    marker,
    order,
)
from display.cthulhu_wars.words import add_scoreboard_words
from display.ink import colours
from display.ink.colours import Colour
from display.web.html import ICONS, colour_class, escape, phrased
from rules.text import translate

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON

WIDTH, HEIGHT = 360, 180  # SVG units; the browser scales the drawing to the page's width
LEFT, RIGHT, TOP, BOTTOM = 26, 10, 8, 22  # room for the Doom and round numbers
END = 30  # K13: 30 Doom at the end of a Doom Phase ends the game
DOOM_LINE_EVERY = 10
MARK = 4.5  # a round's mark: half its width
KEPT = 16  # charts kept: both languages of the latest states, undo and redo among them


def chart_html(state: CthulhuWarsStateJSON, lang: str) -> str:
    """The chart, drawn once for each language and each state of what it reads."""
    read = reads(state)
    if read is None:
        return ""
    return _drawn(json.dumps(read, ensure_ascii=False, separators=(",", ":")), lang)


def reads(state: CthulhuWarsStateJSON) -> dict[str, object] | None:
    """What the chart reads of ``state``, as a state of its own (None: no scoreboard, no
    chart): the seats (order and shapes), the round (the first round's number), and each
    faction's Doom by round and now. Without the seats, the lines follow play order (the
    Power's keys if a state gives none, :func:`scoreboard.order`), read only then: play
    order changes every round."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return None
    read: dict[str, object] = {key: state[key] for key in ("factions", "round") if key in state}
    kept: dict[str, object] = {key: board[key] for key in ("doom", "doom_by_round") if key in board}
    if not state.get("factions"):
        kept["order"] = order(board)
    return {**read, "scoreboard": kept}


@lru_cache(maxsize=KEPT)
def _drawn(read: str, lang: str) -> str:
    """The chart drawn from the JSON of what it reads, and only from it."""
    return figure_html(json.loads(read), lang)


def figure_html(state: CthulhuWarsStateJSON, lang: str) -> str:
    """The chart drawn afresh from ``state``."""
    lines = doom_chart(state)
    if not lines:
        return ""
    add_scoreboard_words()
    words = translate("screen.sb.chart", lang)
    title = escape(words)
    said = escape(". ".join(chart_said(state, lang)))
    top = max(END, *(max(doom) for _, doom in lines))
    top = -(-top // DOOM_LINE_EVERY) * DOOM_LINE_EVERY
    rounds = max(len(doom) for _, doom in lines)
    parts = [
        f'<figure class="chart"><figcaption>{phrased(words)}</figcaption>'
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
        f' aria-label="{title}: {said}" xmlns="http://www.w3.org/2000/svg">',
        *_grid(top, rounds, first_round(state, rounds)),
    ]
    for faction, doom in lines:
        parts += _line(state, faction, doom, top, rounds)
    parts.append(f"</svg>{_key(state, lines, lang)}</figure>")
    return "".join(parts)


def _x(index: int, rounds: int) -> float:
    inner = WIDTH - LEFT - RIGHT - 2 * MARK  # a round's mark stays clear of the numbers
    return LEFT + MARK + (inner * index / (rounds - 1) if rounds > 1 else inner / 2)


def _y(doom: int, top: int) -> float:
    inner = HEIGHT - TOP - BOTTOM
    return TOP + inner * (1 - doom / top)


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _grid(top: int, rounds: int, first: int) -> Iterator[str]:
    for doom in range(0, top + 1, DOOM_LINE_EVERY):
        y = _y(doom, top)
        lit = doom == END
        stroke = _hex(colours.LIT) if lit else _hex(colours.PANEL_EDGE)
        dash = ' stroke-dasharray="4 3"' if lit else ""
        yield (
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="{stroke}"'
            f' stroke-width="1"{dash}/>'
            f'<text class="axis" x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end">{doom}</text>'
        )
    every = max(1, -(-rounds // 12))  # at most 12 round numbers under the chart
    base = HEIGHT - 6
    for index in range(rounds - 1, -1, -every):  # counted from the last: the round now
        yield (
            f'<text class="axis" x="{_x(index, rounds):.1f}" y="{base}"'
            f' text-anchor="middle">{first + index}</text>'
        )


def _line(
    state: CthulhuWarsStateJSON, faction: str, doom: list[int], top: int, rounds: int
) -> Iterator[str]:
    colour = _hex(colours.faction(faction))
    points = [(_x(i, rounds), _y(d, top)) for i, d in enumerate(doom)]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    yield (
        f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"'
        ' stroke-linejoin="round"/>'
    )
    shape = marker(state, faction)
    for x, y in points:
        yield _marker(shape, x, y, colour)


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    r = MARK
    edge = f'fill="{colour}" stroke="{_hex(colours.TEXT)}" stroke-width="1"'
    if shape == "disc":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" {edge}/>'
    corners = {
        "monster": ((0, -r), (r, 0), (0, r), (-r, 0)),
        "up": ((0, -r), (r, r), (-r, r)),
        "down": ((-r, -r), (r, -r), (0, r)),
    }.get(shape, ((-r, -r), (r, -r), (r, r), (-r, r)))
    points = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in corners)
    return f'<polygon points="{points}" {edge}/>'


def _key(state: CthulhuWarsStateJSON, lines: list[tuple[str, list[int]]], lang: str) -> str:
    """Each faction's shape, name and Doom now: the chart's key (hidden from readers, who
    heard the figures already)."""
    items = "".join(
        f'<li><i class="{colour_class(colours.faction(f))}">{ICONS[marker(state, f)]}</i>'
        f"{phrased(names.faction(f, lang))} <b>{doom[-1]}</b></li>"
        for f, doom in lines
    )
    return f'<ul class="chartkey" aria-hidden="true">{items}</ul>'
