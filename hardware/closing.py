"""The ``with`` block every hardware worker offers: it closes the worker at the end."""

from __future__ import annotations

from typing import Self


class ClosedOnExit:
    """``with worker:`` calls ``worker.close()`` however the block ends (a worker that
    starts on entering says so in its own ``__enter__``)."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
