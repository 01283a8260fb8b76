"""Where the settings and the journal are, as every command is told (``--config``,
``--state-dir``), opening them, and the one clear line a command prints when either is
unusable. The companion (``celaeno run``), the phone view and every command share these.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from device.settings.config import Config, ConfigError, default_config, load_config
from device.storage import paths
from device.storage.store import Store, StoreError
from rules.commands import Command
from rules.game import GameRules
from rules.journal import parse

# What every celaeno command returns when it cannot do what it was asked (argparse's own
# status for a bad command line); 0 is success.
EXIT_FAILED = 2


def add_place_options(parser: argparse.ArgumentParser) -> None:
    """Where the journal and the configuration live (shared by run, import, export)."""
    parser.add_argument("--state-dir", default=None, help="directory of the journal database")
    parser.add_argument("--config", default=None, help="configuration file (TOML)")


def open_store(args: argparse.Namespace, *, read_only: bool = False) -> Store:
    configured = args.state_dir or load_settings(args).device.state_dir
    return Store.open(paths.database_path(paths.state_dir(configured)), read_only=read_only)


def load_settings(args: argparse.Namespace) -> Config:
    path = paths.config_path(args.config)
    return default_config() if path is None else load_config(path)


def guarded(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Configuration and database problems become one clear line and exit status 2 (every
    command that reads the settings or the state directory is registered through this)."""

    def run(args: argparse.Namespace) -> int:
        try:
            return int(command(args))
        except ConfigError as error:
            print("\n".join(error.problems), file=sys.stderr)
        except StoreError as error:
            print(str(error), file=sys.stderr)
        except paths.BadPath as error:
            print(f"state directory: {error}", file=sys.stderr)
        return EXIT_FAILED

    return run


def default_game(settings: Config, rules: GameRules) -> Command:
    """The game a fresh device starts: the configured table's defaults ([table])."""
    return parse(settings.table.new_game(), rules)
