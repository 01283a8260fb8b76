"""The scoreboard's commands as the engine dispatches them (K3–K15, I10), loaded by the
engine the first time a game that keeps the scoreboard is played."""

from __future__ import annotations

from rules.commands import Command
from rules.cthulhu_wars.outcome import Handler
from rules.cthulhu_wars.scoreboard import corrections, rounds
from rules.cthulhu_wars.scoreboard.commands import (
    Adjust,
    DrawElderSigns,
    FirstPlayer,
    GatherPower,
    GatherPowerLine,
    RecordElderSigns,
    RevealElderSigns,
    Ritual,
    Spellbooks,
)
from rules.cthulhu_wars.scoreboard_record import (
    FirstPlayerPending,
    GatherPowerPending,
    RevealPending,
    RitualPending,
)

HANDLERS: dict[type[Command], Handler] = {
    GatherPower: rounds.gather_power,
    GatherPowerLine: rounds.gather_power_line,
    RecordElderSigns: corrections.record_elder_signs,
    FirstPlayer: rounds.first_player,
    Ritual: rounds.ritual,
    DrawElderSigns: corrections.draw_elder_signs,
    RevealElderSigns: corrections.reveal_elder_signs,
    Spellbooks: corrections.spellbooks,
    Adjust: corrections.adjust,
}
# Answers only: refused while nothing asks for them.
ANSWERS_ONLY: tuple[type[Command], ...] = (GatherPower, GatherPowerLine, FirstPlayer, Ritual)
# What answers each of its pending decisions, and the rule that made it pending.
ANSWERS: dict[type, tuple[type[Command], str]] = {
    GatherPowerPending: (GatherPower, "K3"),
    FirstPlayerPending: (FirstPlayer, "K6"),
    RitualPending: (Ritual, "K8"),
    RevealPending: (RevealElderSigns, "K14"),
}
# What may come before a pending decision's answer, the decision staying pending: while a
# Ritual is asked (K8), a spellbook earned (K12), Elder Signs drawn (K10) and a correction of
# Power or Doom (I10), each changing nothing the Ritual asked is made of; a faction's own line
# of Gather Power from its phone (I13); and the values of signs a faction holds, kept by its
# phone whatever the table waits for (I14: they change nothing the table decides; a Ritual's
# signs are kept while the next faction decides its own).
MEANWHILE: dict[type, tuple[type[Command], ...]] = {
    GatherPowerPending: (GatherPowerLine, RecordElderSigns),
    FirstPlayerPending: (RecordElderSigns,),
    RitualPending: (Spellbooks, DrawElderSigns, Adjust, RecordElderSigns),
    RevealPending: (RecordElderSigns,),
}
