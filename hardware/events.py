"""The input events hardware hands to the app: the only thing passed from hardware/ to device/.

Sources (GPIO buttons, keyboard, dice reader) call ``post(event)`` from their own threads; the
app passes ``queue.SimpleQueue.put``, so posting is thread-safe and never touches game state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeAlias

# The buttons that exist as switches (arcade buttons, keys), and the logical buttons:
# "undo" has no button of its own, it is what holding BACK means. Every layer that names
# a button (the panel, the keyboard, the configuration, the screen's hints) takes it here.
# The two game buttons have neutral names, "left" and "right": on the box they are labelled
# CUSTODIAN and LIBRARIAN (Cthulhu Wars activates its monsters with them; Normandie moves
# its cursor a column), and each game's hints may name them as it uses them.
PHYSICAL_BUTTONS: tuple[str, ...] = ("left", "right", "phase", "up", "down", "ok", "back")
BUTTONS: tuple[str, ...] = (*PHYSICAL_BUTTONS, "undo")


@dataclass(frozen=True)
class ButtonPressed:
    """A logical button was pressed (after debounce, hold and repeat were worked out)."""

    button: str

    def __post_init__(self) -> None:
        if self.button not in BUTTONS:
            raise ValueError(f"unknown button {self.button!r}; buttons are {', '.join(BUTTONS)}")


@dataclass(frozen=True)
class DiceRead:
    """A roll: a ROLL line exactly as the reader sent it, or a smart die's settled face(s).

    ``source`` says where it came from, for the journal: "reader" (the serial reader),
    "pixels:<name>" or "godice:<name>" (several, comma-separated, for a roll of several dice).
    The device checks the values against the pending roll.
    """

    values: tuple[int, ...]
    source: str = "reader"


@dataclass(frozen=True)
class ReaderError:
    """An ERR line: the reader saw a roll but could not read it (cocked die, die off the tray)."""

    text: str


@dataclass(frozen=True)
class ReaderHello:
    """A HELLO line, sent by a reader after power-up or reset."""

    name: str
    version: str


@dataclass(frozen=True)
class ReaderStatus:
    """The reader's link and how many lines it sent that could not be used.

    ``rejected`` counts garbled, overlong, bad-checksum, malformed and unknown lines since the
    reader was started; ``last_rejected`` is the last such line as text (for the status screen).
    """

    status: Literal["connected", "disconnected", "absent"]  # absent: "auto" found none
    rejected: int = 0
    last_rejected: str | None = None


@dataclass(frozen=True)
class SmartDie:
    """A smart die seen over Bluetooth, as the Dice screen lists it."""

    address: str
    kind: Literal["pixels", "godice"]
    name: str
    colour: str | None = None  # the maker's name for its colour, when the die says it
    battery: int | None = None  # percent
    rssi: int | None = None  # signal, dBm
    six_sided: bool = True  # a D6 (only those can be the Agony die or a d6)
    role: Literal["agony", "d6"] | None = None  # what the table chose it for
    quiet: bool = False  # chosen, but not heard from lately

    @property
    def source(self) -> str:
        return f"{self.kind}:{self.name}"


# "bluetooth_off": an adapter is there but switched off (rfkill, or powered down).
SmartDiceState = Literal["off", "no_bluetooth", "bluetooth_off", "scanning"]


@dataclass(frozen=True)
class SmartDiceStatus:
    """The Bluetooth dice: whether Bluetooth works, and every die seen (chosen ones first)."""

    state: SmartDiceState
    dice: tuple[SmartDie, ...] = ()


SmartDieProblemKind = Literal[
    "crooked", "face_outside", "not_agony", "two_agony", "lost_mid_roll", "not_six_sided"
]


@dataclass(frozen=True)
class SmartDieProblem:
    """A chosen die did something that is not a roll the table can use; nothing is committed."""

    die: str  # its name
    problem: SmartDieProblemKind
    face: int | None = None


InputEvent: TypeAlias = (
    ButtonPressed
    | DiceRead
    | ReaderError
    | ReaderHello
    | ReaderStatus
    | SmartDiceStatus
    | SmartDieProblem
)
Post: TypeAlias = Callable[[InputEvent], None]
