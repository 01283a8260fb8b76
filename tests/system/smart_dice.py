"""What the smart dice scenario asks of the guest: Bluetooth attached, the dice on, keys.

The guest's Bluetooth is a serial line (QEMU's pci-serial, ``/dev/ttyS0``) to the host's
virtual radio (tests/system/bluetooth.py), attached with ``btattach -P h4`` — the way a Pi's
own chip is attached over its UART. Debian's ``bluetooth`` unit is skipped at boot (its
condition, ``/sys/class/bluetooth``, does not exist yet), so it is started once ``hci0`` is
there.
"""

from __future__ import annotations

import time

from tests.system.bluetooth import VirtualRadio
from tests.system.machine import Machine
from tests.system.screen import Screen as Screen  # kept here for test_smart_dice

ATTACH = (
    "modprobe hci_uart && "
    "(setsid btattach -B /dev/ttyS0 -P h4 >/var/log/btattach.log 2>&1 &) && "
    "for i in $(seq 100); do [ -e /sys/class/bluetooth/hci0 ] && break; sleep 0.2; done && "
    "test -e /sys/class/bluetooth/hci0 && systemctl start bluetooth"
)
# Over install.sh's example, as the test image has it: smart dice on (a Pi would say "auto"),
# and UP/DOWN never repeat: under emulation a short press can look held for half a second.
DICE_CONFIG = (
    'sed -i \'s/^kind = "keyboard"$/kind = "keyboard"\\nrepeat_delay = 5/\' '
    "/etc/celaeno/celaeno.toml && "
    "printf '\\n[dice]\\nbluetooth = %s\\nadapter = \"hci0\"\\n' {on} >> /etc/celaeno/celaeno.toml"
)
CPU_UNITS = ("celaeno", "bluetooth", "dbus")


def patient_start(machine: Machine) -> None:
    """Under emulation on a loaded host one start of the app can take more than the unit's
    60 s (each costs about a minute of emulated CPU): this scenario is about the dice, so
    its unit may take five minutes to start. Nothing else of the unit changes."""
    machine.sh(
        "mkdir -p /etc/systemd/system/celaeno.service.d && printf '[Service]\\nTimeoutStartSec=300\\n'"
        " > /etc/systemd/system/celaeno.service.d/emulated.conf && systemctl daemon-reload && "
        "systemctl reset-failed celaeno"
    )


def radio_arguments(radio: VirtualRadio) -> list[str]:
    """QEMU's second serial line: a socket to the radio, a 16550 on PCI in the guest."""
    return [
        "-chardev", f"socket,id=bt,host=127.0.0.1,port={radio.port}",
        "-device", "pci-serial,chardev=bt",
    ]  # fmt: skip


def attach_bluetooth(machine: Machine) -> None:
    machine.sh(ATTACH, timeout=120)
    machine.wait_guest("bluetoothctl show | grep -q 'Powered: yes' || bluetoothctl power on", 60)


def dice_on(machine: Machine, on: bool = True) -> None:
    """Smart dice in the table's configuration (first call), or switched on/off (later)."""
    config = machine.sh("cat /etc/celaeno/celaeno.toml")
    if "[dice]" not in config:
        machine.sh(DICE_CONFIG.format(on="true" if on else "false"))
    else:
        value = "true" if on else "false"
        machine.sh(f"sed -i 's/^bluetooth = .*/bluetooth = {value}/' /etc/celaeno/celaeno.toml")
    machine.sh("systemctl restart celaeno", timeout=300)


def cpu_seconds(machine: Machine) -> dict[str, float]:
    """CPU seconds each unit's cgroup has used (all its processes, user and system), and
    each thread of the table's process as ``thread:<name>`` (hardware/threads.py names the
    workers; ``thread:main`` is the main loop), summed by name."""
    units = " ".join(CPU_UNITS)
    output = machine.sh(
        f"for u in {units}; do echo $u $(awk '/usage_usec/{{print $2}}' "
        "/sys/fs/cgroup/system.slice/$u.service/cpu.stat 2>/dev/null || echo 0); done; "
        # utime and stime in clock ticks: the 12th and 13th fields after the "(comm) "
        "pid=$(systemctl show -p MainPID --value celaeno); tick=$(getconf CLK_TCK); "
        "for t in /proc/$pid/task/*; do n=$(cat $t/comm); [ ${t##*/} = $pid ] && n=main; "
        "echo thread:$n $(sed 's/.*) //' $t/stat | awk -v k=$tick '{print ($12+$13)*1e6/k}'); "
        "done 2>/dev/null"
    )
    found: dict[str, float] = {}
    for line in output.splitlines():
        name, _, value = line.partition(" ")
        if name in CPU_UNITS or name.startswith("thread:"):
            found[name] = found.get(name, 0.0) + float(value or 0) / 1e6
    return found


def cpu_share(machine: Machine, seconds: float) -> dict[str, float]:
    """Each unit's CPU, and each thread's of the table, over ``seconds``, in % of one
    (emulated) core."""
    before, started = cpu_seconds(machine), time.monotonic()
    time.sleep(seconds)
    after, elapsed = cpu_seconds(machine), time.monotonic() - started
    return {
        unit: round((after.get(unit, 0.0) - before[unit]) / elapsed * 100, 2) for unit in before
    }
