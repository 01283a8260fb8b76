"""Run inside the booted machine (standard library only): a crowd of phones on the phone
view, then gone, while another phone keeps arriving (scenario a).

``python3 crowd.py PID COUNT [ROUNDS]``: open COUNT event streams on the view (process
PID), wait until each has its first update, close them all, then ask for the state every
0.2 s until the view's log says the last page closed and it let go of what the crowd held
(and 3 s more); ROUNDS times (default 1), after one phone alone did the same. Prints one
JSON object: the view's VmRSS in MiB idle, held (the first crowd) and after each round;
the blocks still alive in the view each time it let go (its log says: after the one phone,
then after each crowd); the longest answer while asking; failures.
"""

import json
import re
import socket
import subprocess
import sys
import time
import urllib.request

VIEW = ("127.0.0.1", 8080)
RELEASED_WITHIN = 240  # seconds, under emulation on a busy host


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def open_stream() -> socket.socket:
    sock = socket.create_connection(VIEW, timeout=60)
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: table\r\n\r\n")
    return sock


def first_update(sock: socket.socket) -> None:
    found = b""
    while b"data: " not in found:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("a stream closed before its first update")
        found += chunk


def releases() -> list[str]:
    """The view's lines saying that the last page closed, and what it let go then."""
    log = subprocess.run(
        ["journalctl", "-b", "-u", "celaeno-web", "-o", "cat"], capture_output=True, text=True
    ).stdout
    return [line for line in log.splitlines() if "the last page closed" in line]


def released(times: int) -> bool:
    """Whether the view has said ``times`` times in this boot that the last page closed."""
    return len(releases()) >= times


def live_blocks(times: int) -> int:
    """The blocks alive in the view when it let go for the ``times``-th time."""
    found = re.search(r"(\d+) blocks live", releases()[times - 1])
    if found is None:
        raise RuntimeError("the view did not say how many blocks are alive")
    return int(found.group(1))


def ask(until_released: float, times: int) -> tuple[float, list[str]]:
    longest, failures, after = 0.0, [], None
    deadline = time.monotonic() + until_released
    while time.monotonic() < deadline and (after is None or time.monotonic() < after):
        asked = time.monotonic()
        try:
            with urllib.request.urlopen("http://127.0.0.1:8080/snapshot", timeout=60) as answer:
                answer.read()
            longest = max(longest, time.monotonic() - asked)
        except OSError as error:
            failures.append(repr(error))
        if after is None and released(times):
            after = time.monotonic() + 3
        time.sleep(0.2)
    return longest, failures


def crowd_comes_and_goes(pid: int, count: int, times: int) -> tuple[float, float, list[str]]:
    """One crowd: (VmRSS while it is held, the longest answer meanwhile, failures)."""
    crowd = [open_stream() for _ in range(count)]
    for sock in crowd:
        first_update(sock)
    held = rss_mib(pid)
    for sock in crowd:
        sock.close()
    longest, failures = ask(RELEASED_WITHIN, times)
    time.sleep(2)
    return held, longest, failures


def main() -> None:
    pid, count = int(sys.argv[1]), int(sys.argv[2])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    idle = rss_mib(pid)
    times = len(releases())  # what the view let go of before this script
    # One phone first, come and gone: the blocks alive once the view let go of it are
    # the view at rest, warmed up, to measure each crowd's leftovers against.
    times += 1
    _held, longest, failures = crowd_comes_and_goes(pid, 1, times)
    helds, afters, blocks = [], [], [live_blocks(times)]
    for _ in range(rounds):
        times += 1
        held, slowest, failed = crowd_comes_and_goes(pid, count, times)
        helds.append(held)
        afters.append(rss_mib(pid))
        blocks.append(live_blocks(times))
        longest, failures = max(longest, slowest), failures + failed
    print(
        json.dumps(
            {
                "idle": idle,
                "held": helds[0],
                "after": afters[0],
                "afters": afters,
                "blocks": blocks,
                "longest": longest,
                "failures": failures,
            }
        )
    )


if __name__ == "__main__":
    main()
