"""The scoreboard's decisions as questions (K3, K6, K8, K14): one step per pending decision,
built from the public state JSON (``pending`` and ``scoreboard``), each answered by the
journal command that the rules wait for.

Each proposes what is most likely so that a round where nothing unusual happens costs one
press per decision: Power is proposed from the Gates the device knows plus what the rest
was last round (Cultists, an ability's share: I10; the first time, the set-up's Cultists:
K1), the First Player is named when one faction has the most, a Ritual is passed with OK,
and performed with the Great Old Ones that faction had last time. A correction uses the
dials: one press per unit changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from functools import reduce
from typing import TYPE_CHECKING

from device.ui.steps import (
    LIST_HINTS,
    Dial,
    DialStep,
    InTurn,
    ListStep,
    Option,
    ScreenStep,
    StepResult,
)
from display.view import Hint
from rules.commands import Command, parse_command
from rules.cthulhu_wars.commands import COMMANDS
from rules.cthulhu_wars.scoreboard.rounds import half_of_the_leader
from rules.cthulhu_wars.scoreboard_record import DOOM_TO_END, RitualPending
from rules.text import Text, text
from rules.values import Record

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import (
        CthulhuWarsStateJSON,
        FirstPlayerPendingJSON,
        RitualPendingJSON,
        ScoreboardJSON,
    )
    from rules.cthulhu_wars.state import Pending

MOST_POWER = 99  # more Power than a faction ever gathers (K5: the device does not wrap)
MOST_GREAT_OLD_ONES = 6
SIGN_VALUES = (1, 2, 3)  # K10

# An answer as its journal command's JSON object, checked by the codec (parse_command).
Finish = Callable[[Mapping[str, object]], Command]


def as_command(obj: Mapping[str, object]) -> Command:
    """The journal command an answer is, as the rules read it."""
    return parse_command(obj, COMMANDS.types)


class Remembered(Record):
    """What the table said last time, the defaults this time (I10): each faction's Power
    beyond its Gates and the abandoned ones, and its Great Old Ones at its last Ritual.
    ``setup``: no Gather Power was answered yet, so ``rest`` is what the set-up gives,
    each faction's Cultists (K1), and the rows say so."""

    rest: Mapping[str, int] = field(default_factory=dict)
    great_old_ones: Mapping[str, int] = field(default_factory=dict)
    setup: bool = False


def scoreboard_step(
    state: CthulhuWarsStateJSON,
    remembered: Remembered = Remembered(),
    finish: Finish = as_command,
    ending: str | None = None,
) -> ScreenStep | None:
    """The question for the state's pending scoreboard decision, or None if it has none;
    ``ending``: why the game is ending (K13), said by the reveals it asks for (K14)."""
    pending = state.get("pending")
    board = state.get("scoreboard")
    if not isinstance(board, Mapping) or pending is None:
        return None
    if pending["kind"] == "gather_power":
        return gather_power_step(state, remembered, finish)
    if pending["kind"] == "first_player":
        return first_player_step(board, pending, finish)
    if pending["kind"] == "ritual":
        return ritual_step(state, pending, remembered, finish)
    if pending["kind"] == "reveal":
        return reveal_step(board, pending["faction"], finish, ending)
    return None


def gates_of(state: CthulhuWarsStateJSON, faction: str | None) -> int:
    """Gates ``faction`` controls (None: abandoned ones), as the device was told (K3, K8)."""
    return sum(1 for gate in state.get("gates", {}).values() if gate.get("controller") == faction)


def proposed_power(
    state: CthulhuWarsStateJSON, faction: str, remembered: Remembered
) -> tuple[int, Text]:
    """K3: 2 per Gate, 1 per abandoned Gate, and the rest as last round (the first time,
    the Cultists of the set-up, K1); and what it is made of."""
    gates, abandoned = gates_of(state, faction), gates_of(state, None)
    rest = remembered.rest.get(faction, 0)
    parts = [text("prompt.sb.gates", n=gates) if gates != 1 else text("prompt.sb.gate")]
    if not gates:
        parts = [text("prompt.sb.nothing")]
    if abandoned:
        parts.append(text("prompt.sb.abandoned", n=abandoned))
    if rest:
        said = "prompt.sb.setup_cultists" if remembered.setup else "prompt.sb.rest"
        parts.append(text(said, n=rest))
    made = reduce(lambda a, b: text("prompt.sb.plus", a=a, b=b), parts)
    return 2 * gates + abandoned + rest, text("prompt.sb.made_of", faction=faction, parts=made)


