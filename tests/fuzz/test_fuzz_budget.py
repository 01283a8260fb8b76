"""The fuzzers on a small, seeded budget (a few seconds each): every run of the suite tries
fresh hostile input of each kind; ``python -m tests.fuzz --long`` is the long run."""

from __future__ import annotations

import random

import pytest

from tests.fuzz import configs, databases, journals, serial
from tests.fuzz.harness import Tally

# A new seed per run finds new cases over time; a failure prints it, to replay with --seed.
SEED = random.SystemRandom().randrange(1_000_000)


def assert_clean(tally: Tally) -> None:
    assert tally.tried > 0
    assert tally.failures == 0, f"seed {SEED}: {tally.row()}\n" + "\n".join(tally.examples)


def test_mutated_journals_through_replay_import_and_export() -> None:
    assert_clean(journals.fuzz(25, SEED))


def test_mutated_configuration_files_through_check_config_and_run() -> None:
    assert_clean(configs.fuzz(15, SEED, run_every=3))


def test_damaged_databases_through_export_import_and_run() -> None:
    assert_clean(databases.fuzz(6, SEED))


def test_serial_noise_through_the_reader_protocol() -> None:
    assert_clean(serial.fuzz(128 * 1024, SEED))


@pytest.mark.parametrize("seed", [1, 2])
def test_the_same_seed_makes_the_same_journals(seed: int) -> None:
    example = journals.EXAMPLES[0].read_bytes()
    first = [journals.mutate(example, random.Random(seed)) for _ in range(3)]
    again = [journals.mutate(example, random.Random(seed)) for _ in range(3)]
    assert first == again
