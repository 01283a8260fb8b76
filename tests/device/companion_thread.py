"""The companion's app in a thread of its own, its main loop running, as ``celaeno run`` runs
it (a headless surface of the given size): the real :class:`App`, its seats' desk on the real
socket, its real screen. The test's thread asks it things on that loop (:meth:`Companion.call`),
the one thread that may touch its journal, as a button's handler would."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pygame

from device.companion.app import App, Inputs, TableSetup
from device.games import GAMES
from device.storage.session import GameSession
from device.storage.store import Store
from device.ui.phones import WebSettings
from device.words import add_layer_words
from rules.journal import parse
from tests.device.conftest import Offscreen

T = TypeVar("T")


class Companion:
    def __init__(self, state_dir: Path, first: dict[str, Any], size: tuple[int, int],
                 lang: str, web: WebSettings) -> None:  # fmt: skip
        self._state_dir, self._first, self._size = state_dir, first, size
        self._lang, self._web = lang, web
        self._ready: queue.SimpleQueue[App | BaseException] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="companion", daemon=True)
        self._thread.start()
        found = self._ready.get(timeout=60)
        if isinstance(found, BaseException):
            raise found
        self.app = found

    def _run(self) -> None:
        try:
            add_layer_words()
            pygame.init()
            self._state_dir.mkdir(parents=True, exist_ok=True)
            store = Store.open(self._state_dir / "journal.sqlite3")
            session, _ = GameSession.resume(store, parse(self._first, GAMES.rules),
                                            GAMES.rules)  # fmt: skip
            setup = TableSetup(GAMES, self._lang, self._web)
            app = App(session, Offscreen(pygame.Surface(self._size)), Inputs(), setup=setup)
        except BaseException as error:
            self._ready.put(error)
            raise
        self._ready.put(app)
        try:
            while not app.quit:
                app.run_once(0.05)
        finally:
            if app.seats is not None:
                app.seats.close()
            store.close()

    def call(self, job: Callable[[App], T], timeout: float = 30) -> T:
        """``job(app)`` run on the companion's main loop; its result (or its exception)."""
        answers: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()

        def errand() -> None:
            try:
                answers.put((True, job(self.app)))
            except BaseException as error:
                answers.put((False, error))

        self.app.hand(errand)
        ok, found = answers.get(timeout=timeout)
        if not ok:
            raise found
        return found  # type: ignore[no-any-return]

    def stop(self) -> None:
        self.app.quit = True
        self.app.inputs.wake()
        self._thread.join(30)


@contextmanager
def companion(state_dir: Path, first: dict[str, Any], size: tuple[int, int] = (800, 480),
              lang: str = "en", web: WebSettings | None = None) -> Iterator[Companion]:  # fmt: skip
    running = Companion(state_dir, first, size, lang, web or WebSettings(True, "127.0.0.1", 8080))
    try:
        yield running
    finally:
        running.stop()
