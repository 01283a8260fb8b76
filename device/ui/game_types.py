"""What the shared controller reads of every game's state, as a Protocol for the type
checker: whether a decision waits (every game keeps it in ``pending``).

Imported only under ``typing.TYPE_CHECKING`` (``tests/test_typed.py`` checks it): nothing
here runs, so the type costs a start nothing.
"""

from __future__ import annotations

from typing import Protocol


class Waiting(Protocol):
    """A game's state, as far as the buttons every game shares need it (PHASE waits for
    the pending decision's answer)."""

    @property
    def pending(self) -> object: ...
