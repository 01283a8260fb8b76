"""What the hardware layer uses of libraries that ship no types (pyserial, gpiozero), as
Protocols for the type checker.

Imported only under ``typing.TYPE_CHECKING`` (``tests/test_typed.py`` checks it): nothing
here runs, so the types cost a start nothing.
"""

from __future__ import annotations

from typing import Protocol


class SerialPort(Protocol):
    """What the dice reader uses of a pyserial port (``serial.serial_for_url``)."""

    timeout: float | None

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


class PortInfo(Protocol):
    """What is read of a ``serial.tools.list_ports`` entry."""

    vid: int | None
    pid: int | None
    description: str | None
    product: str | None
    device: str


class Device(Protocol):
    """What the button panel uses of a gpiozero device."""

    def close(self) -> None: ...
