"""How ``celaeno run`` is asked to stop: SIGTERM, SIGINT, SIGHUP and SIGQUIT all mean
"finish the frame, say STOPPING=1, exit 0".

systemd stops the service with SIGTERM; Ctrl+C (SIGINT), a closed terminal (SIGHUP) and
Ctrl+\\ (SIGQUIT) must not leave a traceback or a core behind. The handlers only record
the request; the main loop looks at it at least ten times a second, and start-up looks at
it before the loop begins, so a signal at any moment is a clean stop.

They are installed as the very first thing the ``celaeno`` process does, before the package
``device`` imports the catalogue (a third of a second on a loaded Pi) and long before pygame:
``device/__init__.py`` calls :func:`install_if_companion` on its first line, because Python
imports that package before the entry point's own module (device.cli) can run a line. A stop
before it is Python's own start, measured by tests/device/test_hardening_signals.py. And
before pygame on purpose:

- pygame's "parachute" installs C handlers for SIGSEGV, SIGBUS, SIGFPE and SIGQUIT that
  call SDL_Quit and Py_FatalError from inside the signal handler; on SIGQUIT that crashes
  the process with SIGSEGV. The parachute leaves a signal alone when a handler is already
  there, and ours is.
- SDL turns SIGINT and SIGTERM into its own quit event when they have no handler yet;
  ``SDL_NO_SIGNAL_HANDLERS`` keeps SDL out of signals altogether.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT)

_requested: list[int] = []  # the signals received, in order
_listeners: list[Callable[[], None]] = []

COMMAND = "celaeno"  # the console script pyproject installs


def install() -> None:
    """Make every stop signal a request to stop (main thread only, before pygame)."""
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    for signum in STOP_SIGNALS:
        signal.signal(signum, _on_signal)


def install_if_companion(
    argv: Sequence[str] | None = None, orig_argv: Sequence[str] | None = None
) -> bool:
    """:func:`install` when this process is ``celaeno`` or ``celaeno run`` (the console script
    or ``python -m device.cli``); any other program importing ``device`` is left alone.
    Whether it installed them."""
    argv = sys.argv if argv is None else argv
    orig_argv = sys.orig_argv if orig_argv is None else orig_argv
    if not argv:
        return False
    program = argv[0]
    # While ``python -m device.cli`` imports the package, sys.argv[0] is "-m".
    ours = Path(program).name == COMMAND or (program == "-m" and "device.cli" in orig_argv)
    if ours and runs_companion(argv[1:]):
        install()
        return True
    return False


def runs_companion(arguments: Sequence[str]) -> bool:
    """``celaeno``, ``celaeno run …``: the command is the first word that is not an option."""
    command = next((word for word in arguments if not word.startswith("-")), None)
    return command in (None, "run")


def requested() -> bool:
    return bool(_requested)


def on_stop(listener: Callable[[], None]) -> None:
    """Call ``listener`` when a stop is requested (at once if it already was)."""
    _listeners.append(listener)
    if _requested:
        listener()


def _on_signal(signum: int, frame: object) -> None:
    _requested.append(signum)
    for listener in _listeners:
        listener()


def request() -> None:
    """Ask for a stop as a signal would (for tools that start the companion in-process)."""
    _on_signal(0, None)


def reset() -> None:
    """Forget a request and the listeners (a tool that runs the companion more than once)."""
    _requested.clear()
    _listeners.clear()
