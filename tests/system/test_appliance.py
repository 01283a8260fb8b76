"""The companion as an appliance on a booted arm64 machine, scenarios a–d and f–h in order.

One machine for the module, booted once from a fresh overlay on the cached image (where
systemd/install.sh ran for real). Each test continues from the state the one before left:
a fresh install, the first frame, a Custodian activation, the reader pulled and put back,
the watchdog, a broken configuration, a reboot.
"""

from __future__ import annotations

import base64
import gzip
import json
import time
from pathlib import Path

import pytest

from tests.system.conftest import record, wait_active
from tests.system.guest import (
    AS_SERVICE,
    BOARD,
    CELAENO,
    ROUND_BAR,
    colours,
    differing,
    export,
    exposure,
    main_pid,
    replay_screenshot,
    same_screen,
    settle,
    wait_committed,
)
from tests.system.machine import Machine

pytestmark = pytest.mark.system

BOOT_BUDGET = 300  # seconds from power on to a shell, under TCG on a busy 2-core host
# From the shell to READY: the SD card's first boot on a loaded host took 380 s (its
# settings check alone 100 s of emulated CPU); the time itself is a figure, not a limit.
READY_BUDGET = 600
CROWD = 200  # phones at once on the view (scenario a)
BLOCKS_KEPT_PER_PHONE = 10  # a phone's request alone is about 40 blocks


def test_a_fresh_install_starts_the_service_and_reports_ready(machine: Machine) -> None:
    started = time.monotonic()
    machine.boot(BOOT_BUDGET)
    wait_active(machine, READY_BUDGET)
    record("power_on_to_ready_s", round(time.monotonic() - started, 1))
    assert machine.sh("systemctl is-enabled celaeno").strip() == "enabled"
    # install.sh took tty1 from the login prompt and gave the user its groups.
    assert machine.sh("systemctl is-enabled getty@tty1", check=False).strip() == "disabled"
    groups = machine.sh("id -nG celaeno").split()
    assert {"dialout", "video", "render", "input", "gpio"} <= set(groups)
    # The udev rule names QEMU's FTDI chip (0403:6001) as the reader, and port = "auto"
    # takes it: the real reader, never the simulator (no /dev/pts).
    assert machine.sh("readlink -f /dev/celaeno-dice").strip() == "/dev/ttyUSB0"
    journal = machine.journal()
    assert "dice reader auto (/dev/celaeno-dice) connected" in journal, journal[-2000:]
    assert "/dev/pts/" not in journal
    install_log = (machine.image.directory / "install.log").read_text()
    assert "== Done" in install_log
    assert "python3-lgpio is not in this system's package archive; skipping it" in install_log
    # READY=1 came after the first frame (Type=notify: "active" means it arrived).
    assert "READY" not in machine.sh("systemctl show -p StatusText --value celaeno")
    # The phone view beside it yields every core the table wants (SCHED_IDLE, not just Nice).
    machine.wait_guest("systemctl is-active --quiet celaeno-web", 120)
    web = machine.sh("systemctl show -p MainPID --value celaeno-web").strip()
    assert "SCHED_IDLE" in machine.sh(f"chrt -p {web}")
    score = exposure(machine)
    record("exposure", score)
    assert score < 5.0  # the unit's hardening; systemd calls < 5 "OK"