class GatherPowerStep(DialStep, frozen=False):
    """The dials of K3, each row saying K4 as the dials stand: a faction below half of
    the leader's Power reads what it is raised to and why, before OK (the rules apply it).
    A row turned away from its proposal says the difference as a term of its own, signed,
    so that its parts still add up to the figure beside them."""

    proposed: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.proposed = self.proposed or self.values()

    def _label(self, row: Dial) -> Text:
        by = row.value - self.proposed.get(row.key, row.value)
        return text("prompt.sb.corrected", made=row.label, n=by) if by else row.label

    def _detail(self, row: Dial, gives: bool) -> Text:
        count = super()._detail(row, gives)
        leader, half, raised = half_of_the_leader([r.key for r in self.rows], self.values())
        if row.key not in raised:
            return count
        most = self.values()[leader]
        return text("detail.sb.raised", count=count, n=half, leader=leader, most=most)


def gather_power_step(
    state: CthulhuWarsStateJSON, remembered: Remembered, finish: Finish
) -> DialStep:
    """K3 on one screen: every faction's proposal, OK when right; K4 said in the rows. A
    line a faction's phone said (I13) is proposed as it said it, and says so."""
    rows = []
    lines = phones_lines(state)
    for faction in state.get("factions", ()):
        power, made = proposed_power(state, faction, remembered)
        if faction in lines:
            power, made = lines[faction], text("prompt.sb.from_phone", faction=faction)
        rows.append(Dial(faction, made, MOST_POWER, power, unit="power"))
    return GatherPowerStep(
        text("prompt.sb.gather_power"),
        rows,
        lambda power: finish({"type": "gather_power", "power": dict(power)}),
    )


def phones_lines(state: CthulhuWarsStateJSON) -> Mapping[str, int]:
    """I13: the lines of Gather Power the factions' phones said meanwhile (K3's pending)."""
    pending = state.get("pending")
    if pending is None or pending["kind"] != "gather_power":
        return {}
    return pending.get("lines", {})


def first_player_step(
    board: ScoreboardJSON, pending: FirstPlayerPendingJSON, finish: Finish
) -> ListStep:
    """K6: the one with the most first, in last round's direction; the other direction next."""
    candidates: Sequence[str] = pending["candidates"]
    last = str(board.get("direction", "clockwise"))
    other = "counterclockwise" if last == "clockwise" else "clockwise"
    options = [
        Option(
            text("prompt.sb.first_is", faction=f, direction=text(f"prompt.sb.{way}")),
            {"type": "first_player", "faction": f, "direction": way},
        )
        for way in (last, other)
        for f in candidates
    ]
    if len(candidates) == 1:
        title = text("prompt.sb.first_player", faction=candidates[0])
    else:
        title = text("prompt.sb.first_player_tie", chooser=pending["chooser"])
    return ListStep(title, options, finish)


def ritual_step(
    state: CthulhuWarsStateJSON, pending: RitualPendingJSON, remembered: Remembered, finish: Finish
) -> ListStep:
    """K8: pass (OK), or perform with last time's Great Old Ones (DOWN, OK), or another
    count; UP from Pass: nobody else performs one (this faction and every one after it in
    play order pass, each a command of its own), offered while someone decides after it.
    PHASE opens the menu (the footer says so): a spellbook, a sign or a correction may come
    before the answer, and then the same Ritual is asked again. A line in the list would
    do it too, but would take the room the standings have beside it."""
    faction, cost = pending["faction"], int(pending["cost"])
    board = state["scoreboard"]
    power = int(board.get("power", {}).get(faction, 0))
    goo = remembered.great_old_ones.get(faction, 1)
    afford = power >= cost
    short = None if afford else text("prompt.sb.cannot_pay", cost=cost, power=power)

    def perform(n: int) -> StepResult:
        return finish({"type": "ritual", "faction": faction, "perform": True, "great_old_ones": n})

    def how_many() -> StepResult:
        row = Dial(
            "great_old_ones", text("faction." + faction), MOST_GREAT_OLD_ONES, goo, "great_old_ones"
        )
        title = text("prompt.sb.how_many_goo", faction=faction)
        return DialStep(title, [row], lambda n: perform(n["great_old_ones"]))

    passed = {"type": "ritual", "faction": faction, "perform": False}
    doom = gates_of(state, faction)
    title = text("prompt.sb.ritual", faction=faction, cost=cost, doom=doom, signs=goo)
    gains = _doom_for_gates(state, faction)
    if gains:  # in fewer words, so that the standings keep their room beside the list
        title = text(
            "prompt.sb.first_ritual", faction=faction, cost=cost, doom=doom, signs=goo, gains=gains
        )
    if _ends_the_game(board):
        title = text("prompt.sb.ritual_ends", ritual=title)
    options = [
        Option(text("prompt.sb.pass"), lambda: finish(passed)),
        Option(text("prompt.sb.perform", n=goo), lambda: perform(goo), short, afford),
        Option(text("prompt.sb.perform_other"), how_many, short, afford),
    ]
    deciding = _deciding_from(state["scoreboard"], faction)
    if len(deciding) > 1:
        passes = [{"type": "ritual", "faction": f, "perform": False} for f in deciding]
        everyone = text("detail.sb.everyone_passes", n=len(deciding))
        options.append(Option(text("prompt.sb.nobody_else"),
                              lambda: InTurn(tuple(map(finish, passes))), everyone))  # fmt: skip
    return ListStep(title, options, lambda chosen: chosen(), hints=RITUAL_HINTS)


