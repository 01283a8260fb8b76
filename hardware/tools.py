"""``celaeno dice-monitor`` and ``celaeno fake-reader``: the dice reader's tools for makers.

dice-monitor shows, as JSON lines, everything the companion makes of a reader; fake-reader is a
reader on a pseudo-terminal, driven from the keyboard, so the companion (or dice-monitor) can be
tried without one.
"""

from __future__ import annotations

import argparse
import json
import logging
import queue
import random
import signal
import sys

from hardware.baud import BadBaud, baud_rate
from hardware.events import DiceRead, InputEvent, ReaderError, ReaderHello, ReaderStatus
from hardware.fake_reader import WRITE_TIMEOUT, FakeReader
from hardware.protocol import Rejected
from hardware.reader import DEFAULT_BAUD, DiceReader

VERBS = ("HELLO", "ROLL", "ERR", "PING")
# The status every celaeno command gives on failure (device/settings/places.py), declared
# again here because hardware/ imports nothing from the layers above it.
EXIT_FAILED = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT: what a shell reports for Ctrl+C
_NOT_READ = (
    "fake-reader: nothing read {path} for {seconds:g} s, so the line was not sent and "
    "fake-reader stops. Open that path first (celaeno run --reader {path}, or "
    "celaeno dice-monitor --port {path}), then type."
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    monitor = subparsers.add_parser(
        "dice-monitor",
        help="print what the dice reader sends, as JSON lines",
        description="Open the dice reader and print one JSON object per line for everything it "
        "sends (hello, roll, error, rejected) and for its status (connected, disconnected), "
        "until interrupted. After an unplug it keeps reopening the port every second.",
    )
    monitor.add_argument(
        "--port", required=True, help="device path, pyserial URL (loop://), or 'auto'"
    )
    monitor.add_argument("--baud", type=_baud, default=DEFAULT_BAUD, help="default 9600")
    monitor.set_defaults(func=monitor_command)

    fake = subparsers.add_parser(
        "fake-reader",
        help="a simulated dice reader on a pseudo-terminal",
        description="Open a pseudo-terminal, print its path, then act as a dice reader: type "
        "dice values ('3 5 1') to send a ROLL, or a protocol line ('ERR cocked', 'HELLO x 1'). "
        "What the companion sends back is shown on standard error. Ends at end of input.",
    )
    fake.add_argument(
        "--random",
        type=_positive,
        metavar="N",
        help="an empty line (just Enter) sends a random roll of N dice",
    )
    fake.add_argument(
        "--baud",
        type=_baud,
        help="speed the pty reports (a pty moves data at any speed)",
    )
    fake.set_defaults(func=fake_reader_command)


def _baud(value: str) -> int:
    try:
        return baud_rate(value)
    except BadBaud as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, not {value!r}")
    return number


# --- dice-monitor ----------------------------------------------------------------------------


def monitor_command(args: argparse.Namespace) -> int:
    """Print what the reader sends until Ctrl+C (exit 130, as a shell expects)."""
    logging.basicConfig(level=logging.WARNING, format="%(message)s", stream=sys.stderr)
    found: queue.Queue[InputEvent | Rejected] = queue.Queue()
    printed_status = None
    interrupted: list[int] = []
    # Ctrl+C as a flag the loop reads, never a KeyboardInterrupt: raised at an arbitrary
    # point of queue.get it can leave the queue's lock taken, and the reader thread, posting
    # "disconnected", then waits on it forever, so closing the reader never returns.
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: interrupted.append(signum))
    try:
        with DiceReader(found.put, args.port, baud=args.baud, on_rejected=found.put) as reader:
            reader.start()
            while not interrupted:
                try:
                    item = found.get(timeout=0.2)
                except queue.Empty:  # wake now and then to see the flag
                    continue
                if isinstance(item, ReaderStatus):
                    if item.status == printed_status:
                        continue  # a count change: the "rejected" line itself was printed
                    printed_status = item.status
                _print_json(monitor_record(item))
    finally:
        signal.signal(signal.SIGINT, previous)
    return EXIT_INTERRUPTED


def monitor_record(item: InputEvent | Rejected) -> dict[str, object]:
    """The JSON object dice-monitor prints for one event."""
    if isinstance(item, ReaderHello):
        return {"event": "hello", "name": item.name, "version": item.version}
    if isinstance(item, DiceRead):
        return {"event": "roll", "values": list(item.values)}
    if isinstance(item, ReaderError):
        return {"event": "error", "text": item.text}
    if isinstance(item, Rejected):
        return {"event": "rejected", "line": item.line, "reason": item.reason}
    if isinstance(item, ReaderStatus):
        return {"event": "status", "status": item.status}
    raise TypeError(f"not a dice reader event: {item!r}")


def _print_json(record: dict[str, object]) -> None:
    print(json.dumps(record), flush=True)


# --- fake-reader -----------------------------------------------------------------------------


def fake_reader_command(args: argparse.Namespace) -> int:
    dice = random.SystemRandom()
    with FakeReader(baud=args.baud, on_line=_show_companion) as reader:
        print(reader.path, flush=True)
        for typed in sys.stdin:
            line = typed.strip()
            if not line and args.random:
                sent = reader.send_roll(dice.randint(1, 6) for _ in range(args.random))
            elif line and (outgoing := typed_line(line)) is not None:
                sent = reader.send_line(outgoing)
            else:
                sent = True
                if line:
                    _complain(line)
            if not sent:
                print(_NOT_READ.format(path=reader.path, seconds=WRITE_TIMEOUT), file=sys.stderr)
                return EXIT_FAILED
    return 0


def typed_line(typed: str) -> str | None:
    """The protocol line a typed line stands for, or None if it stands for nothing.

    Numbers are sent as they are, even 0 or 9, so the companion's handling of a bad read can
    be tried too.
    """
    words = typed.replace(",", " ").split()
    if words and all(word.isdigit() for word in words):
        return "ROLL " + " ".join(words)
    if typed.split(" ", 1)[0] in VERBS:
        return typed
    return None


def _complain(typed: str) -> None:
    print(
        f"fake-reader: sent nothing for {typed!r}; type dice values like '3 5 1' or a protocol "
        f"line starting with {', '.join(VERBS)}",
        file=sys.stderr,
        flush=True,
    )


def _show_companion(line: str) -> None:
    print(f"companion: {line}", file=sys.stderr, flush=True)
