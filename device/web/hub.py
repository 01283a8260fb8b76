"""The journal follower's output, rendered once per change and handed to every page.

A background task polls the journal (:class:`device.web.feed.Feed`) in a worker
thread, so a long first replay never stalls the server's event loop. When the journal
moved on, the update is rendered once for each language a page watches in, still in that
thread, and each connected page is woken; every page then sends the newest update itself.
A language nobody watches is rendered when first asked for (a page switching to it, a
snapshot): a commit reaches the phones without waiting for words no phone reads. A page
whose phone stopped reading only ever holds the newest update, so a slow phone neither
delays the others nor piles up memory.

The command has the hub read the journal (:meth:`Hub.catch_up`) before the server
takes its first connection: a view that starts (after a crash or a restart) answers its
first phone with the committed state, never with an empty one said as "the table is not
running".
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from device.games import Games
from device.web.feed import Feed, Snapshot
from device.web.watch import watch
from display.web.games import PHONE_PARTS, PhonePart
from display.web.html import escape
from display.web.page import WebView, live_html, script_words
from rules.game import State
from rules.journal import Played, secrets_json
from rules.parts import Parts
from rules.text import LANGUAGES, Text, translate
from rules.values import Record

if TYPE_CHECKING:
    from rules.json_types import ProposalsJSON

log = logging.getLogger(__name__)

POLL_INTERVAL = 0.05  # seconds between looks at the journal without inotify
WATCHED_INTERVAL = 1.0  # with inotify: a look once a second in case an event was lost
SETTLE = 0.5  # seconds after the table wrote during which a commit may still appear
SETTLE_INTERVAL = 0.005  # seconds between looks then
# ... and once a look found a commit and no write came since: a second commit written
# just before that look (its WAL write already seen) may still become visible.
SETTLED_INTERVAL = 0.05


class Messages(Mapping[str, bytes]):
    """Each language's SSE message for one view, rendered the first time it is asked for
    and then kept (the view is frozen, so its words never change)."""

    def __init__(self, view: WebView, parts: Parts[PhonePart]) -> None:
        self._view = view
        self._parts = parts
        self._made: dict[str, bytes] = {}

    def __getitem__(self, lang: str) -> bytes:
        found = self._made.get(lang)
        if found is None:
            if lang not in LANGUAGES:
                raise KeyError(lang)
            found = self._made[lang] = sse_message(self._view, lang, self._parts)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


class SeatParts:
    """Each seat's part of the page for one update, and its SSE message (the public one with
    the seat's part: what only that faction may see goes to its phones alone), made the first
    time a seat's page asks, in a worker thread: what the table proposes may be asked of the
    companion then (``proposals``), once for the update."""

    def __init__(
        self,
        view: WebView,
        played: Played[State] | None,
        parts: Parts[PhonePart],
        proposals: Callable[[], ProposalsJSON],
    ) -> None:
        self._view, self._played, self._parts = view, played, parts
        self._ask = proposals
        self._proposals: ProposalsJSON | None = None
        self._made: dict[tuple[str, str], tuple[str, bytes]] = {}
        self._lock = threading.Lock()

    def html(self, faction: str, lang: str) -> str:
        return self._make(faction, lang)[0]

    def message(self, faction: str, lang: str) -> bytes:
        return self._make(faction, lang)[1]

    def kept(self, faction: str, lang: str) -> bool:
        """Whether the seat's part is made for good: not while the proposals it needs are
        missing from a running table (it was slow to answer), so that it is asked again."""
        return (faction, lang) in self._made

    def _make(self, faction: str, lang: str) -> tuple[str, bytes]:
        with self._lock:
            found = self._made.get((faction, lang))
            if found is None:
                html = self._seat_html(faction, lang)
                found = (html, sse_message(self._view, lang, self._parts, seat=html))
                missing = self._proposals == {} and self._view.table_running
                if not (missing and self._needs_proposals()):
                    self._made[(faction, lang)] = found
                else:
                    self._proposals = None  # ask again next time
            return found

    def _needs_proposals(self) -> bool:
        """Whether the pending decision is one the game's seat part shows proposals for."""
        if self._view.state is None:
            return False
        # any game's state: a game whose state JSON has no ``pending`` proposes nothing
        state: Mapping[str, object] = self._view.state
        pending = state.get("pending")
        kinds = self._parts.get(self._view.state["game"]).proposed_for
        return isinstance(pending, Mapping) and pending.get("kind") in kinds

    def _seat_html(self, faction: str, lang: str) -> str:
        state, played = self._view.state, self._played
        if state is None or played is None:
            return ""
        part = self._parts.get(state["game"])
        if part.seat is None:  # Shadows over Normandie: its page stays read-only
            return f'<p class="notice">{escape(translate("seat.read_only_game", lang))}</p>'

        return part.seat(state, secrets_json(played, faction), faction, self._proposed(), lang)

    def _proposed(self) -> ProposalsJSON:
        """Asked only while the table proposes something a seat answers (Gather Power, a
        Ritual): most updates ask the companion nothing."""
        if not self._needs_proposals():
            return {}
        if self._proposals is None:
            self._proposals = self._ask()
        return self._proposals


