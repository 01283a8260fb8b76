"""Fixtures of the booted-machine tests: the cached image and machines booted from it.

These tests carry the ``system`` marker, which the default ``pytest`` run deselects
(pyproject.toml's addopts): they need root, QEMU and minutes. Run them with
``pytest -n 0 -m system tests/system`` (tests/system/ci.sh installs what they need first):
one process, one emulated machine at a time, never the suite's parallel workers.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.system.image import DownloadError, Image, build_image
from tests.system.machine import OUTPUT, Machine, qemu_usable

FIGURES = OUTPUT / "figures.json"


@pytest.fixture(scope="session")
def image() -> Image:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        pytest.fail("the booted tests run one machine at a time: add -n 0", pytrace=False)
    why_not = qemu_usable()
    if why_not is not None:
        pytest.skip(f"SKIPPED: this machine cannot run the system tests: {why_not}")
    try:
        return build_image()
    except DownloadError as error:
        # The network, not the product: said as such, never a failed test of celaeno.
        pytest.skip(f"SKIPPED: {error}")


def record(name: str, value: object) -> None:
    """Keep a measured figure for the bench (tests/system/bench.py) and the report."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    figures = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
    figures[name] = value
    FIGURES.write_text(json.dumps(figures, indent=2) + "\n")


def wait_active(machine: Machine, timeout: float = 300) -> float:
    """Seconds until the unit is active (Type=notify: READY=1 has arrived)."""
    started = time.monotonic()
    machine.wait_guest("systemctl is-active --quiet celaeno", timeout)
    return time.monotonic() - started


@pytest.fixture(scope="module")
def machine(image: Image, request: pytest.FixtureRequest) -> Iterator[Machine]:
    """One machine per test module, booted once; its tests run in order on it."""
    name = Path(str(request.node.name)).stem.removeprefix("test_")
    machine = Machine(image, name)
    try:
        yield machine
    finally:
        machine.close()
