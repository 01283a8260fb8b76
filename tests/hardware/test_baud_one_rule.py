"""One rule for a serial speed: dice-monitor, fake-reader and [reader] baud agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import cli


def refusal(*args: str) -> tuple[int, str]:
    done = cli.celaeno(*args, timeout=20)
    return done.returncode, done.stderr


@pytest.mark.parametrize("baud", ["12345", "250000", "9601"])
def test_a_nonstandard_speed_is_refused_by_all_three(baud: str, tmp_path: Path) -> None:
    config = tmp_path / "celaeno.toml"
    config.write_text(f"[reader]\nbaud = {baud}\n", encoding="utf-8")
    said = [
        refusal("dice-monitor", "--port", "loop://", f"--baud={baud}"),
        refusal("fake-reader", f"--baud={baud}"),
        refusal("check-config", str(config)),
    ]
    assert [code for code, _ in said] == [2, 2, 2]
    for _, err in said:
        assert f"{baud} is not a standard baud rate" in err and "Traceback" not in err


def test_a_standard_speed_is_taken_by_the_configuration(tmp_path: Path) -> None:
    config = tmp_path / "celaeno.toml"
    config.write_text("[reader]\nbaud = 115200\n", encoding="utf-8")
    assert refusal("check-config", str(config))[0] == 0
