"""Assembling the companion from its configuration: window, buttons, dice reader.

On a Raspberry Pi: full screen, GPIO buttons through the pin library that works
(never silently mock pins), the configured reader. On a desktop: a window, the
keyboard as buttons. The reader, for ``port = "auto"``: a real one when one is plugged in;
else, in a desktop session only (:func:`desktop_session`), a simulated reader on a
pseudo-terminal (press R to roll it); else "No dice reader" while it keeps looking. An
appliance never mistakes a simulator for its reader.
"""

from __future__ import annotations

import logging
import os
import random
import sys
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from device.companion.app import Inputs
from device.companion.window import Window
from device.service import drm
from device.settings.config import Config
from display.view import ReaderState
from hardware.buttons import ButtonPanel, EncoderPins
from hardware.fake_reader import FakeReader
from hardware.gestures import Timing
from hardware.keyboard import Keyboard
from hardware.pinfactory import PinFactoryError, choose_pin_factory, is_raspberry_pi
from hardware.ports import find_port
from hardware.reader import DiceReader
from rules.game import State
from rules.journal import Played
from rules.text import Text, text
from rules.values import Record

if TYPE_CHECKING:
    from hardware.smartdice.hub import Chosen
    from hardware.smartdice.source import BluetoothDice

log = logging.getLogger(__name__)


class Hardware(Record, frozen=False):
    """The opened devices; ``problems`` are shown on the screen (and logged)."""

    inputs: Inputs
    reader: DiceReader | None = None
    simulated: FakeReader | None = None
    smart_dice: BluetoothDice | None = None
    problems: list[Text] = field(default_factory=list)
    closing: ExitStack = field(default_factory=ExitStack)
    searching: bool = False  # "auto" found no reader at the start and keeps looking

    @property
    def reader_state(self) -> ReaderState:
        """Until the reader thread reports: a real reader is not there yet."""
        if self.reader is None or self.simulated is not None:
            return "simulated"
        return "absent" if self.searching else "disconnected"

    def close(self) -> None:
        self.closing.close()


def timing(config: Config) -> Timing:
    buttons = config.buttons
    return Timing(
        hold_time=buttons.hold_time,
        repeat_delay=buttons.repeat_delay,
        repeat_interval=1.0 / buttons.repeat_rate,
    )


def open_hardware(
    config: Config, reader_port: str | None, on_pi: bool, env: Mapping[str, str] | None = None
) -> Hardware:
    hardware = Hardware(Inputs(keyboard=Keyboard(timing(config))))
    if wants_gpio(config, on_pi):
        _open_buttons(config, hardware)
    _open_reader(config, reader_port, os.environ if env is None else env, hardware)
    return hardware


def wants_smart_dice(config: Config, on_pi: bool) -> bool:
    """Smart dice over Bluetooth: on a Pi by default ([dice] bluetooth)."""
    wanted = config.dice.bluetooth
    return wanted is True or (wanted == "auto" and on_pi)


def open_smart_dice(
    config: Config, hardware: Hardware, chosen: tuple[Chosen, ...], agony_faces: tuple[int, ...]
) -> BluetoothDice:
    """Started at once; Bluetooth that is not there is a status word, never an error here."""
    from hardware.smartdice.source import BluetoothDice  # asyncio and BlueZ: only when on

    source = BluetoothDice(
        hardware.inputs.post, chosen, agony_faces, adapter=config.dice.adapter or None
    )
    hardware.closing.callback(source.close)
    hardware.smart_dice = source
    return source.start()


def desktop_session(env: Mapping[str, str]) -> bool:
    """Someone at a desktop started the companion: a graphical session (``DISPLAY`` or
    ``WAYLAND_DISPLAY``), and not a systemd service (which always has ``INVOCATION_ID``;
    the appliance's unit is one, and has no display variables either)."""
    graphical = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    return graphical and not env.get("INVOCATION_ID")


def reader_choice(
    wanted: str, patterns: tuple[str, ...], env: Mapping[str, str]
) -> tuple[str, bool]:
    """The port to open for the configured ``wanted`` and whether "auto" is still looking.

    "auto" keeps its name when a reader is there or on an appliance, so the reader thread
    finds it again after a replug; it becomes "simulated" only in a desktop session with
    no reader plugged in.
    """
    if wanted != "auto":
        return wanted, False
    if find_port(patterns) is not None:
        return "auto", False
    if desktop_session(env):
        return "simulated", False
    return "auto", True


