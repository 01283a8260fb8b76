"""Units on the battlefield: who owns them, what kind they are, where they stand."""

from __future__ import annotations

from rules.normandie.battlefield import Space
from rules.values import Record

# The sides of Cthulhu Mythos Call #1 (the three armies of its scenarios).
SIDES: tuple[str, ...] = ("sons_of_cthulhu", "black_sun", "majestic")

INFANTRY = "infantry"
VEHICLE = "vehicle"
MYTHOS = "mythos"  # a Mythos creature
MASTER = "master"  # a unit with the Master of the dead ability
ZOMBIES = "zombies"
KINDS: tuple[str, ...] = (INFANTRY, VEHICLE, MYTHOS, MASTER, ZOMBIES)

# Z12: the three Serum dart gun marks and what each adds.
JUGGERNAUT = "juggernaut"  # +2 defence
FASTER = "faster"  # +2 movement
RAGE = "rage"  # +2 Assault
MARKS: tuple[str, ...] = (JUGGERNAUT, FASTER, RAGE)
MARK_BONUS = 2


class Unit(Record):
    id: str
    kind: str
    owner: str | None  # None for Zombies: they belong to nobody (Z2)
    space: Space
    movement: int
    name: str | None = None  # what the players call it ("Rangers squad"), shown in events
    marks: frozenset[str] = frozenset()  # Z12
    worth: int = 1  # how many units it counts as when eliminated (Chapter 3)
    life_points: int | None = None  # Chapter 3: each one lost scores as a unit
    summoned: bool = False  # Chapter 3: an eliminated summoned creature cannot come back

    @property
    def is_zombies(self) -> bool:
        return self.kind == ZOMBIES

    @property
    def attracts_zombies(self) -> bool:
        """Z4: only infantry draws Zombies; Mythos creatures, Masters and vehicles do not."""
        return self.kind == INFANTRY

    def effective_movement(self) -> int:
        """Z12 Faster: +2 to the movement the Zombies phase uses."""
        return self.movement + (MARK_BONUS if FASTER in self.marks else 0)
