"""A 4-player scoreboard round at the table, with the real rules: the buttons from the end
of round 1's Action Phase to round 2's Action Phase, each decision counted in presses.

Nothing unusual happens: the Gates the device knows give the Power, one faction has the
most, and every faction passes its Ritual but the First Player, who performs one.
"""

from __future__ import annotations

from typing import Any

import pytest

from device.cthulhu_wars.controller import CthulhuWarsController
from device.cthulhu_wars.decisions import decision_step
from device.ui.steps import DialStep
from rules.commands import Command
from rules.cthulhu_wars.commands import Satisfy
from rules.cthulhu_wars.scoreboard.commands import Adjust, DrawElderSigns, Spellbooks
from rules.cthulhu_wars.scoreboard_record import RitualPending
from rules.cthulhu_wars.state import GameState
from rules.text import LANGUAGES, render, text
from tests.device.conftest import ROOT
from tests.device.test_controller_commands import BG, CC, GC, YS, Pilot, game, gate
from tests.parsing import replay_game
from tests.rules.cthulhu_wars.test_scoreboard import _librarian_victim

FACTIONS = [GC, CC, BG, YS]


def scoreboard_game() -> GameState:
    start: dict[str, Any] = {
        "type": "new_game",
        "map": "celaeno",
        "factions": FACTIONS,
        "settings": {"scoreboard": True},
    }
    gates = [gate(area, GC) for area in ("fountain", "horrorium", "cursed_hall")]
    return game(start, *gates, gate("gloomloft", YS))


def pending(pilot: Pilot) -> str | None:
    found = pilot.state.pending
    return None if found is None else type(found).__name__


def presses_for(pilot: Pilot, act: Any) -> int:
    before = pilot.presses
    act()
    return pilot.presses - before


