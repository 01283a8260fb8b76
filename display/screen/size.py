"""A screen size as the command line writes it ("800x480"), read without pygame."""

from __future__ import annotations


def parse_size(text: str) -> tuple[int, int]:
    """``"800x480"`` → ``(800, 480)``; a clear ValueError for anything else."""
    width, sep, height = text.lower().partition("x")
    if (
        not sep
        or not width.isdigit()
        or not height.isdigit()
        or int(width) <= 0
        or int(height) <= 0
    ):
        raise ValueError(f"size must look like 800x480, got {text!r}")
    return int(width), int(height)
