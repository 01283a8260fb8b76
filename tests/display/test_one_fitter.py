"""Issue 48: the screen's "fit by shrinking" loop is written once (flow.shrink_to_fit), and
what shrank by a copy of it gets the whole fitter, its long-word fallback included."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

from display.cthulhu_wars.scoreboard import end_summary
from display.cthulhu_wars.scoreboard.standings import ending
from display.cthulhu_wars.words import add_scoreboard_words
from display.layout import flow
from display.layout.canvas import Canvas
from display.layout.flow import Sizes
from rules.games import RULES
from tests.display.conftest import surface
from tests.display.test_scoreboard_panel import view

DISPLAY = Path(__file__).resolve().parents[2] / "display"
FACTORS = {"SHRINK_FACTORS", "TITLE_FACTORS", "LIST_FACTORS"}
THE_LOOP = ("layout/flow.py", "shrink_to_fit"), ("layout/flow.py", "_factors_to_floor")


def _loops_over_factors() -> list[tuple[str, str, int]]:
    """Each ``for`` over a list of size factors: its file, function and line."""
    found = []
    for path in sorted(DISPLAY.rglob("*.py")):
        module = ast.parse(path.read_text("utf-8"))
        for function in ast.walk(module):
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.For | ast.comprehension) and _names(node.iter) & FACTORS:
                    where = str(path.relative_to(DISPLAY))
                    found.append((where, function.name, getattr(node, "lineno", 0)))
    return found


def _names(node: ast.AST) -> set[str]:
    return {
        sub.id if isinstance(sub, ast.Name) else sub.attr
        for sub in ast.walk(node)
        if isinstance(sub, ast.Name | ast.Attribute)
    }


def test_the_shrink_loop_is_written_once() -> None:
    """Every other fitting passes its sizes to flow.shrink_to_fit (a comprehension that
    lists the sizes to try is not a loop of its own: it tries nothing)."""
    loops = [
        (where, function, line)
        for where, function, line in _loops_over_factors()
        if (where, function) not in THE_LOOP and line  # comprehensions carry no line
    ]
    assert loops == []


def test_shrink_to_fit_gives_the_first_that_fits_or_the_last_tried() -> None:
    tried: list[float] = []

    def laid_at(factor: float) -> float:
        tried.append(factor)
        return factor

    assert flow.shrink_to_fit(laid_at, lambda f: f < 0.8, (1.0, 0.9, 0.7, 0.5)) == (0.7, True)
    assert tried == [1.0, 0.9, 0.7]
    assert flow.shrink_to_fit(laid_at, lambda f: False, (1.0, 0.5)) == (0.5, False)
    # a search whose tries may find nothing (the prompt's): nothing is what was last tried
    assert flow.shrink_to_fit(lambda f: None, lambda f: f is not None, (1.0,)) == (None, False)


def test_the_condensed_end_wraps_a_long_key_rather_than_leave_the_end_out() -> None:
    """The end beside a list, in a column narrower than one faction's "name and Doom" (an
    atomic span): its own copy of fit had no long-word fallback and left the whole end out
    (Canvas.dropped); the one fitter breaks the span, nothing cut."""
    over = {"reason": "ritual_track", "winners": ["black_goat"]}
    RULES.get("cthulhu_wars")  # the factions' names
    add_scoreboard_words()
    state = view("ja", game_over=over).state
    chips = [span for para in ending(state, "ja") for span in para.spans if span.chip]
    key = [span for span in end_summary._key(state, state["scoreboard"], "ja").spans if span.atomic]
    names = [flow.span_width(span, 18, span.text.rsplit(" ", 1)[0]) for span in key]
    # the chip (which never breaks) and each name whole, but not each name with its Doom
    narrow = max(*(flow.span_width(span, 18, span.text) for span in chips), *names) + 4
    assert max(flow.span_width(span, 18, span.text) for span in key) > narrow
    box = pygame.Rect(0, 0, narrow, 400)
    sizes = Sizes({"small": 18, "body": 18, "large": 18, "title": 18}, 18)
    canvas = Canvas(surface((box.w, box.h)), "board", box, sizes, 4)
    end_summary.draw_condensed(canvas, state, "ja", box)
    assert not canvas.dropped
    drawn = "".join(label.text for label in canvas.labels)
    assert "大いなるクトゥルフ14" in drawn.replace(" ", "")
    assert not any(label.truncated for label in canvas.labels)
