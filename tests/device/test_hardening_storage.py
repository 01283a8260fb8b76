"""Storage faults under `celaeno export`, `import` and `run`: each answered in its own words,
nothing acknowledged ever lost, a damaged journal never deleted nor written over.

Real sqlite files damaged on disk, a real second process holding the write lock, and (as
root) real filesystems: a tmpfs remounted read-only, and a tiny tmpfs filled to the brim.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from device.companion.app import store_failed_text
from device.storage import paths
from device.storage.session import GameSession
from device.storage.store import Store, StoreError
from rules.cthulhu_wars.commands import NewGame
from rules.games import RULES
from rules.text import render
from tests.device.conftest import ROOT, NotifyListener, celaeno, start_run, stop
from tests.parsing import parse_any_line

EXAMPLE = ROOT / "rules" / "examples" / "celaeno_e1.jsonl"
COMMANDS = [line for line in EXAMPLE.read_text().splitlines() if line.startswith("{")]


def journal_with_one_game(state: Path) -> Path:
    """A sound journal holding the example game; its database path."""
    database = paths.database_path(state)
    first, *rest = [parse_any_line(line) for line in COMMANDS]
    assert isinstance(first, NewGame)
    with Store.open(database) as store:
        session = GameSession.start(store, first, RULES)
        for command in rest:
            assert command is not None
            session.submit(command)
    return database


def no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr, done.stderr


# --- a damaged file: named, kept, never written over -------------------------------------


def _truncate(database: Path, size: int) -> None:
    with database.open("r+b") as file:
        file.truncate(size)


def _drop_commands(database: Path) -> None:
    with sqlite3.connect(database) as connection:
        connection.execute("DROP TABLE commands")
    connection.close()


def _command_as_blob(database: Path) -> None:
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE commands SET command = CAST(command AS BLOB) WHERE seq = 2")
    connection.close()


def _command_not_utf8(database: Path) -> None:
    """Found by the database fuzzer: TEXT whose bytes are not UTF-8 (and quick_check's
    message about such a page) made Python's sqlite3 raise UnicodeDecodeError."""
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE commands SET command = CAST(X'7B9D7D' AS TEXT) WHERE seq = 2")
    connection.close()


