"""The phone view's address on the LAN, found without opening a network socket.

The table's own systemd unit may open no network socket at all (it has no business
on the network), yet its "Show on phones" screen needs the address. The kernel lists
the machine's own IPv4 addresses in ``/proc/net/fib_trie`` (as ``/32 host LOCAL``
routes), which any process may read: that is where they are taken from.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from pathlib import Path

FIB_TRIE = Path("/proc/net/fib_trie")


def local_addresses(fib_trie: str) -> list[str]:
    """The machine's IPv4 addresses other phones could reach: not loopback, not
    link-local, in the order the kernel lists them, each once."""
    found: list[str] = []
    previous = ""
    for line in fib_trie.splitlines():
        words = line.split()
        if words[:1] == ["|--"] and len(words) == 2:
            previous = words[1]
        elif "/32 host LOCAL" in line and previous and previous not in found:
            found.append(previous)
    return [address for address in found if _reachable(address)]


def _reachable(address: str) -> bool:
    try:
        parsed = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified)


def machine_addresses(fib_trie: Path = FIB_TRIE) -> list[str]:
    try:
        return local_addresses(fib_trie.read_text(encoding="ascii", errors="replace"))
    except OSError:
        return []


def urls(listen: str, port: int, addresses: Iterable[str]) -> list[str]:
    """Where phones can open the view: the configured address, or (listening on all)
    each of the machine's addresses. Empty: no network to be reached on."""
    if listen not in ("0.0.0.0", "::"):
        if not _reachable(listen) and ":" not in listen:
            return []
        host = f"[{listen}]" if ":" in listen else listen
        return [f"http://{host}:{port}/"]
    return [f"http://{address}:{port}/" for address in addresses]