def test_a_the_phone_view_gives_its_memory_back_after_a_crowd(machine: Machine) -> None:
    """200 phones open the view and go, twice; under its hardened unit the view lets go of
    what they held (the second crowd reuses what the first left, it does not grow), never
    restarts, and a phone arriving meanwhile is answered, not refused."""
    pid = machine.sh("systemctl show -p MainPID --value celaeno-web").strip()
    # Compressed: the guest's terminal takes lines of at most 4095 bytes.
    script = base64.b64encode(gzip.compress((Path(__file__).parent / "crowd.py").read_bytes()))
    machine.sh(f"echo {script.decode()} | base64 -d | gunzip > /tmp/crowd.py")
    output = machine.sh(f"python3 /tmp/crowd.py {pid} {CROWD} 2", timeout=900)
    found = json.loads(output.strip().splitlines()[-1])
    record("web_rss_idle_held_after_mib", [round(found[k], 1) for k in ("idle", "held", "after")])
    record("web_rss_after_each_crowd_mib", [round(after, 1) for after in found["afters"]])
    record("web_crowd_longest_answer_s", round(found["longest"], 2))
    assert found["failures"] == []
    show = "systemctl show -p MainPID -p NRestarts -p ActiveState --value celaeno-web"
    assert machine.sh(show).split() == [pid, "0", "active"]  # the same process, no restart
    journal = machine.journal("celaeno-web")
    assert "the last page closed" in journal
    assert "Traceback" not in journal
    # What stays resident is the allocator's: CPython keeps each arena that still holds a
    # live block (2 to 3 MiB of a crowd's 3 measured here), and how much of it glibc and
    # the kernel take back varies from run to run by more than a leak would add (in CI a
    # first crowd once left the view 1.3 MiB above what it held, a second 1.8 MiB above the
    # first). So the checks are on what is alive: the blocks the view's allocator hands out
    # once it let go, after one phone (the view at rest) and after each crowd. On x86 a
    # first crowd left 618 more than the one phone (caches warming), later crowds -44 to
    # +83; keeping each crowd's requests (a leak made on purpose) added 7,800 a crowd.
    assert found["idle"] < found["held"]
    record("web_blocks_live_after_one_phone_then_each_crowd", found["blocks"])
    at_rest, first, second = found["blocks"]
    allowed = BLOCKS_KEPT_PER_PHONE * CROWD
    assert first - at_rest <= allowed, f"the view kept {first - at_rest} blocks of a crowd"
    assert second - first <= allowed, f"a second crowd left {second - first} more blocks"


def test_b_the_first_frame_on_the_drm_output_is_the_main_screen(machine: Machine) -> None:
    settle()
    shot = machine.screendump("b-first-frame")
    expected = replay_screenshot(export(machine), machine.dir / "b-replay.png")
    same_screen(shot, expected, BOARD)
    # The app, not the text console: a console has a handful of colours.
    assert colours(shot) > 12


def test_c_a_custodian_activation_from_keys_and_the_reader(machine: Machine) -> None:
    since = len(machine.console_text())
    machine.keys("c", gap=2)  # CUSTODIAN
    machine.keys("ret", gap=2)  # who: the first with a Silence token (I1: everyone has one)
    machine.keys("ret")  # where: the first Area
    since = wait_committed(machine, "activate", since)
    machine.wait_reader_line("EXPECT 1 agony", 30)  # the app asks the reader for the roll
    machine.reader.send_roll([2])
    since = wait_committed(machine, "roll", since)
    machine.keys("ret", gap=2)  # who has Units there: everyone, as proposed (C13)
    settle()
    machine.screendump("c-split")
    machine.keys("ret")  # confirm the proposed split
    wait_committed(machine, "assign_agony", since)
    settle()
    shot = machine.screendump("c-result")
    commands = export(machine)
    assert [c["type"] for c in commands[-3:]] == ["activate", "roll", "assign_agony"]
    assert commands[-3]["monster"] == "custodian"
    assert commands[-2]["values"] == [2]
    same_screen(shot, replay_screenshot(commands, machine.dir / "c-replay.png"), BOARD)


def test_c_the_owners_own_commands_see_the_services_games(machine: Machine) -> None:
    """docs/card.md as the owner types it: `celaeno` on the PATH, the service's
    journal found without options, read through the group celaeno; anyone else is told."""
    assert machine.sh("command -v celaeno").strip() == "/usr/local/bin/celaeno"
    machine.sh("id pi >/dev/null 2>&1 || useradd --create-home --groups celaeno pi")
    machine.sh("id guest >/dev/null 2>&1 || useradd --create-home guest")
    listed = machine.sh("runuser -u pi -- celaeno export --list", timeout=180)
    assert listed.startswith("1\t") and " commands" in listed, listed
    status, refused = machine.shell.run("runuser -u guest -- celaeno export --list", 180)  # type: ignore[union-attr]
    assert status == 2, refused
    assert "add yourself to the group celaeno" in refused, refused


