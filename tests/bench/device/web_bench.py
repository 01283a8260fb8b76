"""Benchmark: the phone view (``celaeno web``) — how fast a commit reaches a page, what it
costs the table, and its memory.

Run: ``.venv/bin/python -m tests.bench.device.web_bench [--commits 100] [--hold 60]`` (needs
chromium: ``apt-get install chromium``; Playwright drives it, nothing is downloaded).

1. commit → page updated: the bench commits ``next_phase`` through the device's own
   store and session (as the table does); a MutationObserver in a real chromium page
   stamps the moment the live region changed. p50/p99 with 1 page, then with 50 pages
   connected (the measured page plus 49 more event streams, read as a phone would).
2. the table's input → frame (``tests.bench.device.input_latency``, every other press
   committing a command the view then pushes) with no phone view and with the view
   serving 50 pages, as a paired comparison: ``--rounds`` rounds, each running both
   (in alternating order, so a drift of the machine falls on both alike), every round's
   figures printed beside the pooled ones so the noise shows next to the difference;
   the presses that only draw and those that commit (fsync) apart. The 49 stand-in
   phones are another process on the same machine, at the lowest priority the kernel
   has (SCHED_IDLE): real phones are other machines, and what they cost this one here
   is printed apart (CPU per commit) rather than counted against the view.
3. the web process's CPU while the table is idle (it is woken by inotify, not a timer);
   its memory (VmRSS) with 0 connections, with 200 event streams held
   for ``--hold`` seconds (one commit a second pushed to all), and after they dropped
   (and the view gave memory back, :mod:`device.web.release`), ``--cycles`` times, with
   the slowest answer to a phone asking meanwhile; beside a control: the same commits
   in a fresh view with no stream open.

``--only pages --against CHECKOUT`` times commit → page with one page open, in rounds, for
the view of that checkout and of this one on the same game without the scoreboard and of
this one on a game that keeps it (the replay benchmark's journals, committed line by line).
With ``--instructions`` it counts instead what the view executes for the same commits under
valgrind's callgrind, each commit made once the last one reached an event stream, so that
the view sends every commit on its own and the host's load does not move the count.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from device.settings.config import default_config
from device.settings.places import default_game
from device.storage.session import GameSession
from device.storage.store import Store
from device.web.release import resident_mib
from device.web.server import RELEASE_DELAY
from rules.cthulhu_wars.commands import NextPhase
from rules.games import RULES
from rules.journal import parse_line
from tests.bench.device import machine
from tests.bench.device.harness import (
    CLOCK_TICKS,
    callgrind_control,
    callgrind_counts,
    environment,
    percentile,
)
from tests.bench.device.input_latency import measure as table_latency
from tests.bench.device.replay_bench import CHECKOUT, journal

CHROMIUM = os.environ.get("CELAENO_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
# systemd/celaeno-web.service runs the view at Nice=10 and CPUSchedulingPolicy=idle.
VIEW_NICE = 10
VIEW_POLICY = os.SCHED_IDLE
OBSERVE = """() => {
  window.seen = {};
  const view = document.getElementById('view');
  new MutationObserver(() => {
    window.seen[view.dataset.position] = performance.timeOrigin + performance.now();
  }).observe(view, {attributes: true, childList: true});
}"""


def as_the_unit() -> None:
    """In the view's child process before it runs: the unit's Nice= and CPUSchedulingPolicy=."""
    os.nice(VIEW_NICE)
    os.sched_setscheduler(0, VIEW_POLICY, os.sched_param(0))


def as_other_machines() -> None:
    """The stand-in phones: out of the way of both the table and the view."""
    os.nice(19)
    os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def view_log(state_dir: Path) -> Path:
    return state_dir / "web.log"


def settled_rss(port: int, pid: int) -> float:
    """VmRSS once the view served its page and sat idle for two seconds."""
    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30).read()
    time.sleep(2)
    return rss_mib(pid)


@contextmanager
def web_server(
    state_dir: Path, max_pages: int, source: Path | None = None, under: Sequence[str] = ()
) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """``celaeno web`` as its unit runs it; ``source``: from that checkout instead of this
    one (a before/after comparison: its ``device`` package is found first from there);
    ``under``: a command it runs under (valgrind's), at the ordinary priority, as the
    unit's lowest one would leave it waiting for minutes on a busy host."""
    port = free_port()
    argv = [*under, sys.executable, "-m", "device.cli", "web", "--state-dir", str(state_dir),
            "--address", "127.0.0.1", "--port", str(port),
            "--max-pages", str(max_pages)]  # fmt: skip
    with view_log(state_dir).open("ab") as log:
        process = subprocess.Popen(
            argv,
            env=environment(),
            stdout=log,
            stderr=log,
            preexec_fn=None if under else as_the_unit,
            cwd=source,
        )
    try:
        for _ in range(300 if not under else 6000):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/snapshot", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        yield port, process
    finally:
        process.terminate()
        try:
            process.wait(10 if not under else 300)
        except subprocess.TimeoutExpired:  # at the lowest priority on a busy host
            process.kill()
            process.wait(10)


DRAIN = """
import selectors, socket, sys
port, count = int(sys.argv[1]), int(sys.argv[2])
selector = selectors.DefaultSelector()
for _ in range(count):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET /events?lang=en HTTP/1.1\\r\\nHost: bench\\r\\n\\r\\n")
    sock.setblocking(False)
    selector.register(sock, selectors.EVENT_READ)
selector.register(sys.stdin, selectors.EVENT_READ)
print("open", flush=True)
while True:
    for key, _ in selector.select():
        if key.fileobj is sys.stdin:
            sys.exit(0)
        try:
            key.fileobj.recv(65536)
        except OSError:
            pass
"""


class Streams:
    """``count`` event streams, read continuously as phones would, by another process:
    in this one they would take the interpreter's lock from the table being measured.
    The phones are other machines, so that process runs at the lowest priority."""

    pid: int

    def __init__(self, port: int, count: int) -> None:
        self._process = subprocess.Popen(
            [sys.executable, "-c", DRAIN, str(port), str(count)],
            preexec_fn=as_other_machines,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._process.stdout is not None
        if self._process.stdout.readline().strip() != "open":
            raise RuntimeError("the event streams did not open")
        self.pid = self._process.pid

    def close(self) -> None:
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait(10)


def rss_mib(pid: int) -> float:
    """The view's VmRSS, read as the view reads its own (device.web.release)."""
    found = resident_mib(Path(f"/proc/{pid}/status"))
    if found is None:
        raise RuntimeError(f"no VmRSS for process {pid}")
    return found


def commit_to_page(
    session: GameSession, page: Any, commits: int, lines: Iterator[str] | None = None
) -> list[float]:
    """Milliseconds from a durable commit to the page's live region changing; the commits are
    ``next_phase``, or the journal ``lines`` in turn."""
    page.evaluate(OBSERVE)
    found = []
    for _ in range(commits):
        time.sleep(random.uniform(0.05, 0.15))  # not in step with the server's polling
        committed = time.time() * 1000
        if lines is None:
            session.submit(NextPhase())
        else:
            session.submit_line(next(lines))
        position = sum(game.commands for game in session.store.games())
        deadline = time.monotonic() + 5
        while (seen := page.evaluate(f"window.seen['{position}']")) is None:
            if time.monotonic() > deadline:
                raise TimeoutError(f"position {position} never reached the page")
            time.sleep(0.002)
        found.append(seen - committed)
    return found


def page_latency(
    commits: int, extra_pages: int, source: Path | None = None, scoreboard: bool | None = None
) -> list[float]:
    """Commit → page with ``extra_pages`` more streams open. ``scoreboard`` true or false: the
    game is the replay benchmark's journal, with the scoreboard or without, committed line
    by line (None: ``next_phase`` in the configured table's game); ``source``: the view of
    that checkout."""
    from playwright.sync_api import sync_playwright

    lines = None if scoreboard is None else iter(journal(commits + 1, scoreboard))
    with tempfile.TemporaryDirectory(prefix="celaeno-web-bench-") as tmp:
        state_dir = Path(tmp)
        with Store.open(state_dir / "journal.sqlite3") as store:
            first = default_game(default_config(), RULES)
            if lines is not None:
                first = parse_line(next(lines), RULES) or first
            session = GameSession.start(store, first, RULES)
            with web_server(state_dir, 64, source) as (port, _process), sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{port}/")
                page.wait_for_selector("#connection.live")
                streams = Streams(port, extra_pages)
                time.sleep(1)
                try:
                    return commit_to_page(session, page, commits, lines)
                finally:
                    streams.close()
                    browser.close()


@dataclass
class TableRun:
    draw: list[float]  # ms, presses that only draw
    commit: list[float]  # ms, presses that commit a command
    view_cpu: float = 0.0  # seconds of CPU the view used meanwhile
    phones_cpu: float = 0.0  # seconds of CPU the stand-in phones used meanwhile


def table_cost(presses: int, pages: int) -> TableRun:
    with tempfile.TemporaryDirectory(prefix="celaeno-web-bench-") as tmp:
        state_dir = Path(tmp)
        if not pages:
            ms = [t * 1000 for t in table_latency(presses, state_dir, committing=True)]
            return TableRun(ms[0::2], ms[1::2])  # PHASE only draws, OK commits
        with web_server(state_dir, 64) as (port, process):
            streams = Streams(port, pages)
            try:
                time.sleep(1)  # the view and the streams settled
                view, phones = cpu_seconds(process.pid), cpu_seconds(streams.pid)
                ms = [t * 1000 for t in table_latency(presses, state_dir, committing=True)]
                view, phones = cpu_seconds(process.pid) - view, cpu_seconds(streams.pid) - phones
                return TableRun(ms[0::2], ms[1::2], view, phones)
            finally:
                streams.close()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime + stime


def idle_cpu(seconds: float) -> float:
    """Per cent of one core the view uses while the table runs and nobody plays."""
    with tempfile.TemporaryDirectory(prefix="celaeno-web-bench-") as tmp:
        state_dir = Path(tmp)
        with Store.open(state_dir / "journal.sqlite3") as store:
            GameSession.resume(store, default_game(default_config(), RULES), RULES)
            with web_server(state_dir, 64) as (_port, process):
                time.sleep(2)
                before = cpu_seconds(process.pid)
                time.sleep(seconds)
                return (cpu_seconds(process.pid) - before) / seconds * 100


@dataclass(frozen=True)
class Cycle:
    held: float  # MiB, the most while the streams were open
    after: float  # MiB, once they dropped and the view settled
    longest: float  # seconds, the slowest answer to a phone asking meanwhile
    blocks: int | None  # alive in the view when it let go (its log); None: it did not


def live_blocks(state_dir: Path) -> int | None:
    """The blocks alive in the view when it last let go of what the phones held."""
    said = re.findall(
        r"the last page closed: .*?(\d+) blocks live", view_log(state_dir).read_text()
    )
    return int(said[-1]) if said else None


def asking(port: int, seconds: float) -> float:
    """Ask for the state every 50 ms for ``seconds``, as a phone arriving would: the
    longest answer."""
    longest = 0.0
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        asked = time.monotonic()
        urllib.request.urlopen(f"http://127.0.0.1:{port}/snapshot", timeout=30).read()
        longest = max(longest, time.monotonic() - asked)
        time.sleep(0.05)
    return longest


def memory(connections: int, hold: float, cycles: int) -> tuple[float, list[Cycle]]:
    """VmRSS idle, then each cycle of ``connections`` event streams held ``hold``
    seconds with one commit a second pushed to all, and dropped.

    With ``connections`` 0 it is the control: the same commits, in a fresh view, with
    no stream ever open; what it keeps is the game growing, not the phones."""
    with tempfile.TemporaryDirectory(prefix="celaeno-web-bench-") as tmp:
        state_dir = Path(tmp)
        with Store.open(state_dir / "journal.sqlite3") as store:
            session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
            with web_server(state_dir, connections + 50) as (port, process):
                idle = settled_rss(port, process.pid)
                found = []
                for _ in range(cycles):
                    streams = Streams(port, connections) if connections else None
                    held = 0.0
                    started = time.monotonic()
                    while time.monotonic() - started < hold:
                        session.submit(NextPhase())  # an update a second, pushed to every page
                        time.sleep(1)
                        held = max(held, rss_mib(process.pid))
                    if streams is not None:
                        streams.close()
                    longest = asking(port, RELEASE_DELAY + 3)  # and memory given back
                    after = settled_rss(port, process.pid)
                    found.append(Cycle(held, after, longest, live_blocks(state_dir)))
                return idle, found


def followed_game(commands: int) -> float:
    """KiB the view holds (tracemalloc, after a collection) once it followed a game of
    ``commands`` commands: the state it shows and the history it keeps for undo."""
    from device.games import GAMES
    from device.web.feed import Feed

    with tempfile.TemporaryDirectory(prefix="celaeno-web-bench-") as tmp:
        path = Path(tmp) / "journal.sqlite3"
        with Store.open(path) as store:
            session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
            for _ in range(commands):
                session.submit(NextPhase())
        gc.collect()
        tracemalloc.start()
        try:
            feed = Feed(path, GAMES)
            feed.refresh()
            feed.snapshot()
            gc.collect()
            held, _peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        feed.close()
        return held / 1024


def summary(ms: list[float]) -> str:
    return (
        f"p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, max {max(ms):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=100)
    parser.add_argument("--presses", type=int, default=500, help="per run of the table")
    parser.add_argument("--rounds", type=int, default=8, help="paired rounds, table figures")
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--hold", type=float, default=60.0)
    parser.add_argument("--cycles", type=int, default=3, help="hold-and-drop rounds")
    parser.add_argument("--only", choices=("table", "pages", "memory"), default=None)
    parser.add_argument(
        "--against",
        metavar="CHECKOUT",
        type=Path,
        help="with --only pages: commit -> page paired with the view of that checkout, "
        "and with a game that keeps the scoreboard (--rounds rounds)",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="with --against: count the view's instructions instead (valgrind)",
    )
    args = parser.parse_args()
    print(f"machine: {machine()}")
    if args.against is not None and args.instructions:
        view_instruction_figures(args.commits, args.against)
        return
    if args.against is not None:
        paired_page_figures(args.commits, args.rounds, args.against)
        return
    if args.only in (None, "table"):
        table_figures(args.presses, args.rounds)
    if args.only in (None, "pages"):
        page_figures(args.commits)
    if args.only in (None, "memory"):
        memory_figures(args.connections, args.hold, args.cycles)


def table_figures(presses: int, rounds: int) -> None:
    print(f"web process idle CPU, table running, nothing played: {idle_cpu(30):.2f} % of a core")
    # Presses that commit wait for the fsync, whose spread on a shared disk would hide
    # what the view costs the table's CPU: the two kinds are shown apart.
    print(f"table input -> frame p99 in ms, {presses // 2} presses of each kind per run; "
          "each round runs the table alone and beside the view serving 50 pages")  # fmt: skip
    pooled = {0: TableRun([], []), 50: TableRun([], [])}
    gaps: dict[str, list[float]] = {"draw": [], "commit": []}
    for number in range(1, rounds + 1):
        order = (0, 50) if number % 2 else (50, 0)
        found = {pages: table_cost(presses, pages) for pages in order}
        for pages, run in found.items():
            pooled[pages].draw += run.draw
            pooled[pages].commit += run.commit
            pooled[pages].view_cpu += run.view_cpu
            pooled[pages].phones_cpu += run.phones_cpu
        words = []
        for kind in ("draw", "commit"):
            alone = percentile(getattr(found[0], kind), 0.99)
            beside = percentile(getattr(found[50], kind), 0.99)
            gaps[kind].append(beside - alone)
            words.append(f"{kind} {alone:5.1f} alone, {beside:5.1f} with 50 pages "
                         f"({beside - alone:+5.1f})")  # fmt: skip
        first = "alone first" if order[0] == 0 else "50 pages first"
        print(f"  round {number} ({first}): " + "; ".join(words))
    for pages, run in pooled.items():
        print(f"table input -> frame, phone view with {pages} pages, {rounds} rounds pooled: "
              f"presses that draw: {summary(run.draw)}; "
              f"presses that commit: {summary(run.commit)}")  # fmt: skip
    for kind, found_gaps in gaps.items():
        ordered = sorted(found_gaps)
        print(f"  p99 with 50 pages minus alone, presses that {kind}: median of rounds "
              f"{statistics.median(ordered):+.1f} ms (rounds from {ordered[0]:+.1f} "
              f"to {ordered[-1]:+.1f})")  # fmt: skip
    per_commit = 1000 / len(pooled[50].commit)
    print(f"  CPU per commit pushed to 50 pages: the view {pooled[50].view_cpu * per_commit:.1f}"
          f" ms; the 49 stand-in phones (another machine in reality) "
          f"{pooled[50].phones_cpu * per_commit:.1f} ms")  # fmt: skip


def page_figures(commits: int) -> None:
    for extra in (0, 49):
        ms = page_latency(commits, extra)
        print(f"commit -> page updated (chromium), {extra + 1} connected pages, "
              f"{len(ms)} commits: {summary(ms)}")  # fmt: skip


class Phone:
    """One event stream read by the bench itself, so that it knows when a commit reached it."""

    def __init__(self, port: int) -> None:
        self._sock = socket.create_connection(("127.0.0.1", port))
        self._sock.sendall(b"GET /events?lang=en HTTP/1.1\r\nHost: bench\r\n\r\n")
        self._tail = b""
        self.position = -1  # the newest position the view sent

    def reached(self, position: int, timeout: float = 120.0) -> None:
        """Read the stream until the view sent ``position`` (or a later one)."""
        deadline = time.monotonic() + timeout
        while self.position < position:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"position {position} never reached the event stream")
            self._sock.settimeout(left)
            data = self._tail + self._sock.recv(1 << 20)
            if len(data) == len(self._tail):
                raise ConnectionError("the view closed the event stream")
            for found in re.findall(rb"^id: (\d+)$", data, re.MULTILINE):
                self.position = max(self.position, int(found))
            self._tail = data[-32:]  # an id line cut in two by the read

    def close(self) -> None:
        self._sock.close()


def view_instructions(commits: int, source: Path | None, scoreboard: bool) -> int:
    """Instructions the view executes (callgrind, every thread) while ``commits`` lines of the
    replay benchmark's journal are committed, with one phone's event stream open: from just
    before the first to 3 s after the last. Each commit follows the last one's arrival on the
    stream by 0.1 s, so the view renders and sends every commit on its own whatever the host's
    load: committed on a clock instead, a view slowed down (valgrind runs it many times slower,
    on a busy host slower still) takes several commits in one look and draws the page once
    for them, and the count would say how much CPU the host left it, not what a commit costs."""
    lines = iter(journal(commits + 1, scoreboard))
    cache_bytecode(source or Path(CHECKOUT))
    with tempfile.TemporaryDirectory(prefix="celaeno-web-bench-") as tmp:
        state_dir = Path(tmp)
        out = state_dir / "callgrind.out"
        under = ["valgrind", "--tool=callgrind", "--separate-threads=yes",
                 f"--callgrind-out-file={out}.%p"]  # fmt: skip
        with Store.open(state_dir / "journal.sqlite3") as store:
            first = parse_line(next(lines), RULES)
            assert first is not None
            session = GameSession.start(store, first, RULES)
            with web_server(state_dir, 64, source, under) as (port, process):
                phone = Phone(port)
                try:
                    phone.reached(position(session))
                    time.sleep(5)
                    callgrind_control("-z", process.pid)
                    for line in lines:
                        session.submit_line(line)
                        phone.reached(position(session))
                        time.sleep(0.1)
                    time.sleep(3)
                    callgrind_control("--dump=commits", process.pid)
                finally:
                    phone.close()
            return sum(
                callgrind_counts(state_dir.glob(f"callgrind.out.{process.pid}.1-*")).values()
            )


def cache_bytecode(checkout: Path) -> None:
    """Compile the checkout's packages, as a Pi has them: a module the view first imports
    while counted (at the game's end, say) would else count its compiling in the first run
    from a fresh copy (8 % more, with the scoreboard)."""
    command = [sys.executable, "-m", "compileall", "-q", "rules", "device", "display"]
    subprocess.run(command, cwd=checkout, check=True, capture_output=True)


def position(session: GameSession) -> int:
    """The journal's position, as the view numbers its updates."""
    return sum(game.commands for game in session.store.games())


def view_instruction_figures(commits: int, against: Path) -> None:
    print(f"the view's instructions while {commits} commands are committed (callgrind), "
          f"one event stream open; against: {against}")  # fmt: skip
    runs = {name: view_instructions(commits, against if name.startswith("against") else None,
                                    scoreboard=name.endswith("scoreboard"))
            for name in PAGE_RUNS}  # fmt: skip
    for name, count in runs.items():
        ratio = count / runs[PAGE_RUNS[0]]
        print(f"  {name}: {count / 1e6:,.1f} million, {count / commits / 1e3:,.0f} thousand a "
              f"commit ({ratio:.3f} of against)")  # fmt: skip


# What a paired run of the pages compares: the view of another checkout on a game without
# the scoreboard, and this checkout's on the same game and on one that keeps the scoreboard.
PAGE_RUNS = ("against, without", "this, without", "this, with the scoreboard")


def paired_page_figures(commits: int, rounds: int, against: Path) -> None:
    """Commit → page, 1 page: each round runs the three in turn, each starting in its turn,
    so that the machine's drift falls on all three alike."""
    print(f"commit -> page updated (chromium), 1 page, {commits} commits a run, {rounds} rounds; "
          f"against: {against}; load average {os.getloadavg()[0]:.2f}")  # fmt: skip
    pooled: dict[str, list[float]] = {name: [] for name in PAGE_RUNS}
    p99s: dict[str, list[float]] = {name: [] for name in PAGE_RUNS}
    for number in range(rounds):
        order = PAGE_RUNS[number % 3 :] + PAGE_RUNS[: number % 3]
        for name in order:
            ms = page_latency(commits, 0, against if name.startswith("against") else None,
                              scoreboard=name.endswith("scoreboard"))  # fmt: skip
            pooled[name] += ms
            p99s[name].append(percentile(ms, 0.99))
        print(f"  round {number + 1}: p99 " + ", ".join(
            f"{name} {p99s[name][-1]:.1f} ms" for name in PAGE_RUNS))  # fmt: skip
    for name in PAGE_RUNS:
        print(f"{name}: pooled {summary(pooled[name])}; median of the rounds' p99 "
              f"{statistics.median(p99s[name]):.1f} ms")  # fmt: skip
    base = p99s[PAGE_RUNS[0]]
    for name in PAGE_RUNS[1:]:
        ratios = [a / b for a, b in zip(p99s[name], base, strict=True)]
        print(f"  p99 {name} / against, round by round: median {statistics.median(ratios):.3f} "
              f"(from {min(ratios):.3f} to {max(ratios):.3f})")  # fmt: skip
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


def memory_figures(connections: int, hold: float, cycles: int) -> None:
    # The control first, in a view of its own: the same rounds of commits with no
    # stream open, so what the streams leave behind shows apart from the game growing.
    game = 2000
    print(f"the view's memory once it followed a {game:,}-command game: "
          f"{followed_game(game):.0f} KiB (tracemalloc)")  # fmt: skip
    control_idle, control = memory(0, hold, cycles)
    print(f"web process memory (VmRSS), control without streams: {control_idle:.1f} MiB idle")
    for number, cycle in enumerate(control, start=1):
        print(f"  round {number}: {cycle.after:.1f} MiB after {hold:.0f} commits, one a second "
              f"({cycle.after - control_idle:+.1f} MiB from idle)")  # fmt: skip
    idle, found = memory(connections, hold, cycles)
    print(f"web process memory (VmRSS): {idle:.1f} MiB with 0 connections")
    for number, (cycle, alone) in enumerate(zip(found, control, strict=True), start=1):
        print(f"  cycle {number}: {cycle.held:.1f} MiB with {connections} streams held "
              f"{hold:.0f} s, {cycle.after:.1f} MiB after they dropped "
              f"({cycle.after - idle:+.1f} MiB from idle; the control "
              f"{alone.after - control_idle:+.1f}), {cycle.blocks} blocks alive once it let "
              f"go; a phone asking meanwhile waited {cycle.longest * 1000:.0f} ms at most")  # fmt: skip


if __name__ == "__main__":
    main()
