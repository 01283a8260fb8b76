"""What the Dreamlands rules modules share: the d6 and quiet Gate changes.

The core's ``gates`` calls the Dreamlands only through its hooks (``expansions``), so
importing it here closes no cycle.
"""

from __future__ import annotations

from rules.cthulhu_wars import gates
from rules.cthulhu_wars.outcome import Applied
from rules.cthulhu_wars.state import GameState, Gate

D6: tuple[int, ...] = (1, 2, 3, 4, 5, 6)  # the Bhole's and the Zoogs' die (D8, D14)


def change_gate_quietly(state: GameState, area: str, gate: Gate | None) -> Applied:
    """``gates.change_gate`` and every rule after it (D5, D6), without its first event.

    That event only says what happened to the Gate; the Bhole's and the Zoogs' own
    sentence says it already, and says why.
    """
    state, events = gates.change_gate(state, area, gate)
    return state, events[1:]
