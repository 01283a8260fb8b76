"""systemd notifications from `celaeno run`'s main loop, on a real datagram socket.

READY=1 once the first frame is drawn, WATCHDOG=1 from the loop itself at half the unit's
WatchdogSec while the table is idle, STOPPING=1 after SIGTERM, and exit status 0.
"""

from __future__ import annotations

import itertools
import signal
from pathlib import Path

from tests.device.conftest import NotifyListener, start_run, stop

# Pings are due every 0.5 s. A shorter WatchdogSec made a busy two-core machine's scheduler
# (a 0.2 s stall) look like a missed ping; this one still fails a loop that stops pinging.
WATCHDOG_USEC = 1_000_000


def test_ready_watchdog_and_stopping_from_the_main_loop(
    tmp_path: Path, listener: NotifyListener
) -> None:
    child = start_run(
        tmp_path,
        "--state-dir",
        str(tmp_path / "state"),
        NOTIFY_SOCKET=str(listener.path),
        WATCHDOG_USEC=str(WATCHDOG_USEC),
    )
    try:
        ready = listener.wait_for("READY=1")
        assert any(line.startswith("STATUS=game 1, round 1") for line in ready.splitlines())
        assert all("WATCHDOG=1" not in m for _, m in listener.received[:-1])  # READY comes first
        pings = []
        for _ in range(5):  # with nothing pressed, the loop keeps pinging
            listener.wait_for("WATCHDOG=1", timeout=5)
            pings.append(listener.received[-1][0])
        gaps = [later - earlier for earlier, later in itertools.pairwise(pings)]
        assert max(gaps) < WATCHDOG_USEC / 1e6  # well inside WatchdogSec: never restarted
        child.send_signal(signal.SIGTERM)
        listener.wait_for("STOPPING=1")
        assert child.wait(timeout=10) == 0
    finally:
        _out, err = stop(child)
    assert "Traceback" not in err
