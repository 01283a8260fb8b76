"""Scenarios a–d of tests/system/test_appliance.py on the SD card image (the full set).

The card is booted as an owner would use it: the card as built, with the settings the
scenarios need (a USB keyboard as the buttons, the reader by ``port = "auto"``, a Silence
token for everyone) written into the boot partition's celaeno.toml from the host, the way
an owner edits it from any computer; its root partition is the built one, read-only. The
tests are test_appliance's own, imported; the owner's commands (scenario c's second part)
are not here: the card has no owner's login, and adding one would write to the root.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.system.card import ROOT_ARGUMENT, Card, as_the_owner_wrote_it, built_card
from tests.system.image import GUEST_CONFIG
from tests.system.machine import Machine
from tests.system.test_appliance import (
    test_a_fresh_install_starts_the_service_and_reports_ready,
    test_a_the_phone_view_gives_its_memory_back_after_a_crowd,
    test_b_the_first_frame_on_the_drm_output_is_the_main_screen,
    test_c_a_custodian_activation_from_keys_and_the_reader,
    test_d_the_reader_unplugged_and_plugged_back,
)

pytestmark = pytest.mark.system

__all__ = [
    "test_a_fresh_install_starts_the_service_and_reports_ready",
    "test_a_the_phone_view_gives_its_memory_back_after_a_crowd",
    "test_b_the_first_frame_on_the_drm_output_is_the_main_screen",
    "test_c_a_custodian_activation_from_keys_and_the_reader",
    "test_d_the_reader_unplugged_and_plugged_back",
]


@pytest.fixture(scope="module")
def machine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Machine]:
    card: Card = as_the_owner_wrote_it(
        built_card(), GUEST_CONFIG, tmp_path_factory.mktemp("card-scenarios")
    )
    machine = Machine(card, "card_scenarios", root=ROOT_ARGUMENT, grow_to="+512M")  # type: ignore[arg-type]
    try:
        yield machine
    finally:
        machine.close()
