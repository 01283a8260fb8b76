"""The menu's scoreboard lines (K10–K12, I10): one line a faction, then what happened to
it: a correction of Power or Doom, a spellbook earned, an Elder Sign drawn, Elder Signs
revealed.

Offered only in a game that keeps the scoreboard, at the top of the menu. The faction
comes first so that its four happenings share one short list that goes round: each is at
most two presses from the selected line, and the one that then needs the most (the
correction: a dial turned and confirmed) is the selected one.

The faction lines are in play order (K2) with the First Player's selected and the last
to play above it, so UP and DOWN each reach a neighbour at the table: with four or five
factions no line is more than two presses away (a correction: five presses from "Something
else happened" for the First Player, seven at most), where the top line selected would
leave the fourth three away. No order does better with UP, DOWN and OK: one press reaches
the selected line and its two neighbours, three lines for four factions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from device.cthulhu_wars.scoreboard.steps import SIGN_VALUES, Finish, as_command
from device.cthulhu_wars.scoreboard.words import use_words
from device.ui.steps import Dial, DialStep, ListStep, Option, StepResult
from rules.text import text

SPELLBOOKS = 6  # K12
MOST_CHANGE = 30  # a correction larger than the Doom track is a mistake


def menu_options(state: Mapping[str, Any], finish: Finish = as_command) -> list[Option]:
    """The scoreboard's menu lines, one a faction, the First Player's at
    :func:`selected_line`; none in a game without it (I12) or once it has ended."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping) or state.get("game_over"):
        return []
    use_words()
    first = str(board.get("first_player", ""))
    return [
        Option(text("menu.sb_faction", faction=f), partial(happened, board, f, finish),
               text("detail.sb.first_player") if f == first else None)
        for f in around_the_first(board, state.get("factions", ()))
    ]  # fmt: skip


def around_the_first(board: Mapping[str, Any], factions: Sequence[str]) -> list[str]:
    """Play order (K2) from the First Player, the last (n - 1) // 2 to play moved above it."""
    order = [f for f in board.get("order", ()) if f in factions] or list(factions)
    above = (len(order) - 1) // 2
    return order[len(order) - above :] + order[: len(order) - above]


def selected_line(lines: Sequence[Option]) -> int:
    """Where the menu's cursor starts: on the First Player's line (0 without the lines)."""
    return max((len(lines) - 1) // 2, 0)


def _count(board: Mapping[str, Any], key: str, faction: str) -> int:
    return int(board.get(key, {}).get(faction, 0))


def happened(board: Mapping[str, Any], faction: str, finish: Finish) -> ListStep:
    """What happened to ``faction``: the correction selected, a spellbook below it, an
    Elder Sign drawn two away either way, a reveal above it (the list goes round)."""
    power, doom = _count(board, "power", faction), _count(board, "doom", faction)
    books, held = _count(board, "spellbooks", faction), _count(board, "elder_signs", faction)
    left = int(board.get("elder_signs_left", 0))
    pool = text("detail.sb.pool", n=left) if left else text("detail.sb.pool_empty")
    book = {"type": "spellbooks", "faction": faction, "count": books + 1}
    drawn = {"type": "draw_elder_signs", "faction": faction, "count": 1}
    options = [
        Option(text("prompt.sb.power_or_doom"), lambda: adjust(board, faction, finish),
               text("detail.sb.power_doom", power=power, doom=doom)),
        Option(text("menu.sb_spellbook"), lambda: finish(book),
               text("detail.sb.spellbooks", n=books, of=SPELLBOOKS), books < SPELLBOOKS),
        Option(text("prompt.sb.draw_one"), lambda: finish(drawn), pool),
        Option(text("menu.sb_reveal"), lambda: reveal(board, faction, finish),
               text("detail.sb.held", n=held), held > 0),
    ]  # fmt: skip
    return ListStep(text("prompt.sb.what_happened", faction=faction), options, lambda f: f())


def reveal(board: Mapping[str, Any], faction: str, finish: Finish) -> DialStep:
    """K11: how many of each value (one worth 1 proposed: the commonest, K10)."""
    held = _count(board, "elder_signs", faction)
    rows = [
        Dial(str(v), text("prompt.sb.worth", n=v), held, 1 if v == 1 else 0, "signs")
        for v in SIGN_VALUES
    ]

    def confirm(counts: dict[str, int]) -> StepResult:
        shown = [v for v in SIGN_VALUES for _ in range(counts[str(v)])]
        return finish({"type": "reveal_elder_signs", "faction": faction, "values": shown})

    return DialStep(text("prompt.sb.reveal_values", faction=faction), rows, confirm)


def adjust(board: Mapping[str, Any], faction: str, finish: Finish) -> DialStep:
    """I10, I11: what an ability did to Power or Doom, as a change; never below 0 (K15)."""
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
