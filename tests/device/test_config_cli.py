"""``celaeno config --example`` and ``celaeno check-config FILE`` from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.cli.main import main
from device.settings.config import example
from tests import cli


def test_config_example_prints_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "--example"]) == 0
    assert capsys.readouterr().out == example()


def test_check_config_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "celaeno.toml"
    path.write_text(example(), encoding="utf-8")
    assert main(["check-config", str(path)]) == 0
    assert capsys.readouterr().out == "ok\n"


def test_check_config_lists_every_problem_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "celaeno.toml"
    path.write_text('[reader]\nbaud = "fast"\n[screen]\nrotation = 45\n', encoding="utf-8")
    assert main(["check-config", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f'{path}: reader.baud: expected a whole number from 300 to 4000000, got "fast"',
        f"{path}: screen.rotation: expected 0, 90, 180 or 270, got 45",
    ]


@pytest.mark.parametrize("content", [None, b"\x00\xff garbage", b"[[[", b""])
def test_check_config_never_shows_a_traceback(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "celaeno.toml"
    if content is not None:
        path.write_bytes(content)
    run = cli.celaeno("check-config", str(path))
    assert "Traceback" not in run.stderr
    assert run.returncode == (0 if content == b"" else 2)
    assert (run.stdout == "ok\n") == (content == b"")


def test_check_config_help() -> None:
    run = cli.celaeno("check-config", "--help")
    assert run.returncode == 0 and "FILE" in run.stdout
