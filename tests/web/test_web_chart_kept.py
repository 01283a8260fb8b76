"""The phone view keeps the Doom chart apart from the rest of the scoreboard section, by what
the chart reads of the state: a change to any of it draws the chart anew, a change to
anything else (a Power, a phase, an Elder Sign, play order) takes the chart already drawn.

Every state of the example journal is changed in each thing the chart reads (the seats, the
round, a faction's Doom now and round by round; play order or the Power's keys when a state
names no seats) and the kept chart must equal one drawn afresh: a key that missed one of them
would give the chart of the state before the change.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from display.cthulhu_wars.scoreboard import web_chart
from display.cthulhu_wars.scoreboard.web_chart import _drawn, chart_html, figure_html
from rules.games import RULES
from rules.journal import replayed, state_json
from rules.text import LANGUAGES
from tests.web.conftest import ROOT

EXAMPLE = ROOT / "rules" / "examples" / "celaeno_scoreboard.jsonl"

State = dict[str, Any]
Change = Callable[[State], None]


def _example_states() -> list[State]:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    return [state_json(outcome.played) for _command, outcome in replayed(lines, RULES)]


def _board(state: State) -> dict[str, Any]:
    board: dict[str, Any] = state["scoreboard"]
    return board


def _first_seat(state: State) -> str:
    return str(state["factions"][0])


def _without_seats(state: State) -> None:
    del state["factions"]


def _without_seats_or_order(state: State) -> None:
    del state["factions"]
    _board(state)["order"] = []


def _more_doom(state: State) -> None:
    _board(state)["doom"][_first_seat(state)] += 1


def _another_round(state: State) -> None:
    _board(state)["doom_by_round"][_first_seat(state)].append(29)


def _next_round(state: State) -> None:
    state["round"] += 1


def _seats_reversed(state: State) -> None:
    state["factions"] = state["factions"][::-1]


def _order_reversed(state: State) -> None:
    _board(state)["order"] = _board(state)["order"][::-1]


def _power_keys_reversed(state: State) -> None:
    power = _board(state)["power"]
    _board(state)["power"] = dict(reversed(power.items()))


def _more_power(state: State) -> None:
    _board(state)["power"][_first_seat(state)] += 3


def _other_phase(state: State) -> None:
    state["phase"] = "doom" if state["phase"] != "doom" else "action"


def _signs_drawn(state: State) -> None:
    _board(state)["elder_signs"][_first_seat(state)] += 1


def _drop(*path: str) -> Callable[[State], None]:
    """Take the part at ``path`` out of what the chart reads (a key that missed it)."""

    def drop(read: State) -> None:
        inner = read
        for key in path[:-1]:
            inner = inner[key]
        del inner[path[-1]]

    return drop


# Each thing the chart reads: what the state is first, the change, and the key without it.
READ: dict[str, tuple[Change | None, Change, Change]] = {
    "doom now": (None, _more_doom, _drop("scoreboard", "doom")),
    "doom by round": (None, _another_round, _drop("scoreboard", "doom_by_round")),
    "round": (None, _next_round, _drop("round")),
    "seats": (None, _seats_reversed, _drop("factions")),
    "play order without seats": (_without_seats, _order_reversed, _drop("scoreboard", "order")),
    "the Power's keys without seats or order": (
        _without_seats_or_order,
        _power_keys_reversed,
        _drop("scoreboard", "order"),
    ),
}
# Things the chart does not read, changed: the chart already drawn serves.
NOT_READ: dict[str, Change] = {
    "power": _more_power,
    "phase": _other_phase,
    "elder signs": _signs_drawn,
    "play order with seats": _order_reversed,
}


def _pairs(first: Change | None, change: Change) -> Iterator[tuple[State, State]]:
    """Each example state (made ``first``) and the same state changed by ``change``."""
    for state in _example_states():
        before = copy.deepcopy(state)
        if first is not None:
            first(before)
        after = copy.deepcopy(before)
        change(after)
        yield before, after


def _missed(first: Change | None, change: Change) -> list[str]:
    """Where the kept chart of an example state, or of that state changed, is not the chart
    drawn afresh from it."""
    missed = []
    for number, (before, after) in enumerate(_pairs(first, change)):
        for lang in LANGUAGES:
            assert figure_html(after, lang) != figure_html(before, lang), "a change it shows"
            for name, state in (("", before), (" changed", after)):
                if chart_html(state, lang) != figure_html(state, lang):
                    missed.append(f"state {number}{name} in {lang}")
    return missed


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    _drawn.cache_clear()
    yield
    _drawn.cache_clear()


@pytest.mark.parametrize("read", READ)
def test_a_change_to_what_the_chart_reads_draws_it_anew(read: str) -> None:
    first, change, _without = READ[read]
    assert _missed(first, change) == []


@pytest.mark.parametrize("read", READ)
def test_a_key_that_missed_it_would_be_found(read: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails for a key that leaves out any one thing the chart reads."""
    first, change, without = READ[read]
    reads = web_chart.reads

    def narrower(state: State) -> State | None:
        found = reads(state)
        if found is not None:
            without(found)
        return found

    monkeypatch.setattr(web_chart, "reads", narrower)
    assert _missed(first, change), f"a key without {read} was not found out"


@pytest.mark.parametrize("other", NOT_READ)
def test_a_change_to_anything_else_takes_the_chart_already_drawn(other: str) -> None:
    for before, after in _pairs(None, NOT_READ[other]):
        for lang in LANGUAGES:
            drawn = chart_html(before, lang)
            misses = _drawn.cache_info().misses
            assert chart_html(after, lang) == drawn == figure_html(after, lang)
            assert _drawn.cache_info().misses == misses, f"the chart drawn again for {other}"
