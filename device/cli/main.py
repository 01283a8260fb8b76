"""The ``celaeno`` command: one entry point, one subcommand per job.

Each subcommand lives in the module that owns the job and adds itself through a
``register(subparsers)`` function; this module only assembles them.

Importing it costs nothing but the standard library's ``os`` and ``sys`` and the stop
handlers' module: :func:`main` installs the handlers before it imports anything heavier
(device.service.stopping says why), then adds the words to the catalogue.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from device.service import stopping

if TYPE_CHECKING:
    import argparse

    from device.games import Games

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


def build_parser(games: Games | None = None) -> argparse.ArgumentParser:
    """Every subcommand, each handed the list of games (``args.games``; every game by default)."""
    import argparse
    import importlib

    from device.games import GAMES

    parser = argparse.ArgumentParser(
        prog="celaeno",
        description="Table companion for Cthulhu Wars (Library at Celaeno, Dreamlands) "
        "and the Zombies of Shadows over Normandie. Without a command it runs the companion.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    parser.set_defaults(games=GAMES if games is None else games)
    return parser


def main(argv: Sequence[str] | None = None, games: Games | None = None) -> int:
    """``games``: the games every subcommand knows (a test passes a longer list)."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments and arguments[0].startswith("-") and arguments[0] not in ("-h", "--help"):
        # `celaeno --reader PATH`: options without a command are the companion's own.
        arguments = ["run", *arguments]
        argv = arguments
    if stopping.runs_companion(arguments):
        # First of all: a stop signal from `celaeno run`'s first moments is a clean stop.
        stopping.install()
    # pygame greets on import on standard output, which must stay clean JSON for `replay`.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from device.words import add_layer_words

    add_layer_words()
    parser = build_parser(games)
    args = parser.parse_args(argv)
    if args.command is None:
        # A bare `celaeno` (as systemd and a newcomer type it) starts the companion.
        args = parser.parse_args(["run"])
    if not hasattr(args, "func"):
        from device.settings.places import EXIT_FAILED  # after the handlers, as the rest

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
