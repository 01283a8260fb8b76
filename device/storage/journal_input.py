"""Journal files as ``replay`` and ``import`` read them: bytes → UTF-8 lines, one boundary.

A journal is JSON Lines: lines end at ``\\n`` (a ``\\r`` before it is dropped) and nowhere
else. ``str.splitlines`` would also break at U+2028, U+0085 or a form feed, which are legal
inside a JSON string, and an export holding one would no longer read back as the same lines.
Each line is decoded on its own, so a byte that is not UTF-8 is refused as *its* line (what
comes before it is still read), never as a crash of the whole file. The JSON itself, with
its depth, size and number limits, is read by :func:`rules.codec.parse_json`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rules.errors import JournalError
from rules.values import Record


class UnreadableJournal(Exception):
    """The file could not be read at all (missing, a directory, no permission)."""


class JournalText(Record):
    """The lines up to the first one that is not UTF-8, and that line's refusal if any."""

    lines: list[str]
    bad_line: tuple[int, JournalError] | None = None


def read_journal(name: str) -> JournalText:
    """The journal in file ``name`` (``-``: standard input), decoded line by line."""
    try:
        data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as error:
        raise UnreadableJournal(f"cannot read {name}: {error.strerror}") from None
    return decode_journal(data)


def decode_journal(data: bytes) -> JournalText:
    raw_lines = data.split(b"\n")
    if raw_lines[-1] == b"":
        raw_lines.pop()  # the newline that ends the last line starts no new one
    lines: list[str] = []
    for number, raw in enumerate(raw_lines, start=1):
        try:
            lines.append(raw.removesuffix(b"\r").decode("utf-8"))
        except UnicodeDecodeError as error:
            refusal = JournalError("error.journal.not_utf8", byte=error.start + 1)
            return JournalText(lines, (number, refusal))
    return JournalText(lines)
