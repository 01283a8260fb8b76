"""The seats' local socket: only the companion's user and the phone view's may open it.

Its directory and the socket itself are in the group both units share (``celaeno-seats``,
made by install.sh), ``0710`` and ``0660``; without that group (a desktop, where the view is
the companion's own child) only the companion's user may: ``0700`` and ``0600``. Then, as
root, the real setup with three unprivileged users: the view's user connects, the owner's
login (in the journal's group, not the seats') and a stranger are refused by the kernel.
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import tempfile
import textwrap
from pathlib import Path

import pytest

from device.service import seat_link
from tests.web.test_web_feed import ROOT, _python_for_others


def _mode(path: Path) -> tuple[str, int]:
    found = path.stat()
    return oct(stat.S_IMODE(found.st_mode)), found.st_gid


def test_in_the_seats_group_the_directory_is_0710_and_the_socket_0660(tmp_path: Path) -> None:
    group = os.getgid()  # a group this process is in, as the companion is in celaeno-seats
    path = seat_link.socket_path(tmp_path)
    with seat_link.listen(path, group):
        assert _mode(path.parent) == ("0o710", group)
        assert _mode(path) == ("0o660", group)
        assert stat.S_ISSOCK(path.stat().st_mode)


def test_without_the_group_only_the_companions_user_may_open_it(tmp_path: Path) -> None:
    path = seat_link.socket_path(tmp_path)
    with seat_link.listen(path, None):
        assert _mode(path.parent)[0] == "0o700"
        assert _mode(path)[0] == "0o600"


def test_a_socket_left_by_a_companion_that_died_is_replaced(tmp_path: Path) -> None:
    path = seat_link.socket_path(tmp_path)
    seat_link.listen(path, None).close()  # closed, its file left behind
    with pytest.raises(seat_link.TableAway):
        seat_link.ask(path, {"op": "proposals"}, 2)
    with seat_link.listen(path, None) as again:
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(str(path))
        accepted, _ = again.accept()
        accepted.close()
        client.close()


def test_nobody_listening_is_the_table_away(tmp_path: Path) -> None:
    with pytest.raises(seat_link.TableAway):
        seat_link.ask(seat_link.socket_path(tmp_path), {"op": "proposals"}, 2)


# --- as three users --------------------------------------------------------------------------

TABLE_UID, WEB_UID, OWNER_UID = 64811, 64812, 64814
TABLE_GROUP, SEATS_GROUP = 64811, 64813  # the journal's group (celaeno), celaeno-seats

LISTENER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from device.service import seat_link
    path = seat_link.socket_path(Path(sys.argv[1]))
    with seat_link.listen(path, int(sys.argv[2])) as sock:
        print("listening", flush=True)
        while True:
            connection, _ = sock.accept()
            with connection:
                seat_link.read_line(connection)
                connection.sendall(seat_link.encode({"status": "ok"}))
""")
ASKER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from device.service import seat_link
    try:
        print(seat_link.ask(seat_link.socket_path(Path(sys.argv[1])), {"op": "proposals"}, 5))
    except PermissionError:
        print("refused")
""")


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run three other users (setpriv)")
@pytest.mark.skipif(shutil.which("setpriv") is None, reason="setpriv (util-linux) is not installed")
def test_the_view_connects_the_owner_and_a_stranger_are_refused() -> None:
    python = _python_for_others()
    if python is None:
        pytest.skip("no Python interpreter that other users may run can import this checkout")
    with tempfile.TemporaryDirectory(prefix="celaeno-seats-") as top:  # pytest's tmp is 0700
        os.chmod(top, 0o755)
        state = Path(top) / "state"
        state.mkdir(mode=0o750)
        os.chown(state, TABLE_UID, TABLE_GROUP)  # the units' state directory, 0750
        listener = _as(TABLE_UID, TABLE_GROUP, [SEATS_GROUP], python, LISTENER, state,
                       str(SEATS_GROUP))  # fmt: skip
        try:
            assert listener.stdout is not None and listener.stdout.readline() == "listening\n"
            view = _ask(WEB_UID, [TABLE_GROUP, SEATS_GROUP], python, state)
            owner = _ask(OWNER_UID, [TABLE_GROUP], python, state)  # reads games, not the seats
            stranger = _ask(OWNER_UID, [], python, state)
        finally:
            listener.kill()
            listener.wait(10)
    assert view == "{'status': 'ok'}"
    assert owner == stranger == "refused"


def _as(uid: int, gid: int, groups: list[int], python: str, code: str, *args: object
        ) -> subprocess.Popen[str]:  # fmt: skip
    extra = ["--groups", ",".join(map(str, groups))] if groups else ["--clear-groups"]
    return subprocess.Popen(
        ["setpriv", f"--reuid={uid}", f"--regid={gid}", *extra, python, "-c", code,
         *map(str, args)],
        stdout=subprocess.PIPE, text=True, cwd="/",
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": "/"},
    )  # fmt: skip


def _ask(uid: int, groups: list[int], python: str, state: Path) -> str:
    asker = _as(uid, uid, groups, python, ASKER, state)
    out, _ = asker.communicate(timeout=60)
    return out.strip()


def test_a_directory_the_unit_made_in_the_group_needs_no_chown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under its unit the companion may not chown at all (SystemCallFilter=~@privileged:
    every chown is EPERM), so the unit makes the directory in the group and setgid first
    (systemd/celaeno.service's ExecStartPre): listening there changes no owner, and the
    socket is in the group all the same."""
    others = [g for g in os.getgroups() if g != os.getgid()]
    if os.geteuid() != 0 and not others:
        pytest.skip("needs a second group of this process's (or root) for the unit's group")
    group = others[0] if others else os.getgid() + 4242
    path = seat_link.socket_path(tmp_path)
    path.parent.mkdir()
    os.chown(path.parent, -1, group)
    os.chmod(path.parent, 0o2710)  # install -d -m 2710 -g celaeno-seats, as the unit runs it

    def refused(*args: object) -> None:
        raise PermissionError(1, "Operation not permitted (the unit's system call filter)")

    monkeypatch.setattr(os, "chown", refused)
    with seat_link.listen(path, group):
        assert _mode(path.parent) == ("0o2710", group)
        assert _mode(path) == ("0o660", group)
