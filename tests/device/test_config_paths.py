"""device.storage.paths: where the journal and the configuration live."""

from __future__ import annotations

from pathlib import Path

from device.storage import paths


def test_state_dir_prefers_the_configured_directory(tmp_path: Path) -> None:
    env = {"STATE_DIRECTORY": "/var/lib/celaeno", "HOME": "/home/x"}
    assert paths.state_dir(tmp_path, env) == tmp_path


def test_state_dir_from_systemd_takes_the_first_of_several() -> None:
    env = {"STATE_DIRECTORY": "/var/lib/celaeno:/var/lib/other", "HOME": "/home/x"}
    assert paths.state_dir("", env) == Path("/var/lib/celaeno")


def test_state_dir_from_xdg_data_home_then_home() -> None:
    assert paths.state_dir("", {"XDG_DATA_HOME": "/data", "HOME": "/h"}) == Path("/data/celaeno")
    assert paths.state_dir("", {"HOME": "/h"}) == Path("/h/.local/share/celaeno")
    # A relative XDG value is invalid by the spec and ignored.
    assert paths.state_dir("", {"XDG_DATA_HOME": "rel", "HOME": "/h"}) == Path(
        "/h/.local/share/celaeno"
    )


def test_database_path_is_inside_the_state_dir(tmp_path: Path) -> None:
    assert paths.database_path(tmp_path).parent == tmp_path


def test_config_path_given_wins_even_if_missing(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    assert paths.config_path(missing, {"CELAENO_CONFIG": "/other.toml"}) == missing
    assert paths.config_path(None, {"CELAENO_CONFIG": str(missing)}) == missing


def test_config_path_searches_the_usual_places(tmp_path: Path) -> None:
    systemd_dir = tmp_path / "etc"
    xdg = tmp_path / "xdg"
    env = {"CONFIGURATION_DIRECTORY": str(systemd_dir), "XDG_CONFIG_HOME": str(xdg), "HOME": "/h"}
    found = paths.config_path(None, env)
    assert found is None or found == paths.SYSTEM_CONFIG_PATH
    (xdg / "celaeno").mkdir(parents=True)
    (xdg / "celaeno" / "celaeno.toml").write_text("")
    assert paths.config_path(None, env) == xdg / "celaeno" / "celaeno.toml"
    systemd_dir.mkdir()
    (systemd_dir / "celaeno.toml").write_text("")
    assert paths.config_path(None, env) == systemd_dir / "celaeno.toml"
