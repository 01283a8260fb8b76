"""How ``celaeno run`` is asked to stop: SIGTERM, SIGINT, SIGHUP and SIGQUIT all mean
"finish the frame, say STOPPING=1, exit 0".

systemd stops the service with SIGTERM; Ctrl+C (SIGINT), a closed terminal (SIGHUP) and
Ctrl+\\ (SIGQUIT) must not leave a traceback or a core behind. The handlers only record
the request; the main loop looks at it at least ten times a second, and start-up looks at
it before the loop begins, so a signal at any moment is a clean stop.

They are installed as the very first thing the ``celaeno`` process does, before the
catalogue is imported (a third of a second on a loaded Pi) and long before pygame: the
entry point (``device.cli.main``) imports only this module and the standard library's
``os`` and ``sys`` before it calls :func:`install` on its first lines; importing the
packages on the way (``device``, ``device.cli``, ``device.service``) does nothing. A stop
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
from collections.abc import Callable, Sequence

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT)

_requested: list[int] = []  # the signals received, in order
_listeners: list[Callable[[], None]] = []


def install() -> None:
    """Make every stop signal a request to stop (main thread only, before pygame)."""
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    for signum in STOP_SIGNALS:
        signal.signal(signum, _on_signal)


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
