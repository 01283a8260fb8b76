"""Both dice sources at once: the app tells every one of them what roll is wanted."""

from __future__ import annotations

from typing import Protocol

from rules.values import Record


class DiceLink(Protocol):
    def send_expect(self, count: int, die: str) -> bool: ...
    def send_idle(self) -> bool: ...
    def send_attended(self, attended: bool) -> bool: ...


class EveryLink(Record):
    """The serial reader and the smart dice, told alike (True if any of them heard it)."""

    links: tuple[DiceLink, ...]

    def send_expect(self, count: int, die: str) -> bool:
        return any([link.send_expect(count, die) for link in self.links])

    def send_idle(self) -> bool:
        return any([link.send_idle() for link in self.links])

    def send_attended(self, attended: bool) -> bool:
        return any([link.send_attended(attended) for link in self.links])


def every_link(*links: DiceLink | None) -> DiceLink | None:
    present = tuple(link for link in links if link is not None)
    if len(present) <= 1:
        return present[0] if present else None
    return EveryLink(present)
