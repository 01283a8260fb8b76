"""Issue 50 item 11: every Japanese line the screen draws breaks between phrases, no name is
broken where a line holds it, and the kinsoku rules hold, over the example journals' screens
at 480×320, 800×480 and 1920×1080 (tests/device/japanese_lines.py measures them: of 2,973
line breaks on be99e34, 95 fell inside a phrase, 81 of them in a phrase its line holds, 17
inside a name, 3 of them in a name its line holds, and 48 against kinsoku; now, of 2,912,
14, 0, 11, 0 and 0).

A phrase or a name wider than the line it is drawn on (a sum of sixteen characters BudouX
reads as one phrase; a faction's name in a column narrower than it at the screen's floor)
has to break somewhere: there the break goes where BudouX would, or before a term of the sum.
"""

from __future__ import annotations

from tests.device.japanese_lines import measure


def test_the_examples_japanese_lines_break_between_phrases() -> None:
    count = measure(depth=0)
    assert count.breaks > 2000  # the screens were drawn, and their lines read
    assert count.inside_short_phrase == []
    assert count.inside_short_name == []
    assert count.kinsoku == []
