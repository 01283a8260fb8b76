"""The scoreboard over the board state (K1–K14): a table of each faction's Doom, Power, Elder
Signs held and spellbooks in play order, then the First Player, the direction and the next
Ritual. A table, so that each faction is named once and the figures line up at arm's length.

Pure content from the public state JSON's ``scoreboard`` and ``game_over`` (both absent from
a game without the scoreboard, I12): state in, paragraphs out, no pygame (the phone view
says the same; scoreboard_panel draws it). Loaded only when a state has a scoreboard, so a
start without one never imports it. Never by colour alone: names, numbers and shapes; an
Elder Sign's value is never shown, only how many (K11).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from display.cthulhu_wars import names
from display.ink import colours
from display.ink.runs import Para, Span
from rules.text import text, translate

if TYPE_CHECKING:
    from typing import Literal, TypeAlias

    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON, ScoreboardJSON

    # the table's figures, each a key of the scoreboard's JSON (K11, K12)
    Counted: TypeAlias = Literal["doom", "power", "elder_signs", "spellbooks"]

SPELLBOOKS = 6  # K12


COLUMNS: tuple[Counted, ...] = ("doom", "power", "elder_signs", "spellbooks")
# Each faction's own shape on the Doom chart, by seat, so that no line is told by colour
# alone; the end's table leads each row with it, as the chart's key.
MARKERS = ("swatch", "disc", "monster", "up", "down")


def marker(state: CthulhuWarsStateJSON, faction: str) -> str:
    seats = [str(f) for f in state.get("factions", ())]
    return MARKERS[seats.index(faction) % len(MARKERS)] if faction in seats else "swatch"


def doom_chart(state: CthulhuWarsStateJSON) -> list[tuple[str, list[int]]]:
    """Each faction's Doom at the end of every round played out, then now (the round in
    play, or the final Doom): the chart's lines, in seating order."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return []
    rounds = board.get("doom_by_round")
    rounds = rounds if isinstance(rounds, Mapping) else {}
    seats = [str(f) for f in state.get("factions", ())] or order(board)
    return [
        (f, [int(d) for d in rounds.get(f, ()) if isinstance(d, int)] + [_count(board, "doom", f)])
        for f in seats
    ]


def first_round(state: CthulhuWarsStateJSON, points: int) -> int:
    """The round of the chart's first point: its last is the round in play (a state kept
    before the chart was has only that one)."""
    now = state.get("round")
    return max(1, (now if isinstance(now, int) else points) - points + 1)


def chart_said(state: CthulhuWarsStateJSON, lang: str) -> list[str]:
    """The chart in words, one faction a line (for readers that speak the page)."""
    said = []
    for faction, doom in doom_chart(state):
        values = ", ".join(str(d) for d in doom)
        name = names.faction(faction, lang)
        said.append(translate("screen.sb.chart_series", lang, name=name, values=values))
    return said


def order(board: ScoreboardJSON) -> list[str]:
    """Play order (K2); the Power keys' order if a state gives none."""
    found = board.get("order") or list(board.get("power", {}))
    return [str(f) for f in found]


def table(state: CthulhuWarsStateJSON, board: ScoreboardJSON, lang: str) -> list[list[Para]]:
    during = state.get("phase") == "action" and not state.get("game_over")
    power = "power_at_action" if during else "power"  # I11
    heads = [
        translate("screen.sb.head_faction", lang),
        *(translate(f"screen.sb.head_{c}", lang) for c in COLUMNS[:1]),
        translate(f"screen.sb.head_{power}", lang),
        *(translate(f"screen.sb.head_{c}", lang) for c in COLUMNS[2:]),
    ]
    revealed = board.get("revealed") if state.get("game_over") else None
    if isinstance(revealed, Mapping):
        heads[3] = translate("screen.sb.head_revealed", lang)
    else:
        revealed = None
    rows = [[Para((Span(h, colours.DIM),), "small", gap_before=0.0) for h in heads]]
    silence = has_silence(state)
    if silence:  # C1, by the token's own shape, as the board legend draws it: filled while held
        rows[0].append(Para((Span(icon="disc", icon_colour=colours.DIM),), "small", gap_before=0.0))
    first = board.get("first_player")
    for faction in order(board):
        name = Span(names.faction(faction, lang), icon=_lead(state, faction, first),
                    icon_colour=colours.faction(faction))  # fmt: skip
        figures = [str(_count(board, c, faction)) for c in COLUMNS]
        figures[3] = translate("screen.sb.of", lang, n=figures[3], of=SPELLBOOKS)
        if revealed is not None:  # K14: at the end, each sign's value in the Doom it made
            figures[2] = shown(revealed.get(faction, ()))
        row = [
            Para((name,), "body", gap_before=0.0),
            *(_figure(f, revealed is not None and i == 2) for i, f in enumerate(figures)),
        ]
        if silence:
            row.append(Para((_token(state, faction),), "body", gap_before=0.0))
        rows.append(row)
    return rows


