"""The layer cache shared by the card and the test image (systemd/image/build.py): what is
forgotten on a machine several checkouts share, a layer in use never removed, a cached image
found without waiting for a build (runs in the plain suite: no machine)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.system import image
from tests.system.image import builder

DAY = 86400
OTHER = "/home/someone-else/celaeno"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setattr(builder, "CACHE", tmp_path)
    held: list[int] = []
    monkeypatch.setattr(builder, "_held", held)  # this test's locks, released after it
    yield tmp_path
    for lock in held:
        os.close(lock)


def made(cache: Path, name: str, *, used_by: str | None, ago: float, finished: bool = True) -> Path:
    """A layer directory; ``used_by``: the checkout noted as its last user ``ago`` seconds
    ago (None: a layer from before uses were noted, built ``ago`` seconds ago)."""
    path = cache / name
    path.mkdir()
    (path / "disk.raw").write_bytes(b"disk")
    when = time.time() - ago
    if finished:
        (path / "manifest.json").write_text("{}")
        os.utime(path / "manifest.json", (when, when))
    if used_by is not None:
        (path / "last-use").write_text(used_by + "\n")
        os.utime(path / "last-use", (when, when))
    return path


def forget(prefix: str = "image-") -> list[Path]:
    return sorted(builder.forget_older(prefix, keep=2, marker="manifest.json"))


def test_this_checkouts_layers_but_the_two_it_used_last_are_forgotten(cache: Path) -> None:
    ours = str(builder.ROOT)
    oldest, old, newer, newest = (made(cache, f"image-{key}", used_by=ours, ago=ago) for key, ago
                                  in (("a1", 400), ("b2", 300), ("c3", 200), ("d4", 100)))  # fmt: skip
    base = cache / "base-e5"
    base.mkdir()
    building = made(cache, "image-f6.tmp", used_by=ours, ago=3 * DAY)  # never touched
    unfinished = made(cache, "image-g7", used_by=ours, ago=3 * DAY, finished=False)  # nor this
    installed = made(cache, "installed-h8", used_by=ours, ago=500)  # another kind of layer
    assert forget() == [oldest, old]
    assert sorted(cache.iterdir()) == sorted([base, building, newer, newest, unfinished, installed])


def test_another_checkouts_layers_stay_until_nobody_used_them_for_a_day(cache: Path) -> None:
    ours = str(builder.ROOT)
    mine = [made(cache, f"image-m{n}", used_by=ours, ago=n) for n in range(2)]
    in_use_today = made(cache, "image-o1", used_by=OTHER, ago=DAY - 600)
    abandoned = made(cache, "image-o2", used_by=OTHER, ago=DAY + 600)
    from_before_recent = made(cache, "image-o3", used_by=None, ago=3600)
    from_before_old = made(cache, "image-o4", used_by=None, ago=2 * DAY)
    assert forget() == [abandoned, from_before_old]
    assert sorted(cache.iterdir()) == sorted([*mine, in_use_today, from_before_recent])


def test_a_layer_another_run_holds_is_never_removed(cache: Path) -> None:
    ours = str(builder.ROOT)
    held = made(cache, "image-a1", used_by=ours, ago=DAY)
    stale = made(cache, "image-b2", used_by=OTHER, ago=9 * DAY)
    newer = [made(cache, f"image-n{n}", used_by=ours, ago=n) for n in range(2)]
    run = holding([held, stale])  # another process, as a booting run would be
    try:
        assert forget() == []
    finally:
        assert run.stdin is not None
        run.stdin.close()
        run.wait(timeout=30)
    assert forget() == [held, stale]  # once that run has ended
    assert sorted(cache.iterdir()) == newer


def holding(layers: list[Path]) -> subprocess.Popen[str]:
    """A process that holds ``layers`` (build.py's hold) until its stdin closes."""
    script = (
        "import sys; from pathlib import Path; from tests.system.image import builder\n"
        "held = [builder.hold(Path(p), 'manifest.json') for p in sys.argv[1:]]\n"
        "print(all(held), flush=True); sys.stdin.read()\n"
    )
    run = subprocess.Popen([sys.executable, "-c", script, *map(str, layers)], text=True,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=builder.ROOT)  # fmt: skip
    assert run.stdout is not None
    assert run.stdout.readline().strip() == "True"
    for layer in layers:  # the other run's checkout, as if it were another one's
        (layer / "last-use").write_text(OTHER + "\n")
        os.utime(layer / "last-use", (0, 0))
    return run


def test_holding_a_layer_notes_this_checkout_and_fails_while_it_is_removed(cache: Path) -> None:
    layer = made(cache, "image-a1", used_by=OTHER, ago=DAY)
    assert builder.hold(layer, "manifest.json")
    assert builder.last_use(layer, "manifest.json")[0] == str(builder.ROOT)
    assert time.time() - builder.last_use(layer, "manifest.json")[1] < 60
    other = made(cache, "image-b2", used_by=None, ago=0)
    with open(other / "in-use", "a") as removal:
        fcntl.flock(removal, fcntl.LOCK_EX)  # a removal under way
        assert not builder.hold(other, "manifest.json")
    (other / "manifest.json").unlink()  # what a removal does first
    assert not builder.hold(other, "manifest.json")
    assert not builder.hold(cache / "image-c3", "manifest.json")  # gone


def test_a_cached_image_is_found_while_another_build_holds_the_lock(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(image, "image_key", lambda: "k1")
    monkeypatch.setattr(builder, "build_installed", lambda: pytest.fail("an image was rebuilt"))
    cached = made(cache, "image-k1", used_by=None, ago=100)
    with open(cache / "image-k1.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another checkout building the same image
        found = run_with_timeout(image.build_image, seconds=5)
    assert found.directory == cached
    assert builder.last_use(cached, "manifest.json")[0] == str(builder.ROOT)


def test_a_base_is_keyed_by_its_package_list() -> None:
    card = builder.base_key()
    assert builder.base_key(builder.card_packages()) == card
    bare = builder.base_key(["linux-image-arm64", "systemd-sysv"])
    assert bare != card and bare != builder.base_key(["linux-image-arm64"])


def run_with_timeout(function: Callable[[], image.Image], seconds: float) -> image.Image:
    # Not a `with` block: on a timeout the blocked thread must not be waited for while the
    # test still holds the lock it waits on.
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        return pool.submit(function).result(timeout=seconds)
    finally:
        pool.shutdown(wait=False)
