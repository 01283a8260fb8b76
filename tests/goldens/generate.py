"""Regenerate the golden journals, expected outputs and screenshots (tests/test_goldens.py).

The goldens record what ``celaeno replay`` prints and draws today, so a change that
should not touch users (a restructure, a refactor) is proved not to. Run this ONLY on
purpose, after a behaviour change you intend, and review the diff it makes::

    python -m tests.goldens.generate

It is deterministic: the same seeds give the same journals. What it writes:

- ``journals/examples/``: copies of ``rules/examples/*.jsonl``, frozen here;
- ``journals/{library,dreamlands,normandie}/``: seeded random journals drawn from the
  current state (moves_cthulhu.py, moves_normandie.py), some with undo lines and some
  stopped by a refused line mid-way (``celaeno replay`` exits 2 with ``line N: reason``);
- next to each journal, ``NAME.expected.json``: for each command line run (``FILE`` stands
  for the journal) its exit status, standard output and standard error;
- ``screens/``: prefix journals of key states (a decision pending) and the examples'
  end states, each drawn with ``--screenshot`` at three sizes in English and Japanese.

It prints how often the generated journals reach each command and pending decision.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
import struct
import sys
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.cli.main import main as celaeno
from rules.errors import RulesError
from rules.game import Game as GameRules
from rules.games import RULES
from rules.journal import Played, parse_line, state_json, submit
from tests.goldens import moves_cthulhu, moves_normandie

Json = dict[str, Any]
HERE = Path(__file__).parent
ROOT = HERE.parents[1]
JOURNALS, SCREENS = HERE / "journals", HERE / "screens"
COUNTS = {"library": 110, "dreamlands": 100, "normandie": 100}
REFUSED_EVERY = 6  # one journal in six stops at a refused line mid-way
EVENTS_SAMPLE_EVERY = 11  # one generated journal in eleven also records --events (en, ja)
SIZES = ("480x320", "800x480", "1920x1080")
LANGS = ("en", "ja")
REPLAY = ("replay", "FILE")
EVENTS = ("replay", "FILE", "--events")
EVENTS_JA = ("replay", "FILE", "--lang", "ja", "--events")


@dataclass
class Game:
    """A journal being written: its lines and the state they lead to."""

    lines: list[str] = field(default_factory=list)
    state: Played | None = None
    states: list[Json] = field(default_factory=list)  # after each accepted command
    refused_at: int | None = None  # line number of the refused line, if any

    def offer(self, obj: Json) -> bool:
        """Append ``obj`` if the rules accept it (after a refused line, the state stays)."""
        line = json.dumps(obj, ensure_ascii=False)
        try:
            cmd = parse_line(line, RULES, self.game)
            assert cmd is not None
            outcome = submit(self.state, cmd, RULES)
        except RulesError:
            return False
        self.lines.append(line)
        self.state = outcome.played
        self.states.append(state_json(outcome.played))
        return True

    def refuse(self, obj: Json) -> bool:
        """Append ``obj`` as the line that stops the replay, if the rules refuse it."""
        line = json.dumps(obj, ensure_ascii=False)
        try:
            cmd = parse_line(line, RULES, self.game)
            assert cmd is not None
            submit(self.state, cmd, RULES)
        except RulesError:
            self.lines.append(line)
            self.refused_at = len(self.lines)
            return True
        return False

    @property
    def game(self) -> GameRules | None:
        return None if self.state is None else self.state.game

    @property
    def json(self) -> Json:
        return self.states[-1]


Mover = Callable[[random.Random, Json], Json]


def play(
    rng: random.Random, game: Game, steps: int, refuse: bool, mover: Mover, noise: Mover
) -> None:
    """Offer drawn commands until ``steps`` are accepted (or the game is over)."""
    refuse_after = rng.randint(steps // 3, 2 * steps // 3) if refuse else None
    accepted = tries = 0
    while accepted < steps and tries < steps * 20:
        tries += 1
        if accepted == refuse_after and game.refused_at is None:
            game.refuse(noise(rng, game.json))
            continue
        if game.offer(mover(rng, game.json)):
            accepted += 1
        if (game.json.get("over") or game.json.get("winner")) and rng.random() < 0.8:
            break


def cthulhu_journal(seed: int, map_name: str) -> Game:
    rng = random.Random(f"{map_name}-{seed}")
    game = Game(lines=[f"# {map_name} game, seed {seed} (tests/goldens/generate.py)"])
    assert game.offer(moves_cthulhu.new_game(rng, map_name))
    steps = rng.randint(30, 120)
    play(
        rng, game, steps, seed % REFUSED_EVERY == 1, moves_cthulhu.next_command, moves_cthulhu.noise
    )
    return game


def normandie_journal(seed: int) -> Game:
    rng = random.Random(f"normandie-{seed}")
    game = Game(lines=[f"# normandie battle, seed {seed} (tests/goldens/generate.py)"])
    battle = moves_normandie.new_battle(rng)
    while not game.offer(battle):  # e.g. a Chapter 2 door on a wall: draw again
        battle = moves_normandie.new_battle(rng)
    for obj in moves_normandie.setup_commands(rng, battle):
        game.offer(obj)
    game.lines.append("")
    steps = rng.randint(30, 120)
    play(
        rng,
        game,
        steps,
        seed % REFUSED_EVERY == 1,
        moves_normandie.next_command,
        moves_normandie.noise,
    )
    return game


def _journal(game_name: str, seed: int) -> Game:
    if game_name == "normandie":
        return normandie_journal(seed)
    return cthulhu_journal(seed, "celaeno" if game_name == "library" else game_name)


# --- running the CLI --------------------------------------------------------------------


def run_cli(args: list[str]) -> Json:
    """``celaeno ARGS`` in this process: exit status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = celaeno(args)
    return {"exit": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def record(journal: Path, runs: list[tuple[str, ...]]) -> None:
    """Write ``NAME.expected.json`` next to the journal: every run's output."""
    expected = {}
    for run in runs:
        args = [str(journal) if word == "FILE" else word for word in run]
        expected[" ".join(run)] = run_cli(args)
    target = journal.with_suffix(".expected.json")
    target.write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# --- coverage ---------------------------------------------------------------------------


def coverage(game: str, journals: list[Game]) -> Counter[str]:
    """Accepted lines per command type; journals reaching each pending decision and feature."""
    seen: Counter[str] = Counter()
    for journal in journals:
        seen["journals"] += 1
        seen["journals: refused mid-way"] += journal.refused_at is not None
        for line in journal.lines[: journal.refused_at and journal.refused_at - 1]:
            if line.startswith("{"):
                seen["lines: " + json.loads(line)["type"]] += 1
        seen.update({f"journals: {f}" for state in journal.states for f in _features(game, state)})
        last = journal.states[-1]
        seen["journals: ended with a winner"] += bool(last.get("winner"))
        seen["journals: reached round/turn >= 4"] += (last.get("round") or last["turn"]) >= 4
    return seen


def _features(game: str, state: Json) -> Iterator[str]:
    pending = state["pending"]
    if pending is not None:
        detail = pending.get("purpose") or pending.get("monster") or ""
        yield f"pending {pending['kind']} {detail}".rstrip()
    if game == "normandie":
        yield from _normandie_features(state)
        return
    tomes = state["tomes"].values()
    if any(t["holder"] for t in tomes):
        yield "state: a Tome held"
    if any(t["overdue"] for t in tomes):
        yield "state: a Tome Overdue"
    if any(not t["face_up"] for t in tomes):
        yield "state: a Tome flipped"
    if state["map"] == "dreamlands":
        if state["bhole"] is None:
            yield "state: Bhole killed"
        if state["zoogs"]:
            yield "state: Zoogs on the map"
        if state["yog_sothoth"]:
            yield "state: Yog-Sothoth on a Gate"


def _normandie_features(state: Json) -> Iterator[str]:
    run = state["zombies_phase"]
    if run and not run["done"] and run["moves"]:
        yield "state: Zombies phase mid-way with moves"
    if state["phase"] == "zombies" and state["pending"] and state["pending"]["kind"] == "target":
        yield "state: tie pending in the Zombies phase"
    if state["bound"]:
        yield "state: a Bind token down"
    if state["controlled"]:
        yield "state: a Zombie under a Master's Order"
    if state["scores"]:
        yield "state: points scored"
    if any(unit.get("marks") for unit in state["units"].values()):
        yield "state: a dart mark"
    if state["battlefield"]["mass_graves"]:
        yield "state: a Mass Grave"


# --- screenshots of key states ----------------------------------------------------------

KEY_STATES: dict[str, Callable[[Json], bool]] = {
    "custodian_who": lambda s: _pending(s, "assign_agony", "monster", "custodian"),
    "agony_roll": lambda s: _pending(s, "roll", "purpose", "agony"),
    "librarian_split": lambda s: _pending(s, "assign_agony", "monster", "librarian"),
    "victim_payment": lambda s: _pending(s, "satisfy"),
    "dreamlands_doom_roll": lambda s: _pending(s, "roll", "purpose", "bhole"),
    "dreamlands_zoogs_roll": lambda s: _pending(s, "roll", "purpose", "zoogs"),
    "normandie_zombies_midway": lambda s: (
        s["phase"] == "zombies" and _pending(s, "assault") and len(s["zombies_phase"]["moves"]) >= 1
    ),
}


def _pending(state: Json, kind: str, key: str | None = None, value: str | None = None) -> bool:
    pending: Json | None = state["pending"]
    return (
        pending is not None
        and pending["kind"] == kind
        and (key is None or pending.get(key) == value)
    )


def prefix_for(wanted: Callable[[Json], bool], journals: list[Path]) -> list[str] | None:
    """The shortest prefix of the first journal (in order) whose state is ``wanted``."""
    for path in journals:
        game = Game()
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            try:
                cmd = parse_line(line, RULES, game.game)
                if cmd is None:
                    continue
                game.state = submit(game.state, cmd, RULES).played
            except RulesError:
                break
            if wanted(state_json(game.state)):
                return lines[:number]
    return None


def recompress(path: Path) -> None:
    """Rewrite a PNG with zlib level 9: the same pixels in about two thirds of the bytes."""
    import pygame  # only here: the journals need no display library

    image = pygame.image.load(str(path))
    width, height = image.get_size()
    pixels = pygame.image.tobytes(image, "RGB")
    stride = 3 * width
    rows = b"".join(b"\0" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    chunks = [(b"IHDR", header), (b"IDAT", zlib.compress(rows, 9)), (b"IEND", b"")]
    data = b"\x89PNG\r\n\x1a\n" + b"".join(_chunk(kind, body) for kind, body in chunks)
    assert pygame.image.tobytes(pygame.image.load(io.BytesIO(data)), "RGB") == pixels
    path.write_bytes(data)


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body)
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def screenshots(examples: list[Path], generated: list[Path]) -> int:
    SCREENS.mkdir()
    for path in examples:
        shutil.copy(path, SCREENS / path.name)
    for name, wanted in KEY_STATES.items():
        lines = prefix_for(wanted, [*examples, *generated])
        assert lines is not None, f"no journal reaches {name}"
        (SCREENS / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    count = 0
    for journal in sorted(SCREENS.glob("*.jsonl")):
        for lang in LANGS:
            for size in SIZES:
                out = SCREENS / f"{journal.stem}.{lang}.{size}.png"
                args = ["replay", str(journal), "--screenshot", str(out), "--size", size]
                result = run_cli([*args, "--lang", lang])
                assert result["exit"] == 0, result
                recompress(out)
                count += 1
    return count


# --- main -------------------------------------------------------------------------------


def main() -> int:
    if JOURNALS.exists():
        shutil.rmtree(JOURNALS)
    if SCREENS.exists():
        shutil.rmtree(SCREENS)
    examples_dir = JOURNALS / "examples"
    examples_dir.mkdir(parents=True)
    examples = []
    for source in sorted((ROOT / "rules" / "examples").glob("*.jsonl")):
        shutil.copy(source, examples_dir / source.name)
        examples.append(examples_dir / source.name)
        record(examples_dir / source.name, [REPLAY, EVENTS, EVENTS_JA])
    generated: list[Path] = []
    for game_name, count in COUNTS.items():
        folder = JOURNALS / game_name
        folder.mkdir()
        games = []
        for seed in range(count):
            game = _journal(game_name, seed)
            games.append(game)
            path = folder / f"{game_name}_{seed:03d}.jsonl"
            path.write_text("\n".join(game.lines) + "\n", encoding="utf-8")
            sampled = seed % EVENTS_SAMPLE_EVERY == 0
            record(path, [REPLAY, EVENTS, EVENTS_JA] if sampled else [REPLAY])
            generated.append(path)
        print(f"== {game_name}")
        for key, value in sorted(coverage(game_name, games).items()):
            print(f"  {value:6d}  {key}")
    shots = screenshots(examples, generated)
    print(f"== {len(examples)} examples, {len(generated)} generated journals, {shots} screenshots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
