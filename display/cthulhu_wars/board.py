"""The board panel's words: one row per faction, the Tomes, the monsters, the Citadels.

Pure content: state in, paragraphs out; :mod:`display.panels.shared` draws them. Every state
is said in words and marked with a shape, never by colour alone.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from display.cthulhu_wars import names
from display.ink import colours
from display.ink.runs import Para, Span
from rules.cthulhu_wars.factions import OPENER
from rules.text import printed_name, render_fragment, text, translate
from rules.values import Record

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import (
        CthulhuWarsStateJSON,
        GateJSON,
        PendingJSON,
        TomeJSON,
    )
    from rules.text import Param

CITADEL_LABELS: tuple[str, ...] = ("1_2", "3", "4", "5_6")  # D4
BOARDS: tuple[str, ...] = ("surface", "underworld")
VALE_OF_PNATH = "vale_of_pnath"  # D7


class BoardText(Record):
    """Paragraphs across the panel, then (Dreamlands) columns side by side under them."""

    top: list[Para]
    columns: list[list[Para]]


def content(state: CthulhuWarsStateJSON, lang: str, dense: bool = False) -> BoardText:
    """The board of the map being played, under the winner if there is one; ``dense``: in
    as few lines as its words allow (where the panel has no room for its roomy form)."""
    board = MAP_BOARDS[state["map"]](state, lang, dense)
    return BoardText([*_winner(state, lang), *board.top], board.columns)


def _library_board(state: CthulhuWarsStateJSON, lang: str, dense: bool) -> BoardText:
    rows = _tomes_row if state.get("scoreboard") else _faction_row  # its table says the rest
    top = [para for faction in state.get("factions", ()) for para in rows(state, faction, lang)]
    return BoardText([*top, *_library(state, lang)], [])


def _dreamlands_board(state: CthulhuWarsStateJSON, lang: str, dense: bool) -> BoardText:
    top = [*_faction_legend(state, lang, dense), *_dreamlands(state, lang)]
    columns = [list(_citadel_column(state, board, lang, dense)) for board in BOARDS]
    return BoardText(top, columns)


def _fragment(key: str, lang: str, **params: Param) -> str:
    """Words that go inside a sentence: no capital added."""
    return render_fragment(text(key, **params), lang)


def actor(pending: PendingJSON | None) -> str | None:
    """The faction whose decision the game waits for, if the pending decision names one."""
    if not pending:
        return None
    found = pending.get("by") if pending.get("kind") == "assign_agony" else pending.get("faction")
    return found if isinstance(found, str) else None


def _winner(state: CthulhuWarsStateJSON, lang: str) -> Iterator[Para]:
    if state.get("winner"):
        words = translate("screen.winner", lang, faction=state["winner"])
        yield Para((Span(words, colours.LIT_TEXT, icon="star", chip=colours.LIT),), "large")


def _faction_span(faction: str, lang: str) -> Span:
    return Span(
        names.faction(faction, lang),
        icon="swatch",
        icon_colour=colours.faction(faction),
        atomic=True,
    )


def _to_act(lang: str) -> Span:
    return Span(translate("screen.to_act", lang), colours.LIT_TEXT, icon="arrow", chip=colours.LIT)


def _faction_row(state: CthulhuWarsStateJSON, faction: str, lang: str) -> Iterator[Para]:
    spans = [_faction_span(faction, lang)]
    if state.get("silence", {}).get(faction):  # C1: held until spent or discarded (C2)
        spans.append(Span(translate("screen.silence_held", lang), icon="disc", chip=colours.CHIP))
    else:
        spans.append(
            Span(translate("screen.silence_spent", lang), colours.DIM, icon="ring", atomic=True)
        )
    if actor(state.get("pending")) == faction:
        spans.append(_to_act(lang))
    yield Para(tuple(spans), "body", gap_before=0.1)
    gates = state.get("gates", {})
    for tome, card in sorted(state.get("tomes", {}).items()):
        if card.get("holder") == faction:
            row = tuple(_tome_spans(tome, card, gates.get(tome), lang))
            yield Para(row, "small", indent=1.0, gap_before=0.0)


def _tomes_row(state: CthulhuWarsStateJSON, faction: str, lang: str) -> Iterator[Para]:
    """Beside the scoreboard, which names every faction and its Silence: only Tomes held."""
    rows = list(_faction_row(state, faction, lang))
    if len(rows) > 1:
        yield Para((_faction_span(faction, lang),), "small", gap_before=0.1)
        yield from rows[1:]


def _tome_spans(tome: str, card: TomeJSON, gate: GateJSON | None, lang: str) -> Iterator[Span]:
    yield Span(names.tome(tome, lang))
    if card.get("overdue"):  # C7
        yield Span(
            translate("screen.overdue", lang),
            icon="warning",
            icon_colour=colours.WARNING,
            chip=colours.OVERDUE_BG,
        )
    if not card.get("face_up", True):  # C11
        yield Span(translate("screen.face_down", lang), icon="face_down", chip=colours.CHIP)
    yield tome_gate(gate, lang)  # in the Tome's row: why it is Overdue or not (C7)


def _library(state: CthulhuWarsStateJSON, lang: str) -> Iterator[Para]:
    in_slot = [
        tome for tome, card in sorted(state.get("tomes", {}).items()) if card.get("holder") is None
    ]
    if in_slot:  # C4, C9: grouped by their Areas' Gate (C6: whoever controls it takes the Tome)
        gates = state.get("gates", {})
        groups: dict[str, list[str]] = {}
        for tome in in_slot:
            groups.setdefault(json.dumps(gates.get(tome), sort_keys=True), []).append(tome)
        separator = "、" if lang == "ja" else ", "
        for index, (gate, tomes) in enumerate(groups.items()):
            # the Tomes, then their Gate: "no Gate" before a Tome's name read as one phrase
            words = separator.join(names.tome(tome, lang) for tome in tomes)
            heading = Span(translate("screen.in_slots", lang), colours.DIM)
            gate_there = Span(translate("screen.in_slots_gate", lang), colours.DIM)
            spans = (heading, Span(words), gate_there, tome_gate(json.loads(gate), lang))
            yield Para(spans, "small", gap_before=0.2 if index else 0.7)
    custodian = _place_span("screen.custodian", state.get("custodian"), lang)  # C12
    librarian = _place_span("screen.librarian", state.get("librarian"), lang)  # C16
    yield Para((custodian, librarian), "body", gap_before=0.3)


def tome_gate(gate: GateJSON | None, lang: str) -> Span:
    """The Gate in a Tome's Area (tome id = Area id, C4) and who controls it: Overdue is read
    off exactly that (C7, I2), so it stands beside the Tome, in words and a shape."""
    if gate is None:  # before the first Doom Phase creates it (C5), or destroyed
        return Span(_fragment("screen.no_gate", lang), colours.DIM, atomic=True)
    controller = gate.get("controller")
    if controller is None:
        return Span(translate("screen.gate_abandoned", lang), icon="ring", chip=colours.CHIP)
    words = translate("screen.gate_of", lang, faction=names.faction(controller, lang))
    return Span(words, icon="swatch", icon_colour=colours.faction(controller), chip=colours.CHIP)


def _place_span(what: str, area: str | None, lang: str) -> Span:
    place = names.area(area, lang) if area else _fragment("screen.off_map", lang)
    words = translate("screen.at", lang, what=translate(what, lang), place=place)
    return Span(
        words, colours.TEXT if area else colours.DIM, icon="monster", icon_colour=colours.ACCENT
    )


def _faction_legend(state: CthulhuWarsStateJSON, lang: str, dense: bool) -> Iterator[Para]:
    """Each faction's colour, and who is to act; ``dense``: only who is to act (each Gate's
    chip names its faction beside its colour, and so does the scoreboard's table)."""
    spans: list[Span] = []
    for faction in state.get("factions", ()):
        to_act = actor(state.get("pending")) == faction
        if to_act or not dense:
            spans.append(_faction_span(faction, lang))
        if to_act:
            spans.append(_to_act(lang))
    if spans:
        yield Para(tuple(spans), "body", gap_before=0.2)


