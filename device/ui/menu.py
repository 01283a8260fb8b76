"""The lines every game's menu ends with, and the language question one of them asks."""

from __future__ import annotations

from collections.abc import Callable

from device.ui.steps import (
    CHOOSE_GAME,
    HISTORY,
    SEATS_ON_PHONES,
    SHOW_ON_PHONES,
    SMART_DICE,
    ListStep,
    Option,
    SetLanguage,
    StepResult,
)
from rules.commands import Redo, Undo
from rules.text import LANGUAGES, Text, text


def table_lines(
    lang: str, redo: bool, undo: Text | None = None, seats: bool = False
) -> list[Option]:
    """Undo, redo, History, the phones, the smart dice, the language and New game, each
    option's value what picking it does; ``redo``: something is undone (the rules would
    refuse a redo otherwise, so the line is left out); ``undo``: a game's own words for its
    undo line; ``seats``: the game takes commands from phones paired as seats (Seats on
    phones follows Show on phones). New game is last: UP from the top of the menu reaches
    it in one press."""
    lines: list[tuple[Text, Callable[[], StepResult]]] = [(undo or text("menu.undo"), Undo)]
    if redo:
        lines.append((text("menu.redo"), Redo))
    lines += [
        (text("menu.history"), lambda: HISTORY),
        (text("menu.phones"), lambda: SHOW_ON_PHONES),
    ]
    if seats:
        lines.append((text("menu.seats"), lambda: SEATS_ON_PHONES))
    lines += [
        (text("menu.dice"), lambda: SMART_DICE),
        (text("menu.language"), lambda: language(lang)),
        (text("menu.new_game"), lambda: CHOOSE_GAME),
    ]
    return [Option(label, action) for label, action in lines]


def language(current: str) -> ListStep:
    options = [Option(text(f"language.{lang}"), SetLanguage(lang)) for lang in LANGUAGES]
    return ListStep(
        text("prompt.language"), options, lambda answer: answer, cursor=LANGUAGES.index(current)
    )