def test_d_the_reader_unplugged_and_plugged_back(machine: Machine) -> None:
    since = len(machine.console_text())
    before = machine.screendump("d-plugged")
    machine.unplug_reader()
    machine.wait_console(r"dice reader auto \(/dev/celaeno-dice\) disconnected", 30, since)
    settle()
    unplugged = machine.screendump("d-unplugged")
    since = len(machine.console_text())
    plugged = time.monotonic()
    machine.plug_reader()
    # The behaviour is asserted (it comes back, by itself); the time is a figure: 0.86 s on
    # a quiet host, 1.83 s on a loaded one, so any limit near them would only measure load.
    # "auto" may find the FTDI board as ttyUSB0 a moment before udev makes its link (seen:
    # 2.6 s after the plug, the link not there yet): the same reader, either name.
    machine.wait_console(
        r"dice reader auto \((/dev/celaeno-dice|/dev/ttyUSB\d+)\) connected", 60, since, poll=0.05
    )
    record("reader_replug_to_connected_s", round(time.monotonic() - plugged, 2))
    since = len(machine.console_text())
    machine.keys("c", gap=2)
    machine.keys("ret", gap=2)
    machine.keys("ret")
    since = wait_committed(machine, "activate", since)
    machine.wait_reader_line("EXPECT 1 agony", 30, after=1)
    machine.reader.send_roll([1])
    since = wait_committed(machine, "roll", since)
    machine.keys("ret", gap=2)  # who has Units there, as proposed
    machine.keys("ret")  # the split, as proposed
    wait_committed(machine, "assign_agony", since)
    assert export(machine)[-2] == {"type": "roll", "values": [1], "source": "reader"}
    assert differing(before, unplugged) > 0  # the reader's status line changed


def test_f_the_watchdog_restarts_a_hung_app_and_the_game_resumes(machine: Machine) -> None:
    before = export(machine)
    settle()
    machine.screendump("f-before")
    pid = main_pid(machine)
    machine.sh(f"kill -STOP {pid}")
    stopped = time.monotonic()
    machine.wait_guest(
        f'test "$(systemctl show -p MainPID --value celaeno)" != {pid} && '
        "systemctl is-active --quiet celaeno",
        180,
    )
    seconds = time.monotonic() - stopped
    record("watchdog_to_resumed_s", round(seconds, 1))
    assert "Watchdog timeout" in machine.journal()
    assert export(machine) == before
    settle(4)
    after = machine.screendump("f-after")
    # Only the round bar is drawn alike here: the replay (and the screen before the hang)
    # shows the last command's result, for which the board steps aside at 800x480 under the
    # question-first type sizes, while a restarted companion starts with no result and its
    # board whole. The state itself is the same (the export above).
    same_screen(after, replay_screenshot(before, machine.dir / "f-replay.png"), ROUND_BAR)


def test_g_a_broken_configuration_stops_after_the_start_limit(machine: Machine) -> None:
    machine.sh("cp /etc/celaeno/celaeno.toml /root/good.toml")
    machine.sh("printf '[reader]\\nbaud = \"fast\"\\n' > /etc/celaeno/celaeno.toml")
    since = len(machine.console_text())
    machine.sh("systemctl restart celaeno", check=False)
    # systemd 252 leaves Result=exit-code after the limit; its own line says the limit hit.
    machine.wait_console(r"celaeno\.service: Start request repeated too quickly", 300, since)
    time.sleep(5)  # no restart may follow the limit
    assert machine.sh("systemctl is-failed celaeno", check=False).strip() == "failed"
    console = machine.console_text()[since:]
    # StartLimitBurst=5 starts in StartLimitIntervalSec=120: at least four restarts, more
    # when the window still held earlier starts as it began (each start takes ~15 s here).
    assert console.count("celaeno.service: Scheduled restart job") >= 4
    journal = machine.journal()
    line = '/etc/celaeno/celaeno.toml: reader.baud: expected a whole number from 300 to 4000000, got "fast"'
    assert line in journal
    assert "Traceback" not in journal
    machine.sh("cp /root/good.toml /etc/celaeno/celaeno.toml")
    machine.sh("systemctl reset-failed celaeno && systemctl restart celaeno", timeout=300)
    wait_active(machine, READY_BUDGET)
    machine.sh(f"{AS_SERVICE} {CELAENO} check-config /etc/celaeno/celaeno.toml")


def test_h_a_reboot_comes_back_on_the_same_screen(machine: Machine) -> None:
    settle()
    before = machine.screendump("h-before")
    journal = export(machine)
    machine.reboot(BOOT_BUDGET)
    wait_active(machine, READY_BUDGET)
    settle(4)
    after = machine.screendump("h-after")
    assert export(machine) == journal
    assert differing(before, after, BOARD) < 0.02
