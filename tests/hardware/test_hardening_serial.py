"""The serial tools refuse a bad speed at once and never block forever (issue: hardening)."""

from __future__ import annotations

import pytest

from tests import cli


@pytest.mark.parametrize("baud", ["12345", "0", "99999999999999999999"])
def test_fake_reader_refuses_a_speed_a_pty_cannot_report(baud: str) -> None:
    done = cli.celaeno("fake-reader", f"--baud={baud}", timeout=30)
    assert done.returncode == 2
    assert "argument --baud: " in done.stderr and "Traceback" not in done.stderr


def test_fake_reader_with_nothing_reading_stops_with_a_message() -> None:
    """3,000 rolls fill the pty's buffer; each write waits at most 1 s, then the tool says why."""
    done = cli.celaeno("fake-reader", stdin="3 4\n" * 3000, timeout=60)
    assert done.returncode == 2
    path = done.stdout.splitlines()[0]
    assert f"fake-reader: nothing read {path} for 1 s, so the line was not sent" in done.stderr
    assert "Traceback" not in done.stderr


def test_fake_reader_with_a_standard_speed_still_starts() -> None:
    done = cli.celaeno("fake-reader", "--baud", "115200", stdin="3 4\n", timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("/dev/pts/")