class Update(Record):
    """One journal position rendered: the SSE message for each language, and each seat's."""

    position: int
    messages: Mapping[str, bytes]
    view: WebView
    seats: SeatParts | None = None


def waiting_for(played: Played[State] | None, games: Games) -> Text | None:
    """What the table waits for, as its screen says it when no menu is open (a fresh
    controller's question for this state: the pending roll, split or payment, or the
    main screen's)."""
    if played is None:
        return None
    return games.front_end(played).controller("en").prompt(played.state).title


def sse_message(
    view: WebView, lang: str, parts: Parts[PhonePart] = PHONE_PARTS, seat: str | None = None
) -> bytes:
    """One update as an event; ``seat``: a seat's part, for that seat's phones only."""
    payload: dict[str, object] = {  # dumped at once
        "position": view.position,
        "journal": view.journal,
        "lang": lang,
        "title": translate("web.title", lang),
        "words": script_words(lang),
        "html": live_html(view, lang, parts),
    }
    if seat is not None:
        payload["seat"] = seat
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return f"id: {view.position}\ndata: {data}\n\n".encode()


class Hub:
    def __init__(self, feed: Feed, proposals: Callable[[], ProposalsJSON] | None = None) -> None:
        self.feed = feed
        # What the table proposes to a seat (asked of the companion); None: no seats here.
        self.proposals = proposals
        self.watched: Counter[str] = Counter()  # open event streams by language
        self.update = self._render()
        self._changed = asyncio.Event()

    def next_change(self) -> asyncio.Event:
        """Set when the update after the current one is there (never reset: a new one
        is made for every change, so no page can miss one)."""
        return self._changed

    async def follow(self) -> None:
        """Follow the journal forever (woken by inotify where there is one, else polling);
        wake every page when it moved on.

        A commit becomes visible to readers when the table updates the WAL index in the
        ``-shm`` file, a shared memory map that raises no inotify event, after its last
        write to the ``-wal`` file and the fsync. So after writes are seen the journal is
        looked at every :data:`SETTLE_INTERVAL` for :data:`SETTLE` seconds; once a look
        found the commit and no write came since, only every :data:`SETTLED_INTERVAL`:
        each look takes the journal's read locks and wakes a core the table may want."""
        directory = watch(self.feed.path.parent)
        woken = asyncio.Event()
        loop = asyncio.get_running_loop()
        last_write = -SETTLE
        found = False  # a look found a commit after the latest write was seen

        def wake() -> None:
            nonlocal last_write, found
            assert directory is not None
            if directory.drain():
                last_write, found = loop.time(), False
                woken.set()

        if directory is not None:
            loop.add_reader(directory.fileno(), wake)
        try:
            while True:
                woken.clear()  # before looking: a write during the look wakes the next wait
                looked_at = loop.time()
                if await self._look() and last_write < looked_at:
                    found = True
                if directory is None:
                    interval = POLL_INTERVAL if self.feed.table_running else WATCHED_INTERVAL
                elif loop.time() - last_write < SETTLE:
                    interval = SETTLED_INTERVAL if found else SETTLE_INTERVAL
                else:
                    interval = WATCHED_INTERVAL
                with contextlib.suppress(TimeoutError):  # not wait_for: see Pages._stream
                    async with asyncio.timeout(interval):
                        await woken.wait()
        finally:
            if directory is not None:
                loop.remove_reader(directory.fileno())
                directory.close()

    async def catch_up(self) -> None:
        """Read the journal once before any page is served, so that the first message a
        page gets is the committed state (and the current game's parts are loaded)."""
        await self._look()

    async def _look(self) -> bool:
        """Render and wake the pages if the journal moved on; True if it did."""
        update = None
        try:
            if self.feed.may_have_changed():  # cheap, so in the loop; reading is not
                update = await asyncio.to_thread(self._poll)
        except Exception:  # a bug here must not stop the pages from being served
            log.exception("following the journal failed")
        if update is None:
            return False
        self.update = update
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
        return True

    def _poll(self) -> Update | None:
        return self._render() if self.feed.refresh() else None

    def _render(self) -> Update:
        """The update, with the message of each language a page watches in already
        rendered (here, in the worker thread: not on the loop that serves the pages)."""
        view = self.view(self.feed.snapshot())
        parts = self.feed.games.phone_parts
        messages = Messages(view, parts)
        for lang in LANGUAGES:  # not the counter's keys: the loop may change it meanwhile
            if self.watched[lang]:
                messages[lang]
        seats = None
        if self.proposals is not None:
            seats = SeatParts(view, self.feed.played, parts, self.proposals)
        return Update(view.position, messages, view, seats)

    def view(self, snapshot: Snapshot) -> WebView:
        return WebView(
            position=snapshot.position,
            journal=snapshot.journal,
            state=snapshot.state,
            waiting=waiting_for(self.feed.played, self.feed.games),
            recent=snapshot.recent,
            undone=snapshot.undone,
            history=snapshot.history,
            table_running=snapshot.table_running,
            problem=snapshot.problem,
        )
