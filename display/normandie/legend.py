"""The words beside the Normandie grid: each Zombie's move, its target and Assault bonus.

Pure content: state JSON in, paragraphs out. Moves made this phase (or in the last
one) come from ``zombies_phase``; the moves still to come are the app's ``preview``
(see :mod:`display.battlefield`). They share one numbering with the badges on the
grid, so "2" on the board is line 2 here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from display.ink import colours
from display.ink.runs import Para, Span
from display.normandie.grid import shown_moves, target_space
from display.normandie.palette import ZOMBIES_COLOUR, path_colour
from display.normandie.shapes import side_colour
from rules.text import Text, render, render_fragment, text, translate
from rules.values import Record

if TYPE_CHECKING:
    from rules.normandie.json_types import MoveJSON, NormandieStateJSON
    from rules.text import Param

SIDE_LETTER_KEY = "nz_device.side_letter"


class Drawn(Record):
    """One move to draw: its number on the board, its JSON, and whether it is still to come."""

    number: int
    move: MoveJSON
    planned: bool


def moves(state: NormandieStateJSON) -> list[Drawn]:
    done, planned = shown_moves(state)
    found = [Drawn(n, move, False) for n, move in enumerate(done, start=1)]
    return found + [Drawn(n, move, True) for n, move in enumerate(planned, start=len(done) + 1)]


def unit_words(state: NormandieStateJSON, uid: str) -> Text:
    """The same names the rules' events use ("Rangers squad (u3)", "Zombies z2")."""
    unit = (state.get("units") or {}).get(uid)
    if unit is None:
        return text("normandie.unit.gone", id=uid)
    if unit.get("kind") == "zombies":
        return text("normandie.unit.zombies", id=uid)
    if unit.get("name"):
        return text("normandie.unit.named", name=unit["name"], id=uid)
    owner = unit.get("owner")
    return text(
        "normandie.unit.plain",
        side=text(f"normandie.side.{owner}" if owner else "normandie.side.none"),
        kind=text(f"normandie.kind.{unit.get('kind')}"),
        id=uid,
    )


def move_words(state: NormandieStateJSON, move: MoveJSON) -> Text:
    """One Zombie's move in words: where from, where to, whom, and with what bonus (Z4, Z7)."""
    zombie = text("normandie.unit.zombies", id=move.get("zombie"))
    start, end = move.get("from"), move.get("to")
    if move.get("paralysed"):
        return text("nz_device.move.paralysed", zombie=zombie, start=start)
    target_id = move.get("target")
    if target_id is None:
        return text("nz_device.move.no_prey", zombie=zombie, start=start)
    params: dict[str, Param] = {
        "zombie": zombie,
        "start": start,
        "end": end,
        "target": unit_words(state, target_id),
        "space": target_space(state, move) or "?",
        "tie": text("nz_device.move.tie" if move.get("tie") else "nz_device.empty"),
    }
    if not move.get("assault"):
        key = "walks" if move.get("path") else "waits"
        return text(f"nz_device.move.{key}", **params)
    rage = text("nz_device.move.rage" if move.get("rage") else "nz_device.empty")
    key = "assaults" if move.get("path") else "assaults_here"
    return text(f"nz_device.move.{key}", bonus=move.get("bonus", 0), rage=rage, **params)


def heading(state: NormandieStateJSON, drawn: Sequence[Drawn]) -> Text | None:
    if not drawn:
        return None
    phase = state.get("zombies_phase")
    if phase and not phase.get("done"):
        return text("nz_device.legend.running")
    if any(d.planned for d in drawn):
        return text("nz_device.legend.lookahead")
    return text("nz_device.legend.last")


def heading_para(state: NormandieStateJSON, lang: str) -> Para | None:
    """The phase's heading over the moves made and still to come; none over none of them
    (the move whose Assault waits for its die is said above it). A list that leaves no room
    for a move under it drops it too (:func:`display.normandie.battlefield.draw_board`)."""
    drawn = moves(state)
    title = heading(state, drawn)
    if title is None or all(is_pending(state, entry) for entry in drawn):
        return None
    return Para((Span(render(title, lang), colours.TITLE),), "body")


