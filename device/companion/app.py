"""The main loop: the one thread that calls the rules.

Hardware threads post input events to a queue; the loop blocks on that queue, maps
each input to a command through the controller, commits it to the journal before
anything is shown, and redraws only what changed. It does not sleep in
``pygame.event.wait``: with the kmsdrm and dummy video drivers SDL polls there every
millisecond (2.7 % of a core measured). pygame's own events (keyboard, touch, window)
are looked at 30 times a second while the table is busy and 10 times a second once it
has been quiet for a while, which costs a fraction of that.

What has a life of its own lives beside it: the events the screen lists
(:mod:`device.companion.event_log`), and whether someone is at the table with what the dice
sources are told of it (:mod:`device.companion.attention`).
"""

from __future__ import annotations

import logging
import queue
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import field, replace
from typing import TYPE_CHECKING

import pygame

from device.companion.attention import DiceAttention
from device.companion.event_log import EventLog
from device.companion.questions import AppQuestions
from device.companion.window import Window
from device.dice.links import DiceLink
from device.dice.said import said_by
from device.games import GAMES, Games
from device.service import notify
from device.storage.session import GameSession
from device.storage.store import StoreError
from device.ui.controller import BaseController, with_overlay
from device.ui.front_end import FrontEnd
from device.ui.history import brief, in_short, redoable
from device.ui.phones import DEFAULT_WEB, WebSettings
from device.ui.steps import ScreenStep
from device.ui.wizard import Reaction
from display.screen.screen import Screen
from display.screen.touch import tap_position
from display.view import ReaderState, Status, View
from hardware.events import (
    ButtonPressed,
    DiceRead,
    InputEvent,
    ReaderError,
    ReaderHello,
    ReaderStatus,
    SmartDiceStatus,
    SmartDieProblem,
)
from hardware.keyboard import Keyboard
from rules.commands import Command, Undo
from rules.errors import RulesError
from rules.game import State
from rules.journal import Played, state_json
from rules.text import Text, text
from rules.values import Record

if TYPE_CHECKING:  # the smart dice load only where they are on (device.companion.running)
    from typing import TypeVar

    from device.companion.phone_view import PhoneView
    from device.companion.seats import Desk
    from device.dice.table import DiceTable
    from rules.json_types import StateJSON

    T = TypeVar("T")  # an input, of whatever kind its handler takes

log = logging.getLogger(__name__)

GREETING = "device.fresh_game"  # what a fresh game says until the first press
# Looks per second at pygame's events (keyboard, touch): a tap is answered within 33 ms
# while the table is busy, within 100 ms after QUIET seconds without input.
POLL_BUSY_HZ = 30
POLL_QUIET_HZ = 10
QUIET = 2.0
# Work another thread hands to the main loop, the one thread that calls the rules and writes
# the journal (a seat's command from the phone view): run there, between inputs.
Errand = Callable[[], None]


class Inputs(Record, frozen=False):
    """Where input events come from: a thread-safe queue, plus the keyboard on a desktop
    (``on_key``: a key the simulated dice reader rolls on), and the clock they are timed by."""

    # SimpleQueue: its timed get waits in C on one lock; Queue's builds a Condition and a
    # new lock at every wait, and the idle loop waits ten times a second. None is a wake-up.
    events: queue.SimpleQueue[InputEvent | Errand | None] = field(default_factory=queue.SimpleQueue)
    keyboard: Keyboard | None = None
    on_key: Callable[[pygame.event.Event, Played[State]], None] | None = None
    clock: Callable[[], float] = time.monotonic

    def post(self, event: InputEvent) -> None:
        """Called from hardware threads: the main loop, blocked on this queue, wakes at once."""
        self.events.put(event)

    def hand(self, errand: Errand) -> None:
        """Called from another thread: ``errand`` runs on the main loop, which wakes at once."""
        self.events.put(errand)

    def wake(self) -> None:
        """End the main loop's wait now, with nothing to handle; safe in a signal handler
        (SimpleQueue.put is reentrant). A stop signal must: CPython 3.11's timed
        SimpleQueue.get, interrupted by a signal whose handler returns after the deadline,
        waits again with a negative timeout, which means for ever."""
        self.events.put(None)


# The App's parts below are plain classes, not records: every start makes them, and a
# record's generated methods are compiled at every start's import (device.ui.steps.InTurn).


