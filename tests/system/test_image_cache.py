"""The image cache: the newest two images kept, a cached one found without waiting for a
build (runs in the plain suite: no machine)."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
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


def test_a_cached_image_is_found_while_another_build_holds_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(image, "CACHE", tmp_path)
    monkeypatch.setattr(image, "image_key", lambda: "k1")
    monkeypatch.setattr(image, "build_base", lambda: pytest.fail("a cached image was rebuilt"))
    cached = made(tmp_path, "k1", 100)
    with open(tmp_path / "image.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another checkout building its own image
        found = run_with_timeout(image.build_image, seconds=5)
    assert found.directory == cached


def run_with_timeout(function: Callable[[], image.Image], seconds: float) -> image.Image:
    # Not a `with` block: on a timeout the blocked thread must not be waited for while the
    # test still holds the lock it waits on.
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        return pool.submit(function).result(timeout=seconds)
    finally:
        pool.shutdown(wait=False)
