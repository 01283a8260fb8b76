"""What every fuzzer shares: run `celaeno` in-process on one input and keep the score.

In-process, so that ten thousand journals take minutes and not hours: ``device.cli.main``
is called exactly as the console script calls it, with standard input, output and error
replaced by buffers. A Python exception that escapes it is a traceback the user would have
seen; an input that runs longer than the hang limit is stopped by a real timer signal.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # `run` draws headless
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import contextlib
import io
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from device.cli.main import main
from device.service import stopping
from tests.cli import Hang, signals_kept, streams, timer

HANG_SECONDS = 20.0  # far above any honest answer; the busy timeout of a locked journal is 5 s
OUTPUT = Path(__file__).resolve().parents[1] / "output" / "fuzz"
STOP_SIGNALS = stopping.STOP_SIGNALS


@dataclass(frozen=True)
class Outcome:
    status: int | None  # None: a traceback or a hang
    stdout: str
    stderr: str
    failure: str = ""  # "traceback" or "hang", with the details after a newline


@dataclass
class Tally:
    """The score of one input kind, as the long run prints it."""

    kind: str
    tried: int = 0
    tracebacks: int = 0
    hangs: int = 0
    wrong_exit: int = 0
    lost: int = 0
    seconds: float = 0.0
    examples: list[str] = field(default_factory=list)

    @property
    def failures(self) -> int:
        return self.tracebacks + self.hangs + self.wrong_exit + self.lost

    def record(self, problem: str, what: str, saved: bytes, suffix: str) -> None:
        """Count ``problem`` ("traceback", "hang", "wrong_exit", "lost") and keep the input."""
        setattr(self, problem, getattr(self, problem) + 1)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        path = OUTPUT / f"{self.kind}-{problem}-{self.tried}{suffix}"
        path.write_bytes(saved)
        if len(self.examples) < 5:
            self.examples.append(f"{problem}: {what} (input kept in {path})")

    def check(self, outcome: Outcome, allowed: Sequence[int], saved: bytes, suffix: str) -> bool:
        """Score one command's outcome; True when it was one of the ``allowed`` statuses."""
        if outcome.failure:
            problem = outcome.failure.split("\n", 1)[0]
            self.record(problem + "s", outcome.failure[-600:], saved, suffix)
            return False
        if outcome.status not in allowed or "Traceback" in outcome.stderr:
            self.record("wrong_exit", f"status {outcome.status}: {outcome.stderr[-300:]}",
                        saved, suffix)  # fmt: skip
            return False
        return True

    def row(self) -> str:
        return (f"| {self.kind} | {self.tried:,} | {self.tracebacks} | {self.hangs} | "
                f"{self.wrong_exit} | {self.lost} | {self.seconds:.0f} s |")  # fmt: skip


def run_cli(argv: Sequence[str], stdin: bytes = b"", hang: float = HANG_SECONDS) -> Outcome:
    """``celaeno ARGV`` in this process; its exit status and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    status: int | None = None
    failure = ""
    with streams(stdin, out, err), signals_kept(), timer(hang):
        try:
            status = main(list(argv))
        except SystemExit as exit_:  # argparse's usage errors
            status = exit_.code if isinstance(exit_.code, int) else 2
        except Hang:
            failure = f"hang\nafter {hang:g} s: {' '.join(argv)}"
        except BaseException:
            failure = "traceback\n" + traceback.format_exc()
        finally:
            stopping.reset()
    return Outcome(status, out.getvalue(), err.getvalue(), failure)


@contextlib.contextmanager
def timed(tally: Tally) -> Iterator[Tally]:
    started = time.monotonic()
    try:
        yield tally
    finally:
        tally.seconds += time.monotonic() - started
