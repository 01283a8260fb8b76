"""``celaeno run`` (and a bare ``celaeno``): its options here; the companion itself in
:mod:`device.companion.running`, imported only when it runs, so that every other command (``celaeno
web`` above all) builds the same parser without loading pygame, the app or the hardware.
"""

from __future__ import annotations

import argparse

from device.settings.places import add_place_options
from display.screen.size import parse_size
from rules.text import LANGUAGES


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    run = subparsers.add_parser(
        "run",
        help="start the companion (the default)",
        description="Start the companion: a window with the keyboard and a simulated dice reader "
        "on a desktop (C/L/P, arrows, Enter, Backspace; R rolls the simulated reader), "
        "full screen with GPIO buttons and the configured reader on a Raspberry Pi.",
    )
    add_place_options(run)
    run.add_argument(
        "--reader", default=None, help="dice reader port: a device path, auto, simulated or none"
    )
    run.add_argument("--size", type=_size, default=None, help="window size, e.g. 800x480")
    screen = run.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None)
    screen.add_argument("--window", dest="fullscreen", action="store_false")
    run.add_argument("--lang", choices=LANGUAGES, default=None, help="language of the screen")
    run.add_argument(
        "--notice-file",
        default=None,
        metavar="FILE",
        help="show each line of FILE, if it exists, on the screen at start (the SD card's "
        "settings check writes there why the card's celaeno.toml was not used)",
    )
    run.set_defaults(func=run_command)


def _size(value: str) -> tuple[int, int]:
    try:
        return parse_size(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run_command(args: argparse.Namespace) -> int:
    from device.companion.running import run_command as run  # pygame and the app: only now

    return run(args)
