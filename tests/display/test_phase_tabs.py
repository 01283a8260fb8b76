"""The header's phase tabs: the lit one is whole and the most readable, at every size and language.

At 800×480 the lit Gather Power tab used to read "▶Gather …": the marker took the
room the word needed. Every phase name of both games is checked lit, in both
languages, at every supported size.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

import pytest

from display.cthulhu_wars.panels import PHASES as LIBRARY_PHASES
from display.layout.canvas import Label
from display.screen.screen import Screen
from display.view import View
from rules.text import LANGUAGES, translate
from tests.display.conftest import SIZES, surface
from tests.display.samples import sample
from tests.display.test_battlefield import view_at

NORMANDIE_PHASES = ("setup", "orders", "zombies", "activation", "supply")


def _tabs(view: View, size: tuple[int, int]) -> dict[tuple[int, ...], list[Label]]:
    """The header's labels grouped by the box they were fitted in (one box per tab)."""
    screen = Screen(surface(size))
    screen.render(view)
    groups: dict[tuple[int, ...], list[Label]] = defaultdict(list)
    for label in screen.labels():
        if label.panel == "header":
            groups[tuple(label.box)].append(label)
    return groups


def _words(labels: list[Label]) -> str:
    return "".join("".join(label.text.split()) for label in labels)


def _check_lit(view: View, size: tuple[int, int], lit_name: str, others: list[str]) -> None:
    groups = _tabs(view, size)
    assert [lb.text for g in groups.values() for lb in g if lb.truncated] == []
    squashed = "".join(lit_name.split())
    lit = [g for g in groups.values() if _words(g) == squashed]
    assert len(lit) == 1, (
        f"{lit_name!r} not whole in the header: {[_words(g) for g in groups.values()]}"
    )
    lit_px = min(label.px for label in lit[0])
    for other in others:
        (tab,) = [g for g in groups.values() if _words(g) == "".join(other.split())]
        assert lit_px >= max(label.px for label in tab), f"{other!r} reads bigger than {lit_name!r}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("phase", LIBRARY_PHASES)
def test_library_lit_phase_is_whole_and_most_readable(
    phase: str, lang: str, size: tuple[int, int]
) -> None:
    base = sample("tomes_overdue", lang)
    view = replace(base, state={**base.state, "phase": phase})
    names = {p: translate(f"phase.{p}", lang) for p in LIBRARY_PHASES}
    _check_lit(view, size, names.pop(phase), list(names.values()))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("phase", NORMANDIE_PHASES[1:])
def test_normandie_lit_phase_is_whole_and_most_readable(
    phase: str, lang: str, size: tuple[int, int]
) -> None:
    base = view_at("orders", lang)
    view = replace(base, state={**base.state, "phase": phase})
    names = {p: translate(f"nz_device.phase.{p}", lang) for p in NORMANDIE_PHASES[1:]}
    _check_lit(view, size, names.pop(phase), list(names.values()))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_normandie_setup_lights_no_tab_and_cuts_none(lang: str, size: tuple[int, int]) -> None:
    base = view_at("setup", lang)
    groups = _tabs(replace(base, state={**base.state, "phase": "setup"}), size)
    assert [lb.text for g in groups.values() for lb in g if lb.truncated] == []
