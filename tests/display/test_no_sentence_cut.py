"""No sentence the prompt panel can show is ever cut: it wraps, or the choices page.

Every Cthulhu Wars and shared catalogue sentence that can be a question, a choice, a
refusal or the latest result is rendered with its longest parameters (the longest Area,
faction and Tome names, counts of 12, lists of five factions) in its place on the screen,
at 480×320, 800×480 and 1920×1080 in English and Japanese. A label marked cut, or drawn
outside the box it was given, fails.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from display.games import SCREENS
from display.screen.screen import Screen
from display.view import Choice, Prompt, Status, View
from rules.games import RULES
from rules.journal import Outcome, Played, apply, parse_line, start
from rules.text import LANGUAGES, Text, catalogue, lookup, text
from tests.display.conftest import surface
from tests.display.samples import sample

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"

SIZES = ((480, 320), (800, 480), (1920, 1080))
QUESTIONS = ("prompt.", "main.", "menu.")
CHOICES = ("prompt.", "main.", "menu.", "detail.", "pay.")
REFUSALS = ("notice.", "error.")
RESULTS = ("event.",)
OTHER_GAMES = ("nz_", "normandie")  # the Zombies' words are that game's own screens'
NOT_SENTENCES = ("device.result", "prompt.face", "web.url", "device.raw")
LONG_COUNT = 12
FACTIONS = 5  # the most players (T4)


def _keys(prefixes: tuple[str, ...]) -> list[str]:
    return sorted(
        key
        for key in catalogue("en")
        if key.startswith(prefixes)
        and not any(other in key for other in OTHER_GAMES)
        and key not in NOT_SENTENCES
    )


@cache
def _longest(kind: str, lang: str) -> str:
    """The id of the longest name of ``kind`` (``area``, ``faction`` …) in ``lang``."""
    ids = [key.removeprefix(f"{kind}.") for key in catalogue("en") if key.startswith(f"{kind}.")]
    ids = [i for i in ids if "." not in i]
    return max(ids, key=lambda i: len(lookup(f"{kind}.{i}", lang)))


def _value(name: str, spec: str, lang: str) -> Any:
    if spec in ("faction", "who"):
        return _longest("faction", lang)
    if spec in ("area", "place"):
        return _longest("area", lang)
    if spec in ("tome", "monster", "phase", "citadel", "board", "floor"):
        return _longest(spec, lang)
    if spec == "list":
        factions = sorted(
            (key.removeprefix("faction.") for key in catalogue("en") if key.startswith("faction.")),
            key=lambda f: -len(lookup(f"faction.{f}", lang)),
        )
        return [text(f"faction.{f}") for f in factions[:FACTIONS]]
    if spec == "lines":
        return [text("event.to_oubliette", faction=_longest("faction", lang), n=LONG_COUNT,
                     area=_longest("area", lang), to="oubliette")]  # fmt: skip
    if spec:  # a counted noun: {n:units}
        return LONG_COUNT
    if name in ("title", "question", "reason", "detail", "what", "left", "parts", "factions"):
        return text("detail.left.agony", n=LONG_COUNT, total=LONG_COUNT)
    if name in ("url", "line", "text", "name", "version", "values", "so_far", "rule", "game"):
        return "http://192.168.100.200:8080/" if name == "url" else "C13 " + "6 " * 6
    return LONG_COUNT


def longest(key: str, lang: str) -> Text:
    """``key`` with the longest parameters its template can get."""
    fields = {
        (name, spec or "")
        for template in (lookup(key, "en"), lookup(key, lang))
        for _literal, name, spec, _conv in string.Formatter().parse(template)
        if name
    }
    return text(key, **{name: _value(name, spec, lang) for name, spec in fields})


SHORT = (text("main.gate"), text("main.next_phase"), text("main.menu"), text("menu.undo"))


def frames(lang: str) -> Iterator[tuple[str, View]]:
    """Each sentence in its place: a question over four choices and a long latest result, a
    choice among short ones, a refusal, the latest result."""
    board = sample("tomes_overdue", lang)
    result = (
        longest("event.spontaneous_gates", lang)
        if "event.spontaneous_gates" in catalogue("en")
        else longest("event.to_oubliette", lang)
    )
    short_choices = tuple(Choice(label) for label in SHORT)
    for key in _keys(QUESTIONS):
        prompt = Prompt(longest(key, lang), short_choices, 0, result=result)
        yield key, View(board.state, prompt, lang=lang)
    for key in _keys(CHOICES):
        choices = (Choice(longest(key, lang), longest("detail.victims", lang)), *short_choices[1:])
        yield key, View(board.state, Prompt(text("prompt.menu"), choices, 0), lang=lang)
    for key in _keys(REFUSALS):
        status = Status(error=longest(key, lang))
        yield key, View(board.state, Prompt(text("prompt.menu"), short_choices, 0), status=status,
                        lang=lang)  # fmt: skip
    for key in _keys(RESULTS):
        prompt = Prompt(text("prompt.menu"), short_choices, 0, result=longest(key, lang))
        yield key, View(board.state, prompt, lang=lang)
    for name, events in played():
        prompt = Prompt(text("prompt.idle.celaeno.doom", round=2), short_choices, 0,
                        result=text("device.result", events=list(events)))  # fmt: skip
        yield name, View(board.state, prompt, lang=lang)


def played() -> Iterator[tuple[str, tuple[Text, ...]]]:
    """The results of a real game's commands, whole: a phase change says several things."""
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        played = None
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            outcome = submit_line(played, line)
            if outcome is None:
                continue
            played = outcome.played
            yield f"{path.name}:{number}", outcome.events


def submit_line(played: Played | None, line: str) -> Outcome | None:
    cmd = parse_line(line, RULES, None if played is None else played.game)
    if cmd is None:
        return None
    return start(cmd, RULES) if played is None else apply(played, cmd)


def cut_labels(screen: Screen) -> list[str]:
    return [
        label.text
        for label in screen.labels()
        if label.panel == "prompt" and (label.truncated or not label.box.contains(label.rect))
    ]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_sentence_is_cut(lang: str, size: tuple[int, int]) -> None:
    target = surface(size)
    failures = []
    for key, view in frames(lang):
        screen = Screen(target, SCREENS)
        screen.render(view)
        cut = cut_labels(screen)
        if cut:
            failures.append(f"{key}: {cut}")
    assert failures == []
