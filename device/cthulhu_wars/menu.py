"""PHASE and the menu (OK on the main screen): everything else the table reports.

Gates changed, Tomes used or turned face up, Silence tokens for the Barrier, the
Bhole's Battles, Zoogs removed, Yog-Sothoth, undo, a new game, the language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from device.cthulhu_wars.areas import areas_in_order, on_floor
from device.ui.steps import (
    CHOOSE_GAME,
    DONE,
    HISTORY,
    SHOW_ON_PHONES,
    ListStep,
    Option,
    SetLanguage,
    Step,
    StepResult,
)
from rules.commands import Redo, Undo
from rules.cthulhu_wars.commands import (
    BholeResult,
    NextPhase,
    SetGate,
    SpendSilence,
    UnflipTome,
    UseTome,
    YogSothoth,
    ZoogsRemoved,
)
from rules.cthulhu_wars.factions import OPENER, YOG_SOTHOTH
from rules.cthulhu_wars.maps.celaeno import FLIPPING_TOMES
from rules.cthulhu_wars.state import PHASES, GameState
from rules.text import LANGUAGES, Text, text


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
    if state.map == "dreamlands" and following == "action":
        return text("detail.end_of_doom_dreamlands")
    if state.map == "celaeno" and following == "doom" and state.doom_phases == 0:
        return text("detail.first_doom_celaeno")
    return text(f"detail.phase_effect.{state.map}.{following}")


def menu(state: GameState, lang: str) -> ListStep:
    items: list[tuple[str, Callable[[], StepResult]]] = [("gate", lambda: gate_area(state))]
    if state.map == "celaeno":
        items += [
            ("use_tome", lambda: use_tome(state)),
            ("unflip", lambda: unflip(state)),
            ("barrier", lambda: barrier(state)),
        ]
    if state.map == "dreamlands":
        items += [
            ("bhole", lambda: bhole()),
            ("zoogs", lambda: zoogs(state)),
            ("yog", lambda: yog_sothoth(state)),
        ]
    items += [
        ("undo", lambda: Undo()),
        ("redo", lambda: Redo()),
        ("history", lambda: HISTORY),
        ("new_game", lambda: CHOOSE_GAME),
        ("phones", lambda: SHOW_ON_PHONES),
        ("language", lambda: language(lang)),
    ]
    options = [Option(text(f"menu.{key}"), action) for key, action in items]
    return ListStep(text("prompt.menu"), options, lambda action: action())


def _areas(state: GameState) -> list[Option]:
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
    return ListStep(text("prompt.gate_where"), _areas(state), lambda area: gate_state(state, area))


def gate_state(state: GameState, area: str) -> ListStep:
    """Who took the Gate first (the usual change), then abandoned, then gone; what the
    Gate is now is said, and not offered again."""
    options = [
        Option(text("prompt.gate_controlled", faction=f), SetGate(area, True, f))
        for f in state.factions
    ]
    options += [
        Option(text("prompt.gate_abandoned"), SetGate(area, True, None)),
        Option(text("prompt.gate_none"), SetGate(area, False, None)),
    ]
    if state.map == "dreamlands" and OPENER in state.factions:
        options.append(Option(text("prompt.gate_yog"), SetGate(area, True, OPENER, YOG_SOTHOTH)))
    return ListStep(text("prompt.gate_what", area=area), [_unless_now(state, o) for o in options],
                    lambda cmd: cmd)  # fmt: skip


def _unless_now(state: GameState, option: Option) -> Option:
    cmd = option.value
    gate = state.gates.get(cmd.area)
    same = (gate is None and not cmd.gate) or (
        gate is not None and cmd.gate and gate.controller == cmd.controller
        and gate.unit == cmd.unit
    )  # fmt: skip
    return replace(option, detail=text("detail.as_now"), enabled=False) if same else option


def _held(state: GameState, face_up: bool) -> list[Option]:
    return [
        Option(text("prompt.tome_of", tome=tome, faction=held.holder), (held.holder, tome))
        for tome, held in state.tomes.items()
        if held.holder is not None and held.face_up == face_up and tome in FLIPPING_TOMES
    ]


def _none_left(title: Text) -> ListStep:
    return ListStep(
        title, [Option(text("prompt.nothing_to_choose"), DONE, enabled=True)], lambda a: a
    )


def use_tome(state: GameState) -> Step:
    options = _held(state, face_up=True)
    title = text("prompt.which_tome_used")
    if not options:
        return _none_left(title)
    return ListStep(title, options, lambda pair: UseTome(*pair))


def unflip(state: GameState) -> Step:
    options = _held(state, face_up=False)
    title = text("prompt.which_tome_up")
    if not options:
        return _none_left(title)
    return ListStep(title, options, lambda pair: unflip_payment(state, *pair))


def unflip_payment(state: GameState, holder: str, tome: str) -> ListStep:
    """C11: a Silence token, an Elder Sign, or releasing a captured Cultist."""
    token = Option(
        text("pay.silence"),
        SpendSilence(holder, "unflip", tome),
        enabled=bool(state.silence.get(holder)),
    )
    options = [
        token,
        Option(text("pay.elder_sign"), UnflipTome(holder, tome, "elder_sign")),
        Option(text("pay.cultist"), UnflipTome(holder, tome, "cultist")),
    ]
    return ListStep(text("prompt.unflip_pay", faction=holder, tome=tome), options, lambda cmd: cmd)


def barrier(state: GameState) -> ListStep:
    """C11: the Barrier's cost, paid with a Silence token to declare Battle on its holder."""
    holder = state.tomes["barrier_of_naach_tith"].holder
    options = [
        Option(
            text(f"faction.{f}"),
            SpendSilence(f, "barrier"),
            enabled=bool(state.silence.get(f)) and f != holder,
        )
        for f in state.factions
    ]
    return ListStep(text("prompt.barrier_who"), options, lambda cmd: cmd)


def bhole() -> ListStep:
    return ListStep(
        text("prompt.bhole_battle"),
        [
            Option(text("prompt.bhole_killed"), BholeResult("killed")),
            Option(text("prompt.bhole_pained"), BholeResult("pained")),
        ],
        lambda cmd: cmd,
    )


def zoogs(state: GameState) -> Step:
    options = [
        Option(text(f"area.{a}"), a, text("count.zoogs", n=n)) for a, n in state.zoogs.items()
    ]
    if not options:
        return _none_left(text("prompt.zoogs_where"))
    return ListStep(text("prompt.zoogs_where"), options, lambda area: zoogs_count(state, area))


def zoogs_count(state: GameState, area: str) -> ListStep:
    here = state.zoogs.get(area, 0)
    options = [Option(text("count.zoogs", n=n), ZoogsRemoved(area, n)) for n in range(1, here + 1)]
    return ListStep(text("prompt.zoogs_how_many", area=area), options, lambda cmd: cmd)


def yog_sothoth(state: GameState) -> ListStep:
    options = [Option(text("prompt.off_the_map"), YogSothoth(None))]
    options += [Option(o.label, YogSothoth(o.value), o.detail) for o in _areas(state)]
    return ListStep(text("prompt.yog_where"), options, lambda cmd: cmd)


def language(current: str) -> ListStep:
    options = [Option(text(f"language.{lang}"), SetLanguage(lang)) for lang in LANGUAGES]
    return ListStep(
        text("prompt.language"), options, lambda answer: answer, cursor=LANGUAGES.index(current)
    )
