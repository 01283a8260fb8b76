"""The input events hardware hands to the app: the only thing passed from hardware/ to device/.

Sources (GPIO buttons, keyboard, dice reader) call ``post(event)`` from their own threads; the
app passes ``queue.Queue.put``, so posting is thread-safe and never touches game state.
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
    """A ROLL line exactly as the reader sent it; the device checks it against the pending roll."""

    values: tuple[int, ...]


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

    status: Literal["connected", "disconnected"]
    rejected: int = 0
    last_rejected: str | None = None


InputEvent: TypeAlias = ButtonPressed | DiceRead | ReaderError | ReaderHello | ReaderStatus
Post: TypeAlias = Callable[[InputEvent], None]
