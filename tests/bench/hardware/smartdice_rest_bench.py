"""Smart dice on / off: what the table's process spends listening and at rest, on this host.

    .venv/bin/python -m tests.bench.hardware.smartdice_rest_bench [--seconds 60] [--rounds 1]

`celaeno run` (headless, no serial reader) against the BlueZ stand-in on a private
dbus-daemon (tests/hardware/bluez_standin.py): a Pixels die "Red" chosen as the Agony die and
advertising ten times a second with a wavering signal, a GoDice chosen as a d6 and connected,
and a stranger's phone at the edge of range; BlueZ 5.66's way of signalling each
advertisement's signal strength under a discovery filter is what the stand-in plays. Then,
with ``[dice] bluetooth`` true and false in turn:

- listening: from 10 s after READY=1 (a table just started counts as attended) for 40 s;
- resting: from ATTENDED_FOR + 5 s after READY=1 (nobody pressed) for ``--seconds``.

Each prints the table's process CPU as a share of one core (the sum of its threads' run time
in ``/proc/PID/task/*/schedstat``, nanoseconds: a 10 ms tick is too coarse for a table at
rest), its main thread and smart dice thread, the dbus-daemon's CPU (``stat``), and the D-Bus
signals the stand-in sent for what the radio heard.

A share of a core this small moves with the host from run to run; ``--instructions`` counts
instead what each thread executes while the table rests, under valgrind's callgrind
(``apt-get install valgrind``): the same for the same code, whatever the load. ``--python``
measures another checkout (its venv's interpreter).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from device.companion.attention import ATTENDED_FOR
from device.dice import choices
from hardware.smartdice.hub import Chosen
from tests.bench.device.harness import (
    Notifications,
    callgrind_control,
    callgrind_counts,
    celaeno,
)
from tests.hardware.bluez_standin import (
    ADDRESS,
    GO_ADDRESS,
    GO_NAME,
    FakeBluez,
    fake_bluez,
    start_radio,
)

TICKS = os.sysconf("SC_CLK_TCK")
LISTENING_FROM, LISTENING_FOR = 10.0, 40.0
CHOSEN = (Chosen(ADDRESS, "pixels", "Red", "agony"), Chosen(GO_ADDRESS, "godice", GO_NAME, "d6"))


def ticks(stat: Path) -> float:
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def threads(pid: int) -> dict[str, float]:
    """CPU seconds so far of each thread of ``pid`` by kind: main, smart-dice, other."""
    spent = {"main": 0.0, "smart-dice": 0.0, "other": 0.0}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            used = int((task / "schedstat").read_text().split()[0]) / 1e9
        except OSError:  # a thread that just ended
            continue
        kind = "main" if task.name == str(pid) else name if name in spent else "other"
        spent[kind] += used
    return spent


def main_wakes(pid: int) -> int:
    """How often the main thread has slept and woken so far (voluntary context switches)."""
    status = Path(f"/proc/{pid}/task/{pid}/status").read_text()
    return int(status.split("voluntary_ctxt_switches:")[1].split()[0])


@dataclass
class Sample:
    process: float
    parts: dict[str, float]
    bus: float
    signals: int
    wakes: int
    at: float


def sample(pid: int, bus_pid: int, counts: dict[str, int]) -> Sample:
    parts = threads(pid)
    return Sample(sum(parts.values()), parts, ticks(Path(f"/proc/{bus_pid}/stat")),
                  counts["signals"], main_wakes(pid), time.monotonic())  # fmt: skip


def share(seconds: float, wall: float) -> str:
    return f"{100 * seconds / wall:.3f} %"


def difference(before: Sample, after: Sample) -> str:
    wall = after.at - before.at
    parts = ", ".join(
        f"{kind} {share(after.parts[kind] - before.parts[kind], wall)}" for kind in after.parts
    )
    return (
        f"process {share(after.process - before.process, wall)} ({parts};"
        f" the main thread woke {(after.wakes - before.wakes) / wall:.1f} times a second);"
        f" dbus-daemon {share(after.bus - before.bus, wall)};"
        f" {(after.signals - before.signals) / wall:.1f} signals/s over {wall:.0f} s"
    )


@contextmanager
def table(
    folder: Path, on: bool, address: str, python: str = sys.executable, under: Sequence[str] = ()
) -> Iterator[int]:
    state = folder / "state"
    state.mkdir()
    choices.save(choices.choices_path(state), CHOSEN)
    config = folder / "celaeno.toml"
    config.write_text(f"[dice]\nbluetooth = {'true' if on else 'false'}\n")
    notify = Notifications(folder)
    child = celaeno("run", "--reader", "none", "--state-dir", str(state), "--config",
                    str(config), python=python, under=under, NOTIFY_SOCKET=str(notify.path),
                    DBUS_SYSTEM_BUS_ADDRESS=address)  # fmt: skip
    try:
        notify.wait_for("READY=1", timeout=60 if not under else 600)
        yield child.pid
    finally:
        child.terminate()
        child.wait(timeout=20 if not under else 300)
        notify.close()


def wait_until(moment: float) -> None:
    time.sleep(max(0.0, moment - time.monotonic()))


def measure(on: bool, seconds: float) -> tuple[str, str]:
    with tempfile.TemporaryDirectory(prefix="celaeno-bench-") as name:
        folder = Path(name)
        with fake_bluez(folder) as (address, fake):
            bus_pid = bus_process(folder)
            fake.die_appears()
            fake.godice_appears()
            counts = start_radio(fake)
            with table(folder, on, address) as pid:
                ready = time.monotonic()
                wait_until(ready + LISTENING_FROM)
                first = sample(pid, bus_pid, counts)
                wait_until(ready + LISTENING_FROM + LISTENING_FOR)
                listening = difference(first, sample(pid, bus_pid, counts))
                wait_until(ready + ATTENDED_FOR + 5)
                first = sample(pid, bus_pid, counts)
                time.sleep(seconds)
                resting = difference(first, sample(pid, bus_pid, counts))
                connected(fake)
    return listening, resting


def instructions_at_rest(on: bool, seconds: float, python: str) -> dict[str, int]:
    """Instructions each thread of the table executes over ``seconds`` at rest, counted by
    callgrind (zeroed once the table rests, dumped ``seconds`` later)."""
    with tempfile.TemporaryDirectory(prefix="celaeno-bench-") as name:
        folder = Path(name)
        out = folder / "callgrind.out"
        under = ["valgrind", "--tool=callgrind", "--separate-threads=yes",
                 f"--callgrind-out-file={out}.%p"]  # fmt: skip
        with fake_bluez(folder) as (address, fake):
            fake.die_appears()
            fake.godice_appears()
            start_radio(fake)
            with table(folder, on, address, python, under) as pid:
                wait_until(time.monotonic() + ATTENDED_FOR + 10)
                callgrind_control("-z", pid)
                time.sleep(seconds)
                callgrind_control("--dump=rest", pid)
            return callgrind_counts(folder.glob(f"callgrind.out.{pid}.1-*"))


def bus_process(folder: Path) -> int:
    """The dbus-daemon whose configuration lies in ``folder``."""
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                line = (proc / "cmdline").read_bytes()
            except OSError:
                continue
            if b"dbus-daemon" in line and str(folder).encode() in line:
                return int(proc.name)
    raise LookupError("no dbus-daemon")


def connected(fake: FakeBluez) -> None:
    """Said once per run: whether the GoDice was connected at the end (it should be)."""
    print(f"  (GoDice connected at the end: {fake.go.connected})", flush=True)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--seconds", type=float, default=60.0)
    options.add_argument("--rounds", type=int, default=1)
    options.add_argument(
        "--instructions",
        action="store_true",
        help="count each thread's instructions at rest (valgrind)",
    )
    options.add_argument(
        "--python",
        default=sys.executable,
        type=os.path.abspath,  # the table starts in the root directory
        help="the interpreter of the checkout to measure (--instructions)",
    )
    args = options.parse_args()
    if args.instructions:
        for on in (True, False):
            counts = instructions_at_rest(on, args.seconds, args.python)
            said = ", ".join(f"{kind} {n / 1e6:.2f} M" for kind, n in counts.items())
            print(f"smart dice {'on ' if on else 'off'}: instructions over {args.seconds:.0f} s"
                  f" at rest: {said}", flush=True)  # fmt: skip
        return
    print(f"threads here: {threading.active_count()}; load average {os.getloadavg()[0]:.2f}")
    for round_ in range(args.rounds):
        for on in (True, False):
            listening, resting = measure(on, args.seconds)
            said = "on " if on else "off"
            print(f"round {round_ + 1}, smart dice {said}: listening: {listening}", flush=True)
            print(f"round {round_ + 1}, smart dice {said}: resting:   {resting}", flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
