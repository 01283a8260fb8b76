"""The owner's own commands on an installed Pi: the service's journal is found,
read by a member of its group, and refused in words to anyone else; check-config and run
judge ``state_dir`` with the same function (device.storage.paths.directory)."""

from __future__ import annotations

import grp
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.cli.main import main
from device.storage import paths
from device.storage.faults import group_hint
from tests.device.conftest import ROOT, celaeno, celaeno_argv, celaeno_process, clean_env

LIBRARY_GAME = (
    json.dumps(
        {
            "type": "new_game",
            "map": "celaeno",
            "factions": ["great_cthulhu", "crawling_chaos", "black_goat"],
        }
    )
    + "\n"
)


def test_the_installed_service_journal_is_found_before_the_home_one(tmp_path: Path) -> None:
    installed = tmp_path / "var-lib-celaeno"
    home = {"HOME": "/home/pi"}
    assert paths.state_dir("", home, installed) == Path("/home/pi/.local/share/celaeno")
    installed.mkdir()
    assert paths.state_dir("", home, installed) == installed
    # A directory the user names, systemd's, or an XDG_DATA_HOME set on purpose still win.
    assert paths.state_dir(tmp_path / "mine", home, installed) == tmp_path / "mine"
    assert paths.state_dir("", {**home, "STATE_DIRECTORY": "/srv/x"}, installed) == Path("/srv/x")
    xdg = {**home, "XDG_DATA_HOME": "/data"}
    assert paths.state_dir("", xdg, installed) == Path("/data/celaeno")
    # A file where the service's directory would be is not a journal's home.
    installed.rmdir()
    installed.write_text("")
    assert paths.state_dir("", home, installed) == Path("/home/pi/.local/share/celaeno")


def test_the_group_hint_names_the_group_only_to_someone_outside_it(tmp_path: Path) -> None:
    directory = tmp_path / "state"
    directory.mkdir()
    directory.chmod(0o750)
    gid = directory.stat().st_gid
    name = grp.getgrgid(gid).gr_name
    assert group_hint(directory, groups=[]) == (
        f" Its group {name} may read it: add yourself to the group {name} "
        f"(sudo usermod -a -G {name} $USER), then log in again."
    )
    assert group_hint(directory, groups=[gid]) == ""  # in it already: joining changes nothing
    directory.chmod(0o700)
    assert group_hint(directory, groups=[]) == ""  # the group may not read: nothing to join
    assert group_hint(tmp_path / "absent", groups=[]) == ""


@pytest.fixture()
def service_journal() -> Iterator[Path]:
    """A state directory as the service leaves it: 0750, its group the service's, a game in it;
    outside pytest's own 0700 tmp so that another user can reach it."""
    top = Path(tempfile.mkdtemp(prefix="celaeno-owner-"))
    top.chmod(0o755)
    state = top / "state"
    try:
        done = celaeno(top, "import", "-", "--state-dir", str(state), stdin=LIBRARY_GAME)
        assert done.returncode == 0, done.stderr
        state.chmod(0o750)
        yield state
    finally:
        shutil.rmtree(top)


def as_user(uid: int, groups: list[int], *args: str) -> subprocess.CompletedProcess[str]:
    """A `celaeno` command as another user (the owner, pi), with these groups only."""
    group_option = ["--groups", ",".join(map(str, groups))] if groups else ["--clear-groups"]
    return subprocess.run(
        ["setpriv", "--reuid", str(uid), "--regid", str(uid), *group_option,
         *celaeno_argv(*args)],
        capture_output=True, text=True, cwd=ROOT, env=clean_env(Path("/tmp")), check=False,
    )  # fmt: skip


needs_root = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None,
    reason="needs root and setpriv to run a command as another user",
)
NOBODY = 65534


@needs_root
def test_a_member_of_the_journals_group_reads_the_services_games(service_journal: Path) -> None:
    os.chown(service_journal, 0, 4242)
    for file in service_journal.iterdir():
        os.chown(file, 0, 4242)
    done = as_user(NOBODY, [4242], "export", "--list", "--state-dir", str(service_journal))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\t")[0] == "1" and "1 commands" in done.stdout


@needs_root
def test_anyone_else_is_told_to_join_the_group_not_that_there_is_no_game(
    service_journal: Path,
) -> None:
    os.chown(service_journal, 0, 4242)
    done = as_user(NOBODY, [], "export", "--list", "--state-dir", str(service_journal))
    assert done.returncode == 2
    assert "holds no game" not in done.stderr
    assert "permission denied" in done.stderr
    assert "add yourself to the group 4242 (sudo usermod -a -G 4242 $USER)" in done.stderr
    assert "Traceback" not in done.stderr


def test_check_config_refuses_a_state_dir_that_is_a_file_as_run_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "hostname"
    a_file.write_text("celaeno\n")
    config = tmp_path / "celaeno.toml"
    for state_dir, why in ((a_file, "is a file, not a directory"),
                           (a_file / "journal", "is not a directory")):  # fmt: skip
        config.write_text(f'[device]\nstate_dir = "{state_dir}"\n')
        assert main(["check-config", str(config)]) == 2
        checked = capsys.readouterr().err.strip()
        assert checked.startswith(f"{config}: device.state_dir: ")
        assert checked.endswith(f"({a_file} {why})")
        ran = celaeno_process(tmp_path, "run", "--reader", "none", "--config", str(config))
        assert (ran.returncode, ran.stderr.strip()) == (2, checked)
        named = celaeno_process(tmp_path, "run", "--reader", "none", "--state-dir", str(state_dir))
        assert (named.returncode, named.stderr.strip()) == (2, f"state directory: {a_file} {why}")
    assert a_file.read_text() == "celaeno\n"  # nothing was written over it
