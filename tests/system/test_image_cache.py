"""The image cache keeps the newest two images (runs in the plain suite: no machine)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.system import image


def made(cache: Path, key: str, when: int, *, finished: bool = True) -> Path:
    path = cache / f"image-{key}"
    path.mkdir()
    (path / "disk.raw").write_bytes(b"disk")
    if finished:
        (path / "manifest.json").write_text("{}")
        os.utime(path / "manifest.json", (when, when))
    return path


def test_all_but_the_newest_two_images_are_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(image, "CACHE", tmp_path)
    oldest, old, newer, newest = (made(tmp_path, key, when) for key, when in
                                  (("a1", 100), ("b2", 200), ("c3", 300), ("d4", 400)))  # fmt: skip
    base = tmp_path / "base-e5"
    base.mkdir()
    building = made(tmp_path, "f6.tmp", 0)  # one being built is never touched
    unfinished = made(tmp_path, "g7", 0, finished=False)  # nor one a build left half-done
    removed = image.forget_older_images(keep=2)
    assert sorted(removed) == [oldest, old]
    assert sorted(tmp_path.iterdir()) == [base, newer, newest, building, unfinished]
