"""A small file replaced whole or not at all, also across a power cut.

The new bytes go to a temporary file in the same directory (so the rename cannot cross file
systems), are flushed to the disk (fsync), the temporary file is renamed over the old one
(an atomic replace) and the directory is flushed, because the rename itself reaches the
disk only then. A cut at any moment leaves the old file or the new one, never half of one;
a leftover temporary file is the caller's to ignore (it never has the final name).
"""

from __future__ import annotations

import os
from pathlib import Path


def replace_durably(path: Path, data: bytes, temporary: Path) -> None:
    """``path`` holds ``data`` afterwards; ``temporary``: a name beside it for the write."""
    with open(temporary, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
    sync_directory(path.parent)


def sync_directory(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
