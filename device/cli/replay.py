"""``celaeno replay FILE``: rebuild a game from its journal and print it.

Prints the final state as the spec's JSON (or the plain-words event log with
``--events``). A refused command or malformed line stops it with exit status 2 and
``line N: <reason>`` on standard error — never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from device.settings.places import EXIT_FAILED
from device.storage.journal_input import UnreadableJournal, read_journal
from rules.game import State
from rules.journal import Played, ReplayError, replay, state_json
from rules.text import LANGUAGES, Text, render


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="rebuild a game from a journal file and print its state",
        description="Replay a journal (JSON Lines) and print the final state as JSON.",
    )
    parser.add_argument("file", help="journal file, or - for standard input")
    parser.add_argument("--events", action="store_true", help="print the event log in plain words")
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of --events and the screenshot"
    )
    parser.add_argument(
        "--screenshot", metavar="OUT.png", help="also draw the screen at the end of the journal"
    )
    parser.add_argument("--size", default="800x480", help="screenshot size, WxH (default 800x480)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        journal = read_journal(args.file)
        played, events = replay(journal.lines, args.games.rules)
        if journal.bad_line is not None:  # every line before it was good
            raise ReplayError(*journal.bad_line)
    except UnreadableJournal as error:
        print(error, file=sys.stderr)
        return EXIT_FAILED
    except ReplayError as error:
        print(f"line {error.line}: {error.error.describe(args.lang)}", file=sys.stderr)
        return EXIT_FAILED
    if played is None:
        print("line 1: the journal holds no command", file=sys.stderr)
        return EXIT_FAILED
    if args.screenshot:
        try:
            _screenshot(played, events, args)
        except ValueError as error:  # a bad --size
            print(f"--size: {error}", file=sys.stderr)
            return EXIT_FAILED
    if args.events:
        _print_lines((render(event, args.lang) for event in events), sys.stdout)
    else:
        print(json.dumps(state_json(played), indent=2, ensure_ascii=False))
    return 0


def _screenshot(played: Played[State], events: list[Text], args: argparse.Namespace) -> None:
    """The screen as the device would show it after this journal (imports pygame only here)."""
    from device.companion.screens import view_of
    from display.screen.screenshot import save_screenshot
    from display.screen.size import parse_size

    size = parse_size(args.size)
    view = view_of(played, events, args.games, args.lang)
    save_screenshot(view, args.screenshot, size, args.games.screens)


def _print_lines(lines: Iterable[str], out: TextIO) -> None:
    for line in lines:
        out.write(line + "\n")
