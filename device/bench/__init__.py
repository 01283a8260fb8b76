"""Benchmark scripts: each prints its figures and the machine they were measured on."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def machine() -> str:
    """One line naming the machine: CPU model, cores, Python."""
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith(("model name", "Model")):
                model = line.split(":", 1)[1].strip()
                break
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"
