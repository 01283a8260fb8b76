"""The phone view's words and addresses, without a server: what the table waits for,
escaping, the machine's addresses, the [web] configuration and the two commands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from device.games import GAMES
from device.network.addresses import local_addresses, urls
from device.settings.config import ConfigError, load_config
from device.web.hub import waiting_for
from display.web.page import WebView, live_html
from rules.games import RULES
from rules.journal import replay
from rules.text import render, use_printed_names
from tests import cli
from tests.web.conftest import ROOT

FIB_TRIE = """Main:
  +-- 0.0.0.0/0 3 0 5
     |-- 0.0.0.0
        /0 universe UNICAST
     +-- 127.0.0.0/8 2 0 2
        |-- 127.0.0.1
           /32 host LOCAL
     +-- 192.168.1.0/24 2 0 2
        |-- 192.168.1.0
           /24 link UNICAST
        |-- 192.168.1.37
           /32 host LOCAL
        |-- 192.168.1.255
           /32 link BROADCAST
     |-- 169.254.3.4
        /32 host LOCAL
Local:
     |-- 192.168.1.37
        /32 host LOCAL
"""


def test_the_machines_addresses_come_from_the_kernels_table() -> None:
    assert local_addresses(FIB_TRIE) == ["192.168.1.37"]  # not loopback, not link-local, once


def test_urls_for_all_addresses_a_configured_one_or_none() -> None:
    assert urls("0.0.0.0", 8080, ["192.168.1.37"]) == ["http://192.168.1.37:8080/"]
    assert urls("10.1.2.3", 9000, ["192.168.1.37"]) == ["http://10.1.2.3:9000/"]
    assert urls("0.0.0.0", 8080, []) == []  # no network: nothing to offer
    assert urls("127.0.0.1", 8080, ["192.168.1.37"]) == []  # phones cannot reach loopback


def test_what_the_table_waits_for_is_the_screens_question() -> None:
    journal = (ROOT / "rules/examples/celaeno_e1.jsonl").read_text().splitlines()
    first_roll = next(n for n, line in enumerate(journal) if '"type": "roll"' in line)
    played, _ = replay(journal[:first_roll], RULES)  # C13: the Agony die is pending
    assert played is not None and played.state.pending is not None
    waiting = waiting_for(played, GAMES)
    assert waiting is not None
    assert render(waiting, "en") == "The Yellow Sign: roll the Agony die"
    assert render(waiting, "ja") == "黄色の印：苦悶ダイスを振ってください"


def test_at_who_has_units_there_the_phones_name_the_agony_to_place() -> None:
    """Issue 32: the "who is there" step says the Agony the split will place (C13)."""
    journal = (ROOT / "rules/examples/celaeno_e1.jsonl").read_text().splitlines()
    first_roll = next(n for n, line in enumerate(journal) if '"type": "roll"' in line)
    played, _ = replay(journal[: first_roll + 1], RULES)  # the roll in: who is there?
    assert played is not None
    waiting = waiting_for(played, GAMES)
    assert waiting is not None and waiting.key == "prompt.who_is_there"
    total = played.state.pending.total
    assert render(waiting, "en").startswith(f"{total} Agony: who has Units in the ")
    assert render(waiting, "ja").startswith(f"苦悶{total}：")


def test_words_from_the_configuration_are_escaped() -> None:
    journal = (ROOT / "rules/examples/dreamlands_e3.jsonl").read_text().splitlines()
    played, _ = replay(journal, RULES)
    assert played is not None
    from rules.journal import state_json

    use_printed_names({"surface_citadel_1_2": "<script>alert(1)</script>"})  # as `celaeno web`
    html = live_html(WebView(1, "j", state_json(played)), "en")
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_the_web_configuration_is_checked(tmp_path: Path) -> None:
    path = tmp_path / "celaeno.toml"
    path.write_text('[web]\nport = 80\naddress = "banana"\nenabled = "yes"\n')
    try:
        load_config(path)
    except ConfigError as error:
        problems = "\n".join(error.problems)
    else:
        raise AssertionError("accepted")
    assert f"{path}: web.port: expected a whole number from 1024 to 65535, got 80" in problems
    assert f"{path}: web.address: expected an IP address" in problems
    assert f"{path}: web.enabled: expected true or false" in problems


def celaeno(tmp_path: Path, config: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``celaeno ARGS --config FILE`` with ``config`` in the file: `web`, a server, as a
    process of its own; any other command in this process (tests/cli.py)."""
    path = tmp_path / "celaeno.toml"
    path.write_text(config)
    if args[0] != "web":
        return cli.celaeno(*args, "--config", str(path))
    return subprocess.run(
        [sys.executable, "-m", "device.cli", *args, "--config", str(path)],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip


def test_web_address_prints_the_url(tmp_path: Path) -> None:
    done = celaeno(tmp_path, '[web]\naddress = "10.9.8.7"\nport = 8181\n', "web-address")
    assert (done.returncode, done.stdout) == (0, "http://10.9.8.7:8181/\n")


def test_turned_off_the_view_says_so_and_does_not_serve(tmp_path: Path) -> None:
    done = celaeno(tmp_path, "[web]\nenabled = false\n", "web")
    assert done.returncode == 0 and "turned off" in done.stdout
    done = celaeno(tmp_path, "[web]\nenabled = false\n", "web-address")
    assert done.returncode == 1 and "turned off" in done.stderr
