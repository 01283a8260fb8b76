"""How the suite shares its workers: a test file to a worker, the longest first.

pytest-xdist's ``--dist loadfile`` hands each worker a whole test file, so that a file's
shared browser or phone view starts once, in the order of their number of tests. On two
cores that left a file of a few long tests to run last and alone: the every-screen walk,
minutes on one worker while the other had nothing left. Here the files in :data:`SPREAD`
are split into their tests, each a unit of its own, and the next unit a worker is given
is the longest left, by :data:`LONGEST` (seconds on an idle machine, from
``--durations``; an unlisted unit weighs a tenth of a second a test). Which worker runs
what changes nothing but the time the whole takes.
"""

from __future__ import annotations

from xdist.scheduler import LoadFileScheduling
from xdist.workermanage import WorkerController

# Files whose tests share nothing costly: each test is a unit of its own.
SPREAD = ("tests/device/test_every_screen.py",)

WALK_TEST = (  # a walk: this test with its start
    "tests/device/test_every_screen.py::test_every_screen_has_room_for_its_choices_and_cuts_nothing"
)

# The longest units (a file, or a test of a SPREAD file), in seconds on an idle machine
# (``--durations``, 2026-12-08): a unit of ten seconds or more is handed out before the
# files of many short tests, so that none is left to run alone at the end.
LONGEST = {
    "tests/web/test_web_seats.py": 40,
    "tests/web/test_web_server.py": 35,
    "tests/web/test_web_browser.py": 34,
    "tests/device/test_window_game.py": 28,
    "tests/web/test_web_restarts.py": 24,
    "tests/device/test_press_table.py": 19,
    "tests/display/test_no_sentence_cut.py": 18,
    "tests/device/test_hardening_signals.py": 16,
    f"{WALK_TEST}[dreamlands_scoreboard_doom]": 13,
    f"{WALK_TEST}[dreamlands_scoreboard]": 11,
    "tests/device/test_phone_view_beside.py": 11,
    "tests/device/test_dial_and_back.py": 10,
    f"{WALK_TEST}[scoreboard_action]": 8.5,
    f"{WALK_TEST}[scoreboard_ritual]": 8.5,
    f"{WALK_TEST}[scoreboard_signs_held]": 7.4,
    f"{WALK_TEST}[dreamlands_dense]": 5.4,
    f"{WALK_TEST}[scoreboard_gather_power]": 5.0,
}


def weight(scope: str, tests: int) -> float:
    """How long ``scope`` (a unit of ``tests`` tests) is expected to take."""
    return LONGEST.get(scope, tests * 0.1)


class LongestFirst(LoadFileScheduling):
    """``--dist loadfile``, the SPREAD files' tests each a unit, the longest unit first."""

    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.split("::", 1)[0]
        return nodeid if path in SPREAD else path

    def _assign_work_unit(self, node: WorkerController) -> None:
        longest = max(self.workqueue, key=lambda scope: weight(scope, len(self.workqueue[scope])))
        self.workqueue.move_to_end(longest, last=False)
        super()._assign_work_unit(node)
