"""The scoreboard on the phone view: the table the screen shows (K1–K14), as an HTML table,
then each faction's Doom round by round, drawn by the page as SVG from the state.

The same words as the screen (:mod:`display.cthulhu_wars.scoreboard.standings`), so a phone
never says what the table's screen does not; the Silence token by its shape, said in words to a
screen reader.
At the end the table is the end screen's: final Doom, the signs revealed, spellbooks.

The view renders the live region on every commit, in every language, before any phone sees
it; most commands change nothing the scoreboard shows (a monster's move, a roll), and the
section is half of what a commit renders. So the section is drawn from the few keys of the
state it reads (:data:`READS`), given nothing else, and kept by those keys: two states that
agree on them draw the same section, whichever command, undo or redo led to them. The Doom
chart under it is kept apart, by what the chart reads
(:mod:`display.cthulhu_wars.scoreboard.web_chart`): most of what changes the section (a Power,
a phase, an Elder Sign) leaves the chart as it was.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from display.cthulhu_wars.scoreboard import standings
from display.cthulhu_wars.scoreboard.web_chart import chart_html, figure_html
from display.cthulhu_wars.words import add_scoreboard_words
from display.ink import phrases
from display.ink.runs import Para
from display.web.html import escape, para_html, span_html
from rules.text import translate

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON, ScoreboardJSON

# The state's keys the section's table and words are drawn from: the scoreboard (K1–K14),
# the end, the phase (I11's label), the seats (the end table's shapes) and
# the Silence tokens (C1). The chart under them reads its own (web_chart.reads).
READS: Final = ("scoreboard", "game_over", "phase", "factions", "silence")
KEPT = 16  # sections kept: both languages of the latest states, undo and redo among them


def scoreboard_html(state: CthulhuWarsStateJSON, lang: str) -> str:
    """The scoreboard section; "" for a game that keeps none (I12). Its table and words are
    drawn once for each language and each state of what they read, its chart likewise."""
    read = {key: state[key] for key in READS if key in state}
    said = _drawn(json.dumps(read, ensure_ascii=False, separators=(",", ":")), lang)
    return _section(said, chart_html(state, lang)) if said else ""


@lru_cache(maxsize=KEPT)
def _drawn(read: str, lang: str) -> str:
    """The table and words drawn from the JSON of the keys they read, and only from them."""
    return _said(json.loads(read), lang)


def section_html(state: CthulhuWarsStateJSON, lang: str) -> str:
    """The scoreboard section drawn afresh from ``state``, chart and all."""
    said = _said(state, lang)
    return _section(said, figure_html(state, lang)) if said else ""


def _section(said: str, chart: str) -> str:
    return f'<section class="scoreboard">{said}{chart}</section>'


def _said(state: CthulhuWarsStateJSON, lang: str) -> str:
    """The section's table and words; "" without a scoreboard."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return ""
    add_scoreboard_words()
    over = state.get("game_over")
    table = _end_table(state, board, lang) if over else _table(state, board, lang)
    lines = standings.ending(state, lang) if over else standings.track(state, board, lang)
    said = "".join(para_html(para) for para in lines)
    return f"{said}{table}" if over else f"{table}{said}"  # the end says who won first


def _table(state: CthulhuWarsStateJSON, board: ScoreboardJSON, lang: str) -> str:
    rows = standings.table(state, board, lang)
    silence = standings.has_silence(state)  # C1: the Dreamlands has no Silence column
    figures = rows[0][:-1] if silence else rows[0]
    head = "".join(f'<th scope="col">{_cell(cell)}</th>' for cell in figures)
    if silence:
        head += f'<th scope="col">{_shape(True, translate("screen.silence_held", lang))}</th>'
    body = "".join(_row(state, faction, row, lang, silence) for faction, row in zip(
        standings.order(board), rows[1:], strict=True))  # fmt: skip
    return _frame(head, body)


def _end_table(state: CthulhuWarsStateJSON, board: ScoreboardJSON, lang: str) -> str:
    rows = standings.end_table(state, board, lang)
    head = "".join(f'<th scope="col">{_cell(cell)}</th>' for cell in rows[0])
    body = "".join(
        f'<tr><th scope="row">{_name(row[0])}</th>'
        + "".join(f"<td>{_cell(cell)}</td>" for cell in row[1:])
        + "</tr>"
        for row in rows[1:]
    )
    return _frame(head, body)


def _frame(head: str, body: str) -> str:
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f'<div class="fit">{table}</div>'


def _row(
    state: CthulhuWarsStateJSON, faction: str, row: list[Para], lang: str, silence: bool
) -> str:
    figures = "".join(f"<td>{_cell(cell)}</td>" for cell in row[1 : -1 if silence else None])
    if silence:
        held = bool(state.get("silence", {}).get(faction))
        said = translate("screen.silence_held" if held else "screen.silence_spent", lang)
        figures += f"<td>{_shape(held, said)}</td>"
    return f'<tr><th scope="row">{_name(row[0])}</th>{figures}</tr>'


def _shape(held: bool, words: str) -> str:
    """The Silence token's shape, as on the screen (filled while held), its words for readers
    that speak the page: the column stays narrow enough for a phone held upright."""
    return (
        f'<i aria-hidden="true">{"●" if held else "○"}</i><span class="sr">{escape(words)}</span>'
    )


def _cell(para: Para) -> str:
    return " ".join(span_html(span) for span in para.spans)


def _name(para: Para) -> str:
    """A faction's name in its column: where the column is narrower than the name (大いなる
    クトゥルフ beside five figures on a phone), it breaks where BudouX would, never between
    characters."""
    return " ".join(span_html(span, phrases.NAME) for span in para.spans)
