"""What the table answered this game, for next round's proposals (I10): the Power each
faction gathered beyond its Gates (Cultists, an ability's share) and the Great Old Ones
it performed its last Ritual with. Kept by the controller while it runs; after a restart
the proposals start again from the Gates alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from device.cthulhu_wars.scoreboard.steps import Remembered, gates_of
from rules.commands import Command, command_to_json


class TableMemory:
    def __init__(self) -> None:
        self._rest: dict[str, int] = {}
        self._great_old_ones: dict[str, int] = {}
        self._basis: dict[str, int] = {}  # what the Gates gave when Power was last asked

    def remembered(self) -> Remembered:
        return Remembered(dict(self._rest), dict(self._great_old_ones))

    def asking(self, state: Mapping[str, Any]) -> None:
        """A question is about to be asked of ``state``: note what its Gates give (K3)."""
        if (state.get("pending") or {}).get("kind") == "gather_power":
            abandoned = gates_of(state, None)
            self._basis = {f: 2 * gates_of(state, f) + abandoned for f in state["factions"]}

    def heard(self, cmd: Command) -> None:
        """``cmd`` went through: keep what next round is likely to repeat."""
        said = command_to_json(cmd)
        if said["type"] == "gather_power":
            power: Mapping[str, int] = said["power"]
            self._rest = {f: max(0, n - self._basis.get(f, 0)) for f, n in power.items()}
        elif said["type"] == "ritual" and said.get("perform"):
            self._great_old_ones[said["faction"]] = int(said["great_old_ones"])
