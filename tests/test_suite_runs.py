"""How the suite runs: its workers share the every-screen walk and start with the longest
file (tests/scheduling.py), and Hypothesis' profiles keep each property's examples
(tests/properties.py, registered in tests/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from tests.properties import examples, profile_for
from tests.scheduling import LONGEST, SPREAD, WALK_TEST, LongestFirst

ROOT = Path(__file__).resolve().parents[1]

# A suite of its own, laid out as ours, whose scheduler writes down each unit of work it
# hands to a worker, in order.
CONFTEST = """
import os
import pytest
from tests.scheduling import LongestFirst

class Written(LongestFirst):
    def _assign_work_unit(self, node):
        super()._assign_work_unit(node)
        (scope,) = [s for s in self.assigned_work[node] if s not in self.written]
        self.written.append(scope)
        with open(os.environ["UNITS"], "a") as units:
            units.write(f"{node.gateway.id} {scope}\\n")

    written = []

@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    return Written(config, log)
"""
WALK, WINDOW = SPREAD[0], max(LONGEST, key=LONGEST.__getitem__)
FILES = {WALK: 6, WINDOW: 1, "tests/a/test_a.py": 3, "tests/b/test_b.py": 3}


def handed_out(tmp: Path) -> list[tuple[str, str]]:
    """:data:`FILES` run on two workers: (worker, unit of work) in the order handed out."""
    (tmp / "conftest.py").write_text(CONFTEST)
    for path, tests in FILES.items():
        (tmp / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp / path).write_text("".join(f"def test_{i}():\n    pass\n" for i in range(tests)))
    units = tmp / "units.txt"
    env = {**os.environ, "UNITS": str(units), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
         "--dist", "loadfile", "-c", os.devnull, "--rootdir", str(tmp), str(tmp)],
        cwd=tmp, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return [
        (worker, unit) for worker, unit in (line.split() for line in units.read_text().splitlines())
    ]


@pytest.fixture(scope="module")
def units(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str]]:
    return handed_out(tmp_path_factory.mktemp("suite"))


def test_each_screen_walk_is_a_unit_and_any_other_file_is_one(units: list[tuple[str, str]]) -> None:
    """So that both workers walk the screens, and a file's shared browser or server starts
    on one worker, once."""
    assert sorted(unit for _worker, unit in units) == sorted(
        [*(f"{WALK}::test_{i}" for i in range(6)), WINDOW, "tests/a/test_a.py", "tests/b/test_b.py"]
    )


def test_this_suite_is_scheduled_so(
    pytestconfig: pytest.Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hook in tests/conftest.py hands `--dist loadfile` (pyproject's) to LongestFirst,
    any other to xdist's own (asked as the controller of two workers would be)."""
    monkeypatch.setattr(pytestconfig.option, "tx", ["2*popen"])
    monkeypatch.setattr(pytestconfig.option, "dist", "loadfile")
    found = pytestconfig.hook.pytest_xdist_make_scheduler(config=pytestconfig, log=None)
    assert isinstance(found, LongestFirst)
    monkeypatch.setattr(pytestconfig.option, "dist", "load")
    found = pytestconfig.hook.pytest_xdist_make_scheduler(config=pytestconfig, log=None)
    assert not isinstance(found, LongestFirst)


def test_the_longest_unit_is_the_first_handed_out(units: list[tuple[str, str]]) -> None:
    assert units[0][1] == WINDOW
    assert {worker for worker, _unit in units[:2]} == {"gw0", "gw1"}  # each worker one at once


def test_each_longest_unit_names_a_file_or_a_walk_there_is() -> None:
    """A unit renamed or gone would weigh a tenth of a second again, unnoticed."""
    from tests.device.test_every_screen import STARTS

    walks = {f"{WALK_TEST}[{start}]" for start in STARTS}
    for unit in LONGEST:
        assert unit in walks if "::" in unit else (ROOT / unit).is_file(), unit


# --- Hypothesis' profiles ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "profile"),
    [
        ({}, "default"),
        ({"CI": "true"}, "ci"),
        ({"HYPOTHESIS_PROFILE": "quick", "CI": "true"}, "quick"),
        ({"HYPOTHESIS_PROFILE": "thorough"}, "thorough"),
    ],
)
def test_the_environment_chooses_the_profile(environ: dict[str, str], profile: str) -> None:
    assert profile_for(environ) == profile


def test_an_unknown_profile_is_named_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="HYPOTHESIS_PROFILE=fast: the profiles are default, ci"):
        profile_for({"HYPOTHESIS_PROFILE": "fast"})


@pytest.mark.parametrize(
    ("profile", "counts"),
    [
        ("default", (100, 150, 1)),
        ("ci", (100, 150, 1)),
        ("quick", (10, 15, 1)),
        ("thorough", (1000, 1500, 10)),
    ],
)
def test_each_profile_scales_every_property_alike(
    profile: str, counts: tuple[int, int, int]
) -> None:
    """Its own count, a property's of 150 in the default profile (the scoreboard's random
    play) and one of 1 (never none)."""
    try:
        settings.load_profile(profile)
        assert (settings().max_examples, examples(150), examples(1)) == counts
        assert settings().deadline is None
    finally:
        settings.load_profile(profile_for(os.environ))
