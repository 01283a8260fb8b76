"""Fixtures for the device tests: the whole device in-process, and `celaeno` in this
process or, where the process is what is tested, as one.

The in-process device is built from the real parts a Pi runs: a :class:`ButtonPanel` on
gpiozero's MockFactory pins (pressed with ``drive_low``/``drive_high``), a
:class:`DiceReader` thread reading a :class:`FakeReader` pseudo-terminal, and the
:class:`App` drawing on a pygame surface under SDL's dummy driver. Both post into
``App.inputs`` exactly as in ``celaeno run``. The panel's debounce and hold run on a clock
that moves with the finger (:class:`StepClock`, the panel pumped as its worker thread
would be): a press costs no waiting, and a hold is exactly as long as it says. The worker
thread on the real clock has its own tests (tests/hardware/test_hardware_buttons.py).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import signal  # after the lines above: SDL must know its driver first
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

from device.companion.app import App, DiceSources, Inputs
from device.companion.window import Window
from device.settings.config import ConfigError, default_config, load_config
from device.settings.places import default_game
from device.storage import paths
from device.storage.session import GameSession
from device.storage.store import Store
from display.screen.screen import Screen
from display.view import Choice, Prompt
from hardware.buttons import DEFAULT_PINS, ButtonPanel
from hardware.events import InputEvent
from hardware.fake_reader import FakeReader
from hardware.gestures import Timing
from hardware.reader import DiceReader
from rules.cthulhu_wars.state import GameState
from rules.games import RULES
from tests import cli
from tests.hardware.conftest import StepClock

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "output"
SCREEN_SIZE = (800, 480)  # the official 7" display
PRESS_LENGTH = 0.04  # a deliberate press: well over the 20 ms debounce
HOLD_TIME = 0.3  # BACK held this long is UNDO (1 s on the device; shorter keeps tests fast)
WAIT = 5.0  # the most any input may take to reach the screen before a test gives up


# --- `celaeno` in this process, and as a process ------------------------------------------


def clean_env(tmp: Path, **extra: str) -> dict[str, str]:
    """The environment of a `celaeno` child: headless, and blind to the user's own config."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CELAENO_", "NOTIFY_"))}
    env.pop("WATCHDOG_USEC", None)
    env.update(
        SDL_VIDEODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        XDG_CONFIG_HOME=str(tmp / "xdg-config"),
        XDG_DATA_HOME=str(tmp / "xdg-data"),
    )
    env.update(extra)
    return env


def celaeno_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "device.cli", *args]


