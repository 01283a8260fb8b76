"""Run inside the booted machine (standard library only): a crowd of phones on the phone
view, then gone, while another phone keeps arriving (scenario a).

``python3 crowd.py PID COUNT``: open COUNT event streams on the view (process PID), wait
until each has its first update, close them all, then ask for the state every 0.2 s
until the view's log says the last page closed and it let go of what the crowd held (and
3 s more). Prints one JSON object: the view's VmRSS in MiB idle, held and after; the
longest answer while asking; failures.
"""

import json
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


def released() -> bool:
    log = subprocess.run(
        ["journalctl", "-b", "-u", "celaeno-web", "-o", "cat"], capture_output=True, text=True
    ).stdout
    return "the last page closed" in log


def ask(until_released: float) -> tuple[float, list[str]]:
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
        if after is None and released():
            after = time.monotonic() + 3
        time.sleep(0.2)
    return longest, failures


def main() -> None:
    pid, count = int(sys.argv[1]), int(sys.argv[2])
    idle = rss_mib(pid)
    crowd = [open_stream() for _ in range(count)]
    for sock in crowd:
        first_update(sock)
    held = rss_mib(pid)
    for sock in crowd:
        sock.close()
    longest, failures = ask(RELEASED_WITHIN)
    time.sleep(2)
    print(
        json.dumps(
            {
                "idle": idle,
                "held": held,
                "after": rss_mib(pid),
                "longest": longest,
                "failures": failures,
            }
        )
    )


if __name__ == "__main__":
    main()
