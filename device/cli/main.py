"""The ``celaeno`` command: one entry point, one subcommand per job.

Each subcommand lives in the module that owns the job and adds itself through a
``register(subparsers)`` function; this module only assembles them.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from device.games import ALL_GAMES, GameSet
from device.service import stopping
from device.settings.places import EXIT_FAILED

# pygame greets on import on standard output, which must stay clean JSON for `replay`.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Modules that provide subcommands, in the order --help lists them.
COMMAND_MODULES: tuple[str, ...] = (
    "device.cli.run",
    "device.cli.replay",
    "device.cli.journal",
    "device.cli.config",
    "device.cli.web",
    "device.normandie.tilescmd",
    "hardware.tools",
)


def build_parser(games: GameSet = ALL_GAMES) -> argparse.ArgumentParser:
    """Every subcommand, each handed the list of games (``args.games``)."""
    parser = argparse.ArgumentParser(
        prog="celaeno",
        description="Table companion for Cthulhu Wars (Library at Celaeno, Dreamlands) "
        "and the Zombies of Shadows over Normandie. Without a command it runs the companion.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    parser.set_defaults(games=games)
    return parser


def main(argv: Sequence[str] | None = None, games: GameSet = ALL_GAMES) -> int:
    """``games``: the games every subcommand knows (a test passes a longer list)."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments and arguments[0].startswith("-") and arguments[0] not in ("-h", "--help"):
        # `celaeno --reader PATH`: options without a command are the companion's own.
        arguments = ["run", *arguments]
        argv = arguments
    if stopping.runs_companion(arguments):
        # Done already when this process is `celaeno run` (device/__init__.py); called in
        # process (tests, tools) with a run, the same before the subcommands import pygame.
        stopping.install()
    parser = build_parser(games)
    args = parser.parse_args(argv)
    if args.command is None:
        # A bare `celaeno` (as systemd and a newcomer type it) starts the companion.
        args = parser.parse_args(["run"])
    if not hasattr(args, "func"):
        parser.print_help()
        return EXIT_FAILED
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `celaeno replay x --events | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
