"""What the app hands the screen: one frozen value per frame, pure data, no pygame.

The app (device/) builds a :class:`View` after every accepted or refused input and
calls ``Screen.render(view)``; the screen compares it with the previous one and
redraws only the panels whose part changed. Nothing here is interpreted as game
logic: the screen shows ``state`` as the rules left it and ``prompt`` as the
controller phrased it.

- ``state`` is exactly the state JSON of the game's JOURNAL.md (the dict ``celaeno
  replay`` prints; rules/cthulhu_wars/JOURNAL.md: version, map, sides, round, phase,
  factions, silence, tomes, gates, custodian, librarian, pending, winner; Dreamlands adds
  bhole, zoogs, yog_sothoth), typed by the game (``rules/<game>/json_types.py``): the
  screen hands it to the game's part its ``"game"`` names, which reads it as its own type.
  The screen treats it as read-only.
- Every word is a :class:`rules.text.Text` (catalogue key + parameters), rendered in
  ``lang`` at draw time, so switching language needs no new View contents.
- The last command's result is ``prompt.result`` (its events oldest first); the screen
  shows as much of it as fits, the board instructions first.
- The names the owner's boards print (Dreamlands Citadels, D4, and any other Area:
  ``[celaeno.areas]``, ``[dreamlands.areas]``) are not in the View: the program sets them
  once in the catalogue (``rules.text.use_printed_names``), so the board and every sentence
  say the same; unnamed Citadels are shown as "Surface Citadel 1–2" and so on, other Areas
  by the catalogue's names.

Buttons named in :class:`Hint` are the physical arcade buttons: ``custodian``,
``librarian``, ``phase``, ``up``, ``down``, ``ok``, ``back``, ``undo``.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Literal

from hardware.events import BUTTONS
from rules.text import Text
from rules.values import Record

if TYPE_CHECKING:
    from rules.json_types import StateJSON

# "absent": port = "auto" found no reader plugged in (yet); "disconnected": one was, or the
# named port cannot be opened.
READER_STATES: tuple[str, ...] = ("simulated", "connected", "disconnected", "absent")
ReaderState = Literal["simulated", "connected", "disconnected", "absent"]


class Choice(Record):
    """One line of the prompt's menu. A disabled choice is shown, marked, and not selectable."""

    label: Text
    detail: Text | None = None
    enabled: bool = True


class Hint(Record):
    """What pressing one physical button does now."""

    button: str
    action: Text

    def __post_init__(self) -> None:
        if self.button not in BUTTONS:
            raise ValueError(f"unknown button {self.button!r}; expected one of {BUTTONS}")


class Prompt(Record):
    """What the game waits for, in words, with the menu and the result of the last decision."""

    title: Text
    choices: tuple[Choice, ...] = ()
    selected: int | None = None
    hints: tuple[Hint, ...] = ()
    result: Text | None = None
    qr: str | None = None  # shown as a large QR code in place of the board (the phone view)
    # the result in fewer words (the History's line of the command), shown in its place
    # when the whole result does not leave the list the room for its fewest choices
    brief: Text | None = None
    qr_caption: tuple[Text, ...] = ()  # lines under the code; none: the code's own text
    # a part of the board the board panel draws alone in its whole room ("doom_chart")
    shows: str | None = None
    # what the question is about ("standings"), where the board must condense beside its
    # list: it condenses to that, whatever else would fit (None: the game's choice)
    about: str | None = None


class Status(Record):
    """The device's own health: dice reader, journal, refused input."""

    reader: ReaderState = "simulated"
    rejected: int = 0  # dice reader lines refused since start (misreads)
    last_rejected: Text | None = None
    saved: bool = True  # the journal holds every accepted command
    in_memory: bool = False  # ... in memory only this start (the card's data partition unusable)
    error: Text | None = None  # the last refused input, in words (shown prominently)
    dice: Text | None = None  # the smart dice, when some are chosen ("Red: quiet")
    dice_trouble: bool = False  # a chosen die is quiet or low: shown as a warning

    def __post_init__(self) -> None:
        if self.reader not in READER_STATES:
            raise ValueError(
                f"unknown reader state {self.reader!r}; expected one of {READER_STATES}"
            )


class View(Record):
    """Everything one frame shows."""

    state: StateJSON
    prompt: Prompt
    status: Status = field(default_factory=Status)
    lang: str = "en"
