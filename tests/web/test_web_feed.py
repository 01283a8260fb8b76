"""The phone view follows the journal read-only: positions, undo, new games, a table that
is not running, and (as root) the real permission setup of the two systemd units."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from device.games import GAMES
from device.storage.store import FILE_MODE
from device.web import feed as feed_module
from device.web.feed import Feed
from rules.journal import Played, state_json
from tests.web.conftest import ROOT, Table, TableProcess

NEXT = {"type": "next_phase"}
ACTIVATE = {"type": "activate", "monster": "custodian", "by": "black_goat", "area": "black_hall"}


def test_the_position_counts_every_command_and_the_state_follows(table: Table) -> None:
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    assert feed.refresh()
    first = feed.snapshot()
    assert first.position == 1 and first.state is not None and first.state["phase"] == "action"
    for _ in range(3):
        table.play(NEXT)
    assert feed.refresh()
    later = feed.snapshot()
    assert later.position == 4 == table.position
    assert later.state is not None and later.state["phase"] == "doom"  # T1
    assert not feed.refresh(), "nothing new was committed"


def test_an_undo_is_a_newer_position_with_the_older_state_said_in_words(table: Table) -> None:
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    table.play(NEXT)
    feed.refresh()
    before = feed.snapshot()
    table.play({"type": "undo"})
    feed.refresh()
    after = feed.snapshot()
    assert after.position == before.position + 1
    assert after.undone and not before.undone
    assert before.state is not None and before.state["phase"] == "gather_power"
    assert after.state is not None and after.state["phase"] == "action"
    assert after.recent[-1][0].key == "event.undone"


def _depth(played: Played) -> int:
    """How many steps the engine keeps of ``played``'s history."""
    return sum(1 for _ in played.history())