def wants_gpio(config: Config, on_pi: bool) -> bool:
    """GPIO buttons unless a keyboard or keypad stands in for them ([buttons] kind)."""
    kind = config.buttons.kind
    return kind == "gpio" or (kind == "auto" and on_pi)


def _open_buttons(config: Config, hardware: Hardware) -> None:
    try:
        factory = choose_pin_factory()
    except PinFactoryError as error:  # said on screen and in the log; touch still works
        log.error("%s", error)
        hardware.problems.append(text("device.no_gpio", reason=str(error).splitlines()[0]))
        return
    buttons = config.buttons
    encoder = None
    if buttons.encoder_a is not None and buttons.encoder_b is not None:  # both or none (config)
        encoder = EncoderPins(buttons.encoder_a, buttons.encoder_b)
    panel = ButtonPanel(
        hardware.inputs.post,
        buttons.pins(),
        encoder=encoder,
        timing=timing(config),
        pin_factory=factory,
    )
    hardware.closing.callback(panel.close)
    panel.start()


def _open_reader(
    config: Config, port: str | None, env: Mapping[str, str], hardware: Hardware
) -> None:
    wanted, hardware.searching = reader_choice(
        port or config.reader.port, tuple(config.reader.match), env
    )
    if wanted == "none":
        return
    if wanted == "simulated":
        fake = FakeReader().start()
        hardware.closing.callback(fake.close)
        hardware.simulated = fake
        wanted = fake.path
    reader = DiceReader(
        hardware.inputs.post, wanted, baud=config.reader.baud, patterns=config.reader.match
    )
    hardware.closing.callback(reader.close)
    hardware.reader = reader
    reader.start()


def simulated_roll(
    fake: FakeReader, chance: random.Random
) -> Callable[[pygame.event.Event, Played[State]], None]:
    """R on the keyboard rolls the simulated reader: the dice the game waits for, or one d6."""

    def on_key(event: pygame.event.Event, played: Played[State]) -> None:
        if event.type != pygame.KEYDOWN or event.key != pygame.K_r:
            return
        wanted = played.game.wanted_roll(played.state)
        if wanted is not None:
            fake.send_roll(chance.choice(wanted.faces) for _ in range(wanted.dice))
        else:
            fake.send_roll([chance.randint(1, 6)])

    return on_key


def pygames_icon() -> pygame.Surface | None:
    """The window's icon as set_mode sets it when none was set (pygame's own, its black
    clear), read straight from its file: set_mode looks it up through importlib.resources,
    which imports zipfile and its readers at every start (about 9 million instructions).
    None where pygame keeps another (macOS) or the file is not where it was."""
    path = Path(pygame.__file__).with_name("pygame_icon.bmp")
    if sys.platform == "darwin" or not path.is_file():
        return None
    icon = pygame.image.load_basic(str(path))
    icon.set_colorkey(0)  # a mapped colour, as pygame's SDL_SetColorKey(icon, 1, 0)
    return icon


def open_window(
    config: Config, size: tuple[int, int] | None, fullscreen: bool | None, on_pi: bool
) -> Window:
    """Only the display is initialised (never the mixer): the companion makes no sound.

    Raises :class:`device.service.drm.DrmDeviceError` when the configured DRM card is not there.
    """
    drm.select_card(config.screen.drm_device)
    pygame.display.init()
    drm.prefer_gles(pygame.display.get_driver())  # before set_mode makes the window surface
    pygame.display.set_caption("Celaeno")
    icon = pygames_icon()
    if icon is not None:
        pygame.display.set_icon(icon)
    wanted = config.screen.fullscreen
    full = (
        fullscreen if fullscreen is not None else (wanted is True or (wanted == "auto" and on_pi))
    )
    if full:
        pygame.mouse.set_visible(False)
        display = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        # A desktop window may be resized (or tiled at once): the app lays itself out again.
        resizable = pygame.RESIZABLE if config.screen.rotation == 0 else 0
        display = pygame.display.set_mode(
            size or (config.screen.width, config.screen.height), resizable
        )
    rotation = config.screen.rotation
    if rotation == 0:
        return Window(display)
    width, height = display.get_size()
    canvas_size = (height, width) if rotation in (90, 270) else (width, height)
    return Window(pygame.Surface(canvas_size), display, rotation)


def running_on_pi() -> bool:
    return is_raspberry_pi()
