"""The Library board shows each Tome Area's Gate and who controls it, beside the Tome (C7, I2).

Overdue is read off exactly that Gate, so a player checking why a Tome is Overdue
finds the answer next to it, at every size and in both languages, not in the log.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from device.companion.screens import view_of
from device.games import GAMES
from display.cthulhu_wars.names import faction, tome
from display.screen.screen import Screen
from display.view import View
from rules.games import RULES
from rules.journal import replay
from rules.text import LANGUAGES, render_fragment, text, translate
from tests.display.conftest import SIZES, surface
from tests.display.samples import sample

FLAGS = ("screen.overdue", "screen.face_down")
E1 = Path(__file__).resolve().parents[2] / "rules" / "examples" / "celaeno_e1.jsonl"


def _board_words(view: View, size: tuple[int, int]) -> str:
    screen = Screen(surface(size))
    screen.render(view)
    return "".join("".join(lb.text.split()) for lb in screen.labels() if lb.panel == "board")


def _gate_words(gate: dict[str, Any] | None, lang: str) -> str:
    if gate is None:
        words = render_fragment(text("screen.no_gate"), lang)  # inside a line: "no Gate"
    elif gate["controller"] is None:
        words = translate("screen.gate_abandoned", lang)
    else:
        words = translate("screen.gate_of", lang, faction=faction(gate["controller"], lang))
    return "".join(words.split())


def _squash(words: str) -> str:
    return "".join(words.split())


def _each_tome_beside_its_gate(view: View, size: tuple[int, int]) -> None:
    """A held Tome's row ends with its Gate (after Overdue, Face down); Tomes in their slots
    are listed after "In their slots:", then the Gate their Areas share."""
    board, lang = _board_words(view, size), view.lang
    flags = "|".join(re.escape(_squash(translate(k, lang))) for k in FLAGS)
    in_slots = _squash(translate("screen.in_slots", lang))
    slot_groups = board.split(in_slots)[1:]
    for tome_id, card in view.state["tomes"].items():
        name = _squash(tome(tome_id, lang))
        gate = _gate_words(view.state["gates"].get(tome_id), lang)
        if card["holder"] is None:
            assert any(name in g.split(gate)[0] and gate in g for g in slot_groups), (
                name,
                gate,
                board,
            )
        else:
            assert re.search(f"{re.escape(name)}(?:{flags})*{re.escape(gate)}", board), (
                name,
                gate,
                board,
            )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["tomes_overdue", "doom_tokens", "new_game"])
def test_each_tome_shows_its_areas_gate_and_controller(
    name: str, lang: str, size: tuple[int, int]
) -> None:
    _each_tome_beside_its_gate(sample(name, lang), size)


def test_the_overdue_sample_names_each_controller() -> None:
    board = _board_words(sample("tomes_overdue"), (800, 480))
    # Crawling Chaos holds the Barrier but Great Cthulhu controls its Gate: Overdue (C7).
    assert "BarrierofNaach-TithOverdueGate:GreatCthulhu" in board
    assert "GuardianundertheLakeOverdueFacedownGateabandoned" in board
    assert "LarvaeoftheOuterGodsFacedownGate:YellowSign" in board


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_replayed_game_shows_the_gates_the_first_doom_phase_created(
    lang: str, size: tuple[int, int]
) -> None:
    played, events = replay(E1.read_text(encoding="utf-8").splitlines(), RULES)
    assert played is not None
    view = view_of(played, list(events), GAMES, lang)
    assert all(view.state["gates"][t] == {"controller": None} for t in view.state["tomes"])  # C5
    # the board beside the question; its result (the Gates placed, board instructions as
    # large as the question) would take the board's room for the list's choices
    _each_tome_beside_its_gate(replace(view, prompt=replace(view.prompt, result=None)), size)
