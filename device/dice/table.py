"""The smart dice at this table: the source, what it last said, and the remembered choice.

The app keeps one :class:`DiceTable` and passes it in where it is needed (the Dice screen
is given it at start with :func:`device.dice.screen.configure`, as the phone screen is given
its settings). It changes the choice on the app's thread only: the source's hub is told,
and the file is written before the screen says it is done.
"""

from __future__ import annotations

import logging
from dataclasses import field, replace
from pathlib import Path
from typing import Literal, Protocol

from device.dice import choices
from hardware.events import SmartDiceStatus, SmartDie
from hardware.smartdice.hub import LOW_BATTERY, Chosen, listing_order
from rules.text import Text, render, text
from rules.values import Record

log = logging.getLogger(__name__)


class DiceSource(Protocol):
    """What the table needs of the Bluetooth source (tests pass the real one, or none)."""

    def choose(self, chosen: tuple[Chosen, ...], agony_faces: tuple[int, ...]) -> None: ...


class DiceTable(Record, frozen=False):
    path: Path | None  # where the choice is remembered; None: not remembered
    agony_faces: tuple[int, ...]
    source: DiceSource | None = None
    chosen: tuple[Chosen, ...] = ()
    status: SmartDiceStatus = field(default_factory=lambda: SmartDiceStatus("off"))
    enabled: bool = True
    _logged: str | None = None  # the status words last written to the journal

    def seen(self, status: SmartDiceStatus) -> None:
        self.status = status
        words = self.status_words()
        said = render(words) if words is not None else None
        if said != self._logged and said is not None:  # in the journal, as the reader's are
            log.info("smart dice: %s", said)
        self._logged = said

    def role_of(self, address: str) -> Literal["agony", "d6"] | None:
        return next((c.role for c in self.chosen if c.address == address), None)

    def set_role(self, die: SmartDie, role: Literal["agony", "d6"] | None) -> Text | None:
        """Choose ``die`` for ``role`` (None: not used); why not, or a saving problem."""
        holder = next((c for c in self.chosen if c.role == "agony"), None)
        if role == "agony" and holder is not None and holder.address != die.address:
            return text("dice.already_agony", die=holder.name)
        if role is not None and not die.six_sided:
            return text("dice.problem.not_six_sided", die=die.name)
        kept = tuple(c for c in self.chosen if c.address != die.address)
        added = (Chosen(die.address, die.kind, die.name, role),) if role else ()
        self.chosen = kept + added
        self._show_roles()
        if self.source is not None:
            self.source.choose(self.chosen, self.agony_faces)
        return self._save()

    def _show_roles(self) -> None:
        """The new roles in the list at once: the Dice screen is drawn again right after a
        choice, before the source's next status arrives (it would show the old roles)."""
        dice = [replace(d, role=self.role_of(d.address)) for d in self.status.dice]
        self.status = replace(self.status, dice=tuple(sorted(dice, key=listing_order)))

    def _save(self) -> Text | None:
        if self.path is None:
            return None
        try:
            choices.save(self.path, self.chosen)
        except OSError as error:
            log.error("smart dice: could not save %s: %s", self.path, error)
            return text("dice.not_saved", reason=error.strerror or str(error))
        return None

    def status_words(self) -> Text | None:
        """One short phrase for the status line, or None when no die is chosen."""
        chosen = [die for die in self.status.dice if die.role is not None]
        if not chosen:
            return None
        if self.status.state in ("no_bluetooth", "bluetooth_off"):
            return text(f"dice.status.{self.status.state}")
        for die in chosen:
            if die.quiet:
                return text("dice.status.quiet", die=die.name)
        for die in chosen:
            if die.battery is not None and die.battery < LOW_BATTERY:
                return text("dice.status.low", die=die.name, n=die.battery)
        return text("dice.status.ready", n=len(chosen))
