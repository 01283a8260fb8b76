"""The ``celaeno`` command: one entry point, one subcommand per job.

Each subcommand lives in the module that owns the job and adds itself through a
``register(subparsers)`` function; this module only assembles them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Modules that provide subcommands, in the order --help lists them.
COMMAND_MODULES: tuple[str, ...] = (
    "device.configcmd",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="celaeno",
        description="Table companion for Cthulhu Wars (Library at Celaeno, Dreamlands) "
        "and the Zombies of Shadows over Normandie.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["run", *(argv or [])]) if "run" in _commands(parser) else args
    if not hasattr(args, "func"):
        parser.print_help()
        return 2
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `celaeno replay x | head`
        sys.stderr.close()
        return 0


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


if __name__ == "__main__":
    sys.exit(main())
