"""When the Bluetooth source scans, and what BlueZ is asked to tell it while it does.

A scan is what costs an idle table its CPU, and BlueZ and D-Bus theirs: BlueZ sends a D-Bus
signal for every change of every nearby device's signal strength while a discovery filter
is set (bleak always sets one), and the source wakes for each. So the source scans only
while a roll could come from a die that needs the scan (:func:`scan_wanted`):

- someone is at the table (the app decides: a press, a tap or a roll in the last minute,
  or the Dice screen open). The Dice screen lists every die around; a press is often the
  one that asks for a roll, so the scan is running when that roll is made;
- or a roll is wanted and a chosen die is not connected: a Pixels die read from its
  advertisements, or a die that went away and only a scan finds again. A roll wanted from
  chosen dice that are all connected (a GoDice; a Pixels die read connected) needs no
  scan, nor does one with no die chosen.

Otherwise the table rests and does not scan at all. Connections (a GoDice, a Pixels die read
connected) do not depend on the scan and go on. A Pixels die rolled while nothing scans is
not read (nothing wants it); its first advertisement once the scan runs again is a baseline,
as a die's first sighting always is. A die nobody can hear because nothing scans is not
called quiet for it: its status keeps its last word until the scan runs again.

What the scan hears (:data:`DISCOVERY_FILTER`, BlueZ's ``SetDiscoveryFilter``): an
advertisement whose data did not change is not signalled again (``DuplicateData`` false,
as bleak sets it; said here so that no bleak update can bring every repeat back), and a
device weaker than :data:`RSSI_FLOOR` is not reported at all — a phone in the next room
whose signal wavers costs the table nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

# A die on the table is heard far above this (about -40 to -75 dBm on a Pi 3's antenna);
# most of what a scan hears in a flat, the neighbours' phones and televisions, is below it.
RSSI_FLOOR = -90
DISCOVERY_FILTER: dict[str, bool | int] = {"DuplicateData": False, "RSSI": RSSI_FLOOR}


def scan_wanted(attended: bool, roll_wanted: bool, chosen_connected: Iterable[bool]) -> bool:
    """Whether the source scans now; ``chosen_connected``: for each chosen die, whether it
    is connected."""
    if attended:
        return True
    return roll_wanted and not all(chosen_connected)
