"""When the Bluetooth source scans: all the time while a roll could come, in short windows at rest.

A continuous scan is what costs an idle table its CPU: BlueZ sends a D-Bus signal for every
change of every nearby device's signal strength while bleak's discovery filter is set, and
the source wakes for each. So, as phones and other battery-minded Bluetooth hosts do, the
source has two modes:

- **listening**: scanning all the time, as long as someone may roll — a roll is wanted, the
  table was touched (a press, a tap) in the last minute, or the Dice screen is open. The app
  decides that (:meth:`device.app.App` tells the dice it is attended); a Pixels roll is read
  the moment it settles.
- **resting**: nobody touched the table and no roll is wanted. The scan runs for
  :data:`SCAN_WINDOW` seconds every :data:`SCAN_PERIOD` seconds, enough to keep the chosen
  dice's presence and battery roughly fresh in the status line. A Pixels die rolled while
  the table rests is not read (nothing wants it); its first advertisement heard in a window,
  or once the table listens again, is a baseline, as a die's first sighting always is.

Connections (a GoDice, a Pixels die read connected) do not depend on the scan and go on in
both modes. :class:`ScanPlan` is the schedule alone, with the clock passed in.
"""

from __future__ import annotations

from dataclasses import dataclass

# Resting: scan SCAN_WINDOW s of every SCAN_PERIOD s (5 %). A die advertises several times a
# second (Pixels at rest included), so 3 s hears every die that is there; a period of a
# minute keeps a battery's or a presence's word at most about a minute old, and spends a
# twentieth of what listening spends on signal-strength changes.
SCAN_WINDOW = 3.0
SCAN_PERIOD = 60.0


def quiet_at_rest(period: float = SCAN_PERIOD, window: float = SCAN_WINDOW) -> float:
    """Seconds without a word before a chosen die counts as quiet while the table rests:
    two whole windows missed (one missed window is a die that advertised in between, not
    a die that went away), so a resting table never says "quiet" of a die that is there."""
    return 2 * period + window


@dataclass
class ScanPlan:
    """Whether the scan runs now. Listening: always. Resting: the last ``window`` seconds of
    each ``period`` counted from when the rest began (the scan just ran, so a rest begins
    with a gap)."""

    window: float = SCAN_WINDOW
    period: float = SCAN_PERIOD
    _rest_since: float | None = None  # None: listening

    def __post_init__(self) -> None:
        if not 0 < self.window < self.period:
            raise ValueError(f"a scan window is shorter than its period: {self}")

    @property
    def listening(self) -> bool:
        return self._rest_since is None

    def listen(self, listening: bool, now: float) -> bool:
        """Set the mode; True if it changed."""
        if listening == self.listening:
            return False
        self._rest_since = None if listening else now
        return True

    def scanning(self, now: float) -> bool:
        if self._rest_since is None:
            return True
        return self._phase(now) >= self.period - self.window

    def next_change(self, now: float) -> float | None:
        """Seconds until :meth:`scanning` changes by itself (None: listening, it does not)."""
        if self._rest_since is None:
            return None
        phase = self._phase(now)
        opens = self.period - self.window
        return (self.period if phase >= opens else opens) - phase

    def _phase(self, now: float) -> float:
        assert self._rest_since is not None
        return max(0.0, now - self._rest_since) % self.period
