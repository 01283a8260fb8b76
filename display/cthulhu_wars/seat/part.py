"""A faction's seat on its own phone (I13, I14): what its player tells the table from it, in
the fewest taps, and what only that player sees (its Elder Signs' values).

Pure: the public state, the faction's secrets (``rules.journal.secrets_json``) and what the
table's screens propose (Gather Power, a Ritual's Great Old Ones) in; HTML out. Each tap is a
button carrying the journal command it sends (``data-command``); a number the player may
turn first is a dial (``data-dial``) whose value the page's script puts into the command
(``data-dials``: field:dial) and into the button's words (``output[data-of]``). The question
the table asks of this faction comes first and largest; the rest is what happens to a faction
at any time: Elder Signs, spellbooks, Gates, a correction.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from display.ink.colours import faction as faction_colour
from display.web.html import colour_class, escape, phrased
from rules.cthulhu_wars.maps.boards import layout, map_spec
from rules.text import lookup, text, translate

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import (
        CthulhuWarsProposalsJSON,
        CthulhuWarsSecretsJSON,
        CthulhuWarsStateJSON,
        FirstPlayerPendingJSON,
        GatherPowerPendingJSON,
        RitualPendingJSON,
        ScoreboardJSON,
    )

# A journal command as the page sends it: a JSON object, checked by the codec when it arrives.
SentCommand = Mapping[str, object]

SIGN_VALUES = (1, 2, 3)  # K10
MOST_GREAT_OLD_ONES = 6
MOST_POWER = 99
MOST_CHANGE = 30
SPELLBOOKS = 6  # K12
SLOT = "\x00"  # where a dial's live value goes in a button's words


def seat_html(
    state: CthulhuWarsStateJSON,
    secrets: CthulhuWarsSecretsJSON,
    faction: str,
    proposals: CthulhuWarsProposalsJSON,
    lang: str,
) -> str:
    """The seat's section: who it is, the table's question to it, then what it may say."""
    board = state.get("scoreboard")
    parts = [_header(faction, lang)]
    if state.get("game_over") is not None or state.get("winner") is not None:
        return "".join([*parts, _p(translate("seat.over", lang))])
    if board is not None:
        parts.append(_asked(state, board, faction, proposals, lang))
        parts.append(_signs(board, secrets, faction, lang))
        parts.append(_spellbooks(board, faction, lang))
    parts.append(_gates(state, faction, lang))
    if board is not None:
        parts.append(_correction(faction, lang))
    return "".join(part for part in parts if part)


def _header(faction: str, lang: str) -> str:
    swatch = f'<i class="{colour_class(faction_colour(faction))}" aria-hidden="true">■</i>'
    said = phrased(translate("seat.you_are", lang, faction=faction))
    return f'<h2 class="you">{swatch}{said}</h2>'


# --- the table's question to this faction ----------------------------------------------------


def _asked(
    state: CthulhuWarsStateJSON,
    board: ScoreboardJSON,
    faction: str,
    proposals: CthulhuWarsProposalsJSON,
    lang: str,
) -> str:
    pending = state.get("pending")
    if pending is None:
        return ""
    if pending["kind"] == "ritual" and pending["faction"] == faction:
        goo = proposals.get("great_old_ones", {}).get(faction, 1)
        return _ritual(board, pending, faction, goo, lang)
    if pending["kind"] == "first_player" and pending["chooser"] == faction:
        return _first_player(board, pending, faction, lang)
    if pending["kind"] == "gather_power":
        return _gather_power(state, pending, faction, proposals, lang)
    if pending["kind"] == "reveal" and pending["faction"] == faction:
        return _reveal_all(pending["elder_signs"], faction, lang)
    return ""


def _ritual(
    board: ScoreboardJSON, pending: RitualPendingJSON, faction: str, goo: int, lang: str
) -> str:
    cost, power = pending["cost"], board["power"].get(faction, 0)
    question = translate("seat.ritual", lang, cost=cost, power=power)
    passed = {"type": "ritual", "faction": faction, "perform": False}
    perform = {"type": "ritual", "faction": faction, "perform": True, "great_old_ones": goo}
    buttons = [_button(translate("seat.pass", lang), passed)]
    if power >= cost:
        label = _slotted(translate("seat.perform", lang, n=SLOT), "goo", goo)
        buttons.append(_button(label, perform, {"great_old_ones": "goo"}, raw=True))
        said = translate("seat.great_old_ones", lang)
        buttons.append(_dial("goo", said, goo, 0, MOST_GREAT_OLD_ONES))
    return _asking(question, buttons)


def _first_player(
    board: ScoreboardJSON, pending: FirstPlayerPendingJSON, faction: str, lang: str
) -> str:
    last = board.get("direction", "clockwise")
    other = "counterclockwise" if last == "clockwise" else "clockwise"
    buttons = [
        _button(
            translate("seat.first_is", lang, faction=f, direction=text(f"seat.{way}")),
            {"type": "first_player", "faction": f, "direction": way},
        )
        for way in (last, other)
        for f in pending["candidates"]
    ]
    return _asking(translate("seat.first_player", lang), buttons)


def _gather_power(
    state: CthulhuWarsStateJSON,
    pending: GatherPowerPendingJSON,
    faction: str,
    proposals: CthulhuWarsProposalsJSON,
    lang: str,
) -> str:
    """K3: this faction's line, 1 tap when the proposal is right (I13)."""
    said = pending.get("lines", {}).get(faction)
    power = said if said is not None else proposals.get("power", {}).get(faction)
    if power is None:
        return _asking(translate("seat.gather_wait", lang), [])
    question = translate("seat.gather", lang)
    line = {"type": "gather_power_line", "faction": faction, "power": power}
    label = _slotted(translate("seat.gather_right", lang, n=SLOT), "power", power)
    detail = (
        translate("seat.gather_said", lang, n=said)
        if said is not None
        else _made_of(state, faction, power, lang)
    )
    buttons = [
        _button(label, line, {"power": "power"}, raw=True),
        _dial("power", translate("seat.power", lang), power, 0, MOST_POWER),
        _p(detail, "detail"),
    ]
    return _asking(question, buttons)


