"""Whether someone is at the table, and what the dice sources are told.

The dice sources are told what roll is wanted and whether someone is at the table
(attended: a press, a tap or a roll read in the last ATTENDED_FOR seconds, or the Dice
screen open); smart dice scan all the time only while attended or a roll is wanted. Each is
told only when it changes: the main loop asks at every turn.
"""

from __future__ import annotations

from collections.abc import Callable

from device.dice.links import DiceLink
from rules.game import RollWanted

# Seconds after the last press (tap, roll read) that the table counts as attended: a table
# in the middle of a turn presses every few seconds, and the press that starts an activation
# comes presses before its roll is asked for, so the dice listen well before a roll is due.
ATTENDED_FOR = 60.0


class DiceAttention:
    """The last touch, the Dice screen, and what the dice source (``reader``) was last told."""

    def __init__(self, reader: DiceLink | None, clock: Callable[[], float]) -> None:
        self.reader = reader
        self._clock = clock
        self._last_touch = clock()  # a table just started counts as attended
        self._dice_screen_open = False  # looked at after each reaction, not at every turn
        self._wanted: RollWanted | None = None  # as the reader was last told
        self._attended: bool | None = None  # as the reader was last told

    def touched(self) -> None:
        """A press, a tap or a roll read: someone is at the table."""
        self._last_touch = self._clock()

    def dice_screen(self, open_: bool) -> None:
        """Whether the question on the screen keeps the dice listening (the Dice screen)."""
        self._dice_screen_open = open_

    def attended(self) -> bool:
        """Someone is at the table: touched lately, or the Dice screen open."""
        return self._dice_screen_open or self._clock() - self._last_touch < ATTENDED_FOR

    def tell_wanted(self, wanted: RollWanted | None) -> None:
        """Optional EXPECT/IDLE lines, so a reader can light up when a roll is wanted."""
        if self.reader is None or wanted == self._wanted:
            return
        self._wanted = wanted
        if wanted is None:
            self.reader.send_idle()
        else:
            self.reader.send_expect(wanted.dice, wanted.die)

    def tell_attended(self) -> None:
        """The dice listen all the time while the table is attended (told at every turn of
        the loop: the moment it stops being attended is noticed within a tenth of a second)."""
        attended = self.attended()
        if self.reader is None or attended == self._attended:
            return
        self._attended = attended
        self.reader.send_attended(attended)