def test_a_scoreboard_round_in_presses() -> None:
    pilot = Pilot(scoreboard_game())
    counts: dict[str, int] = {}
    counts["next phase: gather power"] = presses_for(pilot, lambda: pilot.press("phase", "ok"))
    assert pilot.state.phase == "gather_power"
    counts["gather power, as proposed"] = presses_for(pilot, lambda: pilot.press("ok"))
    # K1, K3: the Gates and the set-up's 6 Cultists each
    assert pilot.last().power == {GC: 12, CC: 6, BG: 6, YS: 8}  # type: ignore[attr-defined]
    board = pilot.state.scoreboard
    assert board is not None
    assert dict(board.power) == {GC: 12, CC: 6, BG: 6, YS: 8}  # K4: nobody below 6
    counts["next phase: first player"] = presses_for(pilot, lambda: pilot.press("phase", "ok"))
    counts["first player, named"] = presses_for(pilot, lambda: pilot.press("ok"))
    assert pilot.last().faction == GC  # type: ignore[attr-defined]
    counts["next phase: doom"] = presses_for(pilot, lambda: pilot.press("phase", "ok"))
    counts["ritual, performed"] = presses_for(pilot, lambda: pilot.press("down", "ok"))
    ritual = pilot.last()
    assert (ritual.faction, ritual.perform, ritual.great_old_ones) == (GC, True, 1)  # type: ignore[attr-defined]
    assert pilot.state.scoreboard is not None
    assert pilot.state.scoreboard.doom[GC] == 6  # K8: 3 Gates, twice
    for _ in FACTIONS[1:]:
        counts.setdefault("ritual, passed", 0)
        counts["ritual, passed"] += presses_for(pilot, lambda: pilot.press("ok"))
    assert pilot.state.pending is None
    counts["next phase: action"] = presses_for(pilot, lambda: pilot.press("phase", "ok"))
    assert pilot.state.phase == "action" and pilot.state.round == 2
    assert counts == {
        "next phase: gather power": 2,
        "gather power, as proposed": 1,
        "next phase: first player": 2,
        "first player, named": 1,
        "next phase: doom": 2,
        "ritual, performed": 2,
        "ritual, passed": 3,
        "next phase: action": 2,
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_gather_power_proposes_the_cultists_of_the_set_up(lang: str) -> None:
    """K1, K3: no Gather Power was answered yet, so each faction's 6 Cultists of the core
    set-up are proposed beside its Gates, and the rows say so (before: nothing beyond the
    Gates, one press a Cultist)."""
    pilot = Pilot(scoreboard_game())
    pilot.press("phase", "ok")
    step = pilot.controller._current(pilot.state)
    assert isinstance(step, DialStep)
    assert step.values() == {GC: 3 * 2 + 6, CC: 6, BG: 6, YS: 2 + 6}
    said = [render(row.label, lang) for row in step.rows]
    assert all("6" in line for line in said)
    assert render(text("prompt.sb.setup_cultists", n=6), lang) in said[0]
    pilot.press("ok")
    assert pilot.last().power == {GC: 12, CC: 6, BG: 6, YS: 8}  # type: ignore[attr-defined]


def test_next_round_proposes_last_rounds_cultists_and_great_old_ones() -> None:
    """I10: Power beyond the Gates told once is proposed again; a Ritual's Great Old Ones too."""
    pilot = Pilot(scoreboard_game())
    pilot.press("phase", "ok")
    pilot.press("right")  # the Crawling Chaos's row: 2 Cultists more than at set-up
    pilot.press(*["up"] * 2)
    pilot.press("right")  # the Black Goat's: 3 fewer
    pilot.press(*["down"] * 3)
    pilot.press("ok")
    assert pilot.last().power == {GC: 12, CC: 8, BG: 3, YS: 8}  # type: ignore[attr-defined]
    pilot.press("phase", "ok", "ok", "phase", "ok")  # the First Player; the Doom Phase
    pilot.press("down", "down", "ok")  # Great Cthulhu's Ritual, another number of Great Old Ones
    pilot.press("up", "ok")
    assert pilot.last().great_old_ones == 2  # type: ignore[attr-defined]
    while pilot.state.pending is not None:
        pilot.press("ok")
    pilot.press("phase", "ok", "phase", "ok")  # the Action Phase, then round 3
    assert pilot.state.round == 3 and pilot.state.phase == "gather_power"
    before = pilot.presses
    pilot.press("ok")
    assert pilot.presses - before == 1
    # The first Doom Phase left an abandoned Gate in each of the 4 Tome Areas without one
    # (C5): +4 for everyone (K3), and each faction's Cultists as last round: 8 for the
    # Crawling Chaos, 3 for the Black Goat, the set-up's 6 for the others.
    assert sum(1 for g in pilot.state.gates.values() if g.controller is None) == 4
    assert pilot.last().power == {GC: 16, CC: 12, BG: 7, YS: 12}  # type: ignore[attr-defined]
    pilot.press("phase", "ok", "ok", "phase", "ok")
    assert pilot.controller.prompt(pilot.state).choices[1].label.params["n"] == 2  # proposed now


def test_the_menu_lines_in_presses_from_the_main_screen() -> None:
    """From the Action Phase's main screen (the Gate change selected) to the command:
    two DOWN to "Something else happened", OK, OK on Great Cthulhu's line, then its list."""
    pilot = Pilot(scoreboard_game())
    counts = {}
    for what, then in (
        ("spellbook", ("down", "ok")),  # below the correction
        ("draw", ("down", "down", "ok")),  # two away either way
        ("reveal", ("up", "ok", "ok")),  # above it (round), one worth 1 proposed
        ("adjust", ("ok", "up", "ok")),  # selected: +1 Power
    ):
        before = pilot.presses
        pilot.press("down", "down", "ok", "ok")
        pilot.press(*then)
        counts[what] = pilot.presses - before
    types = [type(cmd).__name__ for cmd in pilot.given]
    assert types == ["Spellbooks", "DrawElderSigns", "RevealElderSigns", "Adjust"]
    assert counts == {"spellbook": 6, "draw": 7, "reveal": 7, "adjust": 7}


def test_nobody_else_performs_a_ritual_is_two_presses_for_the_whole_doom_phase() -> None:
    """K8: UP from Pass, OK: every faction left passes, a command each, and the Doom Phase
    asks nothing more (before: one OK a faction)."""
    pilot = Pilot(scoreboard_game())
    pilot.press("phase", "ok", "ok", "phase", "ok", "ok", "phase", "ok")
    assert type(pilot.state.pending).__name__ == "RitualPending"
    before = len(pilot.given)
    pilot.press("up", "ok")
    passed = pilot.given[before:]
    assert [(r.faction, r.perform) for r in passed] == [(f, False) for f in FACTIONS]  # type: ignore[attr-defined]
    assert pilot.state.pending is None and pilot.state.phase == "doom"


def to_the_rituals(pilot: Pilot) -> None:
    """From round 1's Action Phase to round 2's first Ritual, everything as proposed."""
    pilot.press("phase", "ok", "ok", "phase", "ok", "ok", "phase", "ok")
    assert type(pilot.state.pending).__name__ == "RitualPending"


@pytest.mark.parametrize(
    ("what", "then", "made"),
    [
        ("spellbook", ("down", "ok"), Spellbooks(GC, 1)),
        ("draw", ("down", "down", "ok"), DrawElderSigns(GC, 1)),
        ("adjust", ("ok", "up", "ok"), Adjust(GC, power=1)),
    ],
)
def test_a_correction_while_the_rituals_are_asked_then_the_same_ritual(
    what: str, then: tuple[str, ...], made: Command
) -> None:
    """K8, K10, K12, I10: PHASE on a Ritual's question opens the menu, its faction lines
    as in the Action Phase; once the correction is in, the same Ritual is asked again.
    Great Cthulhu's spellbook: PHASE, OK on its line, DOWN, OK."""
    pilot = Pilot(scoreboard_game())
    to_the_rituals(pilot)
    asked = pilot.controller.prompt(pilot.state).title
    before = pilot.presses
    pilot.press("phase")
    assert pilot.notices == []
    assert pilot.controller.prompt(pilot.state).title.key == "prompt.menu"
    pilot.press("ok")  # the First Player's line, selected: Great Cthulhu's
    pilot.press(*then)
    assert pilot.given[-1] == made
    assert pilot.presses - before == 2 + len(then)
    assert pilot.state.pending == RitualPending(GC, 5, (CC, BG, YS))
    assert pilot.controller.prompt(pilot.state).title == asked


def test_the_rituals_menu_offers_no_line_the_rules_would_refuse() -> None:
    """K8: a Gate, a Tome or a Silence token waits for the Ritual: not in its menu; the
    faction lines and the table's own lines (History, the language, New game) are. BACK
    goes back to the Ritual."""
    pilot = Pilot(scoreboard_game())
    to_the_rituals(pilot)
    asked = pilot.controller.prompt(pilot.state).title
    pilot.press("phase")
    keys = [c.label.key for c in pilot.controller.prompt(pilot.state).choices]
    assert keys[: len(FACTIONS)] == ["menu.sb_faction"] * len(FACTIONS)
    assert "menu.gate" not in keys and "menu.history" in keys and "menu.new_game" in keys
    pilot.press("back")
    assert pilot.controller.prompt(pilot.state).title == asked


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rituals_footer_says_phase_opens_the_menu(lang: str) -> None:
    """The Ritual's list keeps its four lines (the standings keep their room beside it);
    its footer names PHASE for what else happened, where PHASE once said "answer the
    question on the screen first"."""
    pilot = Pilot(scoreboard_game())
    to_the_rituals(pilot)
    prompt = pilot.controller.prompt(pilot.state)
    assert [c.label.key for c in prompt.choices][-1] == "prompt.sb.nobody_else"
    assert len(prompt.choices) == 4
    said = {h.button: render(h.action, lang) for h in prompt.hints}
    assert said["phase"] == render(text("hint.sb.something_else"), lang)


def test_without_the_scoreboard_phase_still_asks_for_the_answer_first() -> None:
    """Only a Ritual lets other commands come first: an Agony roll still waits (C19)."""
    pilot = Pilot(game({"type": "new_game", "map": "celaeno", "factions": FACTIONS},
                       gate("fountain", GC)))  # fmt: skip
    pilot.press("phase", "ok", "phase", "ok", "phase", "ok", "phase", "ok")  # round 2's Action
    pilot.press("left", "ok", "ok")  # the Custodian, by the first with a token, staying… here
    assert type(pilot.state.pending).__name__ == "RollPending"
    pilot.press("phase")
    assert [n.key for n in pilot.notices] == ["notice.answer_first"]


@pytest.mark.parametrize(
    ("example", "chart"),
    [("celaeno_scoreboard", [("phase", "hint.sb.chart")]), ("dreamlands_citadel_victory", [])],
)
def test_once_the_game_is_over_the_footer_offers_only_what_still_works(
    example: str, chart: list[tuple[str, str]]
) -> None:
    """K13, D5: after the end the monsters and the phases are refused; OK opens the menu
    (History, New game) and undo goes back; at the scoreboard's end PHASE shows the Doom
    chart alone (K14). At its start, PHASE was offered for the next phase."""
    lines = (ROOT / "rules" / "examples" / f"{example}.jsonl").read_text().splitlines()
    state, _ = replay_game(lines)
    assert isinstance(state, GameState)
    assert state.game_over is not None or state.winner is not None
    prompt = CthulhuWarsController().prompt(state)
    assert [(h.button, h.action.key) for h in prompt.hints] == [
        ("ok", "hint.menu"),
        *chart,
        ("undo", "hint.undo"),
    ]
    assert [c.label.key for c in prompt.choices] == ["main.menu"]
    started, _ = replay_game([next(line for line in lines if line.startswith("{"))])
    assert isinstance(started, GameState) and started.pending is None
    assert "phase" in [h.button for h in CthulhuWarsController().prompt(started).hints]


def test_a_librarian_victim_is_never_asked_more_doom_than_he_has() -> None:
    """K15, C17: Great Cthulhu owes 3 Agony with 1 Doom and 4 Units there: the dial
    proposes 1 Doom and 2 Units, and UP cannot turn Doom past the 1 he has."""
    state = _librarian_victim(doom=1)
    assert isinstance(state, GameState) and state.scoreboard is not None
    step = decision_step(state)
    assert isinstance(step, DialStep)
    assert step.values()["doom"] == 1 and step.values()["units"] == 2
    step.change_row(len(step.rows) - 1)  # the Doom row
    step.move(-1)  # UP
    assert step.values()["doom"] == 1
    assert step.pick() == Satisfy("great_cthulhu", 2, 1, ())
