"""What the smart dice say, turned into the events the serial reader posts.

The Bluetooth loop (:mod:`hardware.smartdice.source`) hands the hub every advertisement and
notification; the hub keeps what each die last said (name, colour, battery, signal), tracks
the chosen dice's rolls and posts :class:`DiceRead` for a settled roll, exactly as a reader's
ROLL line, with the die as its ``source``. It holds no Bluetooth object, so it is tested with
the makers' bytes alone.

Which die is which is the table's choice (the Dice screen): one Agony die, whose faces map
through ``agony_faces`` (physical face 1 → the first value, …), and any number of d6s. A roll
of several d6 (the Zoogs) collects one settled face per roll until the count the game waits
for is reached. A chosen die's roll that cannot be used says why in a
:class:`SmartDieProblem` and posts no roll.

The hub also keeps what decides how the source listens (:mod:`hardware.smartdice.listening`):
a roll wanted, or the table attended, is listening; neither is resting. Whether the source
scans follows from that and from which chosen dice are connected. While listening a chosen
die silent for QUIET_AFTER counts as quiet; at rest nothing scans, and silence is not counted.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from hardware.events import (
    DiceRead,
    Post,
    SmartDiceState,
    SmartDiceStatus,
    SmartDie,
    SmartDieProblem,
    SmartDieProblemKind,
)
from hardware.smartdice import godice, pixels
from hardware.smartdice.listening import scan_wanted

MAX_NAME = 32  # a Pixels name is at most 13 characters, a GoDice's about 16
QUIET_AFTER = 10.0  # seconds without a word from a chosen die before the status says so
# (while listening; at rest nothing scans, and silence is not counted)
# A signal that only wavers is posted at most this often: each post wakes the app's loop.
SIGNAL_REFRESH = 10.0
LOW_BATTERY = 15  # percent
# The printed Agony die's faces, 1 to 6 in order, as the rules default them
# (rules/cthulhu_wars/commands.py: hardware/ does not import the rules).
AGONY_FACES = (1, 1, 2, 2, 3, 3)
Role = Literal["agony", "d6"]
Outcome = int | Literal["crooked"] | None


@dataclass(frozen=True)
class Chosen:
    """One die the table chose, as remembered (the address is the die's identity)."""

    address: str
    kind: Literal["pixels", "godice"]
    name: str
    role: Role


@dataclass
class _Die:
    info: SmartDie
    heard: float
    pixels: pixels.RollTracker = field(default_factory=pixels.RollTracker)
    godice: godice.RollTracker = field(default_factory=godice.RollTracker)
    firmware: int | None = None
    moving: bool = False  # mid-roll, for a disconnect to say so
    needs_connection: bool = False  # a Pixels die whose advertisements carry no face
    connected: bool = False  # a connected die stops advertising and, at rest, says nothing


class DiceHub:
    """Thread-safe: the Bluetooth loop feeds it, the app's thread says what is wanted."""

    def __init__(
        self,
        post: Post,
        chosen: Iterable[Chosen] = (),
        agony_faces: tuple[int, ...] = AGONY_FACES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._post, self._clock = post, clock
        self._lock = threading.Lock()
        self._dice: dict[str, _Die] = {}
        self._chosen: dict[str, Chosen] = {}
        self._agony_faces = agony_faces
        self._wanted: tuple[int, str] | None = None
        self._collected: list[tuple[int, str]] = []
        self._state: SmartDiceState = "off"
        self._last_status: SmartDiceStatus | None = None
        self._last_posted = -SIGNAL_REFRESH
        # Attended until the app says otherwise: a source used alone listens all the time.
        self._attended = True
        # Silence counts from the later of a die's last word and the last change of mode: a
        # table that starts listening gives a die a whole QUIET_AFTER to be heard again. A
        # die already quiet when the mode changed stays quiet until it is heard.
        self._listened, self._quiet_after, self._quiet_from = True, QUIET_AFTER, -float("inf")
        self._quiet_before: set[str] = set()
        # Told when what the Bluetooth loop must do changed (a choice, a die first seen), so
        # that the loop sleeps until then instead of looking every second.
        self.on_change: Callable[[], None] = lambda: None
        self.choose(chosen, agony_faces)

    # --- the app's side ---------------------------------------------------------------------

    def choose(self, chosen: Iterable[Chosen], agony_faces: tuple[int, ...]) -> None:
        """The table's choice (from the Dice screen or the remembered file)."""
        if len(agony_faces) != 6:
            raise ValueError(f"the Agony die's faces are six values, not {agony_faces}")
        with self._lock:
            self._chosen = {die.address: die for die in chosen}
            self._agony_faces = agony_faces
            self._collected.clear()
        self.publish()
        self.on_change()

    def send_expect(self, count: int, die: str) -> bool:
        with self._lock:
            self._wanted, self._collected = (count, die), []
        self._mode_may_change()
        return True

    def send_idle(self) -> bool:
        with self._lock:
            self._wanted, self._collected = None, []
        self._mode_may_change()
        return True

    def send_attended(self, attended: bool) -> bool:
        """The app: someone is at the table (a press or a tap lately, the Dice screen open)."""
        with self._lock:
            self._attended = attended
        self._mode_may_change()
        return True

    def listening(self) -> bool:
        """Scan all the time (a roll wanted, or the table attended); False: rest."""
        with self._lock:
            return self._listening()

    def scan_wanted(self) -> bool:
        """Whether the source scans now (:func:`hardware.smartdice.listening.scan_wanted`)."""
        with self._lock:
            connected = [
                address in self._dice and self._dice[address].connected for address in self._chosen
            ]
            return scan_wanted(self._attended, self._wanted is not None, connected)

    def firmware_known(self, address: str) -> bool:
        """Whether a Pixels die's firmware (its roll-state numbering) is known already: from
        its advertisements, or its answer to WHO_ARE_YOU on an earlier connection."""
        die = self._dice.get(address)
        return die is not None and die.firmware is not None

    def chosen(self) -> tuple[Chosen, ...]:
        with self._lock:
            return tuple(self._chosen.values())

    def wants_connection(self) -> tuple[str, ...]:
        """Addresses the loop must stay connected to: chosen GoDice, Pixels without a face
        — once seen in this scan (a die that is not around is not called every few seconds)."""
        with self._lock:
            return tuple(
                address
                for address, chosen in self._chosen.items()
                if address in self._dice
                and (chosen.kind == "godice" or self._dice[address].needs_connection)
            )

    def next_quiet(self) -> float | None:
        """Seconds until a chosen die that is heard now would count as quiet (None: no
        chosen die is heard now): when the loop must look again, and not before."""
        with self._lock:
            now = self._clock()
            left = [
                self._silent_until(die) - now
                for address, die in self._dice.items()
                if address in self._chosen and not die.connected and not self._quiet(die, now)
            ]
        left = [seconds for seconds in left if math.isfinite(seconds)]  # at rest: never
        return max(min(left), 0.0) + 0.05 if left else None

    # --- the Bluetooth loop's side ----------------------------------------------------------

    def heard_again(self, address: str, rssi: int | None) -> None:
        """The same advertisement as the last one from ``address``, its signal perhaps moved
        (most of what a scan hears): nothing to decode; the signal is kept once a second."""
        die = self._dice.get(address)
        if die is None:
            return  # not a die: no work at all
        now = self._clock()
        if now - die.heard <= 1.0:
            die.heard = now
            return
        self._heard(address, die.info.kind, die.info.name, rssi=rssi)

    def scan_resumed(self) -> None:
        """The scan starts again after a gap (a press, or a roll wanted): what a
        die read from its advertisements says first is a baseline, as at its first
        sighting — a roll made while nobody listened is never taken as one made now.
        Connected dice are read over their connection and go on as they were."""
        with self._lock:
            for die in self._dice.values():
                if not die.connected:
                    die.pixels.forget()

    def set_state(self, state: SmartDiceState) -> None:
        with self._lock:
            self._state = state
        self.publish()

    def advertisement(
        self,
        address: str,
        name: str | None,
        manufacturer: Mapping[int, bytes],
        service: Mapping[str, bytes],
        uuids: Iterable[str],
        rssi: int | None,
    ) -> None:
        uuids = {uuid.lower() for uuid in uuids}
        name = clean_name(name)
        if name and name.startswith(godice.NAME_PREFIX):
            self._heard(address, "godice", name, rssi=rssi)
            return
        found = pixels.decode_advert(manufacturer, service)
        if found is None:
            if uuids & set(pixels.SERVICES):  # a Pixels die whose advertisement has no face
                die = self._heard(address, "pixels", name or address, rssi=rssi)
                die.needs_connection = True
            return
        die = self._heard(
            address,
            "pixels",
            name or f"Pixel {found.pixel_id:08X}",
            rssi=rssi,
            colour=found.colour,
            battery=found.battery,
            six_sided=found.die_type in pixels.SIX_SIDED,
        )
        die.firmware, die.needs_connection = found.firmware, False
        self._pixels_state(die, found.state, found.face)

    def pixels_message(self, address: str, data: bytes | bytearray) -> None:
        die = self._dice.get(address)
        if die is None:
            return
        message = pixels.decode_message(bytes(data), die.firmware)
        die.heard = self._clock()
        if isinstance(message, pixels.IAmADie):
            die.firmware = message.firmware
        elif isinstance(message, pixels.BatteryMessage):
            self._update(die, battery=message.battery)
        elif isinstance(message, pixels.RollMessage):
            self._pixels_state(die, message.state, message.index + 1)

    def godice_message(self, address: str, data: bytes | bytearray) -> None:
        die = self._dice.get(address)
        if die is None:
            return
        message = godice.decode(bytes(data))
        die.heard = self._clock()
        if isinstance(message, godice.Battery):
            self._update(die, battery=message.percent)
        elif isinstance(message, godice.Colour):
            self._update(die, colour=message.colour)
        die.moving = isinstance(message, godice.Rolling) or (
            die.moving and not isinstance(message, godice.Stable)
        )
        self._outcome(die, die.godice.observe(message))

    def connected(self, address: str) -> None:
        """Connected and listening: the die is there while the connection lasts, though a
        die at rest says nothing over it (and no longer advertises)."""
        die = self._dice.get(address)
        if die is None:
            return
        with self._lock:
            die.connected, die.heard = True, self._clock()
        self.publish()
        self.on_change()  # perhaps no scan is wanted now

    def disconnected(self, address: str) -> None:
        """A connection dropped: a roll in progress is lost, and said to be."""
        die = self._dice.get(address)
        if die is None:
            return
        with self._lock:
            die.connected, die.heard = False, self._clock()  # quiet from now if not heard
        self.on_change()
        if die.moving and address in self._chosen:
            self._problem(die, "lost_mid_roll")
        die.moving = False
        die.pixels.forget()
        die.godice.forget()

    def publish(self) -> None:
        """Post the status if it changed (called on every change and once a second); a
        change of signal strength alone waits for SIGNAL_REFRESH."""
        status, last = self.status(), self._last_status
        if status == last:
            return
        now = self._clock()
        wavering = last is not None and _unsignalled(status) == _unsignalled(last)
        if wavering and now - self._last_posted < SIGNAL_REFRESH:
            return
        self._last_status, self._last_posted = status, now
        self._post(status)

    def status(self) -> SmartDiceStatus:
        with self._lock:
            now = self._clock()
            listed = [self._listed(address, now) for address in self._dice]
            listed += [
                SmartDie(c.address, c.kind, c.name, role=c.role, quiet=True)
                for c in self._chosen.values()
                if c.address not in self._dice
            ]
            listed.sort(key=listing_order)
            return SmartDiceStatus(self._state, tuple(listed))

    # --- inner workings ---------------------------------------------------------------------

    def _listed(self, address: str, now: float) -> SmartDie:
        die, chosen = self._dice[address], self._chosen.get(address)
        role = chosen.role if chosen else None
        quiet = chosen is not None and self._quiet(die, now)
        return replace(die.info, role=role, quiet=quiet)

    def _quiet(self, die: _Die, now: float) -> bool:
        if die.connected:
            return False
        unheard_since_change = die.heard <= self._quiet_from
        if unheard_since_change and die.info.address in self._quiet_before:
            return True
        return now > self._silent_until(die)

    def _silent_until(self, die: _Die) -> float:
        return max(die.heard, self._quiet_from) + self._quiet_after

    def _listening(self) -> bool:
        return self._attended or self._wanted is not None

    def _mode_may_change(self) -> None:
        """After what decides the mode changed: a new mode restarts the quiet clock and wakes
        the loop (which starts or stops the scan)."""
        with self._lock:
            listening = self._listening()
            if listening == self._listened:
                return
            now = self._clock()
            self._quiet_before = {a for a, die in self._dice.items() if self._quiet(die, now)}
            self._listened, self._quiet_from = listening, now
            self._quiet_after = QUIET_AFTER if listening else math.inf
        self.on_change()

    def _heard(
        self,
        address: str,
        kind: Literal["pixels", "godice"],
        name: str,
        **changes: object,
    ) -> _Die:
        now = self._clock()
        with self._lock:
            die = self._dice.get(address)
            first = die is None
            if die is None:
                die = self._dice[address] = _Die(SmartDie(address, kind, name), now - QUIET_AFTER)
            before, was_heard, die.heard = die.info, die.heard, now
            known = {key: value for key, value in changes.items() if value is not None}
            die.info = replace(die.info, name=name, **known)  # type: ignore[arg-type]
        # The same die saying the same, bar its signal: nothing to post now (a scan hears
        # each die many times a second; the once-a-second publish carries the signal).
        if replace(before, rssi=None) != replace(die.info, rssi=None) or now - was_heard > 1.0:
            self.publish()
        if first or now - was_heard > QUIET_AFTER:
            self.on_change()  # a die to connect to, or to watch again for going quiet
        return die

    def _update(self, die: _Die, **changes: object) -> None:
        with self._lock:
            die.info = replace(die.info, **changes)  # type: ignore[arg-type]
        self.publish()

    def _pixels_state(self, die: _Die, state: pixels.RollState, face: int) -> None:
        die.moving = state in pixels.MOVING
        self._outcome(die, die.pixels.observe(state, face))

    def _outcome(self, die: _Die, outcome: Outcome) -> None:
        chosen = self._chosen.get(die.info.address)
        if outcome is None or chosen is None:
            return  # a die nobody chose is listed, never read
        if outcome == "crooked":
            self._problem(die, "crooked")
        elif not die.info.six_sided:
            self._problem(die, "not_six_sided", outcome)
        elif not 1 <= outcome <= 6:
            self._problem(die, "face_outside", outcome)
        elif chosen.role == "agony":
            self._agony(die, outcome)
        else:
            self._d6(die, outcome)

    def _agony(self, die: _Die, face: int) -> None:
        if sum(c.role == "agony" for c in self._chosen.values()) > 1:
            self._problem(die, "two_agony")
            return
        wanted = self._wanted
        if wanted is not None and wanted[1] != "agony":
            self._problem(die, "not_agony", face)  # the Agony die rolled for a d6 roll
            return
        self._post(DiceRead((self._agony_faces[face - 1],), die.info.source))

    def _d6(self, die: _Die, face: int) -> None:
        wanted = self._wanted
        if wanted is not None and wanted[1] == "agony":
            self._problem(die, "not_agony", face)  # a d6 cannot answer the Agony roll
            return
        if wanted is None:  # shown and ignored, as a reader's roll nobody asked for
            self._post(DiceRead((face,), die.info.source))
            return
        with self._lock:
            self._collected.append((face, die.info.source))
            if len(self._collected) < wanted[0]:
                return
            collected, self._collected = self._collected, []
        sources = dict.fromkeys(source for _, source in collected)
        self._post(DiceRead(tuple(face for face, _ in collected), ",".join(sources)))

    def _problem(self, die: _Die, kind: SmartDieProblemKind, face: int | None = None) -> None:
        self._post(SmartDieProblem(die.info.name, kind, face))


def listing_order(die: SmartDie) -> tuple[bool, bool, str, str]:
    """The Dice screen's order: the Agony die, then the d6s, then the others, by name."""
    return (die.role is None, die.role != "agony", die.name, die.address)


def _unsignalled(status: SmartDiceStatus) -> SmartDiceStatus:
    return replace(status, dice=tuple(replace(die, rssi=None) for die in status.dice))


def clean_name(name: str | None) -> str | None:
    """A die's advertised name as the journal and the screen can carry it: anyone nearby
    chooses it, so control characters and the source's separators go, and it is cut short."""
    if not name:
        return None
    kept = "".join(c if c.isprintable() and c not in ",:" else " " for c in name)
    return " ".join(kept.split())[:MAX_NAME] or None
