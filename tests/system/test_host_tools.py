"""A host without what the booted tests need is told which packages to install, in one
line, before any image is built (not a raw FileNotFoundError from binfmt_misc)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.system import machine


def test_a_missing_emulator_is_named_with_its_package(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every other tool is there, whatever this machine has: a fresh one has none of them.
    monkeypatch.setattr(
        machine.shutil,
        "which",
        lambda tool: None if tool == "qemu-aarch64-static" else f"/usr/bin/{tool}",
    )
    why_not = machine.qemu_usable()
    assert why_not == (
        "missing qemu-aarch64-static: apt-get install qemu-user-static "
        "(tests/system/ci.sh installs them)"
    )


def test_every_missing_tool_names_its_package_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine.shutil, "which", lambda tool: None)
    why_not = machine.qemu_usable()
    assert why_not is not None
    packages = why_not.split("apt-get install ", 1)[1].split(" (", 1)[0].split()
    assert packages == sorted(set(machine.HOST_TOOLS.values()))


def test_the_list_is_the_one_ci_installs() -> None:
    ci = (Path(__file__).parent / "ci.sh").read_text()
    listed = ci.split("PACKAGES=(", 1)[1].split(")", 1)[0].split()
    assert set(listed) == set(machine.HOST_TOOLS.values()) - {"coreutils"}
