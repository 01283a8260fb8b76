"""PHASE and the menu (OK on the main screen): everything else the table reports.

Gates changed, undo, a new game, the phones, the language; and each map's own lines
(``library``: Tomes and Silence tokens; ``dreamlands``: the Bhole, Zoogs, Yog-Sothoth).
"""

from __future__ import annotations

from dataclasses import replace

from device.cthulhu_wars.areas import ANSWER_JUMP, AREA_JUMP, JumpList, areas_in_order, on_floor
from device.cthulhu_wars.maps import Action, map_ui
from device.ui.menu import table_lines
from device.ui.steps import DONE, ListStep, Option
from rules.cthulhu_wars.commands import NextPhase, SetGate
from rules.cthulhu_wars.engine import apply
from rules.cthulhu_wars.state import PHASES, GameState
from rules.errors import RulesError
from rules.text import Text, text


def phase_step(state: GameState) -> ListStep:
    """PHASE asks first, and says what the next phase will do (T1, C1, C2, C5, D8–D14)."""
    following = PHASES[(PHASES.index(state.phase) + 1) % len(PHASES)]
    number = state.round + 1 if following == "gather_power" else state.round
    return ListStep(
        text("prompt.next_phase", round=number, phase=following),
        [
            Option(text("prompt.go_on"), NextPhase(), _phase_effect(state, following)),
            Option(text("prompt.cancel"), DONE),
        ],
        lambda answer: answer,
    )


def _phase_effect(state: GameState, following: str) -> Text:
    said = map_ui(state).phase_effect(state, following)
    return said or text(f"detail.phase_effect.{state.map}.{following}")


def menu(state: GameState, lang: str, redo: bool) -> ListStep:
    """``redo``: something is undone, so the menu offers to redo it. Opened while a
    decision waits (PHASE on a Ritual's question), the Gate and the map's lines
    are left out: the rules would refuse them until it is answered (K8)."""
    items: list[Action] = [("gate", lambda: gate_area(state))]
    items += map_ui(state).menu_items(state)
    if over(state) or state.pending is not None:  # refused: all but undo (D5, K14); K8
        items = []
    options = [Option(text(f"menu.{key}"), action) for key, action in items]
    options += table_lines(lang, redo, seats=True)  # I13: each faction's phone may be a seat
    if state.settings.scoreboard:  # the scoreboard's lines first: a game without it is as before
        from device.cthulhu_wars.scoreboard.menu import menu_step
        from rules.cthulhu_wars.game import state_to_json

        return menu_step(state_to_json(state), options)
    return ListStep(text("prompt.menu"), options, lambda action: action())


def over(state: GameState) -> bool:
    """The game has ended: a Citadel victory (D5, D6; with the scoreboard too, K14) or the
    scoreboard's end (K13). The rules refuse every command but undo, so the game's own
    questions are left out."""
    return (state.game_over, state.winner) != (None, None)


def areas(state: GameState) -> list[Option]:
    """Every Area for a Gate change: the Tome Areas first (C4–C7), then floor by floor."""
    ordered = areas_in_order(state, likely=lambda area: area.tome)
    return [
        Option(text(f"area.{a.id}"), a.id, on_floor(a, _gate_detail(state, a.id))) for a in ordered
    ]


def _gate_detail(state: GameState, area: str) -> Text:
    gate = state.gates.get(area)
    if gate is None:
        return text("detail.no_gate")
    if gate.controller is None:
        return text("detail.gate_abandoned")
    return text("detail.gate_of", faction=gate.controller)


def gate_area(state: GameState) -> ListStep:
    """Every Area, five lines a press with CUSTODIAN and LIBRARIAN (``areas``)."""
    return JumpList(text("prompt.gate_where"), areas(state), lambda area: gate_state(state, area),
                    jump=AREA_JUMP)  # fmt: skip


def gate_state(state: GameState, area: str) -> ListStep:
    """Who took the Gate first (the usual change), then abandoned, then gone; what the
    Gate is now is said, and not offered again. A change the rules would refuse (C14, C18:
    the Custodian or the Librarian stands there; D16: Zoogs) is greyed like it, naming
    the rule, and the question says why once. CUSTODIAN and LIBRARIAN move two open
    lines: with four factions five lines are open, each one press from the first."""
    options = [
        Option(text("prompt.gate_controlled", faction=f), SetGate(area, True, f))
        for f in state.factions
    ]
    options += [
        Option(text("prompt.gate_abandoned"), SetGate(area, True, None)),
        Option(text("prompt.gate_none"), SetGate(area, False, None)),
    ]
    options += map_ui(state).gate_extras(state, area)
    shown = [_unless_now(state, o) for o in options]
    refused = {i: error for i, o in enumerate(shown) if o.enabled and (error := _refused(state, o))}
    title = text("prompt.gate_what", area=area)
    if refused:
        first = next(iter(refused.values()))
        why = text("device.refused", rule=first.rule_words(), reason=first.reason)
        title = text("prompt.gate_what_but", question=title, why=why)
    shown = [
        replace(o, detail=text("detail.rule", rule=refused[i].rule_words()), enabled=False)
        if i in refused
        else o
        for i, o in enumerate(shown)
    ]
    return JumpList(title, shown, lambda cmd: cmd, jump=ANSWER_JUMP)


def _refused(state: GameState, option: Option) -> RulesError | None:
    """Why the rules would refuse the option's command now (None: they would not)."""
    try:
        apply(state, option.value)
    except RulesError as error:
        return error
    return None


def _unless_now(state: GameState, option: Option) -> Option:
    cmd = option.value
    gate = state.gates.get(cmd.area)
    same = (gate is None and not cmd.gate) or (
        gate is not None and cmd.gate and gate.controller == cmd.controller
        and gate.unit == cmd.unit
    )  # fmt: skip
    return replace(option, detail=text("detail.as_now"), enabled=False) if same else option


def none_left(title: Text) -> ListStep:
    return ListStep(
        title, [Option(text("prompt.nothing_to_choose"), DONE, enabled=True)], lambda a: a
    )
