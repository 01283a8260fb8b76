"""device.storage.store: the journal in SQLite, durable, append-only, never a crash loop."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from device.storage.store import APPLICATION_ID, SCHEMA_VERSION, Store, StoreError, UnknownGame

NEW_GAME = json.dumps({"type": "new_game", "map": "celaeno", "factions": ["a", "b", "c"]})


def roll(value: int) -> str:
    return json.dumps({"type": "roll", "values": [value]})


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "state" / "journal.sqlite3"


def filled(path: Path, commands: int) -> list[str]:
    stored = [NEW_GAME, *(roll(i % 6 + 1) for i in range(commands - 1))]
    with Store.open(path) as store:
        game = store.new_game()
        for command in stored:
            store.append(game, command)
    return stored


def test_commands_survive_a_reopen(db_path: Path) -> None:
    with Store.open(db_path) as store:
        assert store.current_game() is None
        game = store.new_game()
        assert store.append(game, NEW_GAME) == 1
        assert store.append(game, roll(3)) == 2
    with Store.open(db_path) as store:
        assert store.notice is None
        assert store.current_game() == game
        assert store.commands(game) == [NEW_GAME, roll(3)]


def test_the_text_is_stored_exactly(db_path: Path) -> None:
    odd = '{"type": "new_game",  "map": "dreamlands", "x": "Celephaïs ✓"}'
    with Store.open(db_path) as store:
        game = store.new_game()
        store.append(game, odd)
        assert store.commands(game) == [odd]


def test_a_new_game_keeps_the_earlier_ones(db_path: Path) -> None:
    with Store.open(db_path) as store:
        first = store.new_game()
        store.append(first, NEW_GAME)
        store.append(first, roll(1))
        second = store.new_game()
        store.append(second, NEW_GAME)
        assert store.current_game() == second > first
        assert store.append(second, roll(2)) == 2  # sequence numbers are per game
        assert store.commands(first) == [NEW_GAME, roll(1)]
        infos = store.games()
    assert [(g.id, g.commands, g.first) for g in infos] == [
        (first, 2, NEW_GAME),
        (second, 2, NEW_GAME),
    ]
    assert infos[0].created.endswith("+00:00")


def test_an_empty_game_is_listed(db_path: Path) -> None:
    with Store.open(db_path) as store:
        game = store.new_game()
        assert store.commands(game) == []
        assert [(g.commands, g.first) for g in store.games()] == [(0, None)]


def test_unknown_games_are_refused(db_path: Path) -> None:
    with Store.open(db_path) as store:
        with pytest.raises(UnknownGame, match="there is no game 7"):
            store.append(7, NEW_GAME)
        with pytest.raises(UnknownGame):
            store.commands(7)
        game = store.new_game()
        assert store.append(game, NEW_GAME) == 1  # the failed append left no transaction open


def test_a_command_is_one_line(db_path: Path) -> None:
    with Store.open(db_path) as store:
        game = store.new_game()
        with pytest.raises(ValueError, match="one line"):
            store.append(game, '{"type":\n"undo"}')
        assert store.commands(game) == []


def test_wal_and_full_synchronous_are_in_force(db_path: Path) -> None:
    with Store.open(db_path) as store:
        connection = store._db
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # 2 = FULL
        assert connection.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    # journal_mode=WAL is stored in the file itself: a plain connection sees it too.
    plain = sqlite3.connect(db_path)
    try:
        assert plain.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        plain.close()


def test_every_append_is_committed_when_it_returns(db_path: Path) -> None:
    with Store.open(db_path) as store:
        game = store.new_game()
        store.append(game, NEW_GAME)
        # A second connection sees only committed data.
        other = sqlite3.connect(db_path)
        try:
            assert other.execute("SELECT command FROM commands").fetchall() == [(NEW_GAME,)]
        finally:
            other.close()
        assert not store._db.in_transaction


def aside_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.unreadable-*"))


def assert_moved_aside_and_fresh(path: Path, reason: str, original: bytes) -> None:
    with Store.open(path) as store:
        assert store.notice is not None
        assert store.notice.reason == reason
        assert store.notice.moved_to == aside_files(path)[0]
        assert str(store.notice.moved_to) in store.notice.message()
        assert store.current_game() is None
        game = store.new_game()
        store.append(game, NEW_GAME)
    assert [p for p in aside_files(path) if not p.name.endswith(("-wal", "-shm"))] == [
        store.notice.moved_to
    ]
    assert store.notice.moved_to.read_bytes() == original
    with Store.open(path) as store:  # the fresh journal is trusted from now on
        assert store.notice is None
        assert store.commands(store.current_game() or 0) == [NEW_GAME]


def test_garbage_is_moved_aside(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    garbage = bytes(range(256)) * 64
    db_path.write_bytes(garbage)
    assert_moved_aside_and_fresh(db_path, "not_sqlite", garbage)


def test_a_zero_length_file_is_moved_aside(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"")
    assert_moved_aside_and_fresh(db_path, "empty", b"")


def test_a_truncated_database_is_moved_aside(db_path: Path) -> None:
    filled(db_path, 3000)
    whole = db_path.read_bytes()
    assert len(whole) > 8 * 4096
    truncated = whole[: len(whole) // 2]
    db_path.write_bytes(truncated)
    assert_moved_aside_and_fresh(db_path, "damaged", truncated)


def test_a_damaged_page_is_moved_aside(db_path: Path) -> None:
    filled(db_path, 3000)
    data = bytearray(db_path.read_bytes())
    page = 4096
    data[3 * page : 5 * page] = b"\xff" * (2 * page)  # overwrite two b-tree pages
    db_path.write_bytes(bytes(data))
    assert_moved_aside_and_fresh(db_path, "damaged", bytes(data))


def test_a_schema_from_the_future_is_moved_aside(db_path: Path) -> None:
    filled(db_path, 2)
    connection = sqlite3.connect(db_path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    assert_moved_aside_and_fresh(db_path, "future_schema", db_path.read_bytes())


def test_another_programs_database_is_moved_aside(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    connection = sqlite3.connect(db_path)
    connection.execute("CREATE TABLE notes (text TEXT)")
    connection.commit()
    connection.close()
    assert_moved_aside_and_fresh(db_path, "foreign", db_path.read_bytes())


def test_moving_aside_twice_keeps_both(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    for _ in range(2):
        db_path.write_bytes(b"not a database at all, not even close" * 10)
        Store.open(db_path).close()
    assert len(aside_files(db_path)) == 2


def test_a_locked_database_is_not_mistaken_for_a_damaged_one(db_path: Path) -> None:
    filled(db_path, 2)
    locker = sqlite3.connect(db_path, isolation_level=None)
    try:
        locker.execute("PRAGMA locking_mode = EXCLUSIVE")
        locker.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StoreError, match="locked"):
            Store.open(db_path, busy_timeout=0.05)
    finally:
        locker.close()
    assert aside_files(db_path) == []
    with Store.open(db_path) as store:
        assert store.notice is None
        assert len(store.commands(store.current_game() or 0)) == 2


def test_an_unusable_state_directory_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(StoreError, match="cannot open the journal"):
        Store.open(blocker / "journal.sqlite3")