class DiceSources:
    """Where rolls come from: ``reader``, every source's link (the serial reader, the smart
    dice), what the status line says of it until it reports (``reader_state``), and the
    smart dice' ``table`` (their Dice screen; None: they are off)."""

    __slots__ = ("reader", "reader_state", "table")

    def __init__(
        self,
        reader: DiceLink | None = None,
        reader_state: ReaderState = "simulated",
        table: DiceTable | None = None,
    ) -> None:
        self.reader, self.reader_state, self.table = reader, reader_state, table


class TableSetup:
    """What the table plays with besides its game: the games it knows, the language the
    screen starts in, and the phones: the ``[web]`` settings and the view a desktop starts
    beside it (None: a unit runs it)."""

    __slots__ = ("games", "lang", "phone_view", "web")

    def __init__(
        self,
        games: Games = GAMES,
        lang: str = "en",
        web: WebSettings = DEFAULT_WEB,
        phone_view: PhoneView | None = None,
    ) -> None:
        self.games, self.lang, self.web, self.phone_view = games, lang, web, phone_view


NO_DICE = DiceSources()
DEFAULT_SETUP = TableSetup()


class App:
    """The table's one main loop, from the first frame to the stop.

    It owns: the game session (rules, then the journal on disk), the controller of the game
    being played (switched by :meth:`_follow_the_game` when a command starts a game of
    another kind), what the screen shows besides the game (the result, the event log, the
    status line) and the :class:`~display.screen.screen.Screen` it draws on; the loop's timing
    (how often it looks at pygame's events, the systemd watchdog); and, through
    :class:`DiceAttention`, what the dice sources are told. Inputs arrive on
    :class:`Inputs`; each is dispatched to the controller, whose reaction is applied here,
    and a question only the app can put is opened by its :class:`AppQuestions`.

    It is made of the session and four named parts: the :class:`Window` its frames go to,
    its :class:`Inputs`, its :class:`DiceSources` and its :class:`TableSetup`.
    """

    def __init__(
        self,
        session: GameSession,
        window: Window,
        inputs: Inputs,
        *,
        dice: DiceSources = NO_DICE,
        setup: TableSetup = DEFAULT_SETUP,
    ) -> None:
        # What the table plays, and what it plays with.
        self.session, self.window, self.inputs, self.games = session, window, inputs, setup.games
        self.smart_dice = dice.table  # the smart dice (Bluetooth), when there are any
        self.seats: Desk | None = None  # the phones paired as seats, once there are any
        # What the questions only the app can put need (New game, Show on phones, …).
        self.questions = AppQuestions(
            setup.games.front_ends, setup.web, setup.phone_view, dice.table
        )
        self.questions.seats = self._seats_screen  # the phones as seats: the app holds them
        self._front_end = setup.games.front_end(session.played)
        self.controller: BaseController[State] = self._new_controller(self._front_end, setup.lang)
        self.attention = DiceAttention(dice.reader, inputs.clock)
        # What the screen shows besides the game.
        self.screen = Screen(window.canvas, setup.games.screens)
        # Drawn straight on the window (not on a canvas turned onto it): follows resizes.
        self._on_window = window.canvas is pygame.display.get_surface()
        self.status = Status(reader=dice.reader_state)
        self.log = EventLog()
        self._refused = False  # the error shown is a refused input: the next press clears it
        # What the last press did (its commands' events, or a message), until the next press.
        self.result: Text | None = None
        self.brief: Text | None = None  # the result in the History's words, when shorter
        self._state_json: tuple[State, StateJSON] | None = None
        self._show_the_newest_command()
        self.controller.follow(session.played)
        self.controller.offer_redo(redoable(session.played))
        # The loop.
        self.quit = False
        self._clock = inputs.clock
        self._last_input = self._clock()
        self._last_watchdog = 0.0
        # systemd sets the watchdog before the start and never changes it: read once, not
        # at every turn of the loop (the parse was the idle loop's largest single cost)
        self._watchdog_every = notify.watchdog_interval()

    @property
    def events(self) -> list[Text]:
        """The log the screen lists: everything before the latest result."""
        return self.log.shown

    @property
    def reader(self) -> DiceLink | None:
        return self.attention.reader

    def _show_the_newest_command(self) -> None:
        """At start the screen shows what the journal's newest command did, as it did before
        the restart: a board instruction stays until the next press, a pulled plug
        included. A game with nothing but its start (the first launch's default one, say)
        is greeted instead: the screen says what was started and how to start another."""
        if self.session.last is None:
            return
        cmd, events = self.session.last
        if self.games.rules.started_by(cmd) is None:
            self._show(cmd, events)
            return
        self.log.fresh_game(events)
        # short, so that it fits beside the main screen's choices (the board shows the rest)
        self.result = text(GREETING)

    # --- the loop -----------------------------------------------------------------------

    def run(self) -> None:
        self.draw()
        self._tell_reader()  # a restart in the middle of a roll: the dice know at once
        self._look_at_the_screen()
        self.attention.tell_attended()
        notify.ready(self._status_line())
        try:
            while not self.quit:
                self.run_once(self._timeout())
        finally:
            notify.stopping()

    def run_once(self, timeout: float = 0.0) -> None:
        """Wait up to ``timeout`` seconds for input, handle everything pending, draw if
        anything happened."""
        happened = self._wait_for_input(timeout)
        for event in pygame.event.get():
            happened = True
            self._guarded(self.handle_pygame, event)
        while not self.inputs.events.empty():
            happened = self._handle_queued(self.inputs.events.get_nowait()) or happened
        if self.inputs.keyboard is not None:
            for pressed in self.inputs.keyboard.tick(self._clock()):
                happened = True
                self._guarded(self.handle_input, pressed)
        if happened:
            self._last_input = self._clock()
            self._tell_reader()
            self.draw()
        self.attention.tell_attended()
        self._watchdog()

    def _wait_for_input(self, timeout: float) -> bool:
        if timeout <= 0:
            return False
        try:
            item = self.inputs.events.get(timeout=timeout)
        except queue.Empty:
            return False
        return self._handle_queued(item)

    def _handle_queued(self, item: InputEvent | Errand | None) -> bool:
        """Handle one item of the input queue; whether it was an input (None wakes only)."""
        if item is None:
            return False
        if callable(item):  # an errand: InputEvents are plain records, never callable
            self._guarded(_run, item)
            return True
        self._guarded(self.handle_input, item)
        return True

    def hand(self, errand: Errand) -> None:
        """From another thread: run ``errand`` on this loop (:meth:`Inputs.hand`)."""
        self.inputs.hand(errand)

    def stop(self) -> None:
        """End the loop at once (a stop signal; also from inside its handler)."""
        self.quit = True
        self.inputs.wake()

    def _timeout(self) -> float:
        quiet = self._clock() - self._last_input > QUIET
        wait = 1.0 / (POLL_QUIET_HZ if quiet else POLL_BUSY_HZ)
        interval = self._watchdog_every
        if interval:
            wait = min(wait, max(0.0, self._last_watchdog + interval - self._clock()))
        deadline = self.inputs.keyboard.deadline() if self.inputs.keyboard else None
        if deadline is not None:
            wait = min(wait, max(0.001, deadline - self._clock()))
        return wait

    def _watchdog(self) -> None:
        # From the main loop on purpose: a loop that hangs stops the pings and systemd restarts it.
        interval = self._watchdog_every
        if interval and self._clock() - self._last_watchdog >= interval:
            notify.watchdog()
            self._last_watchdog = self._clock()

    def _guarded(self, handler: Callable[[T], None], item: T) -> None:
        """A bug in handling one input must not take the table down: log it, say so, go on."""
        try:
            handler(item)
        except StoreError as error:
            log.error("journal: %s", error)
            self.status = replace(self.status, saved=False, error=store_failed_text(error))
        except Exception:
            log.error("input %r failed:\n%s", item, traceback.format_exc())
            self.status = replace(self.status, error=text("device.internal_error"))

    # --- inputs -------------------------------------------------------------------------

    def handle_pygame(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit = True
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.screen.invalidate()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            return
        shown = pygame.display.get_surface()
        position = tap_position(event, (shown or self.screen.surface).get_size())
        if position is not None:
            index = self.screen.choice_at(self.window.to_canvas(position))
            self.attention.touched()
            if index is not None:
                self._moved_on()
                self.react(self.controller.tap(index, self.state))
            self._tap_space(self.window.to_canvas(position))
            return
        if self.inputs.on_key is not None:
            self.inputs.on_key(event, self.session.played)
        if self.inputs.keyboard is not None:
            for pressed in self.inputs.keyboard.handle(event, self._clock()):
                self.handle_input(pressed)

    def _resized(self) -> None:
        """The window changed size (a desktop window manager): draw on the new window
        surface, laid out afresh. The old surface must not be drawn on again."""
        shown = pygame.display.get_surface()
        if self._on_window and shown is not None:
            self.screen.surface = shown
        self.screen.invalidate()
        log.info("laid out for %dx%d", *self.screen.surface.get_size())

    def handle_input(self, event: InputEvent) -> None:
        if isinstance(event, ButtonPressed):
            self.attention.touched()
            self._moved_on()
            self.react(self.controller.press(event.button, self.state))
        elif isinstance(event, DiceRead):
            self.attention.touched()  # someone rolled: someone is at the table
            self._dice(event.values, event.source)
        elif isinstance(event, ReaderError):
            self._say(text("notice.reader_error", text=event.text))
        elif isinstance(event, ReaderHello):
            self._inform(text("notice.reader_hello", name=event.name, version=event.version))
        elif isinstance(event, ReaderStatus):
            last = text("device.raw", line=event.last_rejected) if event.last_rejected else None
            self.status = replace(self.status, reader=event.status, rejected=event.rejected,
                                  last_rejected=last)  # fmt: skip
        elif isinstance(event, SmartDiceStatus):
            self._smart_dice(event)
        elif isinstance(event, SmartDieProblem):
            self._say(text(f"dice.problem.{event.problem}", die=event.die, face=event.face))

    def _smart_dice(self, event: SmartDiceStatus) -> None:
        if self.smart_dice is not None:
            self.smart_dice.seen(event)
            words = self.smart_dice.status_words()
            trouble = words is not None and words.key != "dice.status.ready"
            self.status = replace(self.status, dice=words, dice_trouble=trouble)

    def _dice(self, values: tuple[int, ...], source: str = "reader") -> None:
        reaction = self.controller.dice(values, self.state, source)
        if reaction.command is None:
            notice = reaction.notice
            self.react(replace(reaction, notice=notice and said_by(notice, source)))
            return
        try:
            self.submit(reaction.command)
        except RulesError as error:  # a misread: shown as a rejected read, nothing changes
            shown = " ".join(map(str, values))
            misread = said_by(text("notice.misread", values=shown, reason=error.reason), source)
            self.status = replace(self.status, last_rejected=misread)

    def react(self, reaction: Reaction) -> None:
        if reaction.app_question is not None:
            opened = self.questions.open(
                reaction.app_question, self.session.played, self.session.latest
            )
            self.controller.ask(opened)
        if reaction.language is not None:
            self.controller.lang = reaction.language
            self._inform(text("notice.language"))
        if reaction.notice is not None:
            self._say(reaction.notice)
        if reaction.command is not None:
            said: list[Text] = []  # one press's commands are said together
            try:
                for cmd in reaction.commands():  # back in the history: undo by undo
                    self.submit(cmd)
                    said += self.log.latest
            except RulesError as error:
                self._say(text("device.refused", rule=error.rule_words(), reason=error.reason))
            if len(said) > len(self.log.latest):  # several commands: every one's events
                self._say_all(said)
        self._look_at_the_screen()

    def _seats_screen(self) -> ScreenStep:
        from device.companion.seats import seats_screen  # phones as seats: on use

        return seats_screen(self)

    def _say_all(self, events: list[Text]) -> None:
        """The result of a press that made several commands (nobody else performs a Ritual,
        the History's undos): all their events, in one sentence where they say one thing."""
        self.result = text("device.result", events=events)
        self.brief = in_short(events)

    def submit(self, cmd: Command, from_phone: bool = False) -> None:
        """Rules, then the journal on disk, then the screen — in that order. A command
        ``from_phone`` (a seat's) leaves the question the table has open where it is."""
        before, before_id = self.state, self.session.game_id
        outcome = self.session.submit(cmd)  # RulesError: nothing changed
        if not from_phone:
            self.controller.accepted(cmd)  # the controller that made it, before any switch
        if self.seats is not None and self.session.game_id != before_id:
            self.seats.game_started(before, before_id)
        self._follow_the_game()
        self.controller.follow(self.session.played)
        self.controller.offer_redo(redoable(self.session.played))
        self._show(cmd, outcome.events)
        self.status = replace(self.status, saved=True, error=None, last_rejected=None)
        notify.status(self._status_line())

    def _show(self, cmd: Command, events: Sequence[Text]) -> None:
        """``cmd``'s result and the History's shorter words for it, until the next press."""
        starts = self.games.rules.started_by(cmd) is not None
        self.log.accepted(events, starts_a_game=starts, undo=isinstance(cmd, Undo))
        self.result = text("device.result", events=self.log.latest)
        self.brief = brief(self.session.played) if len(self.log.latest) > 1 else None

    def _moved_on(self) -> None:
        """A press: what the last one did was read on the screen right after it (a board
        instruction too: it is whole in the History), so it goes, and no line of it is left
        under the next question; so does a refusal, and the greeting of a fresh game."""
        self.result = self.brief = None
        if self._refused:
            self._refused = False
            self.status = replace(self.status, error=None)

    def _say(self, message: Text) -> None:
        """Input that changed nothing, and why (shown prominently until the next press)."""
        self.status = replace(self.status, error=message)
        self._refused = True

    def journal_in_memory(self) -> None:
        """The journal is kept in memory only this start (the card's data partition cannot
        be used): the status line says so as long as the app runs, never "Journal saved"."""
        self.status = replace(self.status, in_memory=True)

    def warn(self, message: Text) -> None:
        """Something the table must know at start (a journal moved aside, no GPIO): it
        stays until a command is accepted."""
        self.status = replace(self.status, error=message)

    def _inform(self, message: Text) -> None:
        self.result, self.brief = message, None

    def tell(self, message: Text) -> None:
        """Something the table should read that is no command (a phone paired)."""
        self._inform(message)

    def _tell_reader(self) -> None:
        self.attention.tell_wanted(self.session.played.game.wanted_roll(self.state))

    def _look_at_the_screen(self) -> None:
        """Whether the question on the screen keeps the dice listening (the Dice screen).
        Only a reaction opens or leaves that screen, so the idle loop need not build the
        question at every turn."""
        showing = self.controller.showing(self.state)
        self.attention.dice_screen(showing is not None and showing.keeps_dice_listening)

    def _tap_space(self, position: tuple[int, int]) -> None:
        """A finger on a square of a game's grid (the grid, not a menu line)."""
        space = self.screen.space_at(position)
        if space is not None:
            self.react(self.controller.tap_space(space, self.state))

    # --- the screen ---------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.session.state

    def _follow_the_game(self) -> None:
        """After a command: a new game of another kind gets its own controller, in the same
        language (a game of the same kind keeps the one it has)."""
        ui = self.games.front_end(self.session.played)
        if ui is not self._front_end:
            self.controller = self._new_controller(ui, self.controller.lang)
            self._front_end = ui

    def _new_controller(self, ui: FrontEnd, lang: str) -> BaseController[State]:
        """A game's controller, told where the device keeps its own files (beside the journal)."""
        controller = ui.controller(lang)
        controller.files = self.session.store.path.parent
        return controller

    def view(self) -> View:
        prompt = self.controller.prompt(self.state, self.result)
        if prompt.result == self.result and self.brief is not None:
            prompt = replace(prompt, brief=self.brief)
        return View(
            state=self._public_state(),
            prompt=prompt,
            status=self.status,
            lang=self.controller.lang,
        )

    def public_state(self) -> StateJSON:
        """The state JSON as the screen shows it (a cursor, planned moves added)."""
        return self._public_state()

    def _public_state(self) -> StateJSON:
        if self._state_json is None or self._state_json[0] is not self.state:
            self._state_json = (self.state, state_json(self.session.played))
        overlay = self.controller.overlay(self.state)  # a cursor, planned moves
        return with_overlay(self._state_json[1], overlay)

    def draw(self) -> None:
        rects = self.screen.render(self.view())
        if rects:
            self.window.present(rects)

    def _status_line(self) -> str:
        game = self.session.played.game
        return f"game {self.session.game_id}, {game.summary(self.state)}"


def _run(errand: Errand) -> None:
    errand()


def store_failed_text(error: StoreError) -> Text:
    """What the screen says when a command could not be kept, by what went wrong."""
    if error.fault in ("disk_full", "read_only", "locked"):
        return text(f"device.store_failed.{error.fault}")
    return text("device.store_failed")
