"""The menu's scoreboard lines (K10–K12, I10): a spellbook earned, Elder Signs revealed or
drawn, a correction of Power or Doom. Each asks the faction, then one number screen.

Offered only in a game that keeps the scoreboard, at the top of the menu: the likeliest
first (a spellbook, then a reveal), so the common ones are a few presses away.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from device.cthulhu_wars.scoreboard.steps import SIGN_VALUES, Finish, as_command
from device.cthulhu_wars.scoreboard.words import use_words
from device.ui.steps import Dial, DialStep, ListStep, Option, StepResult
from rules.text import text

SPELLBOOKS = 6  # K12
MOST_DRAWN = 6
MOST_CHANGE = 30  # a correction larger than the Doom track is a mistake

Action = tuple[str, Callable[[], StepResult]]


def menu_items(state: Mapping[str, Any], finish: Finish = as_command) -> list[Action]:
    """The scoreboard's menu lines, or none for a game without it (I12)."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping) or state.get("game_over"):
        return []
    use_words()
    factions = list(state.get("factions", ()))
    return [
        ("sb_spellbook", lambda: spellbook(board, factions, finish)),
        ("sb_reveal", lambda: reveal(board, factions, finish)),
        ("sb_draw", lambda: draw(board, factions, finish)),
        ("sb_adjust", lambda: adjust(board, factions, finish)),
    ]


def _count(board: Mapping[str, Any], key: str, faction: str) -> int:
    return int(board.get(key, {}).get(faction, 0))


def spellbook(board: Mapping[str, Any], factions: list[str], finish: Finish) -> ListStep:
    """K12: the faction, and it has one more; six is all there are."""
    options = []
    for f in factions:
        has = _count(board, "spellbooks", f)
        detail = text("detail.sb.spellbooks", n=has, of=SPELLBOOKS)
        answer = {"type": "spellbooks", "faction": f, "count": has + 1}
        options.append(Option(text(f"faction.{f}"), answer, detail, has < SPELLBOOKS))
    return ListStep(text("prompt.sb.which_spellbook"), options, finish)


def reveal(board: Mapping[str, Any], factions: list[str], finish: Finish) -> ListStep:
    """K11: a faction holding signs, then how many of each value (one worth 1 proposed)."""
    options = []
    for f in factions:
        held = _count(board, "elder_signs", f)
        options.append(Option(text(f"faction.{f}"), f, text("detail.sb.held", n=held), held > 0))

    def values(faction: str) -> DialStep:
        held = _count(board, "elder_signs", faction)
        rows = [
            Dial(str(v), text("prompt.sb.worth", n=v), held, 1 if v == 1 else 0, "signs")
            for v in SIGN_VALUES
        ]

        def confirm(counts: dict[str, int]) -> StepResult:
            shown = [v for v in SIGN_VALUES for _ in range(counts[str(v)])]
            return finish({"type": "reveal_elder_signs", "faction": faction, "values": shown})

        return DialStep(text("prompt.sb.reveal_values", faction=faction), rows, confirm)

    return ListStep(text("prompt.sb.who_reveals"), options, values)


def draw(board: Mapping[str, Any], factions: list[str], finish: Finish) -> ListStep:
    """K10: Elder Signs drawn outside a Ritual (an ability, a spellbook's requirement)."""
    left = int(board.get("elder_signs_left", 0))
    options = [
        Option(text(f"faction.{f}"), f, text("detail.sb.held", n=_count(board, "elder_signs", f)))
        for f in factions
    ]

    def how_many(faction: str) -> DialStep:
        row = Dial("count", text("prompt.sb.drawn", left=left), MOST_DRAWN, 1, "signs", least=1)
        title = text("prompt.sb.how_many_drawn", faction=faction)
        return DialStep(title, [row], lambda n: finish(
            {"type": "draw_elder_signs", "faction": faction, "count": n["count"]}))  # fmt: skip

    return ListStep(text("prompt.sb.who_draws"), options, how_many)


def adjust(board: Mapping[str, Any], factions: list[str], finish: Finish) -> ListStep:
    """I10, I11: what an ability did to Power or Doom, as a change; never below 0 (K15)."""
    options = [Option(text(f"faction.{f}"), f) for f in factions]

    def change(faction: str) -> DialStep:
        power, doom = _count(board, "power", faction), _count(board, "doom", faction)
        rows = [
            Dial("power", text("prompt.sb.power_now", n=power), MOST_CHANGE, 0, "power", -power),
            Dial("doom", text("prompt.sb.doom_now", n=doom), MOST_CHANGE, 0, "doom", -doom),
        ]

        def confirm(by: dict[str, int]) -> StepResult:
            answer: dict[str, Any] = {"type": "adjust", "faction": faction}
            answer.update({key: n for key, n in by.items() if n})
            return finish(answer)

        return DialStep(text("prompt.sb.adjust", faction=faction), rows, confirm)

    return ListStep(text("prompt.sb.who_adjusts"), options, change)
