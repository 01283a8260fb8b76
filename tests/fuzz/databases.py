"""Damaged journal databases through `celaeno export`, `import` and `run`.

A sound journal holding two games (Cthulhu Wars and Normandie) is damaged one way per try:
truncated anywhere, bytes or whole pages overwritten, its WAL cut, a table dropped, a
command stored as a BLOB, its schema version or application id changed, or the write lock
held by another connection. Checked:

- every command answers 0 or 2 in words, never a traceback or a hang;
- ``export`` changes nothing on disk;
- a journal set aside is kept byte for byte (never deleted, never written over);
- what ``export`` could read before ``import`` and ``run`` is still there after them.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from device.service import stopping
from device.storage import paths
from tests.fuzz.harness import Tally, run_cli, timed
from tests.fuzz.journals import EXAMPLES

CELAENO = next(path for path in EXAMPLES if path.name == "celaeno_e1.jsonl")
NORMANDIE = next(path for path in EXAMPLES if path.name == "normandie_chapter1.jsonl")
PAGE = 4096


def _truncate(db: Path, chance: random.Random) -> str:
    size = chance.choice([0, 1, 15, 16, 100, PAGE, chance.randrange(db.stat().st_size)])
    with db.open("r+b") as file:
        file.truncate(size)
    return f"truncated to {size}"


def _overwrite(db: Path, chance: random.Random) -> str:
    data = bytearray(db.read_bytes())
    for _ in range(chance.randint(1, 32)):
        data[chance.randrange(len(data))] = chance.randrange(256)
    db.write_bytes(bytes(data))
    return "bytes overwritten"


def _zero_page(db: Path, chance: random.Random) -> str:
    data = bytearray(db.read_bytes())
    page = chance.randrange(max(1, len(data) // PAGE))
    data[page * PAGE : (page + 1) * PAGE] = bytes(min(PAGE, len(data) - page * PAGE))
    db.write_bytes(bytes(data))
    return f"page {page + 1} zeroed"


def _sql(statement: str) -> Callable[[Path, random.Random], str]:
    def damage(db: Path, chance: random.Random) -> str:
        with sqlite3.connect(db) as connection:
            connection.execute(statement)
        connection.close()
        return statement

    return damage


DAMAGE: list[Callable[[Path, random.Random], str]] = [
    _truncate,
    _truncate,
    _overwrite,
    _overwrite,
    _zero_page,
    _zero_page,
    _sql("DROP TABLE commands"),
    _sql("DROP TABLE games"),
    _sql("UPDATE commands SET command = CAST(command AS BLOB) WHERE seq = 3"),
    _sql("UPDATE commands SET command = 'not json' WHERE seq = 2"),
    _sql("DELETE FROM commands WHERE seq = 1"),
    _sql("PRAGMA user_version = 99"),
    _sql("PRAGMA application_id = 7"),
    _sql("PRAGMA journal_mode = DELETE"),
]


def fuzz(count: int, seed: int, locks: int = 0) -> Tally:
    """``locks``: how many of the tries hold the write lock from another connection (each
    waits out the 5 s busy timeout of `import`)."""
    tally = Tally("database faults (export, import, run)")
    chance = random.Random(seed)
    with timed(tally), tempfile.TemporaryDirectory(prefix="celaeno-fuzz-") as scratch:
        sound = _sound_journal(Path(scratch) / "sound")
        for number in range(count):
            tally.tried += 1
            state = Path(scratch) / str(number)
            shutil.copytree(sound, state)
            db = paths.database_path(state)
            if number < locks:
                _locked(state, db, tally)
            else:
                chance.choice(DAMAGE)(db, chance)
                _one(state, db, tally)
    return tally


def _sound_journal(state: Path) -> Path:
    for journal in (CELAENO, NORMANDIE):
        done = run_cli(["import", str(journal), "--state-dir", str(state)])
        assert done.status == 0, done.stderr
    return state


def _one(state: Path, db: Path, tally: Tally) -> None:
    damaged = db.read_bytes() if db.exists() else b""
    export = run_cli(["export", "--state-dir", str(state)])
    if not tally.check(export, (0, 2), damaged, ".sqlite3"):
        return
    if (db.read_bytes() if db.exists() else b"") != damaged:
        tally.record("wrong_exit", "export changed the journal on disk", damaged, ".sqlite3")
    readable = export.stdout if export.status == 0 else None
    imported = run_cli(["import", str(CELAENO), "--state-dir", str(state)])
    tally.check(imported, (0, 2), damaged, ".sqlite3")
    _kept_aside(state, damaged, tally)
    stopping.request()  # `run` stops after its first frame
    run = run_cli(["run", "--state-dir", str(state), "--reader", "none", "--window"], hang=30)
    tally.check(run, (0, 2), damaged, ".sqlite3")
    if readable is not None:
        after = run_cli(["export", "--game", "2", "--state-dir", str(state)])
        if after.status != 0 or after.stdout != readable:
            tally.record("lost", "a game export could read is no longer there", damaged, ".sqlite3")


def _kept_aside(state: Path, damaged: bytes, tally: Tally) -> None:
    for path in state.glob("journal.sqlite3.unreadable-*"):
        if not path.name.endswith(("-wal", "-shm")) and path.read_bytes() != damaged:
            tally.record("lost", f"{path.name} is not the journal as it was", damaged, ".sqlite3")


def _locked(state: Path, db: Path, tally: Tally) -> None:
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # as another celaeno import in the middle of a line
    try:
        before = run_cli(["export", "--state-dir", str(state)])
        tally.check(before, (0,), b"", ".locked")
        imported = run_cli(["import", str(CELAENO), "--state-dir", str(state)])
        if tally.check(imported, (2,), b"", ".locked") and "locked" not in imported.stderr:
            tally.record("wrong_exit", imported.stderr[-300:], b"", ".locked")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
