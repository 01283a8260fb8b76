"""The kept Normandie tiles: a process killed while saving one loses at most that tile, and
``celaeno tiles`` exports and imports them, a bad file refused whole with its line.

The child saves tiles with the real :class:`~device.normandie.tilestore.TileStore` and is
killed with SIGKILL at a chosen point of a save: while the new tile is half written, once
it is written and flushed but not yet renamed, and at random moments of a stream of saves.
(SIGKILL keeps the page cache, so this checks the write-then-rename order; the fsyncs that
a power cut needs are in the code path every save takes.)
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from device.normandie.tilestore import TileStore
from rules.normandie.battlefield import Space
from rules.normandie.tiles import Tile, read_tiles, write_tiles
from tests.device.conftest import ROOT, celaeno

OLD = Tile("SoN-5-A", frozenset({Space(2, 2)}))
NEW = Tile("SoN-5-A", frozenset({Space(2, 2), Space(3, 2)}), frozenset({Space(4, 4)}))
OTHERS = (
    Tile("SoN-4-A", frozenset({Space(0, 0)})),
    Tile("SoN-2-A", graves_x1=frozenset({Space(1, 1)})),
)

# The child keeps the others and the old SoN-5-A, then saves the new SoN-5-A and stops
# (for good: the parent kills it) at the point the test names.
CHILD = """
import os, sys, time
from device.storage import durable
from device.normandie import tilestore
from rules.normandie.tiles import read_tiles

folder, where = sys.argv[1], sys.argv[2]
first, new = read_tiles(open(sys.argv[3]).read().splitlines()), read_tiles([sys.argv[4]])[0]
store = tilestore.TileStore(folder)
store.save_all(first)

def stop(*args, **kwargs):
    print("stopped", flush=True)
    time.sleep(60)

if where == "writing":  # half the line is in the file, the rest never comes
    real_open = open
    class Half:
        def __init__(self, f): self.f = f
        def __enter__(self): return self
        def __exit__(self, *a): return self.f.__exit__(*a)
        def write(self, s): self.f.write(s[: len(s) // 2]); self.f.flush(); stop()
        def __getattr__(self, name): return getattr(self.f, name)
    durable.open = lambda *a, **k: Half(real_open(*a, **k))
elif where == "renaming":  # written and flushed, not yet renamed over the old tile
    durable.os.replace = stop
store.save(new)
print("saved", flush=True)
"""


def _kill_at(tmp_path: Path, where: str) -> TileStore:
    folder = tmp_path / "state"
    first = tmp_path / "first.tiles"
    first.write_text(write_tiles([OLD, *OTHERS]), encoding="utf-8")
    from rules.normandie.tiles import tile_line

    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(folder), where, str(first), tile_line(NEW)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "stopped"
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    return TileStore(folder)


@pytest.mark.parametrize("where", ["writing", "renaming"])
def test_a_kill_mid_save_keeps_the_old_tile_and_every_other(tmp_path: Path, where: str) -> None:
    store = _kill_at(tmp_path, where)
    assert store.tiles() == {t.name: t for t in (OLD, *OTHERS)}
    assert store.unreadable() == []  # the half-written file is not a tile file
    store.save(NEW)  # the next save goes through, over what the cut left
    assert store.tiles()["SoN-5-A"] == NEW
    assert sorted(p.name for p in store.folder.iterdir()) == [
        "SoN-2-A.tile", "SoN-4-A.tile", "SoN-5-A.tile",
    ]  # fmt: skip


STREAM = """
import sys
from device.normandie.tilestore import TileStore
from rules.normandie.battlefield import Space
from rules.normandie.tiles import Tile

store = TileStore(sys.argv[1])
for n in range(100000):
    name = f"T-{n % 5}"
    store.save(Tile(name, frozenset({Space(n % 7, (n // 7) % 7)})))
    print(n, flush=True)
"""


def test_kills_at_random_moments_leave_only_whole_tiles(tmp_path: Path) -> None:
    chance = random.Random(22)
    folder = tmp_path / "state"
    for _ in range(6):
        child = subprocess.Popen(
            [sys.executable, "-c", STREAM, str(folder)], cwd=ROOT, stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        child.stdout.readline()  # it is saving
        time.sleep(chance.uniform(0.0, 0.3))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        store = TileStore(folder)
        kept = store.tiles()
        assert store.unreadable() == [] and 1 <= len(kept) <= 5
        for tile in kept.values():  # each is one whole square, as saved
            assert len(tile.impassable) == 1 and not tile.graves


def test_tiles_are_exported_and_imported_and_a_bad_file_changes_nothing(tmp_path: Path) -> None:
    state = tmp_path / "state"
    good = tmp_path / "good.tiles"
    good.write_text(write_tiles([NEW, *OTHERS]), encoding="utf-8")
    done = celaeno(tmp_path, "tiles", "import", str(good), "--state-dir", str(state))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "kept 3 tiles: SoN-2-A, SoN-4-A, SoN-5-A\n"

    bad = tmp_path / "bad.tiles"
    bad.write_text(
        '# from a friend\n{"tile": "SoN-6-B", "impassable": ["A1"]}\n{"tile": "SoN-5-A", '
        '"impassable": ["Q9"]}\n',
        encoding="utf-8",
    )
    done = celaeno(tmp_path, "tiles", "import", str(bad), "--state-dir", str(state))
    assert done.returncode == 2
    assert done.stderr == (
        f"{bad}: tiles: line 3: Q9 is not a square of a tile: A1 to G7. Nothing was kept.\n"
    )
    assert sorted(TileStore(state).tiles()) == ["SoN-2-A", "SoN-4-A", "SoN-5-A"]  # no SoN-6-B

    out = tmp_path / "out.tiles"
    done = celaeno(tmp_path, "tiles", "export", str(out), "--state-dir", str(state))
    assert done.returncode == 0, done.stderr
    assert read_tiles(out.read_text("utf-8").splitlines()) == tuple(
        sorted((NEW, *OTHERS), key=lambda t: t.name)
    )
    listed = celaeno(tmp_path, "tiles", "--state-dir", str(state))
    assert listed.stdout.splitlines()[-1] == "SoN-5-A: 2 impassable, 1 Mass Graves, 0 X1"
