"""Which gpiozero pin library to use, and a loud refusal instead of dead buttons.

On a Raspberry Pi we try gpiozero's own order (lgpio, the only one that works on a Pi 5; then
RPi.GPIO, pigpio and gpiozero's pure-Python "native" pins on older boards). If none works the
buttons would do nothing, so we raise :class:`PinFactoryError` saying why and how to fix it; we
never fall back to mock pins. Off a Pi there is no GPIO: :func:`choose_pin_factory` returns None
and the app uses the keyboard (:mod:`hardware.keyboard`).

Every pin library is imported only inside :func:`choose_pin_factory` on a Pi: RPi.GPIO raises
when imported anywhere else.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger(__name__)

# Where Linux shows the board's name ("Raspberry Pi 5 Model B Rev 1.0", NUL-terminated).
MODEL_PATHS: tuple[Path, ...] = (
    Path("/proc/device-tree/model"),
    Path("/sys/firmware/devicetree/base/model"),
)

# (name, module, class) in gpiozero's default order (gpiozero/devices.py).
FACTORY_ORDER: tuple[tuple[str, str, str], ...] = (
    ("lgpio", "gpiozero.pins.lgpio", "LGPIOFactory"),
    ("rpigpio", "gpiozero.pins.rpigpio", "RPiGPIOFactory"),
    ("pigpio", "gpiozero.pins.pigpio", "PiGPIOFactory"),
    ("native", "gpiozero.pins.native", "NativeFactory"),
)

HOW_TO_FIX = (
    "To fix it: install a pin library, either `sudo apt install python3-lgpio` (the virtual "
    "environment must then be made with --system-site-packages) or `pip install 'celaeno[pi]'` "
    "inside it; then let the user read GPIO with `sudo usermod -aG gpio $USER` and log in again."
)


class PinFactoryError(RuntimeError):
    """No pin library works on this Raspberry Pi; the message says why and how to fix it."""


def board_model(paths: Sequence[Path] = MODEL_PATHS) -> str | None:
    """The device-tree model string, or None where there is none (a desktop, a container)."""
    for path in paths:
        try:
            return path.read_bytes().rstrip(b"\0\n").decode("ascii", "replace")
        except OSError:
            continue
    return None


def is_raspberry_pi(paths: Sequence[Path] = MODEL_PATHS) -> bool:
    model = board_model(paths)
    return model is not None and model.startswith("Raspberry Pi")


def choose_pin_factory(
    paths: Sequence[Path] = MODEL_PATHS,
    order: Sequence[tuple[str, str, str]] = FACTORY_ORDER,
) -> object | None:
    """A working gpiozero pin factory on a Pi; None off a Pi; PinFactoryError if none works.

    ``GPIOZERO_PIN_FACTORY`` (gpiozero's own setting) is obeyed when set: choosing a factory
    by name, even ``mock``, is explicit, not silent.
    """
    model = board_model(paths)
    if model is None or not model.startswith("Raspberry Pi"):
        return None
    chosen = os.environ.get("GPIOZERO_PIN_FACTORY")
    candidates = _named(chosen) if chosen else order
    errors = []
    for name, module, cls in candidates:
        try:
            factory: object = getattr(__import__(module, fromlist=[cls]), cls)()
        except Exception as error:  # any failure means "not this one"; all are reported below
            errors.append(f"  {name}: {type(error).__name__}: {error}")
            continue
        log.info("GPIO on %s through %s", model, name)
        return factory
    raise PinFactoryError(
        f"The buttons cannot work: no GPIO pin library works on this {model}.\n"
        + "\n".join(errors)
        + f"\n{HOW_TO_FIX}"
    )


def _named(name: str) -> list[tuple[str, str, str]]:
    """The factory GPIOZERO_PIN_FACTORY names, from gpiozero's registered entry points."""
    from importlib.metadata import entry_points

    for entry in entry_points(group="gpiozero_pin_factories"):
        if entry.name in (name, name.lower()):
            module, cls = entry.value.split(":")
            return [(entry.name, module, cls)]
    known = sorted({e.name for e in entry_points(group="gpiozero_pin_factories")})
    raise PinFactoryError(
        f"GPIOZERO_PIN_FACTORY={name!r} names no pin library; gpiozero knows {', '.join(known)}."
    )