def _made_of(state: CthulhuWarsStateJSON, faction: str, power: int, lang: str) -> str:
    """K3 as the table's screen proposes it: 2 per Gate, 1 per abandoned Gate, the rest."""
    owners = [gate["controller"] for gate in state.get("gates", {}).values()]
    gates, abandoned = owners.count(faction), owners.count(None)
    rest = max(0, power - 2 * gates - abandoned)
    return translate("seat.made_of", lang, gates=gates, abandoned=abandoned, rest=rest)


def _reveal_all(count: int, faction: str, lang: str) -> str:
    """K14, I14: the signs held without a kept value; each tap keeps one's value, and once
    the phone keeps them all the companion reveals them."""
    record = [_button(str(v), _record(faction, v)) for v in SIGN_VALUES]
    return _asking(translate("seat.reveal_all", lang, n=count),
                   [_row(record, translate("seat.record", lang))])  # fmt: skip


# --- at any time --------------------------------------------------------------------------


def _signs(board: ScoreboardJSON, secrets: CthulhuWarsSecretsJSON, faction: str, lang: str) -> str:
    """I14: the values kept for this faction, each revealed with one tap; a sign drawn with
    its value in one tap; a value for a sign drawn without one."""
    held = board["elder_signs"].get(faction, 0)
    kept = secrets.get("elder_signs", [])
    unkept = secrets.get("unrecorded", 0)
    lines = [_p(translate("seat.signs", lang, n=held), "big")]
    if kept:
        lines.append(_p(translate("seat.signs_kept", lang, values=[str(v) for v in kept])))
        reveals = [
            _button(translate("seat.reveal_one", lang, v=v), _reveal(faction, v))
            for v in sorted(set(kept))
        ]
        lines.append(_row(reveals))
    if unkept:
        lines.append(_p(translate("seat.signs_unkept", lang, n=unkept)))
        record = [_button(str(v), _record(faction, v)) for v in SIGN_VALUES]
        lines.append(_row(record, translate("seat.record", lang)))
        reveal = [_button(str(v), _reveal(faction, v)) for v in SIGN_VALUES]
        lines.append(_row(reveal, translate("seat.reveal_unkept", lang)))
    if board["elder_signs_left"] > 0:
        drew = [_button(str(v), _draw(faction, v)) for v in SIGN_VALUES]
        lines.append(_row(drew, translate("seat.drew", lang)))
    return _section("signs", lines)


def _reveal(faction: str, value: int) -> SentCommand:
    return {"type": "reveal_elder_signs", "faction": faction, "values": [value]}


def _record(faction: str, value: int) -> SentCommand:
    return {"type": "record_elder_signs", "faction": faction, "values": [value]}


def _draw(faction: str, value: int) -> SentCommand:
    return {"type": "draw_elder_signs", "faction": faction, "count": 1, "values": [value]}


def _spellbooks(board: ScoreboardJSON, faction: str, lang: str) -> str:
    have = board["spellbooks"].get(faction, 0)
    lines = [_p(translate("seat.spellbooks", lang, n=have), "big")]
    if have < SPELLBOOKS:
        earned = {"type": "spellbooks", "faction": faction, "count": have + 1}
        lines.append(_button(translate("seat.spellbook_earned", lang, n=have + 1), earned))
    return _section("spellbooks", lines)