def paras(state: NormandieStateJSON, lang: str, shown: Sequence[Para] = ()) -> list[Para]:
    """Most important first: the caller drops paragraphs from the end when room runs out
    (beside a list at 480×320 a few lines are left). ``shown``: which part of the
    battlefield a window shows, first, for every square named below is read against its
    edges; then the winner; the move whose Assault waits for its die; the phase's heading
    and the moves still to come; the moves made, the latest first; the keys last, the
    same every turn."""
    drawn = moves(state)
    now = [entry for entry in drawn if is_pending(state, entry)]
    found: list[Para] = [*shown, *_winner(state, lang)]
    found += [_move_para(state, entry, lang) for entry in now]
    title = heading_para(state, lang)
    if title is not None:
        found.append(title)
    found += [_move_para(state, entry, lang) for entry in drawn if entry.planned]
    made = [entry for entry in drawn if not entry.planned and entry not in now]
    found += [_move_para(state, entry, lang) for entry in reversed(made)]
    found += _tiles_para(state, lang)
    # the key to the grid's signs and the bag's count share a line: the grid's coordinates
    # take a line's height, and the sides' key below still has its room at 800×480
    found.append(Para((*_terrain_spans(state, lang), _bag_span(state, lang)), "small"))
    found.append(_sides_para(state, lang))
    return found


def _winner(state: NormandieStateJSON, lang: str) -> list[Para]:
    if not state.get("over"):
        return []
    winner = state.get("winner")
    words = (
        translate("nz_device.winner", lang, side=text(f"normandie.side.{winner}"))
        if winner
        else translate("nz_device.over", lang)
    )
    return [Para((Span(words, colours.LIT_TEXT, icon="star", chip=colours.LIT),), "body")]


def _move_para(state: NormandieStateJSON, entry: Drawn, lang: str) -> Para:
    now = is_pending(state, entry)
    look = translate(_look_key(entry, now), lang)
    number = Span(str(entry.number), colours.LIT_TEXT, chip=path_colour(entry.number))
    colour = colours.TEXT if entry.planned or now else colours.DIM
    words = render(move_words(state, entry.move), lang)
    return Para((number, Span(look, colours.ACCENT, atomic=True), Span(words, colour)), "small")


def is_pending(state: NormandieStateJSON, entry: Drawn) -> bool:
    """The move whose Assault waits for its die (the last one made)."""
    pending = state.get("pending")
    return (
        not entry.planned
        and pending is not None
        and pending["kind"] == "assault"
        and pending["zombie"] == entry.move.get("zombie")
    )


def _look_key(entry: Drawn, now: bool) -> str:
    if now:
        return "nz_device.now"
    return "nz_device.planned" if entry.planned else "nz_device.made"


def _bag_span(state: NormandieStateJSON, lang: str) -> Span:
    count = len(state.get("bag") or [])
    words = translate("nz_device.bag", lang, n=count)
    return Span(words, colours.DIM, icon="swatch", icon_colour=ZOMBIES_COLOUR, atomic=True)


def _sides_para(state: NormandieStateJSON, lang: str) -> Para:
    """Each side's letter in its colour, with its name: the key to the grid's letters."""
    spans = []
    for player in state.get("players") or []:
        letter = translate(f"{SIDE_LETTER_KEY}.{player}", lang)
        spans.append(Span(letter, colours.LIT_TEXT, chip=side_colour(player)))
        side = render_fragment(text(f"normandie.side.{player}"), lang)
        spans.append(Span(side, colours.DIM, atomic=True))
    spans.append(Span(translate("nz_device.kinds", lang), colours.DIM))
    return Para(tuple(spans), "small")


def terrain_marks(state: NormandieStateJSON) -> list[str]:
    """The kinds of terrain on this battlefield, as legend keys: impassable, grave, grave_x1."""
    field_ = state.get("battlefield") or {}
    graves = field_.get("mass_graves") or []
    found = ["impassable"] if field_.get("impassable") else []
    if any(not g.get("single_use") for g in graves):
        found.append("grave")
    if any(g.get("single_use") for g in graves):
        found.append("grave_x1")
    return found


def _tiles_para(state: NormandieStateJSON, lang: str) -> list[Para]:
    """In setup, the printed tiles the battlefield was laid from, to check on the table."""
    layout = (state.get("battlefield") or {}).get("layout") or []
    if state.get("phase") != "setup" or not layout:
        return []
    names = [str(place.get("tile")) for place in layout]
    words = translate("nz_device.tiles_legend", lang, tiles=names)
    return [Para((Span(words, colours.DIM),), "small")]


def _terrain_spans(state: NormandieStateJSON, lang: str) -> list[Span]:
    """The key to the grid's terrain, in words beside each sign (hatching, †, ⊕)."""
    spans = []
    for mark in terrain_marks(state):
        words = translate(f"nz_device.terrain_key.{mark}", lang)
        icon = "face_down" if mark == "impassable" else None  # the hatching, drawn
        spans.append(Span(words, colours.DIM, icon=icon, icon_colour=colours.DIM, atomic=True))
    return spans
