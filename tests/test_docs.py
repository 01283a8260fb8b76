"""The documents that ship with the code say what the code does.

- Every rule id cited in the code, in a refusal or in the words on screen is defined in a rules
  reference (``RULES.md``), and the companion's interpretations are marked as such.
- Every example journal line in a ``JOURNAL.md`` replays as the page says: accepted, or refused with
  the exact sentence its ``# refused:`` comment gives; the states it shows are the states printed.
- No document points outside the repository.

Files are found by walking the tree, not by fixed paths, so the tests follow the files when
packages move.
"""

from __future__ import annotations

import functools
import io
import json
import re
import subprocess
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.errors import RulesError
from rules.games import RULES
from rules.journal import Played, dump_command, parse_line, state_json, submit
from tests import cli

ROOT = Path(__file__).resolve().parents[1]
CODE_DIRS = ("rules", "device", "display", "hardware")
SKIPPED_DIRS = {".git", ".venv", "node_modules", "__pycache__", "build", "dist"}

# A rule id as the code cites it: T, C, D (Cthulhu Wars), Z (Normandie) or I (an interpretation),
# then one or two digits, as a whole word ("C16", "Z7", "I3"). Only string literals and comments
# are read, so Python names such as the constant ``D6`` do not count, and neither do "d6",
# "I2C" or "X1" (a mark printed on Mass Graves, not a rule).
RULE_ID = re.compile(r"\b([TCDZIK])(\d{1,2})\b")
# A definition in a reference: a list item that starts with the id in bold, e.g.
# "- **C16** The Librarian …" or "- **Interpretation I1** Round 1 …".
DEFINITION = re.compile(r"^- \*\*(Interpretation )?([A-Z]\d{1,2})\*\*", re.MULTILINE)
# Python 3.12 splits an f-string into parts; its literal text comes as FSTRING_MIDDLE.
TEXT_TOKENS = {
    tokenize.STRING,
    tokenize.COMMENT,
    getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING),
}
REPLACEMENT_FIELD = re.compile(r"\{[^{}]*\}")
GAME_OF_LETTER = {
    "T": "cthulhu_wars",
    "C": "cthulhu_wars",
    "D": "cthulhu_wars",
    "K": "cthulhu_wars",
    "Z": "normandie",
}


def _walk(suffix: str) -> Iterator[Path]:
    for path in sorted(ROOT.rglob(f"*{suffix}")):
        parts = path.relative_to(ROOT).parts
        if not any(part in SKIPPED_DIRS or part.startswith(".") for part in parts):
            yield path


def _code_files() -> list[Path]:
    return [p for p in _walk(".py") if p.relative_to(ROOT).parts[0] in CODE_DIRS]


