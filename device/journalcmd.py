"""``celaeno export`` and ``celaeno import``: the journal on disk as JSON Lines.

``import`` applies a journal command by command as if entered at the table and
prints ``ok N`` (N = its line number) after each command is durably committed; on a
refused or malformed line it stops with exit status 2 and ``line N: reason``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from device import paths
from device.config import Config, ConfigError, default_config, load_config
from device.session import GameSession
from device.store import Store, StoreError, UnknownGame
from rules.commands import Command, parse_command
from rules.errors import RulesError
from rules.game import game_started_by
from rules.journal import parse_line

EXIT_FAILED = 2


def add_place_options(parser: argparse.ArgumentParser) -> None:
    """Where the journal and the configuration live (shared by run, import, export)."""
    parser.add_argument("--state-dir", default=None, help="directory of the journal database")
    parser.add_argument("--config", default=None, help="configuration file (TOML)")


def open_store(args: argparse.Namespace) -> Store:
    configured = args.state_dir or load_settings(args).device.state_dir
    return Store.open(paths.database_path(paths.state_dir(configured)))


def load_settings(args: argparse.Namespace) -> Config:
    path = paths.config_path(args.config)
    return default_config() if path is None else load_config(path)


def register(subparsers: Any) -> None:
    export = subparsers.add_parser(
        "export",
        help="write a game's journal as JSON Lines",
        description="Write a game's journal (JSON Lines, one command per line).",
    )
    export.add_argument(
        "file", nargs="?", default="-", help="output file (default: standard output)"
    )
    export.add_argument("--game", type=int, default=None, help="game number (default: the latest)")
    export.add_argument("--list", action="store_true", help="list the games in the journal instead")
    add_place_options(export)
    export.set_defaults(func=_guarded(export_command))

    imp = subparsers.add_parser(
        "import",
        help="apply a journal file as if entered at the table",
        description="Apply a journal (JSON Lines) command by command; print 'ok N' after each "
        "durable commit; stop with exit status 2 at the first refused line.",
    )
    imp.add_argument("file", help="journal file, or - for standard input")
    add_place_options(imp)
    imp.set_defaults(func=_guarded(import_command))


def _guarded(command: Any) -> Any:
    """Configuration and database problems become one clear line and exit status 2."""

    def run(args: argparse.Namespace) -> int:
        try:
            return int(command(args))
        except ConfigError as error:
            print("\n".join(error.problems), file=sys.stderr)
        except StoreError as error:
            print(str(error), file=sys.stderr)
        return EXIT_FAILED

    return run


def export_command(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        if args.list:
            for game in store.games():
                print(f"{game.id}\t{game.created}\t{game.commands} commands")
            return 0
        game_id = args.game if args.game is not None else store.current_game()
        if game_id is None:
            print("the journal holds no game yet", file=sys.stderr)
            return EXIT_FAILED
        try:
            lines = store.commands(game_id)
        except UnknownGame:
            print(f"there is no game {game_id}", file=sys.stderr)
            return EXIT_FAILED
    _write_lines(args.file, lines)
    return 0


def _write_lines(name: str, lines: Iterable[str]) -> None:
    body = "".join(line + "\n" for line in lines)
    if name == "-":
        sys.stdout.write(body)
    else:
        Path(name).write_text(body, encoding="utf-8")


def import_command(args: argparse.Namespace) -> int:
    lines = sys.stdin.read().splitlines() if args.file == "-" else _read(args.file)
    if lines is None:
        return EXIT_FAILED
    default = default_game(load_settings(args))
    with open_store(args) as store:
        session: GameSession | None = None
        for number, line in enumerate(lines, start=1):
            try:
                cmd = parse_line(line)
                if cmd is None:
                    continue
                session = _submit(store, session, cmd, default)
            except RulesError as error:
                print(f"line {number}: {error.describe()}", file=sys.stderr)
                return EXIT_FAILED
            print(f"ok {number}", flush=True)  # only now is the command on disk
    return 0


def default_game(settings: Config) -> Command:
    """The game a fresh device starts: the configured table's defaults ([table])."""
    return parse_command(settings.table.new_game())


def _submit(
    store: Store, session: GameSession | None, cmd: Command, default: Command
) -> GameSession:
    """A journal that starts a game (new_game, nz_new_battle) is a new game; otherwise it
    goes on the latest."""
    if session is None:
        if game_started_by(cmd) is not None:
            return GameSession.start(store, cmd)
        session, _ = GameSession.resume(store, default)
    session.submit(cmd)
    return session


def _read(name: str) -> list[str] | None:
    try:
        return Path(name).read_text(encoding="utf-8").splitlines()
    except OSError as error:
        print(f"cannot read {name}: {error.strerror}", file=sys.stderr)
        return None
