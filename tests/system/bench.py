"""Figures of the booted machine, measured under emulation (QEMU TCG, arm64 on the host):

    sudo .venv/bin/python -m tests.system.bench [--cuts 10]

prints the image build time (cold, as recorded by the build that made the cached image, and
cached: finding it again), power on → READY, watchdog → resumed, power cuts survived N/N
and the unit's `systemd-analyze security` exposure. The machine figures come from running
the scenarios that measure them (a, f, e) under pytest; they write tests/output/system/
figures.json, read back here.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from tests.system.conftest import FIGURES
from tests.system.image import build_image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.system.bench", description=__doc__)
    parser.add_argument("--cuts", type=int, default=10, help="power cuts to survive")
    args = parser.parse_args(argv)
    started = time.monotonic()
    image = build_image()
    cached = time.monotonic() - started
    manifest = image.manifest
    FIGURES.unlink(missing_ok=True)
    env = {**os.environ, "CELAENO_POWER_CUTS": str(args.cuts)}
    tests = [
        "tests/system/test_appliance.py::test_a_fresh_install_starts_the_service_and_reports_ready",
        "tests/system/test_appliance.py::test_f_the_watchdog_restarts_a_hung_app_and_the_game_resumes",
        "tests/system/test_power_cut.py",
    ]
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-n",
            "0",
            "-m",
            "system",
            "-q",
            "-p",
            "no:cacheprovider",
            *tests,
        ],
        env=env,
        check=False,
    )
    figures = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
    base, installed, layer = (
        float(str(manifest[f"{name}_build_seconds"])) for name in ("base", "installed", "image")
    )
    print("\nMeasured under emulation (qemu-system-aarch64 TCG, cortex-a72, 2 vCPUs):")
    print(
        f"  image build, cold:          {base + installed + layer:.0f} s (base {base:.0f} s"
        f" + installed {installed:.0f} s + image {layer:.0f} s)"
    )
    print(f"  image build, cached:        {cached:.1f} s")
    print(f"  power on -> READY:          {figures.get('power_on_to_ready_s', '?')} s")
    print(f"  watchdog -> resumed:        {figures.get('watchdog_to_resumed_s', '?')} s")
    print(f"  power cuts survived:        {figures.get('power_cuts', f'0/{args.cuts}')}")
    print(f"  systemd-analyze security:   {figures.get('exposure', '?')} (0 best, 10 worst)")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