def _schema_not_utf8(database: Path) -> None:
    """Found by the database fuzzer: SQLite's error message quotes the damaged bytes, and
    Python's sqlite3 raised UnicodeDecodeError decoding it."""
    data = database.read_bytes()
    at = data.index(b"CREATE TABLE games") + 4
    database.write_bytes(data[:at] + b"\x9d" + data[at + 1 :])


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated to 4096 bytes": (lambda db: _truncate(db, 4096), "damaged"),
    "truncated to 1 byte": (lambda db: _truncate(db, 1), "not an SQLite database"),
    "commands table dropped": (_drop_commands, "missing tables: commands"),
    "a command stored as a BLOB": (_command_as_blob, "1 commands are not text"),
    "a command that is not UTF-8": (_command_not_utf8, "a command is not UTF-8 text"),
    "schema text that is not UTF-8": (_schema_not_utf8, "malformed database schema (games)"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_export_names_a_damaged_journal_and_leaves_it(tmp_path: Path, damage: str) -> None:
    harm, why = DAMAGE[damage]
    database = journal_with_one_game(tmp_path / "state")
    harm(database)
    before = database.read_bytes()
    done = celaeno(tmp_path, "export", "--state-dir", str(tmp_path / "state"))
    assert done.returncode == 2
    assert f"the journal {database} cannot be used: " in done.stderr
    assert why in done.stderr and "it was left as it is" in done.stderr
    assert database.read_bytes() == before  # reading changed nothing
    no_traceback(done)


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_import_sets_a_damaged_journal_aside_and_says_where(tmp_path: Path, damage: str) -> None:
    harm, _why = DAMAGE[damage]
    database = journal_with_one_game(tmp_path / "state")
    harm(database)
    before = database.read_bytes()
    done = celaeno(tmp_path, "import", str(EXAMPLE), "--state-dir", str(tmp_path / "state"))
    assert done.returncode == 0, done.stderr
    kept = sorted(database.parent.glob("journal.sqlite3.unreadable-*[!lm]"))
    assert len(kept) == 1 and kept[0].read_bytes() == before  # never deleted, never re-used
    assert f"it was moved to {kept[0]} and a new journal was started" in done.stderr
    assert len(celaeno(tmp_path, "export", "--state-dir", str(database.parent)).stdout
               .splitlines()) == len(COMMANDS)  # fmt: skip


# --- another process holds the write lock ------------------------------------------------


HOLD_LOCK = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.read()
"""


def test_a_locked_journal_is_reported_and_export_still_reads(tmp_path: Path) -> None:
    database = journal_with_one_game(tmp_path / "state")
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(database)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        done = celaeno(tmp_path, "import", str(EXAMPLE), "--state-dir", str(database.parent))
        assert done.returncode == 2
        assert f"the journal {database} is locked by another program" in done.stderr
        no_traceback(done)
        export = celaeno(tmp_path, "export", "--state-dir", str(database.parent))
        assert export.returncode == 0 and len(export.stdout.splitlines()) == len(COMMANDS)
    finally:
        holder.communicate("", timeout=10)


# --- read-only and full filesystems (root: a tmpfs of our own) ---------------------------


@pytest.fixture()
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 512 KiB tmpfs mounted for this test alone."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs (read-only and full-disk faults) needs root")
    mount = tmp_path / "mnt"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)],
                          capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_read_only_filesystem_is_reported_and_export_still_reads(
    tmp_path: Path, tmpfs: Path
) -> None:
    database = journal_with_one_game(tmpfs / "state")
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    done = celaeno(tmp_path, "import", str(EXAMPLE), "--state-dir", str(database.parent))
    assert done.returncode == 2
    assert f"the journal {database} cannot be written: the file or its directory is read-only" in (
        done.stderr
    )
    no_traceback(done)
    child = start_run(tmp_path, "--state-dir", str(database.parent))
    assert child.wait(timeout=60) == 2
    _out, err = stop(child)
    assert "read-only" in err and "Traceback" not in err
    export = celaeno(tmp_path, "export", "--state-dir", str(database.parent))
    assert export.returncode == 0 and len(export.stdout.splitlines()) == len(COMMANDS)


def test_a_full_disk_loses_nothing_acknowledged_and_export_still_reads(
    tmp_path: Path, tmpfs: Path, listener: NotifyListener
) -> None:
    state = tmpfs / "state"
    long_journal = tmp_path / "long.jsonl"
    long_journal.write_text("".join(f"{line}\n" for line in COMMANDS * 60))
    done = celaeno(tmp_path, "import", str(long_journal), "--state-dir", str(state))
    assert done.returncode == 2
    acknowledged = len(done.stdout.splitlines())
    assert 0 < acknowledged < len(COMMANDS) * 60
    assert f"the disk holding the journal {paths.database_path(state)} is full" in done.stderr
    no_traceback(done)

    listed = celaeno(tmp_path, "export", "--list", "--state-dir", str(state))
    assert listed.returncode == 0, listed.stderr
    stored = sum(int(line.split("\t")[2].split()[0]) for line in listed.stdout.splitlines())
    assert stored == acknowledged  # every "ok N" is on disk, the refused one is not

    again = celaeno(tmp_path, "import", str(EXAMPLE), "--state-dir", str(state))
    assert again.returncode == 2 and "is full" in again.stderr
    no_traceback(again)
    # The device still starts and shows the game: reading needs no space.
    child = start_run(tmp_path, "--state-dir", str(state), NOTIFY_SOCKET=str(listener.path))
    try:
        listener.wait_for("READY=1")
    finally:
        _out, err = stop(child, signal.SIGTERM)
    assert child.returncode == 0 and "Traceback" not in err


def fill(directory: Path) -> Path:
    """Write a file until the disk is full; delete it to free the space again."""
    filler = directory / "filler"
    with filler.open("wb") as file:
        try:
            while True:
                file.write(bytes(64 * 1024))
                file.flush()
        except OSError:
            pass
    return filler


def test_a_disk_filling_up_during_play_keeps_every_accepted_command(tmpfs: Path) -> None:
    """The device's own path: session.submit on a disk that just filled up."""
    database = journal_with_one_game(tmpfs / "state")
    first = parse_any_line(COMMANDS[0])
    assert isinstance(first, NewGame)
    with Store.open(database) as store:
        session, _ = GameSession.resume(store, first, RULES)
        kept = store.commands(session.game_id)
        filler = fill(tmpfs)
        with pytest.raises(StoreError) as refused:
            for _ in range(200):  # WAL frames fill what was left; one of these must fail
                session.submit(first)
        assert refused.value.fault == "disk_full"
        assert render(store_failed_text(refused.value)).startswith("The SD card is full")
    filler.unlink()
    with Store.open(database, read_only=True) as store:
        games = store.games()
        assert store.commands(games[0].id) == kept  # the game played before is whole
        assert all(game.commands == 1 for game in games[1:])  # each new game whole or absent
