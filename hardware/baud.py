"""Serial speeds: the one check for a baud rate, wherever one is given.

``reader.baud`` in the configuration, ``dice-monitor --baud`` and ``fake-reader --baud`` all
come through here, so a speed the port cannot take is refused in words before any port is
opened (a 20-digit number used to reach the reader thread, which retried it every second).
One rule for all three: a standard speed (a termios constant) from 300 to 4,000,000. A
reader's firmware picks its speed from that list; a pty can only report one of them; and a
monitor that took 12345 would watch a port no reader and no fake reader can speak at.
"""

from __future__ import annotations

import termios

MIN_BAUD = 300
MAX_BAUD = 4_000_000  # the fastest USB serial adapters; also what Linux ptys accept
# termios speed constants, for a pty that has to report one (fake-reader).
_TERMIOS_RATES = (300, 600, 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800,
                  500000, 576000, 921600, 1000000, 1152000, 1500000, 2000000, 2500000, 3000000,
                  3500000, 4000000)  # fmt: skip
STANDARD_BAUDS = tuple(rate for rate in _TERMIOS_RATES if hasattr(termios, f"B{rate}"))


class BadBaud(ValueError):
    """A baud rate that cannot be used; the message says what would be."""


def baud_rate(text: str) -> int:
    """``text`` as a standard baud rate from MIN_BAUD to MAX_BAUD."""
    digits = text.strip()
    number = int(digits) if digits.isdigit() and len(digits) <= len(str(MAX_BAUD)) else None
    if number is None or not MIN_BAUD <= number <= MAX_BAUD:
        raise BadBaud(f"expected a whole number from {MIN_BAUD} to {MAX_BAUD}, not {text!r}")
    return standard_baud(number)


def standard_baud(number: int) -> int:
    """``number`` if it is a standard speed; else :class:`BadBaud` listing the usual ones."""
    if number not in STANDARD_BAUDS:
        shown = ", ".join(str(rate) for rate in STANDARD_BAUDS if rate <= 115200)
        raise BadBaud(f"{number} is not a standard baud rate ({shown}, …)")
    return number


def termios_speed(baud: int) -> int:
    """The termios constant for a standard baud rate (see :func:`baud_rate`)."""
    if baud not in STANDARD_BAUDS:
        raise BadBaud(f"{baud} is not a standard baud rate")
    speed: int = getattr(termios, f"B{baud}")
    return speed
