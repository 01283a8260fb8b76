"""The menu's scoreboard lines (K10–K12, I10): one line a faction, then what happened to
it: a correction of Power or Doom, a spellbook earned, an Elder Sign drawn, Elder Signs
revealed.

Offered only in a game that keeps the scoreboard, at the top of the menu. The faction
comes first so that its four happenings share one short list that goes round: each is at
most two presses from the selected line, and the one that then needs the most (the
correction: a dial turned and confirmed) is the selected one.

The faction lines are in play order (K2) with the First Player's selected and the last
to play above it, so UP and DOWN each reach a neighbour at the table. On a faction line
CUSTODIAN and LIBRARIAN move two seats round the faction lines (going round them only),
so with three to five factions every faction is the selected one or one press from it;
the footer says so while the cursor is on one. Elsewhere in the menu the two buttons
activate their monster, as on every other screen.

A happening costs one press more for another faction than for the First Player: from
"Something else happened" (its OK included) a spellbook is 4 presses for the First Player
and 5 for any other; an Elder Sign drawn, a reveal or a correction of 1 is 5 and 6. The
correction cannot take fewer in this shape: OK on "Something else happened", on the
faction and on the correction, then UP and OK are five presses, and reaching another
faction's line is a sixth.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from device.cthulhu_wars.scoreboard.steps import SIGN_VALUES, Finish, as_command
from device.ui.steps import (
    LIST_HINTS,
    Dial,
    DialStep,
    ListStep,
    Option,
    ScreenStep,
    StepResult,
)
from display.view import Hint
from rules.text import text

if TYPE_CHECKING:
    from typing import Literal, TypeAlias

    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON, ScoreboardJSON

    # the counts a faction's line says, each a key of the scoreboard's JSON
    Counted: TypeAlias = Literal["power", "doom", "spellbooks", "elder_signs"]

SPELLBOOKS = 6  # K12
MOST_CHANGE = 30  # a correction larger than the Doom track is a mistake
# What these questions are about (Prompt.about): a small screen keeps the standings
# beside them, from the menu to the last press on a correction.
ABOUT = "standings"
StepT = TypeVar("StepT", bound=ScreenStep)


class SeatsMenu(ListStep, frozen=False):
    """The menu with the faction lines (the first ``seats`` lines) on top: on those,
    CUSTODIAN and LIBRARIAN move two seats round them, and the footer says so."""

    seats: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        self._say()

    def on_a_seat(self) -> bool:
        return self.cursor < self.seats

    def side_button(self, direction: int) -> bool:
        """Two seats back (CUSTODIAN, -1) or on (LIBRARIAN, +1), going round the faction
        lines; off them the buttons are the monsters' (False)."""
        if not self.on_a_seat():
            return False
        self.cursor = (self.cursor + 2 * direction) % self.seats
        self._say()
        return True

    def move(self, direction: int) -> None:
        super().move(direction)
        self._say()

    def pick(self, index: int | None = None) -> StepResult:
        picked = super().pick(index)
        self._say()  # a tap moves the cursor too: back on the menu, the footer fits its line
        return picked

    def _say(self) -> None:
        self.hints = SEATS_HINTS if self.on_a_seat() else LIST_HINTS


def _seats_hints() -> tuple[Hint, ...]:
    """UP/DOWN, OK, then the two buttons' one entry ("Custodian Librarian two seats"), then
    BACK: no room is left for UNDO's hint on the smallest screen."""
    seats = text("hint.sb.two_seats")
    return (*LIST_HINTS[:3], Hint("left", seats), Hint("right", seats), LIST_HINTS[3])


SEATS_HINTS = _seats_hints()


def menu_step(state: CthulhuWarsStateJSON, rest: list[Option]) -> ListStep:
    """The menu of a game that keeps the scoreboard: its faction lines, then ``rest``."""
    lines = menu_options(state)
    options = [*lines, *rest]
    step = SeatsMenu(text("prompt.menu"), options, lambda action: action(),
                     cursor=selected_line(lines), seats=len(lines))  # fmt: skip
    step.about = ABOUT if lines else None
    return step


def menu_options(state: CthulhuWarsStateJSON, finish: Finish = as_command) -> list[Option]:
    """The scoreboard's menu lines, one a faction, the First Player's at
    :func:`selected_line`; none in a game without it (I12) or once it has ended."""
    board = state.get("scoreboard")
    if not isinstance(board, Mapping) or state.get("game_over"):
        return []
    first = str(board.get("first_player", ""))
    return [
        Option(text("menu.sb_faction", faction=f), partial(happened, board, f, finish),
               text("detail.sb.first_player") if f == first else None)
        for f in around_the_first(board, state.get("factions", ()))
    ]  # fmt: skip


def around_the_first(board: ScoreboardJSON, factions: Sequence[str]) -> list[str]:
    """Play order (K2) from the First Player, the last (n - 1) // 2 to play moved above it."""
    order = [f for f in board.get("order", ()) if f in factions] or list(factions)
    above = (len(order) - 1) // 2
    return order[len(order) - above :] + order[: len(order) - above]


def selected_line(lines: Sequence[Option]) -> int:
    """Where the menu's cursor starts: on the First Player's line (0 without the lines)."""
    return max((len(lines) - 1) // 2, 0)


def _count(board: ScoreboardJSON, key: Counted, faction: str) -> int:
    return int(board.get(key, {}).get(faction, 0))


def happened(board: ScoreboardJSON, faction: str, finish: Finish) -> ListStep:
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
    return _about(
        ListStep(text("prompt.sb.what_happened", faction=faction), options, lambda f: f())
    )


def _about(step: StepT) -> StepT:
    step.about = ABOUT
    return step


def reveal(board: ScoreboardJSON, faction: str, finish: Finish) -> DialStep:
    """K11: how many of each value (one worth 1 proposed: the commonest, K10)."""
    held = _count(board, "elder_signs", faction)
    rows = [
        Dial(str(v), text("prompt.sb.worth", n=v), held, 1 if v == 1 else 0, "signs")
        for v in SIGN_VALUES
    ]

    def confirm(counts: dict[str, int]) -> StepResult:
        shown = [v for v in SIGN_VALUES for _ in range(counts[str(v)])]
        return finish({"type": "reveal_elder_signs", "faction": faction, "values": shown})

    return _about(DialStep(text("prompt.sb.reveal_values", faction=faction), rows, confirm))


def adjust(board: ScoreboardJSON, faction: str, finish: Finish) -> DialStep:
    """I10, I11: what an ability did to Power or Doom, as a change; never below 0 (K15)."""
    power, doom = _count(board, "power", faction), _count(board, "doom", faction)
    rows = [  # each row's count is the change, signed: the row's words say what there is now
        Dial("power", text("prompt.sb.power_now", n=power), MOST_CHANGE, 0, "power_change",
             -power),
        Dial("doom", text("prompt.sb.doom_now", n=doom), MOST_CHANGE, 0, "doom_change", -doom),
    ]  # fmt: skip

    def confirm(by: dict[str, int]) -> StepResult:
        answer: dict[str, object] = {"type": "adjust", "faction": faction}
        answer.update({key: n for key, n in by.items() if n})
        return finish(answer)

    return _about(DialStep(text("prompt.sb.adjust", faction=faction), rows, confirm))