def _ritual_hints() -> tuple[Hint, ...]:
    """UP/DOWN, OK, then PHASE for what else happened, then BACK (left out on the first
    question): no room is left for UNDO's hint on the smallest screen, as on the menu's
    faction lines."""
    meanwhile = Hint("phase", text("hint.sb.something_else"))
    return (*LIST_HINTS[:3], meanwhile, LIST_HINTS[3])


RITUAL_HINTS = _ritual_hints()


def corrections_meanwhile(pending: Pending) -> bool:
    """K8: while a Ritual is asked, a spellbook, Elder Signs drawn or a correction of Power
    or Doom may come before its answer: PHASE opens the menu for them."""
    return isinstance(pending, RitualPending)


def _ends_the_game(board: ScoreboardJSON) -> bool:
    """K13: the marker is on the track's last space before its end, so a Ritual performed
    now takes it to the end, and the game ends with this Doom Phase."""
    ritual = board.get("ritual")
    if not ritual:
        return False
    return not ritual.get("at_end") and ritual.get("space") == len(ritual.get("track", ())) - 1


def _doom_for_gates(state: CthulhuWarsStateJSON, faction: str) -> list[Text]:
    """K8: what the Doom Phase has just added for the Gates, each faction's in play order,
    said by its first Ritual (``faction`` first in play order; none: it is not first): the
    panel's figures changed by themselves, and this is the one screen between that and
    the table's first answer."""
    order = list(state["scoreboard"].get("order", ()))
    if not order or order[0] != faction:
        return []
    return [
        text("prompt.sb.gain", faction=f, n=gates) for f in order if (gates := gates_of(state, f))
    ]


def _deciding_from(board: ScoreboardJSON, faction: str) -> list[str]:
    """K8: ``faction`` and those who decide after it: the Rituals go in play order."""
    order = list(board.get("order", ()))
    return order[order.index(faction) :] if faction in order else [faction]


class EndReveal(DialStep, frozen=False):
    """K14's question, saying after what is left why the game ends (K13): the screens
    before it said so only in a result that gives way to the dials. The question stays
    the dial's, as every dial's heading has it."""

    why: Text | None = None

    def left_said(self) -> Text | None:
        left = super().left_said()
        if self.why is None or left is None:
            return left
        return text("prompt.sb.and_why", said=left, why=self.why)


def why_it_ends(board: ScoreboardJSON, reason: str) -> Text:
    """K13 in the question's words: 30 Doom (whose), the track's end, or a reveal."""
    doom = board.get("doom", {})
    reached = [text(f"faction.{f}") for f in doom if doom[f] >= DOOM_TO_END]
    return text(f"prompt.sb.ends.{reason}", factions=reached, n=DOOM_TO_END)


def reveal_step(
    board: ScoreboardJSON, faction: str, finish: Finish, ending: str | None = None
) -> DialStep:
    """K14: every sign the faction holds, by value: proposed all worth 1, and UP on a higher
    value takes one from there, so each sign of another value costs one press."""
    held = int(board.get("elder_signs", {}).get(faction, 0))
    rows = [
        Dial(str(v), text("prompt.sb.worth", n=v), held, held if v == 1 else 0, "signs")
        for v in SIGN_VALUES
    ]

    def confirm(counts: dict[str, int]) -> StepResult:
        values = [v for v in SIGN_VALUES for _ in range(counts[str(v)])]
        return finish({"type": "reveal_elder_signs", "faction": faction, "values": values})

    title = text("prompt.sb.reveal", faction=faction, n=held)
    why = None if ending is None else why_it_ends(board, ending)
    return EndReveal(title, rows, confirm, share=held, reserve="1", left_unit="signs", why=why)
