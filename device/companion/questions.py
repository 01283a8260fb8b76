"""The questions only the app can put (:class:`device.ui.steps.AppQuestion`), and what each
opens: a game's menu asks for one, and the app, which holds what it needs, opens it.

New game needs every game's front end, Show on phones the ``[web]`` settings and the phone
view a desktop starts, the Dice screen the smart dice, the History and the question on a
run of undos the game's history. :class:`AppQuestions` holds the first three and is handed
the game when asked, so whatever plays the controllers as the app does (the tests' press
searches and screen walks) opens the same screens the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from device.ui.front_end import FrontEnd
from device.ui.history import history_step, undo_run_step
from device.ui.newgame import new_game_step
from device.ui.phones import DEFAULT_WEB, WebSettings, show_on_phones
from device.ui.steps import (
    CHOOSE_GAME,
    HISTORY,
    SEATS_ON_PHONES,
    SHOW_ON_PHONES,
    SMART_DICE,
    UNDO_RUN_QUESTION,
    AppQuestion,
    ScreenStep,
)
from rules.game import State
from rules.journal import Played
from rules.parts import Parts

if TYPE_CHECKING:  # the smart dice and the phone view load only where they are on
    from device.companion.phone_view import PhoneView
    from device.dice.table import DiceTable


class AppQuestions:
    """What the app's own questions need: ``front_ends``, every game's (New game);
    ``web``, the ``[web]`` settings, and ``phone_view``, the view this companion starts
    beside it on a desktop (None: a unit runs it); ``dice``, the smart dice (None: off).

    A plain class, not a record: every start makes one, and a record's generated methods
    cost every start their compiling at import (see ``device.ui.steps.InTurn``)."""

    __slots__ = ("dice", "front_ends", "phone_view", "seats", "web")

    def __init__(
        self,
        front_ends: Parts[FrontEnd],
        web: WebSettings = DEFAULT_WEB,
        phone_view: PhoneView | None = None,
        dice: DiceTable | None = None,
    ) -> None:
        self.front_ends, self.web, self.phone_view, self.dice = front_ends, web, phone_view, dice
        # Seats on phones, as the app opens it (it holds the phones paired as seats and the
        # journal they are kept in); None (what plays the controllers without an app): off.
        self.seats: Callable[[], ScreenStep] | None = None

    def open(
        self,
        asked: AppQuestion,
        played: Played[State],
        latest: Callable[[str], State | None] | None = None,
    ) -> ScreenStep:
        """The screen ``asked`` opens on ``played``. ``latest``: the latest game of a kind
        the journal holds (``GameSession.latest``), so a New game carries over each game's
        own last settings; without it only the game being left is seen."""
        if asked is HISTORY:
            return history_step(played)
        if asked is UNDO_RUN_QUESTION:
            return undo_run_step(played)
        if asked is CHOOSE_GAME:
            return new_game_step(played.state, self.front_ends, latest)
        if asked is SHOW_ON_PHONES:
            # On a desktop the view is started now, beside the table (never at start).
            beside = self.phone_view if self.web.enabled else None
            return show_on_phones(self.web, not_started=beside.start() if beside else None)
        if asked is SEATS_ON_PHONES:
            return self.seats() if self.seats is not None else _no_seats()
        if asked is SMART_DICE:
            from device.dice.screen import dice_screen  # the Bluetooth dice: on use

            return dice_screen(self.dice)
        raise ValueError(f"no such question of the app's: {asked.name!r}")


def _no_seats() -> ScreenStep:
    from device.ui.seats.screens import seats_off

    return seats_off()
