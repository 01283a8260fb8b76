"""What the table answered earlier this game, for this round's proposals (I10): the Power
each faction gathered beyond its Gates (Cultists, an ability's share) at the last Gather
Power, and the Great Old Ones each performed its last Ritual with. Before the first Gather
Power nothing was answered: what the set-up gives is proposed instead, each faction's 6
Cultists (K1).

Read from the game's history (the commands the rules accepted, each with the state it was
applied to), not kept beside it: a restart replays the journal, so it proposes the same
numbers; an undone answer is forgotten with it.
"""

from __future__ import annotations

from device.cthulhu_wars.scoreboard.steps import Remembered
from rules.cthulhu_wars.scoreboard.commands import GatherPower, Ritual
from rules.cthulhu_wars.scoreboard_record import START_CULTISTS
from rules.cthulhu_wars.state import GameState
from rules.journal import Played


def remembered(played: Played[GameState]) -> Remembered:
    """Newest first: the last Gather Power's rest, and each faction's last Ritual performed."""
    rest: dict[str, int] | None = None
    great_old_ones: dict[str, int] = {}
    everyone = len(played.state.factions)
    for applied in played.history():
        cmd = applied.command
        if rest is None and isinstance(cmd, GatherPower):
            basis = _gates_give(applied.before)
            rest = {f: max(0, n - basis.get(f, 0)) for f, n in cmd.power.items()}
        elif isinstance(cmd, Ritual) and cmd.perform and cmd.great_old_ones is not None:
            great_old_ones.setdefault(cmd.faction, cmd.great_old_ones)
        if rest is not None and len(great_old_ones) == everyone:
            break
    if rest is None:  # the first Gather Power: the Cultists of the set-up (K1)
        return Remembered(dict.fromkeys(played.state.factions, START_CULTISTS), great_old_ones,
                          setup=True)  # fmt: skip
    return Remembered(rest, great_old_ones)


def _gates_give(state: GameState) -> dict[str, int]:
    """K3: 2 Power per Gate a faction controls, 1 per abandoned Gate, as the device knew them."""
    owners = [gate.controller for gate in state.gates.values()]
    abandoned = owners.count(None)
    return {f: 2 * owners.count(f) + abandoned for f in state.factions}