def _texts_of(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every string literal and comment of a Python file."""
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in TEXT_TOKENS:
            text = token.string
            if token.type == tokenize.STRING and "f" in text[: text.index(text[-1])].lower():
                text = REPLACEMENT_FIELD.sub("", text)  # an f-string's {fields} are code
            yield token.start[0], text


def ids_in(path: Path) -> Iterator[tuple[str, int]]:
    """(rule id, line) for each id cited in a Python file's strings and comments."""
    for line, text in _texts_of(path):
        for match in RULE_ID.finditer(text):
            yield match.group(0), line


@functools.cache
def cited_ids() -> dict[str, list[str]]:
    """Every rule id cited in the code and the word catalogue, with where (file:line)."""
    cited: dict[str, list[str]] = {}
    for path in _code_files():
        for rule, line in ids_in(path):
            cited.setdefault(rule, []).append(f"{path.relative_to(ROOT)}:{line}")
    return cited


def references() -> dict[str, Path]:
    """The rules reference of each game, by the name of the folder it sits in."""
    return {path.parent.name: path for path in _walk("RULES.md")}


def definitions() -> dict[str, tuple[str, bool]]:
    """Every id defined in a reference: the game it belongs to and whether it is marked as an
    interpretation."""
    found: dict[str, tuple[str, bool]] = {}
    for game, path in references().items():
        for match in DEFINITION.finditer(path.read_text(encoding="utf-8")):
            rule = match.group(2)
            assert rule not in found, f"{rule} is defined twice ({found[rule][0]}, {game})"
            found[rule] = (game, bool(match.group(1)))
    return found


def test_each_game_has_a_reference_citing_its_rule_books() -> None:
    refs = references()
    books = {
        "cthulhu_wars": ("Cthulhu Wars: Library at Celaeno Map", "Cthulhu Wars: Dreamlands Map"),
        "normandie": ("Shadows over Normandie: Cthulhu Mythos Call #1",),
    }
    for game, titles in books.items():
        assert game in refs, f"no RULES.md in a folder named {game}"
        text = refs[game].read_text(encoding="utf-8")
        for title in titles:
            assert title in text, f"{refs[game].relative_to(ROOT)} does not name {title!r}"


def test_the_scan_reads_strings_and_comments_only(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "D6 = (1, 2, 3, 4, 5, 6)  # the d6 of C19\n"
        'BUS = "I2C"\n'
        'GRAVE = "X1 grave, space C5x, T10a"\n'
        'def f() -> None:\n    raise ValueError("Z7", f"Z13: {D6}")\n'
        '"""I3 and D14–D20."""\n',
        encoding="utf-8",
    )
    assert sorted(rule for rule, _ in ids_in(sample)) == ["C19", "D14", "D20", "I3", "Z13", "Z7"]


def test_the_scan_finds_refusals_screen_words_and_comments() -> None:
    cited = cited_ids()
    for rule in ("C16", "D8", "Z7", "I1", "I4", "T4"):
        assert rule in cited


def test_every_cited_rule_id_is_defined_in_its_games_reference() -> None:
    defined = definitions()
    missing = {rule: where[:3] for rule, where in cited_ids().items() if rule not in defined}
    assert not missing, f"cited but not defined in any RULES.md: {missing}"
    for rule, (game, _) in defined.items():
        expected = GAME_OF_LETTER.get(rule[0])
        assert expected in (None, game), f"{rule} is defined in {game}, expected {expected}"


def test_interpretations_are_marked_and_only_they() -> None:
    for rule, (game, marked) in definitions().items():
        is_interpretation = rule.startswith("I")
        assert marked == is_interpretation, f"{rule} in {game}: marked {marked}"


# --- journals ------------------------------------------------------------------------------

FENCE = re.compile(r"<!-- (journal|state|pending): ([\w-]+) -->\n```(\w+)\n(.*?)\n```", re.DOTALL)
REFUSED = "# refused: "


def _journal_pages() -> list[Path]:
    return list(_walk("JOURNAL.md"))


def _blocks(page: Path, kind: str) -> dict[str, str]:
    text = page.read_text(encoding="utf-8")
    return {name: body for k, name, _, body in FENCE.findall(text) if k == kind}


def _all_blocks(kind: str) -> list[tuple[Path, str, str]]:
    return [
        (page, name, body)
        for page in _journal_pages()
        for name, body in _blocks(page, kind).items()
    ]


def _unmarked_jsonl_blocks(page: Path) -> int:
    text = page.read_text(encoding="utf-8")
    return text.count("```jsonl") - sum(1 for k, *_ in FENCE.findall(text) if k == "journal")


def replay_as_documented(body: str) -> Played | None:
    """Replay one example block; a line after ``# refused: SENTENCE`` must be refused with exactly
    that sentence and leave the state as it was; every other line must be accepted."""
    state: Played | None = None
    refusal: str | None = None
    for number, line in enumerate(body.splitlines(), start=1):
        if line.startswith(REFUSED):
            refusal = line.removeprefix(REFUSED)
            continue
        command = None
        before = None if state is None else state_json(state)
        try:
            command = parse_line(line, RULES, None if state is None else state.game)
            if command is None:
                continue
            outcome = submit(state, command, RULES)
        except RulesError as error:
            assert refusal == error.describe(), f"line {number} refused: {error.describe()}"
            assert before == (None if state is None else state_json(state)), f"line {number}"
            refusal = None
            continue
        assert refusal is None, f"line {number} accepted, the page says: {refusal}"
        # The lines are shown as the companion writes them (export): same fields, same order.
        assert dump_command(command) == line, f"line {number} is not in the written form"
        state = outcome.played
    assert refusal is None, f"the last refusal has no line after it: {refusal}"
    return state


def test_every_journal_page_has_examples_and_each_is_named() -> None:
    pages = _journal_pages()
    assert {page.parent.name for page in pages} >= {"cthulhu_wars", "normandie"}
    for page in pages:
        assert _blocks(page, "journal"), f"{page.relative_to(ROOT)} has no example journal"
        assert _unmarked_jsonl_blocks(page) == 0, (
            f"{page.relative_to(ROOT)}: a jsonl block lacks its name"
        )


@pytest.mark.parametrize(
    ("page", "name", "body"),
    [
        pytest.param(*block, id=f"{block[0].parent.name}-{block[1]}")
        for block in _all_blocks("journal")
    ],
)
def test_example_journal_replays_as_documented(page: Path, name: str, body: str) -> None:
    assert replay_as_documented(body) is not None, f"{name}: no command accepted"


def test_the_pages_show_refusals_of_both_kinds() -> None:
    refused = [body for *_, body in _all_blocks("journal") if REFUSED in body]
    assert refused, "no page shows a refused command"
    lines = [line for body in refused for line in body.splitlines() if line.startswith(REFUSED)]
    rules = {line.removeprefix(REFUSED).split(":")[0] for line in lines}
    assert "journal" in rules and len(rules) > 1


def _state_pairs(kind: str = "state") -> list[tuple[Path, str, str, str]]:
    pairs = []
    for page in _journal_pages():
        journals, states = _blocks(page, "journal"), _blocks(page, kind)
        for name, shown in states.items():
            assert name in journals, (
                f"{page.relative_to(ROOT)}: {kind} {name} has no journal {name}"
            )
            pairs.append((page, name, journals[name], shown))
    return pairs


@pytest.mark.parametrize(
    ("page", "name", "journal", "shown"),
    [pytest.param(*pair, id=f"{pair[0].parent.name}-{pair[1]}") for pair in _state_pairs()],
)
def test_documented_state_is_the_state_replay_prints(
    page: Path, name: str, journal: str, shown: str
) -> None:
    state = replay_as_documented(journal)
    assert state is not None
    assert json.loads(shown) == state_json(state)
    printed = _celaeno("replay", "-", stdin=journal + "\n")
    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout) == json.loads(shown)


