"""What the Dreamlands rules modules share: the d6, Yog-Sothoth's ids, quiet Gate changes.

``rules.gates`` calls the Dreamlands hooks, so it is imported here at call time only:
a module-level import would close an import cycle through ``rules.dreamlands``.
"""

from __future__ import annotations

from rules.outcome import Step
from rules.state import GameState, Gate

D6: tuple[int, ...] = (1, 2, 3, 4, 5, 6)  # the Bhole's and the Zoogs' die (D8, D14)


def opener() -> str:
    from rules import gates

    return gates.OPENER


def yog_sothoth() -> str:
    from rules import gates

    return gates.YOG_SOTHOTH


def change_gate_quietly(state: GameState, area: str, gate: Gate | None) -> Step:
    """``gates.change_gate`` and every rule after it (D5, D6), without its first event.

    That event only says what happened to the Gate; the Bhole's and the Zoogs' own
    sentence says it already, and says why.
    """
    from rules import gates

    state, events = gates.change_gate(state, area, gate)
    return state, events[1:]