def celaeno(
    tmp: Path, *args: str, stdin: str | bytes = "", timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """One `celaeno` subcommand run to its end in this process (tests/cli.py), in the
    environment a child would have; the companion itself runs as a process of its own."""
    assert args[:1] != ("run",), "`celaeno run` is a process: celaeno_process, start_run"
    return cli.celaeno(*args, stdin=stdin, env=clean_env(tmp), timeout=timeout)


def celaeno_process(
    tmp: Path, *args: str, stdin: str | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """One `celaeno` subcommand run to its end as a process of its own."""
    return subprocess.run(
        celaeno_argv(*args),
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=clean_env(tmp),
        timeout=timeout,
        check=False,
    )


def exported(tmp: Path, state_dir: Path) -> list[str]:
    """The latest game's journal, as `celaeno export` writes it."""
    done = celaeno(tmp, "export", "--state-dir", str(state_dir))
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def replayed(tmp: Path, journal: list[str]) -> dict[str, object]:
    """The state `celaeno replay` prints for ``journal``."""
    import json

    done = celaeno(tmp, "replay", "-", stdin="".join(line + "\n" for line in journal))
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert isinstance(state, dict)
    return state


# --- shared fixtures ----------------------------------------------------------------------


@pytest.fixture()
def no_threads_left() -> Iterator[None]:
    """The device's sources must join their threads on close."""
    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:
        left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
        if not left:
            return
        time.sleep(0.01)
    raise AssertionError(f"threads left running: {left}")


class Offscreen(Window):
    """A window whose frames are drawn and never shown: no display is needed."""

    def present(self, rects: list[pygame.Rect]) -> None:
        pass


@pytest.fixture()
def surface() -> Iterator[pygame.Surface]:
    """A real display surface under SDL's dummy driver."""
    pygame.display.init()
    try:
        yield pygame.display.set_mode(SCREEN_SIZE)
    finally:
        pygame.display.quit()


@pytest.fixture()
def state_dir(tmp_path: Path) -> Path:
    return tmp_path / "state"


def open_session(state_dir: Path) -> tuple[Store, GameSession]:
    """The store and game `celaeno run --state-dir` would open (config defaults)."""
    store = Store.open(paths.database_path(state_dir))
    session, notice = GameSession.resume(store, default_game(default_config(), RULES), RULES)
    assert notice is None
    return store, session


def down_to(
    prompt: Callable[[], Prompt],
    press: Callable[[str], None],
    wanted: Callable[[Choice], bool],
    most: int = 40,
) -> int:
    """DOWN until the selected choice is ``wanted`` (reading the screen, as a player does),
    then OK; returns the number of presses it took."""
    for presses in range(most):
        shown = prompt()
        if shown.selected is not None and wanted(shown.choices[shown.selected]):
            press("ok")
            return presses + 1
        press("down")
    raise AssertionError(f"no such choice among {prompt().choices}")


def write_config(tmp: Path, body: str) -> Path:
    """``body`` as a configuration file, ``celaeno.toml`` in ``tmp``."""
    path = tmp / "celaeno.toml"
    path.write_text(body, encoding="utf-8")
    return path


def config_problems(tmp: Path, body: str) -> list[str]:
    """Every problem the configuration ``body`` is refused with."""
    with pytest.raises(ConfigError) as caught:
        load_config(write_config(tmp, body))
    return list(caught.value.problems)


# --- the whole device in-process ---------------------------------------------------------


class Table:
    """The device as the players meet it: press buttons, roll into the reader, look."""

    def __init__(
        self,
        app: App,
        pins: MockFactory,
        reader: FakeReader,
        shots: Path,
        panel: ButtonPanel,
        clock: StepClock,
    ) -> None:
        self.app, self.pins, self.reader, self.shots = app, pins, reader, shots
        self.panel, self.clock = panel, clock
        self.posted: Counter[str] = Counter()
        self.hints_cut: list[str] = []  # prompt titles of frames whose hint bar was cut short
        self._lock = threading.Lock()
        self._shot = 0

    def post(self, event: InputEvent) -> None:
        """What the hardware threads call: count the event, then hand it to the app."""
        with self._lock:
            self.posted[type(event).__name__] += 1
        self.app.inputs.post(event)

    @property
    def state(self) -> GameState:
        state = self.app.state
        assert isinstance(state, GameState), "these tests play Cthulhu Wars"
        return state

    @property
    def screen(self) -> Screen:
        return self.app.screen

    def press(self, *buttons: str) -> None:
        """Each button pressed and released, as a finger does; waits until it is on screen."""
        for button in buttons:
            pin = self.pins.pin(DEFAULT_PINS[button])
            wanted = self.posted["ButtonPressed"] + 1
            pin.drive_low()
            self.clock.advance(PRESS_LENGTH)
            pin.drive_high()
            # The finger stays off long enough not to be a bounce, then the panel's thread
            # would wake: it turns the two edges into one press.
            self.panel.pump(self.clock.advance(PRESS_LENGTH))
            self.until_posted("ButtonPressed", wanted, f"press {button}")

    def hold_back(self) -> None:
        """BACK held past the hold time: UNDO fires while it is still held."""
        pin = self.pins.pin(DEFAULT_PINS["back"])
        wanted = self.posted["ButtonPressed"] + 1
        pin.drive_low()
        self.panel.pump(self.clock.advance(HOLD_TIME + PRESS_LENGTH))
        self.until_posted("ButtonPressed", wanted, "hold BACK")
        pin.drive_high()
        self.panel.pump(self.clock.advance(PRESS_LENGTH))
        self.run_once()

    def roll(self, *values: int, checksum: bool = False) -> None:
        """The dice settle in the reader's tray; waits until the read is handled."""
        wanted = self.posted["DiceRead"] + 1
        assert self.reader.send_roll(values, checksum=checksum)
        self.until_posted("DiceRead", wanted, f"roll {values}")

    def send(self, line: str, event: str) -> None:
        """Any protocol line from the reader, waiting for the ``event`` it must cause."""
        wanted = self.posted[event] + 1
        assert self.reader.send_line(line)
        self.until_posted(event, wanted, line)

    def until_posted(self, kind: str, count: int, what: str) -> None:
        """Run the main loop until ``count`` events of ``kind`` have been posted and handled."""
        self.until(lambda: self.posted[kind] >= count, what)

    def until(self, done: Callable[[], bool], what: str) -> None:
        """Run the main loop until ``done()`` and every posted input is handled and drawn."""
        deadline = time.monotonic() + WAIT
        while not (done() and self.app.inputs.events.empty()):
            assert time.monotonic() < deadline, f"gave up waiting for {what}"
            self.app.run_once(0.02)
        self.run_once()

    def run_once(self) -> None:
        self.app.run_once(0.0)

    def screenshot(self, name: str) -> Path:
        self._shot += 1
        path = self.shots / f"{self._shot:02d}_{name}.png"
        pygame.image.save(self.app.screen.surface, str(path))
        return path

    def title(self) -> str:
        return self.app.view().prompt.title.key

    def words(self, panel: str = "prompt") -> str:
        """Every word drawn in ``panel``, spaces squeezed out (text wraps anywhere)."""
        return "".join(_squashed(label.text) for label in self.screen.labels()
                       if label.panel == panel)  # fmt: skip

    def assert_labels_fit(self) -> None:
        """Every label inside its box and its panel, and none cut short.

        One exception, recorded rather than failed: the one-line button-hint bar, cut short
        on the main Library screen (five hints; display/ owns the bar), kept in
        ``hints_cut`` and checked by its own test in test_e2e_library.py.
        """
        labels = self.screen.labels()
        panels = self.screen.regions.panels()
        assert labels
        cut = [label for label in labels if label.truncated]
        others = [label for label in cut if label.panel != "hints"]
        assert [(label.panel, label.text) for label in others] == []
        if any(label.panel == "hints" for label in cut):
            self.hints_cut.append(self.title())
        for label in labels:
            assert label.box.contains(label.rect), f"{label.text!r} leaves its box"
            assert panels[label.panel].contains(label.rect), f"{label.text!r} leaves its panel"


def _squashed(words: str) -> str:
    return "".join(words.split())


@pytest.fixture()
def table(
    request: pytest.FixtureRequest,
    no_threads_left: None,
    mock_pins: MockFactory,
    surface: pygame.Surface,
    state_dir: Path,
) -> Iterator[Table]:
    """A freshly booted device: the configured default game, buttons and a dice reader."""
    shots = OUTPUT / "e2e" / request.node.name
    shots.mkdir(parents=True, exist_ok=True)
    for old in shots.glob("*.png"):
        old.unlink()
    store, session = open_session(state_dir)
    fake = FakeReader().start()
    inputs = Inputs()
    holder: list[Table] = []
    post = lambda event: holder[0].post(event)  # noqa: E731 (the table exists before the app)
    clock = StepClock()
    panel = ButtonPanel(
        post, timing=Timing(hold_time=HOLD_TIME), pin_factory=mock_pins, clock=clock
    )
    reader = DiceReader(post, fake.path, reconnect_interval=0.05)
    app = App(session, Window(surface), inputs, dice=DiceSources(reader, "disconnected"))
    holder.append(Table(app, mock_pins, fake, shots, panel, clock))
    try:
        reader.start()
        holder[0].until(lambda: app.status.reader == "connected", "the reader")
        yield holder[0]
    finally:
        panel.close()
        reader.close()
        fake.close()
        store.close()


# --- `celaeno run` as a systemd service sees it -------------------------------------------


class NotifyListener:
    """The systemd side of sd_notify: a real AF_UNIX datagram socket the child writes to."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.received: list[tuple[float, str]] = []  # (time.monotonic(), datagram)

    def wait_for(self, assignment: str, timeout: float = 20.0) -> str:
        """Receive until a datagram holding the line ``assignment`` arrives; that datagram."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"no {assignment} within {timeout} s; got {self.received}"
            self.sock.settimeout(left)
            try:
                message = self.sock.recv(4096).decode("utf-8")
            except TimeoutError:
                continue
            self.received.append((time.monotonic(), message))
            if assignment in message.splitlines():
                return message

    def close(self) -> None:
        self.sock.close()


@pytest.fixture()
def listener(tmp_path: Path) -> Iterator[NotifyListener]:
    found = NotifyListener(tmp_path / "notify.sock")
    try:
        yield found
    finally:
        found.close()


# systemd starts a service with every signal at its default action. A test runner started
# in the background or under nohup hands its children SIGINT, SIGQUIT and SIGHUP ignored,
# which would hide what the program itself does with them (and a signal sent before its
# handlers would be lost instead of ending it): its children start with the defaults.
DEFAULT_SIGNALS = ["env", "--default-signal=HUP,INT,QUIT,TERM"]


def start_run(tmp: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    """`celaeno run` headless, without a dice reader, as systemd would start it."""
    return subprocess.Popen(
        [*DEFAULT_SIGNALS, *celaeno_argv("run", "--reader", "none", *args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=clean_env(tmp, **env),
    )


def stop(child: subprocess.Popen[str], sig: int = signal.SIGKILL) -> tuple[str, str]:
    """Send ``sig``, wait for the exit, return (stdout, stderr); never leaves it running."""
    try:
        child.send_signal(sig)
        return child.communicate(timeout=20)
    finally:
        child.kill()
        child.wait(timeout=10)
