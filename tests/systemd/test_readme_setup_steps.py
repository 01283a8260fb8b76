"""The Pi setup steps of docs/card.md as tests/system/test_readme_on_bare_debian.py reads and
runs them (booted, in the full set only): a page whose section changed shape fails here first,
in seconds, with what moved."""

from __future__ import annotations

import shlex

import pytest

from tests.system.bare import ROOT, SETUP_PAGE, readme_setup

SECTION = """## Setup from a fresh Raspberry Pi OS (Bookworm)

```sh
cd ~/celaeno
systemd/install.sh --dry-run     # see every step first
sudo systemd/install.sh          # install
```

```sh
systemd/install.sh --make-wheelhouse wheelhouse     # on the computer with internet
sudo systemd/install.sh --wheelhouse wheelhouse     # on the Pi
```

## The service

```sh
systemctl status celaeno
```
"""


def test_the_readme_has_the_offline_route_the_booted_test_runs() -> None:
    setup = readme_setup(SETUP_PAGE.read_text())
    assert any(shlex.split(line)[:1] == ["cd"] for line in setup.on_the_pi_first)
    assert any("--dry-run" in shlex.split(line) for line in setup.on_the_pi_first)
    host, pi = shlex.split(setup.on_the_host), shlex.split(setup.on_the_pi_offline)
    assert "--make-wheelhouse" in host
    assert pi[0] == "sudo" and "--wheelhouse" in pi
    # The wheelhouse the host makes is the one the Pi installs from.
    assert host[host.index("--make-wheelhouse") + 1] == pi[pi.index("--wheelhouse") + 1]
    for line in (*setup.on_the_pi_first, setup.on_the_host, setup.on_the_pi_offline):
        words = [w for w in shlex.split(line) if w != "sudo"]
        if words[0] != "cd":
            assert (ROOT / words[0]).is_file(), (
                f"{SETUP_PAGE.name} runs {words[0]}, not in the project"
            )


def test_the_steps_are_read_from_their_section_only() -> None:
    setup = readme_setup("# Celaeno\n\n" + SECTION)
    assert setup.on_the_pi_first == ["cd ~/celaeno", "systemd/install.sh --dry-run"]
    assert setup.online_install == "sudo systemd/install.sh"
    assert setup.on_the_host == "systemd/install.sh --make-wheelhouse wheelhouse"
    assert setup.on_the_pi_offline == "sudo systemd/install.sh --wheelhouse wheelhouse"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("# on the Pi", "# there"), "not one host line and one Pi line"),
        (("sudo systemd/install.sh          # install\n", ""), "no single sudo install"),
        (("## Setup from a fresh Raspberry Pi OS", "## Setup"), "has no"),
        (("## The service", "Then:"), "sh blocks, not 2"),
    ],
)
def test_a_section_of_another_shape_says_what_moved(change: tuple[str, str], said: str) -> None:
    old, new = change
    assert old in SECTION
    with pytest.raises(AssertionError, match=said):
        readme_setup(SECTION.replace(old, new))