def _gates(state: CthulhuWarsStateJSON, faction: str, lang: str) -> str:
    """A Gate gained (the likely Areas first) or one of its own lost (abandoned or gone)."""
    gates = state.get("gates", {})
    own = [area for area, gate in gates.items() if gate["controller"] == faction]
    said = (
        translate("seat.gates", lang, areas=[_area(a, lang) for a in own])
        if own
        else translate("seat.no_gates", lang)
    )
    gained = [
        _button(_area(area, lang), _set_gate(area, True, faction))
        for area in _areas(state)
        if area not in own
    ]
    lines = [_p(said, "big"), _more("gained", translate("seat.gate_gained", lang), gained)]
    if own:
        lost = []
        for area in own:
            abandoned = translate("seat.gate_abandoned", lang, area=area)
            lost.append(_button(abandoned, _set_gate(area, True, None)))
            gone = translate("seat.gate_gone", lang, area=area)
            lost.append(_button(gone, _set_gate(area, False, None)))
        lines.append(_more("lost", translate("seat.gate_lost", lang), lost))
    return _section("gates", lines)


def _set_gate(area: str, gate: bool, controller: str | None) -> SentCommand:
    return {"type": "set_gate", "area": area, "gate": gate, "controller": controller}


def _areas(state: CthulhuWarsStateJSON) -> list[str]:
    """The Areas in play, likely first (an abandoned Gate, then a Tome's Area), then board
    by board and by name, as the table's own list orders them."""
    sides = tuple(state.get("sides", {}).items())
    areas = layout(state["map"], sides)
    boards = map_spec(state["map"]).boards
    gates = state.get("gates", {})

    def likely(area_id: str) -> int:
        gate = gates.get(area_id)
        if gate is not None and gate["controller"] is None:
            return 0
        return 1 if areas[area_id].tome else 2

    return sorted(
        areas,
        key=lambda a: (likely(a), boards.index(areas[a].board), lookup(f"area.{a}")),
    )


def _correction(faction: str, lang: str) -> str:
    adjust = {"type": "adjust", "faction": faction}
    changes = {"power": "power_change", "doom": "doom_change"}
    inner = [
        _dial("power_change", translate("seat.power_change", lang), 0, -MOST_CHANGE, MOST_CHANGE),
        _dial("doom_change", translate("seat.doom_change", lang), 0, -MOST_CHANGE, MOST_CHANGE),
        _button(translate("seat.correct", lang), adjust, changes, drop_zero=True),
    ]
    return _more("correction", translate("seat.correction", lang), inner)


# --- HTML ---------------------------------------------------------------------------------


def _area(area: str, lang: str) -> str:
    return lookup(f"area.{area}", lang)


def _p(words: str, cls: str = "") -> str:
    kind = f' class="{cls}"' if cls else ""
    return f"<p{kind}>{phrased(words)}</p>"


def _asking(question: str, parts: Sequence[str]) -> str:
    return f'<section class="asked"><h3>{phrased(question)}</h3>{"".join(parts)}</section>'


def _section(name: str, lines: Sequence[str]) -> str:
    return f'<section class="{name}">{"".join(lines)}</section>'


def _row(buttons: Sequence[str], label: str = "") -> str:
    said = f"<span>{phrased(label)}</span>" if label else ""
    return f'<div class="row">{said}{"".join(buttons)}</div>'


def _more(key: str, summary: str, inner: Sequence[str]) -> str:
    """A part folded away until tapped (one tap more, a screen less to scroll past)."""
    return (
        f'<details data-key="{key}"><summary>{phrased(summary)}</summary>'
        f'<div class="list">{"".join(inner)}</div></details>'
    )


def _slotted(words: str, dial: str, value: int) -> str:
    """Words with a dial's live value where :data:`SLOT` is, as HTML."""
    before, _, after = words.partition(SLOT)
    shown = f'<output data-of="{dial}">{value}</output>'
    return f"{phrased(before)}{shown}{phrased(after)}"


def _button(
    label: str,
    command: SentCommand,
    dials: Mapping[str, str] | None = None,
    *,
    raw: bool = False,
    drop_zero: bool = False,
) -> str:
    """A tap that sends ``command``: ``dials`` (field: dial) fill fields first; ``drop_zero``
    leaves out the fields they filled at 0."""
    attributes = [f'data-command="{escape(json.dumps(command, separators=(",", ":")))}"']
    if dials:
        attributes.append(f'data-dials="{escape(_pairs(dials, ":", ","))}"')
    if drop_zero:
        attributes.append('data-drop-zero="true"')
    words = label if raw else phrased(label)
    return f'<button type="button" class="act" {" ".join(attributes)}>{words}</button>'


def _pairs(pairs: Mapping[str, str], inner: str, outer: str) -> str:
    return outer.join(f"{key}{inner}{value}" for key, value in pairs.items())


def _dial(key: str, label: str, value: int, least: int, most: int) -> str:
    return (
        f'<div class="dial" data-dial="{key}" data-value="{value}" data-least="{least}"'
        f' data-most="{most}"><span>{phrased(label)}</span>'
        '<button type="button" class="turn" data-turn="-1" aria-label="−1">−</button>'
        f'<output data-of="{key}">{value}</output>'
        '<button type="button" class="turn" data-turn="1" aria-label="+1">+</button></div>'
    )
