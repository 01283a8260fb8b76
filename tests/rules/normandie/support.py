"""Shared helpers for the Normandie tests: build battles from JSON commands, check refusals."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from rules.errors import RulesError
from rules.normandie.engine import apply
from rules.normandie.state import NormandieState
from rules.text import LANGUAGES, Text, render
from tests.parsing import parse_any

Json = dict[str, Any]


def new_battle(**fields: Any) -> Json:
    """A one-tile (7×7) battle of Majestic against the Black Sun, Majestic with initiative."""
    base: Json = {
        "type": "nz_new_battle",
        "tiles": {"columns": 1, "rows": 1},
        "players": ["majestic", "black_sun"],
        "initiative": "majestic",
        "zombies": {"z1": 3, "z2": 3, "z3": 3, "z4": 3},
    }
    return {**base, **fields}


def unit(
    uid: str,
    space: str,
    kind: str = "infantry",
    owner: str = "majestic",
    movement: int = 4,
    **more: Any,
) -> Json:
    return {
        "type": "nz_place_unit",
        "unit": uid,
        "kind": kind,
        "owner": owner,
        "space": space,
        "movement": movement,
        **more,
    }


def zombie(uid: str, space: str) -> Json:
    return {"type": "nz_place_unit", "unit": uid, "kind": "zombies", "space": space}


NEXT: Json = {"type": "nz_next_phase"}


def play(*commands: Json, state: NormandieState | None = None) -> tuple[NormandieState, list[Text]]:
    """Apply JSON commands in turn (through the codec, as a journal would); all events."""
    events: list[Text] = []
    for obj in commands:
        state, new = apply(state, parse_any(obj))
        events += new
    assert state is not None
    return state, events


def to_zombies_phase(*setup: Json, **battle: Any) -> tuple[NormandieState, list[Text]]:
    """A battle set up with ``setup``, moved on to the Zombies phase of turn 1."""
    return play(new_battle(**battle), *setup, NEXT, NEXT)


def refused(state: NormandieState | None, obj: Json, rule: str, key: str) -> RulesError:
    """The command is refused for ``rule`` with reason ``key``, and the state is unchanged."""
    before = None if state is None else state.to_json()
    with pytest.raises(RulesError) as caught:
        apply(state, parse_any(obj))
    assert caught.value.rule == rule, caught.value.describe()
    assert caught.value.reason.key == key, caught.value.describe()
    assert (None if state is None else state.to_json()) == before
    for lang in LANGUAGES:  # the reason renders in every language, with every field filled
        assert "{" not in caught.value.describe(lang)
    return caught.value


def rendered(events: Iterable[Text], lang: str = "en") -> list[str]:
    return [render(event, lang) for event in events]


def keys(events: Iterable[Text]) -> list[str]:
    return [event.key for event in events]