def test_the_view_keeps_a_bounded_history_not_the_whole_game(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page shows the latest state; the engine's history of the game (for undo) would
    grow by a step per command for the whole game in the view too."""
    monkeypatch.setattr(feed_module, "HISTORY", 2)
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    depths = []
    for _ in range(9):
        table.play(NEXT)
        feed.refresh()
        assert feed.played is not None
        depths.append(_depth(feed.played))
        assert state_json(feed.played) == state_json(table.session.played)
        assert next(feed.played.history()).command == next(table.session.played.history()).command
    assert _depth(table.session.played) == 9, "the table keeps its whole history"
    assert depths == [1, 2, 3, 4, 2, 3, 4, 2, 3]  # cut back to 2 once past 4


@pytest.mark.parametrize("undos", [1, 2, 3, 4, 5, 6])
def test_undo_back_to_a_state_kept_or_let_go(
    table: Table, monkeypatch: pytest.MonkeyPatch, undos: int
) -> None:
    """With two states kept (and at most four), the first undos are followed from them and
    the later ones by replaying the game from the journal: the same state either way."""
    monkeypatch.setattr(feed_module, "HISTORY", 2)
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    feed.refresh()
    phases = [feed.snapshot().state["phase"]]  # type: ignore[index]
    for _ in range(6):  # each command read on its own, the history cut as it grows
        table.play(NEXT)
        feed.refresh()
        phases.append(feed.snapshot().state["phase"])  # type: ignore[index]
    for _ in range(undos):
        table.play({"type": "undo"})
        assert feed.refresh()
        found = feed.snapshot()
        assert found.undone and found.recent[-1][0].key == "event.undone"
        assert found.state == state_json(table.session.played)
    assert found.position == 1 + 6 + undos == table.position
    assert found.state is not None and found.state["phase"] == phases[6 - undos]  # T1
    assert feed.played is not None and _depth(feed.played) <= 4


def test_undo_and_the_command_it_takes_back_read_together(table: Table) -> None:
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    feed.refresh()
    table.play(NEXT)
    table.play(NEXT)
    table.play({"type": "undo"})
    table.play(NEXT)
    assert feed.refresh()
    assert feed.snapshot().state == state_json(table.session.played)
    assert feed.snapshot().state["phase"] == "first_player"  # type: ignore[index]  # T1
    assert not feed.snapshot().undone, "the latest command was not an undo"


def test_a_new_game_is_followed_and_the_position_keeps_growing(table: Table) -> None:
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    table.play(NEXT)
    feed.refresh()
    old_game = feed.snapshot().game
    table.play({"type": "new_game", "map": "dreamlands",
                "factions": ["great_cthulhu", "crawling_chaos", "black_goat"]})  # fmt: skip
    feed.refresh()
    found = feed.snapshot()
    assert found.game != old_game and found.position == 3
    assert found.state is not None and found.state["map"] == "dreamlands"


def test_not_running_only_while_no_process_holds_the_journal(tmp_path: Path) -> None:
    """No journal: not running. The table starts: running, its state read. It stops (its
    unit stopped): not running, and the state it left is still what is shown."""
    feed = Feed(tmp_path / "journal.sqlite3", GAMES)
    feed.refresh()
    assert not feed.table_running and feed.snapshot().state is None
    assert not (tmp_path / "journal.sqlite3").exists(), "a reader never creates the journal"
    table = TableProcess(tmp_path)
    try:
        assert feed.refresh()
        assert feed.table_running and feed.snapshot().position == 1
        table.play(NEXT)
        assert feed.refresh() and feed.position == 2 and feed.table_running
    finally:
        table.stop()
    assert feed.refresh(), "the table stopping is a change"
    stopped = feed.snapshot()
    assert not stopped.table_running and stopped.position == 2 and stopped.state is not None
    again = Feed(tmp_path / "journal.sqlite3", GAMES)  # a view started, the table stopped
    again.refresh()
    assert not again.table_running and again.snapshot().position == 2
    assert again.snapshot().journal == stopped.journal != ""


def test_the_table_in_this_process_is_not_counted_as_running(table: Table) -> None:
    """Only another process's hold on the journal counts: the view's own connection holds
    the same lock (and here the table's, in the same process, cannot be told from it)."""
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    feed.refresh()
    assert feed.position == 1 and not feed.table_running


def test_the_journal_files_are_group_readable_only(table: Table) -> None:
    table.play(NEXT)
    for name in ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-shm"):
        mode = stat.S_IMODE((table.state_dir / name).stat().st_mode)
        assert mode == FILE_MODE == 0o640, (name, oct(mode))


# --- the real permission setup, as two unprivileged users ----------------------------------

TABLE_UID, WEB_UID = 64801, 64802  # ids no account on a test machine uses

WRITER = textwrap.dedent("""
    import os, sys, time
    os.umask(0o077)  # the table's unit: UMask=0077
    from rules.games import RULES
    from device.settings.config import default_config
    from device.settings.places import default_game
    from device.storage.session import GameSession
    from device.storage.store import Store
    from rules.cthulhu_wars.commands import NextPhase
    with Store.open(sys.argv[1]) as store:
        session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
        for _ in range(3):
            session.submit(NextPhase())
        print("ready", flush=True)
        sys.stdin.readline()
""")

READER = textwrap.dedent("""
    import sqlite3, sys
    from pathlib import Path
    from device.games import GAMES
    from device.web.feed import Feed
    feed = Feed(Path(sys.argv[1]), GAMES)
    feed.refresh()
    print("running", feed.table_running, "position", feed.position)
    try:
        db = sqlite3.connect(sys.argv[1])
        db.execute("INSERT INTO games (created) VALUES ('x')")
        db.commit()
        print("WROTE")
    except sqlite3.Error as error:
        print("refused:", error)
""")


def _python_for_others() -> str | None:
    """An interpreter another user can run with this checkout on its path."""
    for candidate in (
        os.path.realpath(sys.executable),
        shutil.which("python3") or "",
        "/usr/bin/python3",
    ):
        if not candidate:
            continue
        probe = _as(WEB_UID, WEB_UID, [], [candidate, "-c", "import device.web.feed"])
        if probe.returncode == 0:
            return candidate
    return None


def _as(uid: int, gid: int, groups: list[int], argv: list[str]) -> subprocess.CompletedProcess[str]:
    extra = ["--groups", ",".join(map(str, groups))] if groups else ["--clear-groups"]
    command = ["setpriv", f"--reuid={uid}", f"--regid={gid}", *extra, *argv]
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": "/"}
    return subprocess.run(
        command, capture_output=True, text=True, env=env, cwd="/", timeout=60, check=False
    )


@pytest.mark.skipif(
    os.geteuid() != 0,
    reason="needs root to run the table and the view as two other users (setpriv)",
)
@pytest.mark.skipif(shutil.which("setpriv") is None, reason="setpriv (util-linux) is not installed")
def test_the_view_reads_the_running_tables_journal_and_cannot_write_it() -> None:
    """As the units set it up: the state directory 0750 owned by the table's user, the
    journal 0640, the web user in the table's group (SupplementaryGroups=celaeno)."""
    python = _python_for_others()
    if python is None:
        pytest.skip("no Python interpreter that other users may run can import this checkout")
    with tempfile.TemporaryDirectory(prefix="celaeno-perm-") as top:  # pytest's tmp is 0700
        os.chmod(top, 0o755)
        _two_users(Path(top) / "state", python)


def _two_users(state: Path, python: str) -> None:
    state.mkdir(mode=0o750)
    os.chown(state, TABLE_UID, TABLE_UID)
    journal = str(state / "journal.sqlite3")
    writer = subprocess.Popen(
        ["setpriv", f"--reuid={TABLE_UID}", f"--regid={TABLE_UID}", "--clear-groups", python, "-c", WRITER, journal],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd="/",
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": "/"},
    )  # fmt: skip
    try:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
        modes = {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in state.iterdir()}
        assert modes == {"journal.sqlite3": "0o640", "journal.sqlite3-wal": "0o640",
                         "journal.sqlite3-shm": "0o640"}  # fmt: skip
        member = _as(WEB_UID, WEB_UID, [TABLE_UID], [python, "-c", READER, journal])
        assert "running True position 4" in member.stdout, member.stderr
        assert "refused: attempt to write a readonly database" in member.stdout
        assert "WROTE" not in member.stdout
        stranger = _as(WEB_UID, WEB_UID, [], [python, "-c", READER, journal])
        assert "running False position 0" in stranger.stdout, stranger.stderr
    finally:
        assert writer.stdin is not None
        writer.stdin.write("\n")
        writer.stdin.close()
        writer.wait(30)
    assert writer.returncode == 0


def test_a_commit_wakes_the_view_through_inotify(table: Table) -> None:
    """The view sleeps until the table writes (device/web/watch.py): every commit must
    raise an event on the journal's directory, and nothing else must."""
    from device.web.watch import watch

    watcher = watch(table.state_dir)
    assert watcher is not None, "inotify is missing: the view would fall back to polling"
    try:
        watcher.drain()
        assert not watcher.drain(), "no write, no event"
        table.play(NEXT)
        assert watcher.drain(), "a commit raised no event"
    finally:
        watcher.close()


def _lines(feed: Feed, lang: str = "en") -> list[str]:
    from rules.text import render, render_fragment

    return [
        render(line.said, lang)
        + ("" if line.how is None else f" ({render_fragment(line.how, lang)})")
        for line in feed.snapshot().history
    ]


def test_the_history_is_the_games_commands_in_words_newest_first_without_the_undone(
    table: Table,
) -> None:
    """The phone's history is the screen's: an undone command leaves it,
    a redo brings it back, and a roll says where its die was read (JOURNAL.md ``source``)."""
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    for _ in range(4):
        table.play(NEXT)
    table.play(ACTIVATE)
    table.play({"type": "roll", "values": [2], "source": "pixels:Red"})
    feed.refresh()
    assert _lines(feed) == [
        "The Agony die shows 2: 2 Agony. (rolled with Red (Pixels))",
        "The Black Goat spends its Silence token and places the Custodian in the Black Hall.",
        "Round 2: Action Phase.",
        "Round 2: Doom Phase.",
        "Round 2: First Player Phase.",
        "Round 2: Gather Power Phase.",
    ]
    assert _lines(feed, "ja")[0] == "苦悶ダイスの目は2：苦悶2。 (Red(Pixels)で振った)"
    table.play({"type": "undo"})
    feed.refresh()
    assert _lines(feed)[0].startswith("The Black Goat spends"), "the undone roll left it"
    table.play({"type": "redo"})
    feed.refresh()
    assert _lines(feed)[0].startswith("The Agony die shows 2"), "a redo brings it back"


def test_a_roll_says_where_it_came_from_and_an_old_journals_roll_says_nothing(
    table: Table,
) -> None:
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    for _ in range(4):
        table.play(NEXT)
    said = {}
    for source in ("reader", "keys", "godice:Blue", None):
        table.play(ACTIVATE)
        roll: dict[str, object] = {"type": "roll", "values": [1]}
        if source is not None:
            roll["source"] = source
        table.play(roll)
        feed.refresh()
        said[source] = _lines(feed)[0].removeprefix("The Agony die shows 1: 1 Agony.")
        table.play({"type": "undo"})
        table.play({"type": "undo"})
    assert said == {
        "reader": " (rolled on the dice reader)",
        "keys": " (entered by hand)",
        "godice:Blue": " (rolled with Blue (GoDice))",
        None: "",
    }


def test_each_command_is_said_once_not_at_every_update(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[object] = []
    real = feed_module.entry
    monkeypatch.setattr(
        feed_module, "entry", lambda played, step: calls.append(step) or real(played, step)
    )
    feed = Feed(table.state_dir / "journal.sqlite3", GAMES)
    for count in range(1, 6):
        table.play(NEXT)
        feed.refresh()
        feed.snapshot()
        assert len(calls) == count, "only the new command is put in words"
