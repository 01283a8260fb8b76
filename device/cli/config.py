"""``celaeno config --example`` and ``celaeno check-config FILE``."""

from __future__ import annotations

import argparse
import sys

from device.settings.config import ConfigError, example, load_config
from device.settings.places import EXIT_FAILED

EXIT_OK = 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    config = subparsers.add_parser(
        "config",
        help="print configuration help",
        description="Print the configuration file with every key, its default and what it allows.",
    )
    config.add_argument(
        "--example",
        action="store_true",
        help="print a commented example configuration (every key at its default)",
    )
    config.set_defaults(func=_config)

    check = subparsers.add_parser(
        "check-config",
        help="check a configuration file",
        description="Report every problem in a configuration file: exit status 0 and 'ok' "
        "when it is valid, 2 with one line per problem otherwise.",
    )
    check.add_argument("file", metavar="FILE", help="the TOML configuration file to check")
    check.set_defaults(func=_check_config)


def _config(args: argparse.Namespace) -> int:
    # The example is the only thing to print today; --example keeps room for more.
    sys.stdout.write(example())
    return EXIT_OK


def _check_config(args: argparse.Namespace) -> int:
    try:
        load_config(args.file)
    except ConfigError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return EXIT_FAILED
    print("ok")
    return EXIT_OK
