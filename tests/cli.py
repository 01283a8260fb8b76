"""``celaeno`` in this process, as the console script runs it, for the tests of what a
command says and does: its exit status, its standard output and error, the files it
leaves. Starting Python for each would cost a fraction of a second a call, hundreds of
times a run.

Where the process itself is what is tested (a stop signal, a power cut, systemd's
notifications, ``python -m device.cli`` and its streams as a shell sees them, a server on
a port), the tests start the real program instead (``celaeno_process`` and ``start_run``
in tests/device/conftest.py).

As a process, a command here gets its own environment (``env``, else this one), reads
standard input from ``stdin``, writes UTF-8 to its output and error, and ends as Python
would end it: an exception that escapes is a traceback on standard error and status 1,
``sys.exit`` its status. What the logging module would print without a handler of the
program's own (its last resort: warnings and worse) is on standard error too.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import signal
import subprocess
import sys
import traceback
from collections.abc import Iterator, Mapping

from device.cli.main import main
from device.service import stopping


class Hang(Exception):
    """A command ran past its time (:func:`timer`)."""


def celaeno(
    *args: str,
    stdin: str | bytes = "",
    env: Mapping[str, str] | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """``celaeno ARGS`` in this process: its exit status, standard output and error;
    :class:`subprocess.TimeoutExpired` past ``timeout`` seconds, as a child's."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    out, err = _stream(), _stream()
    with _environment(env), streams(data, out, err), signals_kept(), _last_resort(err):
        try:
            with timer(timeout):
                code = main(list(args))
        except Hang:
            raise subprocess.TimeoutExpired(
                ["celaeno", *args], timeout, _text(out), _text(err)
            ) from None
        except SystemExit as exit_:  # argparse's usage errors, sys.exit
            code = _exit_status(exit_, err)
        except Exception:
            traceback.print_exc(file=err)
            code = 1
        finally:
            stopping.reset()
    return subprocess.CompletedProcess(["celaeno", *args], code, _text(out), _text(err))


def _stream() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8", "replace")


def _exit_status(exit_: SystemExit, err: io.TextIOWrapper) -> int:
    if exit_.code is None or isinstance(exit_.code, int):
        return exit_.code or 0
    print(exit_.code, file=err)
    return 1


@contextlib.contextmanager
def streams(stdin: bytes, out: io.TextIOBase, err: io.TextIOBase) -> Iterator[None]:
    """Standard input read from ``stdin``, output and error written to ``out`` and ``err``."""
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = out, err  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


@contextlib.contextmanager
def signals_kept() -> Iterator[None]:
    """A command that runs the companion installs its stop handlers: the test's are kept."""
    saved = {number: signal.getsignal(number) for number in stopping.STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def timer(seconds: float) -> Iterator[None]:
    """:class:`Hang` raised where the code is after ``seconds`` (a real timer signal)."""

    def expired(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def _environment(env: Mapping[str, str] | None) -> Iterator[None]:
    if env is None:
        yield
        return
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


@contextlib.contextmanager
def _last_resort(err: io.TextIOBase) -> Iterator[None]:
    """The logging module's last resort, which pytest's own handlers stand in front of."""
    handler = logging.StreamHandler(err)
    handler.setLevel(logging.WARNING)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
