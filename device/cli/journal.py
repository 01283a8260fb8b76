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

from device.settings.places import (
    EXIT_FAILED,
    add_place_options,
    default_game,
    guarded,
    load_settings,
    open_store,
)
from device.storage.journal_input import UnreadableJournal, read_journal
from device.storage.session import GameSession
from device.storage.store import NoJournal, Store, UnknownGame
from rules.commands import Command
from rules.errors import RulesError
from rules.game import Game, GameRules, State
from rules.journal import apply, parse_line, start


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    export.set_defaults(func=guarded(export_command))

    imp = subparsers.add_parser(
        "import",
        help="apply a journal file as if entered at the table",
        description="Apply a journal (JSON Lines) command by command; print 'ok N' after each "
        "durable commit; stop with exit status 2 at the first refused line.",
    )
    imp.add_argument("file", help="journal file, or - for standard input")
    add_place_options(imp)
    imp.set_defaults(func=guarded(import_command))


def export_command(args: argparse.Namespace) -> int:
    try:
        store = open_store(args, read_only=True)  # reading needs no space and changes nothing
    except NoJournal:
        print("the journal holds no game yet", file=sys.stderr)
        return EXIT_FAILED
    with store:
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
    try:
        journal = read_journal(args.file)
    except UnreadableJournal as error:
        print(error, file=sys.stderr)
        return EXIT_FAILED
    rules: GameRules = args.games.rules
    default = default_game(load_settings(args), rules)
    with open_store(args) as store:
        if store.notice is not None:
            print(store.notice.message(), file=sys.stderr)
        session: GameSession | None = None
        for number, line in enumerate(journal.lines, start=1):
            try:
                cmd = parse_line(line, rules, _game_of(store, session, rules))
                if cmd is None:
                    continue
                session = _submit(store, session, cmd, default, rules)
            except RulesError as error:
                print(f"line {number}: {error.describe()}", file=sys.stderr)
                return EXIT_FAILED
            print(f"ok {number}", flush=True)  # only now is the command on disk
    if journal.bad_line is not None:
        number, refusal = journal.bad_line
        print(f"line {number}: {refusal.describe()}", file=sys.stderr)
        return EXIT_FAILED
    return 0


def _game_of(store: Store, session: GameSession | None, rules: GameRules) -> Game[State] | None:
    """The game the next line goes on: the one being imported, else the latest on disk."""
    if session is not None:
        return session.played.game
    current = store.current_game()
    first = store.commands(current)[:1] if current is not None else []
    opened = parse_line(first[0], rules) if first else None
    return None if opened is None else rules.started_by(opened)


def _submit(
    store: Store, session: GameSession | None, cmd: Command, default: Command, rules: GameRules
) -> GameSession:
    """A journal that starts a game (new_game, nz_new_battle) is a new game; otherwise it
    goes on the latest, or on a game from the configured defaults when there is none yet."""
    if session is None:
        if rules.started_by(cmd) is not None:
            return GameSession.start(store, cmd, rules)
        if store.current_game() is None:
            apply(start(default, rules).played, cmd)  # refused: no game is left behind either
        session, _ = GameSession.resume(store, default, rules)
    session.submit(cmd)
    return session