def _dreamlands(state: CthulhuWarsStateJSON, lang: str) -> Iterator[Para]:
    yield from _three_citadel_warnings(state, lang)
    yield Para((_bhole_span(state, lang),), "body", gap_before=0.4)
    if OPENER in state.get("factions", ()) or state.get("yog_sothoth"):
        yield Para(
            (_place_span("screen.yog_sothoth", state.get("yog_sothoth"), lang),),
            "body",
        )


def _citadel_column(
    state: CthulhuWarsStateJSON,
    board: str,
    lang: str,
    dense: bool = False,
) -> Iterator[Para]:
    """One board's four Citadels (D4): name, who holds its Gate, its Zoogs; ``dense``: the
    Gate on the name's line where there is room for it, not on a line of its own."""
    header = Span(translate("screen.citadels_of", lang, board=board), colours.ACCENT)
    yield Para((header,), "small")
    for label in CITADEL_LABELS:
        citadel = f"{board}_citadel_{label}"
        name = tuple(_citadel_name_spans(state, citadel, lang))
        gate = _gate_span(state.get("gates", {}).get(citadel), lang)
        if dense:  # on the name's line, and a long name may wrap rather than be cut
            yield Para((*name, replace(gate, chip=None, atomic=True)), "small", gap_before=0.0)
            continue
        yield Para(name, "small", gap_before=0.25)
        yield Para((gate,), "small", indent=0.8, gap_before=0.05)