def has_silence(state: CthulhuWarsStateJSON) -> bool:
    """Whether the map has Silence tokens (C1: the Library's); the Dreamlands has none, so
    its table has no column for them."""
    return bool(state.get("silence"))


def _token(state: CthulhuWarsStateJSON, faction: str) -> Span:
    """C1: the faction's Silence token, said by its shape as on the board."""
    held = bool(state.get("silence", {}).get(faction))
    return Span(icon="disc" if held else "ring", icon_colour=None if held else colours.DIM)


def end_table(state: CthulhuWarsStateJSON, board: ScoreboardJSON, lang: str) -> list[list[Para]]:
    """The end's table (K14): each faction, led by its chart shape, with its final Doom, the
    signs it revealed and its spellbooks; Power and Silence no longer matter."""
    full = table(state, board, lang)
    return [[row[0], row[1], row[3], row[4]] for row in full]


def _figure(words: str, breaks: bool) -> Para:
    """A figure never breaks; the signs shown at the end may, between signs."""
    return Para((Span(words, atomic=not breaks),), "body", gap_before=0.0)


def _lead(state: CthulhuWarsStateJSON, faction: str, first: object) -> str:
    """K6: the First Player leads during the game; at the end, the faction's chart shape."""
    if state.get("game_over"):
        return marker(state, faction)
    return "arrow" if faction == first else "swatch"


def shown(values: Iterable[int]) -> str:
    """The signs a faction revealed, each the Doom it added: "+2 +3 +1" (a line may break
    between them, so a long list never squeezes the names), or "–" for none."""
    return " ".join(f"+{v}" for v in values) or "–"


def counted(values: Iterable[int]) -> str:
    """The same signs, fewer characters: each value with how many ("+1×3 +3×2"), for a
    screen too small for every sign apart."""
    found = [int(v) for v in values]
    return " ".join(f"+{v}×{found.count(v)}" for v in sorted(set(found))) or "–"


def _count(board: ScoreboardJSON, key: Counted, faction: str) -> int:
    value = board.get(key, {}).get(faction, 0)
    return int(value) if isinstance(value, int) else 0


def ending(state: CthulhuWarsStateJSON, lang: str) -> Iterator[Para]:
    over = state.get("game_over")
    if not isinstance(over, Mapping):
        return
    winners = [str(f) for f in over.get("winners", ())]
    if winners:
        joined = ("、" if lang == "ja" else ", ").join(names.faction(f, lang) for f in winners)
        words = translate("screen.sb.winners", lang, names=joined)
    else:
        words = translate("screen.sb.nobody_won", lang)
    reason = translate(f"screen.sb.ended.{over.get('reason')}", lang)
    yield Para(
        (Span(words, colours.LIT_TEXT, icon="star", chip=colours.LIT),), "body", gap_before=0.3
    )
    board = state.get("scoreboard")
    if winners and over.get("reason") != "citadel" and isinstance(board, Mapping):  # K14
        why = translate("screen.sb.why_won", lang, n=_count(board, "doom", winners[0]))
        yield Para((Span(why, colours.TEXT),), "small", gap_before=0.0)
    yield Para((Span(reason, colours.DIM),), "small", gap_before=0.0)


def track(state: CthulhuWarsStateJSON, board: ScoreboardJSON, lang: str) -> Iterator[Para]:
    spans = []
    if state.get("phase") == "action":  # I11: the Action Phase's spending is not followed
        spans.append(Span(translate("screen.sb.power_note", lang), colours.DIM, atomic=True))
    first = board.get("first_player")
    if isinstance(first, str):
        direction = text(f"screen.sb.{board.get('direction', 'clockwise')}")  # mid-sentence
        words = translate("screen.sb.first_player", lang, direction=direction)
        spans.append(Span(words, icon="arrow", icon_colour=colours.faction(first)))
    ritual = board.get("ritual")
    if isinstance(ritual, Mapping):  # K7
        track = ritual.get("track", ())
        left = max(0, len(track) - int(ritual.get("space", 0)))
        key = "screen.sb.ritual_end" if ritual.get("at_end") else "screen.sb.ritual"
        spans.append(Span(translate(key, lang, cost=ritual.get("cost", "?"), n=left), atomic=True))
    pool = board.get("elder_signs_left")
    if isinstance(pool, int):  # K10
        spans.append(Span(translate("screen.sb.pool", lang, n=pool), colours.DIM, atomic=True))
    if spans:
        yield Para(tuple(_dotted(spans)), "small", gap_before=0.2)


def _dotted(spans: list[Span]) -> Iterator[Span]:
    """Several facts set as one paragraph, each after the first led by a dot (or by its
    icon), so that none reads into the one before where a line runs on."""
    yield spans[0]
    for span in spans[1:]:
        yield span if span.icon else replace(span, text=f"· {span.text}")


def content(state: CthulhuWarsStateJSON, lang: str) -> list[str]:
    """Every sentence the scoreboard says, in order (for the phones and for tests)."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping):
        return []
    paras = [
        *ending(state, lang),
        *(c for r in table(state, board, lang) for c in r),
        *track(state, board, lang),
    ]
    return [span.text for para in paras for span in para.spans]