@pytest.mark.parametrize(
    ("page", "name", "journal", "shown"),
    [
        pytest.param(*pair, id=f"{pair[0].parent.name}-{pair[1]}")
        for pair in _state_pairs("pending")
    ],
)
def test_documented_pending_is_the_one_in_the_state(
    page: Path, name: str, journal: str, shown: str
) -> None:
    state = replay_as_documented(journal)
    assert state is not None
    assert json.loads(shown) == state_json(state)["pending"]


def test_every_kind_of_pending_is_shown() -> None:
    shown = [json.loads(block) for *_, block in _state_pairs("pending")]
    kinds = {(p["kind"], p.get("purpose")) for p in shown}
    assert {("roll", "agony"), ("satisfy", None)} <= kinds


def test_replay_stops_at_the_first_documented_refusal() -> None:
    """What the page promises for a file: ``line N: SENTENCE`` on stderr and exit status 2."""
    for *_, body in _all_blocks("journal"):
        lines = body.splitlines()
        if not any(line.startswith(REFUSED) for line in lines):
            continue
        at = next(i for i, line in enumerate(lines) if line.startswith(REFUSED))
        result = _celaeno("replay", "-", stdin=body + "\n")
        assert result.returncode == 2
        assert result.stderr.strip() == f"line {at + 2}: {lines[at].removeprefix(REFUSED)}"


def _celaeno(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return cli.celaeno(*args, stdin=stdin, timeout=120)


# --- links ---------------------------------------------------------------------------------

MARKDOWN_LINK = re.compile(
    r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)"
)
CODE_SPAN = re.compile(r"`([^`\s]+)`")
# A path into the tree written as code: "rules/normandie/JOURNAL.md", "../README.md".
TREE_PATH = re.compile(r"^(?:\.\.?/)*[\w.-]+(?:/[\w.-]+)+\.(?:md|py|jsonl|rules|toml|service|sh)$")
# The team's working notes live outside the repository; nothing here may name them.
OUTSIDE = (
    "../" + "shared",
    "shared/" + "spec/",
    "shared/" + "rules/",
    "spec/" + "journal.md",
    "spec/" + "dice-reader.md",
    "/" + "work/",
)


def _documents() -> list[Path]:
    return list(_walk(".md"))


def _resolves_inside(page: Path, target: str, bases: tuple[Path, ...] = ()) -> bool:
    for base in bases or (page.parent,):
        candidate = (base / target).resolve()
        if candidate.is_relative_to(ROOT) and candidate.exists():
            return True
    return False


def test_markdown_links_stay_inside_the_repository() -> None:
    bad = []
    for page in _documents():
        for match in MARKDOWN_LINK.finditer(page.read_text(encoding="utf-8")):
            target = (match.group(1) or match.group(2)).split("#")[0]
            if target and (":" in target or not _resolves_inside(page, target)):
                bad.append(f"{page.relative_to(ROOT)}: {target}")
    assert not bad, f"links that leave the repository or lead nowhere: {bad}"


def test_paths_written_in_documents_exist_in_the_repository() -> None:
    bad = []
    for page in _documents():
        for match in CODE_SPAN.finditer(page.read_text(encoding="utf-8")):
            target = match.group(1)
            if TREE_PATH.match(target) and not _resolves_inside(page, target, (page.parent, ROOT)):
                bad.append(f"{page.relative_to(ROOT)}: {target}")
    assert not bad, f"paths that are not in the repository: {bad}"


def test_nothing_names_the_working_notes_outside_the_repository() -> None:
    this_file = Path(__file__).resolve()
    bad = []
    for suffix in (".md", ".py", ".toml", ".sh", ".service", ".rules", ".jsonl", ".txt"):
        for path in _walk(suffix):
            if path.resolve() == this_file:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            bad += [f"{path.relative_to(ROOT)}: {name}" for name in OUTSIDE if name in text]
    assert not bad, f"names of files outside the repository: {bad}"