def _bhole_span(state: CthulhuWarsStateJSON, lang: str) -> Span:
    if state.get("bhole"):
        return _place_span("screen.bhole", state["bhole"], lang)
    vale = names.area(VALE_OF_PNATH, lang)  # D12: a killed Bhole returns here
    killed = _fragment("screen.bhole_killed", lang, place=vale)
    words = translate("screen.at", lang, what=translate("screen.bhole", lang), place=killed)
    return Span(words, colours.DIM, icon="monster", icon_colour=colours.ACCENT)


def _citadel_name_spans(state: CthulhuWarsStateJSON, citadel: str, lang: str) -> Iterator[Span]:
    """Printed name (else "Citadel 1–2"), its Zoogs (D14) and Yog-Sothoth if there (D6)."""
    _board, label = names.citadel(citadel) or ("", "")
    printed = names.citadel_label(label)
    printed_as = printed_name(citadel)
    if printed_as is not None:  # the owner's printed name: the board shows its label beside it
        yield Span(printed_as, atomic=True)
    else:
        yield Span(translate("screen.citadel_short", lang, label=printed), atomic=True)
    zoogs = int(state.get("zoogs", {}).get(citadel, 0))
    if zoogs:
        yield Span(
            translate("screen.zoogs_count", lang, n=zoogs),
            icon="zoog",
            icon_colour=colours.WARNING,
            chip=colours.CHIP,
        )


def _gate_span(gate: GateJSON | None, lang: str) -> Span:
    if gate is None:
        return Span(_fragment("screen.no_gate", lang), colours.DIM, atomic=True)
    controller = gate.get("controller")
    if controller is None:
        return Span(
            translate("screen.gate_abandoned", lang),
            icon="ring",
            icon_colour=colours.DIM,
            chip=colours.CHIP,
        )
    words = names.faction(controller, lang)
    return Span(words, icon="swatch", icon_colour=colours.faction(controller), chip=colours.CHIP)


def citadel_counts(state: CthulhuWarsStateJSON) -> dict[str, Counter[str]]:
    """Citadels each faction controls, per board (D5).

    Yog-Sothoth's Citadel counts for Opener of the Way (D6).
    """
    counts: dict[str, Counter[str]] = {board: Counter() for board in BOARDS}
    gates = state.get("gates", {})
    for board in BOARDS:
        for label in CITADEL_LABELS:
            citadel = f"{board}_citadel_{label}"
            gate = gates.get(citadel)
            controller = gate.get("controller") if gate else None
            if state.get("yog_sothoth") == citadel:
                controller = OPENER
            if controller:
                counts[board][controller] += 1
    return counts


def _three_citadel_warnings(state: CthulhuWarsStateJSON, lang: str) -> Iterator[Para]:
    if state.get("winner"):
        return
    for board, counter in citadel_counts(state).items():
        for faction, count in counter.items():
            if count == 3:
                words = translate("screen.three_citadels", lang, faction=faction, board=board)
                yield Para((Span(words, colours.WARNING, icon="warning"),), "body", gap_before=0.3)


# Each map's board, by the map the state names (rules/cthulhu_wars/JOURNAL.md: "map").
MAP_BOARDS: dict[str, Callable[[CthulhuWarsStateJSON, str, bool], BoardText]] = {
    "celaeno": _library_board,
    "dreamlands": _dreamlands_board,
}
